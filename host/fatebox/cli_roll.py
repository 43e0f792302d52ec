# `fatebox roll SYSTEM`: one roll or draw of any system on the box, with the box's
# entropy, the options of `odds`/`simulate` (the systems' COMMANDS), optionally
# recorded on a character of that system (docs/protocol.md: `roll`, `trial`).
import json

import click

from shared_rules import names as N
from shared_rules import registry, roster
from fatebox import cli_odds, show
from fatebox.errors import FateboxError, USAGE
from fatebox.replies import checked_result
from fatebox.terminal import clean
from shared_rules.new_beginning import MAX_SUPPLY
from fatebox.odds import json_option
from fatebox.session import port_option


class _Systems(click.Group):
    """System names match whatever their case (`Approaches`, `LIGHT-DARK`)."""

    def get_command(self, ctx, name):
        return super().get_command(ctx, name) or super().get_command(ctx, name.lower())


@click.group("roll", cls=_Systems)
def roll_group():
    """Roll or draw on the box, any system, with the box's own entropy.

    The same options as `fatebox odds SYSTEM`; with --character the roll is
    recorded on that character (of that system), as the box's buttons would.
    """


def character_name(link, given, system):
    """The box's name for `given` (any case), checked to be a `system` character."""
    characters = link.characters()
    exact = [c for c in characters if c["name"] == given]
    found = exact or [c for c in characters if c["name"].lower() == given.lower()]
    if not found:
        raise FateboxError("--character %s: no such character on the box (it holds %s)"
                           % (given, ", ".join(sorted(c["name"] for c in characters)) or "none"), USAGE)
    if len(found) > 1:
        raise FateboxError("--character %s: the box holds %s; give the name as it is written"
                           % (given, " and ".join(c["name"] for c in found)), USAGE)
    character = found[0]
    if character.get("system", N.NEW_BEGINNING) != system:
        other = character.get("system", N.NEW_BEGINNING)
        raise FateboxError("--character %s: %s is %s %s character; roll it with `fatebox roll %s`"
                           % (given, character["name"], "an" if roster.SYSTEM_WORDS[other][0] in "AEIOU" else "a",
                              roster.SYSTEM_WORDS[other], other), USAGE)
    return character["name"]


# What the box's `trial` op draws (New Beginning on the host's word): a plain bag.
_TRIAL_FIELDS = ("white", "black", "danger", "statuses")


def _new_beginning(link, chances, name):
    nb = chances.nb
    extra = [option for option, used in (("--helpers", nb.helpers), ("--group", nb.group is not None),
                                         ("--placed", nb.placed), ("--lesson", nb.lessons), ("--scar", nb.scars),
                                         ("--effect", nb.effects)) if used]
    if extra:
        raise FateboxError("%s: the box draws a bag, danger and statuses on the host's word; play %s on its "
                           "buttons (or ask `fatebox odds new-beginning` for the odds)"
                           % (", ".join(extra), "that" if len(extra) == 1 else "those"), USAGE)
    trial = nb.trial
    return link.trial(trial.white, trial.black, chances.k, trial.danger, trial.statuses, name)


def _on_the_boxs_supply(link, system, given, wanted, k):
    from fatebox import table as T
    from fatebox.systems.new_beginning import supply_in_force
    supply = T.box_supply(link)
    if wanted != (None, None, None):
        asked = supply_in_force(wanted[0], wanted[1], wanted[2])
        if asked != supply:
            raise FateboxError("--supply-white/--supply-black/--table: the box draws from its own supply (%s), not %s; "
                               "set it with `fatebox table`" % (T.supply_words(supply), T.supply_words(asked)), USAGE)
    given.update(supply_white=supply[0], supply_black=supply[1])
    chances = system.build(**given)
    return system.trials(chances, k) if system.trials is not None else chances


def _command(system):
    from fatebox.session import connect as _connect

    def command(as_json, character, port, k=None, **given):
        wanted = None
        if system.name == N.NEW_BEGINNING:
            # The box draws from its own supply (`fatebox table`): what no supply
            # allows is refused first, then the bag is checked against the box's.
            wanted = (given.get("supply_white"), given.get("supply_black"), given.get("table"))
            given.update(supply_white=MAX_SUPPLY, supply_black=MAX_SUPPLY, table=None)
        chances = system.build(**given)
        if system.trials is not None:
            chances = system.trials(chances, k)
        with _connect(port) as link:
            if wanted is not None:
                chances = _on_the_boxs_supply(link, system, given, wanted, k)
            name = character_name(link, character, system.name) if character else None
            if system.name == N.NEW_BEGINNING:
                result = _new_beginning(link, chances, name)
            else:
                result = link.request("roll", system=system.name, setup=chances.setup(), name=name)["result"] \
                    if name is not None else link.request("roll", system=system.name, setup=chances.setup())["result"]
        result = checked_result(system.name, result, "trial" if system.name == N.NEW_BEGINNING else "roll")
        data = {"system": system.name}
        data.update(chances.setup())
        data.update({"character": name, "result": result})
        if as_json:
            click.echo(json.dumps(data))
            return
        result, name = clean(result, markup=True), clean(name, markup=True)   # the box's text, shown as text
        out = show.console()
        out.print(chances.title())
        # A system may say its result in its own words (Forged in the Dark: the die read).
        words = getattr(chances, "result_words", None)
        out.print(words(result) if words is not None else _words(result))
        if name is not None:
            out.print("recorded on %s" % name)
    return command


def _character_option(command):
    """--character, and -c for it unless the system's options have a -c (colour tokens' --colour)."""
    taken = any("-c" in p.opts for p in getattr(command, "__click_params__", []))
    names = ("--character",) if taken else ("--character", "-c")
    return click.option(*names, "character", default=None, metavar="NAME",
                        help="Record the roll on this character of the system (any case).")(command)


def _words(result):
    """A result as one line: the outcome first, then what was rolled or drawn."""
    parts = []
    outcome = result.get("outcome")
    if outcome is not None:
        parts.append(str(outcome).replace("-", " ").capitalize())
    for key in sorted(result):
        if key == "outcome" or result[key] is None:
            continue
        value = result[key]
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value) or "none"
        parts.append("%s: %s" % (key, value))
    return "; ".join(parts)


for _system in cli_odds.COMMANDS:
    if _system.name not in registry.BY_NAME:
        continue    # the effect dice: a table's aid, not a roll the box plays
    _roll = port_option(_character_option(json_option()(_system.options(_command(_system)))))
    if _system.trial_options is not None:
        _roll = _system.trial_options(_roll)
    roll_group.command(_system.name, help=_system.help.split(":")[0]
                       + ": one roll on the box, with its entropy (options as `fatebox odds`).")(_roll)
