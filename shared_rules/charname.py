# A character's name (docs/protocol.md, Names): printable text of 1..40
# characters, unique on the box ignoring case. The box and the host share it.
#
# The ruling, since MicroPython has no unicodedata: the box checks the length,
# no control or format character, no lone surrogate, no space at either end,
# the composed form (NFC, with its own tables: shared_rules/nfc.py), and no
# name differing from another only in ASCII case; the host checks these with
# the same functions, and the rest before it sends a name and on what it
# receives (every character printable, unique ignoring full case and
# normalisation: fatebox.charnames).

from shared_rules import nfc
from shared_rules.limits import NAME_LIMIT as LIMIT  # a sheet's `name`, the box's key

# Code points refused anywhere in a name, as (first, last) ranges: controls
# (C0, DEL, C1), surrogates, and the invisible format characters that reorder
# or hide text on a terminal (bidi overrides and isolates, zero widths, the
# line and paragraph separators, the byte order mark, interlinear annotation),
# and the noncharacters of the BMP.
_REFUSED = (
    (0x00, 0x1F), (0x7F, 0x9F), (0xAD, 0xAD), (0x061C, 0x061C), (0x180E, 0x180E),
    (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x206F), (0xD800, 0xDFFF),
    (0xFDD0, 0xFDEF), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0xFFFE, 0xFFFF),
)
# Spaces a name may hold inside but not at either end.
_SPACES = " \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"


class BadName(ValueError):
    """A name the rule refuses; the message says what and where (the character's position)."""


def _refused(code):
    for first, last in _REFUSED:
        if first <= code <= last:
            return True
    return False


def _show(code):
    return "U+%04X" % code


def problem(name):
    """Why `name` is not a character's name (a sentence), or None."""
    if not isinstance(name, str):
        return "a name must be text"
    if not name:
        return "a name may not be empty"
    if len(name) > LIMIT:
        return "a name is at most %d characters, this one has %d" % (LIMIT, len(name))
    for i in range(len(name)):
        code = ord(name[i])
        if _refused(code):
            kind = "a lone surrogate" if 0xD800 <= code <= 0xDFFF else "a control or invisible character"
            return "a name may not hold %s (%s at character %d)" % (kind, _show(code), i + 1)
    if name[0] in _SPACES or name[-1] in _SPACES:
        return "a name may not begin or end with a space"
    # One form on the box and the host: "Zoe" + U+0308 beside "Zo\u00eb" would be two names.
    at = nfc.first_change(name)
    if at >= 0:
        return ("a name must be in Unicode's composed form (NFC): from character %d (%s) it is not; retype it, "
                "or save the sheet as NFC" % (at + 1, _show(ord(name[at]))))
    return None


def check(name):
    """`name` if it is one; BadName otherwise."""
    why = problem(name)
    if why is not None:
        raise BadName(why)
    return name


def box_key(name):
    """The key two names may not share on the box: ASCII case ignored
    (MicroPython's str.lower folds ASCII only; the host folds the rest)."""
    return name.lower()


def clash(name, names):
    """The name in `names` that `name` may not stand beside (same but for case), or None.

    The same name is no clash: `put` of it replaces that character.
    """
    key = box_key(name)
    for other in names:
        if other != name and box_key(other) == key:
            return other
    return None
