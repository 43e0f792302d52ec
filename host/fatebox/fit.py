# Tables that fit the terminal: every table the CLI prints for people goes
# through here. At the width given, the table as it is; else its short headers
# (and short cells: a percent without its fraction); else one block per row,
# each row's label first, then each column's header and cell on a line.
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text


class Column:
    """A column: its header, a shorter one for narrow terminals (may hold a newline:
    a header on two lines), how it is justified and styled."""

    def __init__(self, header, short=None, justify="left", style=None, wrap=False):
        self.header = header
        self.wrap = wrap          # words may go onto more lines (a result in words, a state)
        self.short = short if short is not None else header
        self.justify = justify
        self.style = style


def full(cell):
    return cell[0] if isinstance(cell, tuple) else cell


def short(cell):
    return cell[1] if isinstance(cell, tuple) else cell


def _table(columns, rows, brief_headers, brief_cells):
    out = Table()
    for column in columns:
        out.add_column(column.short if brief_headers else column.header, justify=column.justify,
                       style=column.style, no_wrap=not column.wrap, overflow="fold")
    for row in rows:
        out.add_row(*[short(c) if brief_cells else full(c) for c in row])
    return out


def _needs(columns, rows, brief_headers, brief_cells):
    """The columns the table needs: each column whole (its longest line), but for
    columns whose words may wrap, their longest word; two of padding each, and
    the borders between and around them."""
    total = len(columns) + 1
    for i, column in enumerate(columns):
        texts = [column.short if brief_headers else column.header]
        texts += [_plain(short(row[i]) if brief_cells else full(row[i])) for row in rows]
        if column.wrap:
            need = max(cell_len(word) for text in texts for word in (text.split() or [""]))
        else:
            need = max(cell_len(line) for text in texts for line in (text.splitlines() or [""]))
        total += need + 2
    return total


def _plain(cell):
    return cell.plain if isinstance(cell, Text) else Text.from_markup(str(cell)).plain


def table(columns, rows, width, title=None, note=None):
    """A renderable that fits `width` columns: see the module's comment. A cell is
    a str or a Text, or (full, short) for a cell with a shorter form. `note` is
    said under a table whose cells were shortened (what a wider terminal shows)."""
    shortened = any(isinstance(c, tuple) and full(c) != short(c) for row in rows for c in row)
    for brief_headers, brief_cells in ((False, False), (True, False), (True, True)):
        if _needs(columns, rows, brief_headers, brief_cells) <= width:
            candidate = _table(columns, rows, brief_headers, brief_cells)
            parts = [Text(title, style="italic")] if title else []
            parts.append(candidate)
            if brief_cells and shortened and note:
                parts.append(Text(note, style="dim"))
            return Group(*parts)
    return Group(*blocks(columns, rows, title))


def blocks(columns, rows, title=None):
    """The table as lines: each row's label (its first cell), then `header: cell`."""
    out = [Text(title, style="italic")] if title else []
    names = [c.header for c in columns[1:]]
    room = max([len(n) for n in names] + [0])
    for row in rows:
        label = full(row[0])
        if _bare(label):
            label = "%s %s" % (columns[0].header, label)
        out.append(_text(label, "bold"))
        for column, cell in zip(columns[1:], row[1:]):
            line = Text("  %-*s  " % (room, column.header))
            line.append(_text(full(cell), column.style or ""))
            out.append(line)
    return out


def _text(value, style):
    # A str cell is rich markup in a table (callers escape what came from a board): read alike here.
    return value if isinstance(value, Text) else Text.from_markup(str(value), style=style)


def _bare(label):
    """A label that says nothing alone (a number): it gets its column's header."""
    return isinstance(label, str) and label.strip().lstrip("-").isdigit()
