# The host's half of the name rule (shared_rules/charname.py, docs/protocol.md
# Names): what needs Unicode's tables, which the box does not have.
import unicodedata

from shared_rules import charname


def normal(name):
    """`name` in NFC, the form a name is sent and compared in."""
    return unicodedata.normalize("NFC", name) if isinstance(name, str) else name


def problem(name):
    """Why `name` is not a character's name, checked fully, or None.

    The box's checks (the composed form, NFC, among them: one function on
    both sides), then: every character printable (no unassigned code point,
    private-use or format character).
    """
    why = charname.problem(name)
    if why is not None:
        return why
    for i, char in enumerate(name):
        if not (char.isprintable() or char == " " or unicodedata.category(char) == "Zs"):
            return "a name may not hold a character that does not print (U+%04X at character %d)" % (ord(char), i + 1)
        if unicodedata.category(char) in ("Co", "Cn"):
            return "a name may not hold a private or unassigned character (U+%04X at character %d)" % (ord(char), i + 1)
    return None


def key(name):
    """Two names with the same key are the same name: case and normalisation ignored
    (Unicode's canonical caseless match)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", name).casefold())


def clashes(names):
    """[(a, b)] of distinct names in `names` that are the same ignoring case and normalisation."""
    seen = {}
    out = []
    for name in names:
        k = key(name)
        if k in seen and seen[k] != name:
            out.append((seen[k], name))
        else:
            seen.setdefault(k, name)
    return out
