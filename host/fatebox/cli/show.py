# What the CLI prints for people: the characters on a board (every system) as a
# table (a roll or draw is said in its system's words: fatebox.systems.result_words).
# Data for programs goes out as JSON from cli/main.py instead.
import os

from rich.console import Console

from shared_rules import registry
from shared_rules.roster import SYSTEM_WORDS
from fatebox.systems import counted, words_module


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
        system = c.get("system", registry.DEFAULT)
        archetype = c.get("archetype")
        rows.append([str(c.get("name")), SYSTEM_WORDS.get(system, str(system)),
                     "-" if archetype is None else str(archetype), state_words(c), str(c.get("trials", 0))])
    return fit.table(columns, rows, width, "Characters on the box")


def state_words(summary):
    """What play has changed on a character, from its `list` summary, in a few words
    (its system's words module says it: shared_rules.<package>.words.state_words)."""
    system = summary.get("system", registry.DEFAULT)
    if system not in registry.BY_NAME:
        return ""
    return words_module(system).state_words(summary)


def loaded_words(character):
    """What `push` says of a character it loaded: its words module's loaded_words
    where it has one, else its system, archetype, state and trials."""
    said = getattr(words_module(character.system), "loaded_words", None)
    if said is not None:
        return said(character)
    summary = character.summary()
    words = [SYSTEM_WORDS[character.system]]
    if summary.get("archetype"):
        words.append(str(summary["archetype"]))
    words.append(state_words(summary))
    words.append(counted(character.trials, "trial", "trials"))
    return ", ".join(words)
