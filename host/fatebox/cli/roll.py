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


def by_name(system):
    """The words module of `system` when it takes names from a character's sheet
    (ROLL_OPTIONS, ROLL_FOR, roll_from_sheet), else None."""
    try:
        import importlib
        words = importlib.import_module(registry.rules(system).words_module)
    except (KeyError, ImportError, AttributeError):
        return None
    return words if getattr(words, "ROLL_OPTIONS", None) else None


def picker(whose):
    """pick(field, typed, names, what): the sheet's own spelling of `typed` among
    `names`, in any case; a RulesError naming them, on `whose` sheet."""
    def pick(field, typed, names, what):
        from shared_rules.errors import RulesError
        for name in names:
            if isinstance(typed, str) and name.lower() == typed.lower():
                return name
        article = "an" if what[:1] in "aeiou" else "a"
        raise RulesError(field, "%r is not %s %s on %s's sheet, which has %s"
                         % (typed, article, what, whose, ", ".join(names) or "none"))
    return pick


def _dests(words):
    return [flags[-1] if not flags[-1].startswith("-") else flags[0].lstrip("-").replace("-", "_")
            for flags, _ in words.ROLL_OPTIONS]


def _named(words, given, character):
    """The by-name options taken out of `given` ({} when none was used); what
    they stand for is checked: one or the other, and a character to read."""
    named = dict((key, given.pop(key)) for key in _dests(words))
    used = [key for key, value in named.items() if value not in (None, False, ())]
    main = "--" + _dests(words)[0].replace("_", "-")
    stands = ["--" + key.replace("_", "-") for key in words.ROLL_FOR]
    if used:
        if character is None:
            raise FateboxError("%s: reads the character's sheet: give --character NAME" % main, USAGE)
        both = [option for key, option in zip(words.ROLL_FOR, stands) if given.get(key) is not None]
        if both:
            raise FateboxError("%s and %s: one or the other (%s comes from the sheet)" % (main, both[0], both[0]),
                               USAGE)
        return named
    missing = [option for key, option in zip(words.ROLL_FOR, stands) if given.get(key) is None]
    if missing:
        raise FateboxError("%s: give it, or %s NAME with --character NAME to take it from the character's sheet"
                           % (missing[0], main), USAGE)
    return {}


def _from_sheet(words, link, name, named, given):
    from shared_rules.errors import RulesError
    sheet = roster.from_dict(link.get(name)).sheet
    try:
        return words.roll_from_sheet(sheet, given, picker(name), **named)
    except RulesError as exc:
        raise FateboxError("--%s: %s" % (exc.field.replace("_", "-"), exc.message), USAGE)


def _command(system):
    from fatebox.cli.session import connect as _connect
    words = by_name(system.name)

    def command(as_json, character, port, k=None, **given):
        box = system.on_box or BY_ROLL
        named = _named(words, given, character) if words is not None else {}

        def build(given):
            wanted = box.wanted(given)
            chances = system.build(**given)
            if system.trials is not None:
                chances = system.trials(chances, k)
            return wanted, chances

        if not named:
            wanted, chances = build(given)     # a bad option is refused before a board is looked for
        with _connect(port) as link:
            name = character_name(link, character, system.name) if character else None
            # What the sheet gives: the names typed, or (ROLL_READS_SHEET) what the
            # character holds, as Colour tokens' bag, as the box's buttons use it.
            if named or (name is not None and getattr(words, "ROLL_READS_SHEET", False)):
                given = _from_sheet(words, link, name, named, given)
                wanted, chances = build(given)
            chances = box.chances(link, system, given, wanted, k, chances)
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
        out.print(result_words(system.name, shown, chances.setup()))
        if name is not None:
            out.print("Recorded on %s." % name)
    return command


def _character_option(command):
    """--character, -c in every command (a system's own options leave -c alone:
    tests/host/test_usage_line.py)."""
    return click.option("--character", "-c", "character", default=None, metavar="NAME",
                        help="Record the roll on this character of the system (any case).")(command)


def _by_name_options(command, words):
    """The system's options by name (ROLL_OPTIONS); what they stand for (ROLL_FOR)
    is then asked for one way or the other, not required as such."""
    for flags, keywords in reversed(words.ROLL_OPTIONS):
        command = click.option(*flags, **keywords)(command)
    return command


for _system in cli_odds.COMMANDS:
    if _system.name not in registry.BY_NAME:
        continue    # the effect dice: a table's aid, not a roll the box plays
    _words = by_name(_system.name)
    _made = _system.options(_command(_system))
    if _words is not None:
        _made = _by_name_options(_made, _words)
    _roll = port_option(_character_option(json_option()(_made)))
    if _system.trial_options is not None:
        _roll = _system.trial_options(_roll)
    if _words is not None:
        _main = _words.ROLL_OPTIONS[0][0][0]
        for _param in getattr(_roll, "__click_params__", []):
            if _param.name in _words.ROLL_FOR:
                _param.required = False
                _param.help = (_param.help or "") + " [required, or %s NAME with --character]" % _main
    roll_group.command(_system.name, help=_system.help.split(":")[0]
                       + ": one roll on the box, with its entropy (options as `fatebox odds`).")(_roll)
