"""Writes shared_rules/nfc_table.py: what the name rule's NFC check needs of
Unicode (docs/protocol.md, Names), from CPython's unicodedata.

The box has no unicodedata, so the tables travel with the rule: the canonical
combining classes, the code points that never occur in NFC (NFC_Quick_Check
No), and the primary composites by their second character. The invariants
shared_rules/nfc.py relies on are asserted here, so a Unicode version that
broke one fails to generate instead of checking names wrongly.

    .venv/bin/python tools/nfc_table.py        # after a Python with a newer Unicode
"""
import os
import sys
import unicodedata

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "shared_rules", "nfc_table.py")
HANGUL = range(0xAC00, 0xD7A4)
FAST = 0x300            # below it every code point is its own NFC (nfc.py's fast path)


def tables():
    ccc_runs = []
    no = []
    composites = {}         # second -> [(first, composite)]
    for code in range(0x110000):
        char = chr(code)
        klass = unicodedata.combining(char)
        if klass:
            assert code >= FAST, hex(code)
            last = ccc_runs[-1] if ccc_runs else None
            if last and last[1] == code - 1 and last[2] == klass and code - last[0] < 256:
                last[1] = code
            else:
                ccc_runs.append([code, code, klass])
        if code in HANGUL:
            continue        # composed and decomposed by arithmetic (nfc.py)
        if not unicodedata.is_normalized("NFC", char):
            assert code >= FAST, hex(code)
            if no and no[-1][1] == code - 1:
                no[-1][1] = code
            else:
                no.append([code, code])
            continue
        mapping = unicodedata.decomposition(char)
        if mapping and not mapping.startswith("<"):
            parts = [int(p, 16) for p in mapping.split()]
            # A decomposable character that is its own NFC is a primary
            # composite of two: its first a starter, and NFC makes it again.
            assert len(parts) == 2, hex(code)
            assert unicodedata.combining(chr(parts[0])) == 0, hex(code)
            assert unicodedata.normalize("NFC", chr(parts[0]) + chr(parts[1])) == char, hex(code)
            composites.setdefault(parts[1], []).append((parts[0], code))
    return ccc_runs, no, composites


def _escaped(text):
    # Every character escaped: a decomposed sequence in the source could be
    # normalised by an editor or a tool, changing the table unseen.
    return "".join("\\u%04x" % ord(c) if ord(c) <= 0xFFFF else "\\U%08x" % ord(c) for c in text)


def _bytes_lines(data, per=24):
    return ["    b\"%s\"" % "".join("\\x%02x" % b for b in data[i:i + per]) for i in range(0, len(data), per)]


def _string_lines(text, per=18):
    return ["    \"%s\"" % _escaped(text[i:i + per]) for i in range(0, len(text), per)] or ['    ""']


def source(ccc_runs, no, composites):
    ccc = b"".join(bytes(((s >> 16) & 0xFF, (s >> 8) & 0xFF, s & 0xFF, e - s, k)) for s, e, k in ccc_runs)
    nos = b"".join(bytes(((s >> 16) & 0xFF, (s >> 8) & 0xFF, s & 0xFF, (e >> 16) & 0xFF, (e >> 8) & 0xFF, e & 0xFF))
                   for s, e in no)
    seconds = sorted(composites)
    firsts = ["".join(chr(f) for f, _ in sorted(composites[s])) for s in seconds]
    made = ["".join(chr(c) for _, c in sorted(composites[s])) for s in seconds]
    for group in firsts:
        assert len(set(group)) == len(group)
    out = ["# What the name rule's NFC check needs of Unicode %s (shared_rules/nfc.py): made by"
           % unicodedata.unidata_version,
           "# tools/nfc_table.py from CPython's unicodedata; not edited by hand.",
           "UNICODE = %r" % unicodedata.unidata_version,
           "# Canonical combining classes: runs of (first code point, 3 bytes; how many",
           "# more, 1 byte; the class, 1 byte), in order. Any other code point is class 0.",
           "CCC = ("]
    out += _bytes_lines(ccc, 25)
    out += [")", "# Code points never in NFC (NFC_Quick_Check=No): runs (first, last), 3 bytes each.", "NO = ("]
    out += _bytes_lines(nos, 24)
    out += [")",
            "# The primary composites: for the second character SECONDS[i], FIRSTS[i][j]",
            "# followed by it composes to COMPOSED[i][j] (and COMPOSED[i][j] decomposes so).",
            "SECONDS = (", ] + _string_lines("".join(chr(s) for s in seconds)) + [")", "FIRSTS = ("]
    for group in firsts:
        out += _string_lines(group)
        out[-1] += ","
    out += [")", "COMPOSED = ("]
    for group in made:
        out += _string_lines(group)
        out[-1] += ","
    out += [")"]
    return "\n".join(out) + "\n"


def main():
    text = source(*tables())
    with open(OUT, "w", encoding="ascii") as f:
        f.write(text)
    print("wrote %s (Unicode %s, %d lines)" % (os.path.relpath(OUT), unicodedata.unidata_version,
                                               text.count("\n")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
