# What the CLI prints for people: the characters on a board (every system) as a
# table and a draw in words. Data for programs goes out as JSON from cli.py instead.
import os

from rich.console import Console
from rich.text import Text

from shared_rules import names as N
from shared_rules import registry
from shared_rules.roster import SYSTEM_WORDS
from fatebox.systems import host_module
from fatebox.systems.new_beginning import OUTCOME_STYLES, OUTCOME_WORDS, setup_words

TOKEN_WORDS = {N.WHITE: "white", N.BLACK: "black"}


def console():
    # highlight=False: rich must not recolour numbers and names on its own.
    # Piped output gets room for a full odds table instead of rich's 80 columns,
    # unless $COLUMNS says how wide (`COLUMNS=80 fatebox odds ... | less`).
    out = Console(highlight=False)
    if not out.is_terminal:
        columns = os.environ.get("COLUMNS", "")
        out = Console(highlight=False, width=int(columns) if columns.isdigit() and int(columns) >= 20 else 120)
    return out


def characters_table(characters, width=120):
    """The `list` summaries (docs/protocol.md, list): one row a character, any
    system, fitted to `width` columns (fatebox.fit)."""
    from fatebox import fit
    columns = [fit.Column("Name"), fit.Column("System"), fit.Column("Archetype", wrap=True),
               fit.Column("State", wrap=True), fit.Column("Trials", justify="right")]
    rows = []
    for c in characters:
        system = c.get("system", N.NEW_BEGINNING)
        archetype = c.get("archetype")
        rows.append([str(c.get("name")), SYSTEM_WORDS.get(system, str(system)),
                     "-" if archetype is None else str(archetype), state_words(c), str(c.get("trials", 0))])
    return fit.table(columns, rows, width, "Characters on the box")


def _plural(count, word):
    return "%s %s%s" % (count, word, "" if count == 1 else "s")


def state_words(summary):
    """What play has changed on a character, from its `list` summary, in a few words
    (its system's host module says it: fatebox.systems.<system>.state_words)."""
    system = summary.get("system", N.NEW_BEGINNING)
    if system not in registry.BY_NAME:
        return ""
    return host_module(system).state_words(summary)


def loaded_words(character):
    """What `push` says of a character it loaded."""
    if character.system == N.NEW_BEGINNING:
        sheet = character.sheet
        return "%s, %d traits, %s, %d trials" % (sheet.archetype.name, len(sheet.all_traits()),
                                                 _plural(sheet.placed_count(), "placed token"), character.trials)
    summary = character.summary()
    words = [SYSTEM_WORDS[character.system]]
    if summary.get("archetype"):
        words.append(str(summary["archetype"]))
    words.append(state_words(summary))
    words.append("%d trials" % character.trials)
    return ", ".join(words)


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
