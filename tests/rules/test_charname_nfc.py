# A name is in Unicode's composed form, NFC (docs/protocol.md, Names; issue 35,
# item 10): one function, shared_rules.nfc through shared_rules.charname, on the
# box and the host, with its own tables (MicroPython has no unicodedata).
# CPython and MicroPython; tests/host/test_nfc_table.py checks the tables
# against CPython's unicodedata.
from shared_rules import charname
from shared_rules import nfc


def composed(text):
    return nfc.first_change(text) == -1


def test_a_composed_letter_is_a_name_and_the_same_letter_decomposed_is_not():
    assert charname.problem("Zo\u00eb") is None
    why = charname.problem("Zoe\u0308")
    assert why is not None and "composed form (NFC)" in why and "character 3 (U+0065)" in why


def test_text_below_u0300_is_composed_whatever_it_holds():
    assert composed("Ma\u00efa-\u00d8ster \u00e6\u00df\u0100\u017f\u01c4\u02ff")


def test_a_mark_with_no_composed_letter_stays_as_it_is():
    assert composed("q\u0301")                  # no q with acute: NFC keeps the pair
    assert composed("\u1ea1\u0300")             # a dot below, then a grave: no letter holds both


def test_marks_compose_across_another_that_does_not_block():
    assert not composed("a\u0323\u0302")        # a, dot below, circumflex: NFC is U+1EAD
    assert composed("\u1ead")
    assert not composed("\u00e0\u0323")         # a grave, then a dot below: NFC is U+1EA1 U+0300
    assert nfc.first_change("x\u00e0\u0323") == 1


def test_marks_out_of_their_canonical_order_are_not_composed():
    assert not composed("a\u0301\u0323")        # acute (230) before dot below (220)
    assert not composed("q\u0301\u0316")        # the same with marks no letter composes


def test_a_character_never_in_nfc_is_refused_where_it_stands():
    assert nfc.first_change("x\u212b") == 1     # the angstrom sign: NFC is U+00C5
    assert nfc.first_change("\u2126m") == 0     # the ohm sign: NFC is omega
    assert nfc.first_change("\u0958") == 0      # Devanagari qa: excluded from composition


def test_names_in_other_scripts_in_nfc_are_names():
    for name in ("\u091c\u093c\u094b\u092f\u093e",        # Zoya in Devanagari: ja + nukta stays
                 "\u09b0\u09be\u09ae",                    # Ram in Bengali: a vowel sign of class 0
                 "\u0bb0\u0bbe\u0bae\u0bcd",              # Ram in Tamil
                 "\ud55c\uad6d",                          # Hangul syllables
                 "\u4e09\u8535", "\u0391\u03b8\u03b7\u03bd\u03ac", "\u0415\u0301\u043b"):
        assert composed(name), name
        assert charname.problem(name) is None, name


def test_decomposed_forms_in_other_scripts_are_not_names():
    for text in ("\u1100\u1161",                          # Hangul jamo that make U+AC00
                 "\uac00\u11a8",                          # a syllable and a final that make U+AC01
                 "\u09c7\u09be",                          # Bengali o, as two vowel signs
                 "\u0928\u093c",                          # Devanagari nna with nukta: U+0929
                 "\u0391\u0301",                          # Greek alpha with tonos, decomposed
                 "\u304b\u3099"):                         # ka with the voiced mark: U+304C
        assert not composed(text), text
        assert charname.problem(text) is not None, text
