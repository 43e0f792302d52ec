# Text on a terminal: whatever came from a board or a file is printed with its
# control characters made visible, so no escape sequence reaches the terminal.
import unicodedata

import click
from rich.markup import escape

# Categories that do not print as themselves: controls, format characters
# (bidi overrides, zero widths), surrogates, private use, unassigned, and the
# line and paragraph separators.
_HIDDEN = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def _escape(char):
    code = ord(char)
    if code < 0x100:
        return "\\x%02x" % code
    if code < 0x10000:
        return "\\u%04x" % code
    return "\\U%08x" % code


def visible(text):
    """`text` with every control or invisible character written as \\xNN, \\uNNNN."""
    text = str(text)
    if text.isprintable():
        return text        # the common case, and no surrogate can be printable
    return "".join(char if _shows(char) else _escape(char) for char in text)


SHOWN_LIMIT = 120     # characters of a quoted name or value an error line shows


def cut(text, limit=SHOWN_LIMIT):
    """`text` at most `limit` characters, its middle replaced by an ellipsis (a
    10,000-character file name is quoted, not echoed whole)."""
    text = str(text)
    if len(text) <= limit:
        return text
    keep = limit - 1
    return text[:keep - keep // 3] + "\u2026" + text[len(text) - keep // 3:]


def _shows(char):
    category = unicodedata.category(char)
    return category == "Zs" or (category not in _HIDDEN and char.isprintable())


def clean(value, markup=False):
    """A copy of a reply's data with every string made visible (and, with
    `markup`, escaped for rich, which would read '[...]' as its markup)."""
    if isinstance(value, str):
        shown = visible(value)
        return escape(shown) if markup else shown
    if isinstance(value, list):
        return [clean(v, markup) for v in value]
    if isinstance(value, dict):
        return {clean(k): clean(v, markup) for k, v in value.items()}
    return value


def echo(text="", err=False):
    """click.echo of text made visible: the one way cli/main.py prints a line."""
    click.echo(visible(text), err=err)


def say(text):
    """A line for the person at the keyboard, beside the output: `fatebox: text` on stderr."""
    echo("fatebox: " + text, err=True)
