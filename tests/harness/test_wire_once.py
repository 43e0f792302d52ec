# Each constant of the wire is defined once, in shared_rules.wire (issue 34): the
# frame header's width was the literal 10 in five places across the firmware, the
# host and shared_rules. Read statically: every product module's frame slicing.
import re

from tests.harness.test_module_sizes import ROOT
from tests.test_systems_named_once import _code      # a module's code without comments and docstrings

PRODUCT = ("firmware", "host", "shared_rules")
WIRE = "shared_rules/wire.py"
# A frame's header sliced off, or its marker compared, by number or by byte.
SLICED = re.compile(r"\[\s*(?:9|10|11)\s*:|\[\s*9\s*\]|b\"#\"|b'#'|\b0x23\b")


def found():
    out = []
    for top in PRODUCT:
        for path in sorted((ROOT / top).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name == WIRE or "__pycache__" in path.parts:
                continue
            for number, text in sorted(_code(path).items()):
                if SLICED.search(text):
                    out.append("%s:%d: %s" % (name, number, text.strip()))
    return out


def test_the_check_finds_a_frame_header_sliced_by_its_width():
    assert SLICED.search("payload = bytes(line[10:])") and SLICED.search("crc32(self.sent[10:-1], crc)")
    assert SLICED.search('if line[:1] == b"#":')
    assert not SLICED.search("payload = bytes(line[wire.HEADER:])") and not SLICED.search("history[-10:]")


def test_no_module_but_the_wire_knows_the_frame_s_header():
    hits = found()
    assert not hits, "use shared_rules.wire's constants:\n" + "\n".join(hits)


def test_the_wire_s_header_is_its_marker_checksum_and_space():
    from shared_rules import wire
    line = wire.encode({"id": 1})
    assert line[:1] == bytes((wire.MARK,)) and line[wire.HEADER - 1] == 0x20
    assert wire.decode(line[:-1]) == {"id": 1} and line[wire.HEADER:-1] == b'{"id": 1}'
    assert wire.frame_size({"id": 1}) == len(line)
