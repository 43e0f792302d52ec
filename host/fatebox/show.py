# What the CLI prints for people: the characters on a board as a table and a
# draw in words. Data for programs goes out as JSON from cli.py instead.
from rich.console import Console
from rich.table import Table
from rich.text import Text

from shared_rules import names as N
from fatebox.odds import OUTCOME_STYLES, OUTCOME_WORDS, setup_words

TOKEN_WORDS = {N.WHITE: "white", N.BLACK: "black"}


def console():
    # highlight=False: rich must not recolour numbers and names on its own.
    # Piped output gets room for a full odds table instead of rich's 80 columns.
    out = Console(highlight=False)
    if not out.is_terminal:
        out = Console(highlight=False, width=120)
    return out


def characters_table(characters):
    out = Table(title="Characters on the box", title_justify="left")
    for title, justify in (("Name", "left"), ("Archetype", "left"), ("Placed", "right"),
                           ("Misfortunes", "right"), ("Pending", "right"), ("Trials", "right")):
        out.add_column(title, justify=justify)
    for c in characters:
        out.add_row(str(c.get("name")), str(c.get("archetype")), str(c.get("placed", 0)),
                    str(c.get("misfortunes", 0)), str(c.get("pending-misfortunes", 0)), str(c.get("trials", 0)))
    return out


def tokens_words(tokens):
    return ", ".join(TOKEN_WORDS.get(t, t) for t in tokens)


def draw_lines(setup, result, character=None):
    """The draw as lines of rich Text, outcome first in colour, exit beside it."""
    lines = [Text("%s; drawing %d" % (setup_words(setup["bag"], setup["danger"], setup["statuses"]), setup["draw"]))]
    if result.get("first"):
        lines.append(Text("First draw: %s, a total failure; optimism puts it back and draws again"
                          % tokens_words(result["first"])))
    lines.append(Text("Drew: " + tokens_words(result["tokens"])))
    outcome = result["outcome"]
    line = Text(OUTCOME_WORDS.get(outcome, outcome), style=OUTCOME_STYLES.get(outcome, "bold"))
    counted = result.get("counted-blacks", result.get("black", 0))
    extra = ["%d white" % result["white"], "%d black" % result["black"]]
    if counted != result["black"]:
        extra.append("%d counted (confusion)" % counted)
    if result.get("spendable-whites", result["white"]) != result["white"]:
        extra.append("%d whites to spend (focus)" % result["spendable-whites"])
    line.append(" (" + ", ".join(extra) + ")", style="default")
    lines.append(line)
    if result.get("exit"):
        lines.append(Text("Exit from the scene: %d counted black%s reach danger %d"
                          % (counted, "" if counted == 1 else "s", setup["danger"]), style="bold red"))
    elif setup["danger"] is not None:
        lines.append(Text("No exit from the scene (danger %d)" % setup["danger"]))
    if character:
        lines.append(Text("Recorded on %s." % character))
    return lines
