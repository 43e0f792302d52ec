# `fatebox roll SYSTEM`: one roll or draw of any system on the box, with the box's
# entropy, the options of `odds`/`simulate` (the systems' COMMANDS), optionally
# recorded on a character of that system (docs/protocol.md: `roll`, `trial`).
import json

import click

from shared_rules import registry, roster
from fatebox.cli import odds as cli_odds, show
from fatebox.systems import result_words
from fatebox.errors import FateboxError, USAGE
from fatebox.board.replies import checked_result
from fatebox.terminal import clean
from fatebox.odds.command import json_option
from fatebox.cli.session import port_option


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
    if character.get("system", registry.DEFAULT) != system:
        other = character.get("system", registry.DEFAULT)
        raise FateboxError("--character %s: %s is %s %s character; roll it with `fatebox roll %s`"
                           % (given, character["name"], "an" if roster.SYSTEM_WORDS[other][0] in "AEIOU" else "a",
                              roster.SYSTEM_WORDS[other], other), USAGE)
    return character["name"]


class ByRoll:
    """How `fatebox roll` asks the box for a system's roll: the `roll` op with the
    set-up of `fatebox odds` (a system's Command may give its own: on_box)."""

    op = "roll"

    def wanted(self, given):
        """What the options ask of the box's own settings, set aside before the build."""
        return None

    def chances(self, link, system, given, wanted, k, chances):
        """The set-up as the box will play it, checked against what the box holds."""
        return chances

    def ask(self, link, system, chances, name):
        if name is None:
            return link.request("roll", system=system.name, setup=chances.setup())["result"]
        return link.request("roll", system=system.name, setup=chances.setup(), name=name)["result"]


BY_ROLL = ByRoll()


def _command(system):
    from fatebox.cli.session import connect as _connect

    def command(as_json, character, port, k=None, **given):
        box = system.on_box or BY_ROLL
        wanted = box.wanted(given)
        chances = system.build(**given)
        if system.trials is not None:
            chances = system.trials(chances, k)
        with _connect(port) as link:
            chances = box.chances(link, system, given, wanted, k, chances)
            name = character_name(link, character, system.name) if character else None
            result = box.ask(link, system, chances, name)
        result = checked_result(system.name, result, box.op)
        data = {"system": system.name}
        data.update(chances.setup())
        data.update({"character": name, "result": result})
        if as_json:
            click.echo(json.dumps(data))
            return
        result, name = clean(result, markup=True), clean(name, markup=True)   # the box's text, shown as text
        out = show.console()
        out.print(chances.title())
        # In the system's words, as `history` and the virtual gadget say it (the
        # words module's roll_shown adds what the set-up says of the result).
        shown = chances.shown(result) if hasattr(chances, "shown") else dict(result)
        out.print(result_words(system.name, shown))
        if name is not None:
            out.print("Recorded on %s." % name)
    return command


def _character_option(command):
    """--character, and -c for it unless the system's options have a -c (colour tokens' --colour)."""
    taken = any("-c" in p.opts for p in getattr(command, "__click_params__", []))
    names = ("--character",) if taken else ("--character", "-c")
    return click.option(*names, "character", default=None, metavar="NAME",
                        help="Record the roll on this character of the system (any case).")(command)


for _system in cli_odds.COMMANDS:
    if _system.name not in registry.BY_NAME:
        continue    # the effect dice: a table's aid, not a roll the box plays
    _roll = port_option(_character_option(json_option()(_system.options(_command(_system)))))
    if _system.trial_options is not None:
        _roll = _system.trial_options(_roll)
    roll_group.command(_system.name, help=_system.help.split(":")[0]
                       + ": one roll on the box, with its entropy (options as `fatebox odds`).")(_roll)
