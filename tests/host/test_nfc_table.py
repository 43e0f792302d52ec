# The name rule's NFC check (shared_rules/nfc.py, its tables made by
# tools/nfc_table.py) says what CPython's unicodedata says, for every code
# point the tables name, a sample of the rest, and sequences of marks and the
# letters they compose with (issue 35, item 10). CPython only: the box has no
# unicodedata, which is why the tables exist.
import random
import unicodedata

from shared_rules import nfc
from shared_rules import nfc_table as T


def agrees(text):
    return unicodedata.is_normalized("NFC", text) == (nfc.first_change(text) == -1)


def named():
    codes = set()
    for at in range(0, len(T.CCC), 5):
        first = T.CCC[at] << 16 | T.CCC[at + 1] << 8 | T.CCC[at + 2]
        codes.update(range(first, first + T.CCC[at + 3] + 1))
    for at in range(0, len(T.NO), 6):
        codes.update(range(T.NO[at] << 16 | T.NO[at + 1] << 8 | T.NO[at + 2],
                           (T.NO[at + 3] << 16 | T.NO[at + 4] << 8 | T.NO[at + 5]) + 1))
    for group in T.FIRSTS + T.COMPOSED + (T.SECONDS,):
        codes.update(ord(c) for c in group)
    return sorted(codes)


def test_the_tables_are_of_this_pythons_unicode():
    # A newer Python brings a newer Unicode: make the tables again (tools/nfc_table.py).
    assert T.UNICODE == unicodedata.unidata_version


def test_every_code_point_the_tables_name_and_a_sample_of_the_rest_agree():
    codes = named() + list(range(0, 0x110000, 97)) + list(range(0x1100, 0x1200)) + list(range(0xAC00, 0xAC40))
    bad = [hex(c) for c in codes if not 0xD800 <= c <= 0xDFFF and not agrees(chr(c))]
    assert not bad, bad[:20]


def test_every_letter_followed_by_every_mark_it_composes_with_agrees():
    firsts = sorted(set(ord(c) for g in T.FIRSTS + T.COMPOSED for c in g))
    seconds = [ord(c) for c in T.SECONDS] + [0x1161, 0x11A8, 0x0316, 0x0334, 0x05B0]
    bad = [(hex(a), hex(b)) for a in firsts for b in seconds if not agrees(chr(a) + chr(b))]
    assert not bad, bad[:20]


def test_random_runs_of_letters_and_marks_agree():
    pool = named() + list(range(0x1100, 0x1113)) + list(range(0x1161, 0x1176)) + list(range(0x11A7, 0x11C3)) + \
        [0xAC00, 0xAC01, 0x61, 0x41, 0x20, 0x3042]
    rnd = random.Random(35)
    bad = []
    for _ in range(20000):
        text = "".join(chr(rnd.choice(pool)) for _ in range(rnd.randint(2, 5)))
        if not agrees(text):
            bad.append([hex(ord(c)) for c in text])
    assert not bad, bad[:10]
