# The name rule on the box (shared_rules/charname.py, docs/protocol.md Names):
# `put` refuses a name with control or invisible characters, a lone surrogate,
# spaces at either end, one over the limit, or one that differs from a held
# name only in case. CPython and MicroPython.
from shared_rules import charname
from shared_rules import names as N
from shared_rules import wire
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, ask, run
from tests.core.sheets import sheet, ash
from tests.helpers import raises


def box():
    board = FakeBoard()
    gadget = Box(board)
    board.replies()
    return gadget, board


def put(gadget, board, data, id=1):
    return ask(gadget, board, {"id": id, "op": "put", "character": data})


def test_names_with_control_characters_are_refused_on_put():
    # The reproduction: ESC, BEL, NUL, DEL, and a set-title sequence.
    gadget, board = box()
    for name in ("a\x1bb", "Mara\x07", "\x00", "Kai\x7f", "\x1b]0;pwned\x07", "x\x9by", "Lea\u202e"):
        reply = put(gadget, board, sheet(name))
        assert reply["ok"] is False and reply["error"]["code"] == N.E_INVALID, (name, reply)
        assert "name" in reply["error"]["message"]
    assert gadget.store.names() == []


def test_a_lone_surrogate_name_is_refused():
    gadget, board = box()
    # Sent escaped, as a host that does not use wire.encode would.
    payload = b'{"id": 4, "op": "put", "character": {"name": "\\ud800", "system": "approaches"}}'
    board.send_raw(b"#%08x " % wire.checksum(payload) + payload + b"\n")
    run(gadget, board, 200)
    reply = board.replies()[0]
    assert reply["ok"] is False and reply["id"] == 4 and reply["error"]["code"] == N.E_JSON
    assert gadget.store.names() == []


def test_names_that_differ_only_in_case_cannot_both_be_on_the_box():
    gadget, board = box()
    assert put(gadget, board, sheet("Kai"))["ok"] is True
    reply = put(gadget, board, sheet("kai"), 2)
    assert reply["ok"] is False and reply["error"]["code"] == N.E_INVALID
    assert "'Kai'" in reply["error"]["message"]
    assert put(gadget, board, ash("KAI"), 3)["ok"] is False
    # The same name replaces, as before.
    reply = put(gadget, board, sheet("Kai"), 4)
    assert (reply["ok"], reply["name"], reply["created"]) == (True, "Kai", False)
    assert gadget.store.names() == ["Kai"]


def test_names_with_spaces_at_either_end_are_refused():
    gadget, board = box()
    assert put(gadget, board, sheet("Mara"))["ok"] is True
    for name in ("Mara ", " Mara", "Mara\u3000"):
        assert put(gadget, board, sheet(name), 2)["error"]["code"] == N.E_INVALID
    assert gadget.store.names() == ["Mara"]


def test_a_name_over_the_limit_is_refused_and_one_at_it_is_taken():
    gadget, board = box()
    assert put(gadget, board, ash("x" * (charname.LIMIT + 1)))["ok"] is False
    assert put(gadget, board, ash("x" * charname.LIMIT))["ok"] is True


def test_printable_names_beyond_ascii_are_taken():
    gadget, board = box()
    for i, name in enumerate(("Ka\u00ef", "\u4e09\u8535", "Zo\u00eb the Bold", ".", "..")):
        reply = put(gadget, board, ash(name), i + 1)
        assert reply["ok"] is True and reply["name"] == name, reply
    assert len(gadget.store.names()) == 5


def test_the_rule_names_what_is_wrong_and_where():
    assert "U+001B at character 2" in charname.problem("a\x1b")
    assert charname.problem(7) is not None and charname.problem("") is not None
    assert raises(charname.BadName, charname.check, "\x00")
    assert charname.clash("kai", ["Kai", "Mara"]) == "Kai"
    assert charname.clash("Kai", ["Kai"]) is None


def test_a_decomposed_name_is_refused_beside_the_composed_one():
    # issue 35, item 10: "Zoe" + U+0308 was taken beside "Zo\u00eb", and the
    # host then refused every pull. The box holds names in NFC only.
    gadget, board = box()
    assert put(gadget, board, sheet("Zo\u00eb"))["ok"] is True
    reply = put(gadget, board, sheet("Zoe\u0308"), 2)
    assert reply["ok"] is False and reply["error"]["code"] == N.E_INVALID, reply
    assert "composed form (NFC)" in reply["error"]["message"], reply
    assert put(gadget, board, ash("\u212bngstr\u00f6m"), 3)["error"]["code"] == N.E_INVALID
    assert gadget.store.names() == ["Zo\u00eb"]
    assert put(gadget, board, ash("\u1ea0\u0300"), 4)["ok"] is True       # NFC, a mark and all
