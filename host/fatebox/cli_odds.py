# `fatebox odds SYSTEM` and `fatebox simulate SYSTEM`: one table of systems,
# each with its options; shared_rules checks every option and counts every odds.
import json

import click

from shared_rules import approaches as AP
from shared_rules import colourtokens as CT
from shared_rules import effects as E
from shared_rules import lightdark as LD
from shared_rules import lightdark_effects as LE
from shared_rules import names as N
from shared_rules.groups import MAX_HELPERS, MAX_PARTICIPANTS
from shared_rules.newbeginning import MAX_DANGER, SUPPLY_BLACK, SUPPLY_WHITE, RulesError
from fatebox import odds, odds_dice, show, simulate
from fatebox.errors import FateboxError, USAGE

# New Beginning: RulesError.field -> the option a person typed, and what it accepts.
NB_ERRORS = {
    "white": ("--white", "0..%d whites in all (traits, helpers, placed token, lessons), the white supply" % SUPPLY_WHITE),
    "black": ("--black", "1..%d blacks in all (difficulty, group, scars), the black supply" % SUPPLY_BLACK),
    "difficulty": ("--black", "1..%d, the difficulty" % SUPPLY_BLACK),
    "danger": ("--danger", "1..%d, or leave it out for no danger" % MAX_DANGER),
    "statuses": ("--status", None),   # the message lists the statuses or says what is wrong
    "helpers": ("--helpers", "0..%d, one white each" % MAX_HELPERS),
    "group": ("--group", "2..%d participants, leader included, within the black supply" % MAX_PARTICIPANTS),
    "draw": ("--draw", None),         # the range depends on the bag: filled in below
    E.LESSON: ("--lesson", None),     # the message lists the lessons
    E.SCAR: ("--scar", None),
    "effects": ("--lesson/--scar/--effect", None),
}


def _usage(exc, errors):
    """A RulesError as `--option: what is wrong (allowed: ...)`, exit 2."""
    field = exc.field
    if field.startswith("--effect"):
        option, allowed = "--effect", "a JSON object like {\"do\": \"add-white\", \"count\": 1}; do is one of " \
            + ", ".join(sorted(E.EFFECTS))
        return FateboxError("%s: %s (allowed: %s)" % (option, exc.message, allowed), USAGE)
    option, allowed = errors.get(field, ("--" + field, None))
    text = "%s: %s" % (option, exc.message)
    return FateboxError(text + (" (allowed: %s)" % allowed if allowed else ""), USAGE)


def _checked(build, errors, **options):
    try:
        return build(**options)
    except RulesError as exc:
        raise _usage(exc, errors)


def _options(*decorators):
    def apply(command):
        for decorator in reversed(decorators):
            command = decorator(command)
        return command
    return apply


def _json_option():
    return click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")


# -- the systems ----------------------------------------------------------------

def _approaches(dice, easy, hard):
    if easy and hard:
        raise FateboxError("--easy, --hard: give one of them, or neither for a normal approach", USAGE)
    difficulty = AP.EASY if easy else AP.HARD if hard else AP.NORMAL
    return _checked(odds_dice.Approaches, odds_dice.Approaches.errors, dice=dice, difficulty=difficulty)


APPROACHES_OPTIONS = _options(
    click.option("--dice", "-n", type=int, required=True,
                 help="d12s rolled, keep the highest: the approach rating (%d..%d)." % (AP.MIN_DICE, AP.MAX_DICE)),
    click.option("--easy", is_flag=True, help="Only a 1 is a major failure."),
    click.option("--hard", is_flag=True, help="Only a 12 is a full success."))


def _light_dark(light, dark, ego):
    return _checked(odds_dice.LightDark, odds_dice.LightDark.errors, light=light, dark=dark, ego=ego)


LIGHT_DARK_OPTIONS = _options(
    click.option("--light", "-l", type=int, required=True, help="Light dice (0..%d)." % LD.MAX_LIGHT),
    click.option("--dark", "-d", type=int, default=0, show_default=True, help="Dark dice risked (0..%d)." % LD.MAX_DARK),
    click.option("--ego", "-e", type=int, default=None,
                 help="Ego held before the roll (0 or more): adds the odds of the Ego lost."))


def _axiom(favorable, unfavorable, modifier):
    return _checked(odds_dice.Axiom, odds_dice.Axiom.errors, favorable=favorable, unfavorable=unfavorable,
                    modifier=modifier)


AXIOM_OPTIONS = _options(
    click.option("--favorable", "-f", type=int, default=0, show_default=True,
                 help="Favorable circumstances (0 or more; 2 count at most, they cancel unfavorable ones)."),
    click.option("--unfavorable", "-u", type=int, default=0, show_default=True,
                 help="Unfavorable circumstances (0 or more; 2 count at most)."),
    click.option("--modifier", "-m", type=int, default=0, show_default=True,
                 help="Attribute + items + difficulty (easy +1, hard -2, very hard -4), -10..10."))


def _effect(dice, half, bonus, depth):
    return _checked(odds_dice.EffectDice, odds_dice.EffectDice.errors, dice=dice, half=half, bonus=bonus, depth=depth)


EFFECT_OPTIONS = _options(
    click.option("--dice", "-n", type=int, required=True,
                 help="Effect dice Nd: roll N d6, keep the highest, sixes explode (1..%d)." % LE.MAX_EFFECT_DICE),
    click.option("--half", is_flag=True, help="1d/2: halve the roll, rounding up (with --dice 1 only)."),
    click.option("--bonus", "-b", type=int, default=0, show_default=True, help="Added to the total (0..%d)." % LE.MAX_BONUS),
    click.option("--depth", type=int, default=LE.DEFAULT_DEPTH, show_default=True,
                 help="Extra explosion dice counted exactly (0..%d); the rest is the tail." % LE.MAX_DEPTH))


def _colour_tokens(keywords, colour, bag, gold):
    if bag is not None:
        try:
            bag = odds_dice.parse_bag(bag)
        except ValueError as exc:
            raise FateboxError("--bag: %s (allowed: %s)" % (exc, odds_dice.ColourTokens.errors["bag"][1]), USAGE)
    return _checked(odds_dice.ColourTokens, odds_dice.ColourTokens.errors, keywords=keywords, colour=colour,
                    bag=bag, gold=gold)


COLOUR_TOKENS_OPTIONS = _options(
    click.option("--keywords", "-k", type=int, default=0, show_default=True,
                 help="Core keywords: 3 + K tokens are drawn, the best 3 kept (0..%d)." % CT.MAX_KEYWORDS),
    click.option("--colour", "--color", "-c", "colour", required=True, metavar="|".join(CT.ACTION_COLOURS),
                 help="The action's colour: black and this colour are positive, white negative."),
    click.option("--bag", default=None, metavar="COLOUR=N,...",
                 help="The campaign bag (default black=4,green=4,blue=4,red=4,white=4; "
                      "colours left out hold 0; each 0..%d)." % CT.MAX_PER_COLOUR),
    click.option("--gold", "-g", type=int, default=0, show_default=True,
                 help="Gold tokens spent on redraws while fewer than 3 positives are held."))


def _new_beginning(white, black, danger, statuses, helpers, group, placed, lessons, scars, effects):
    if white is None:
        if group is None:
            raise FateboxError("--white: say how many whites the traits put in (allowed: 0..%d)" % SUPPLY_WHITE, USAGE)
        white = 0    # a group trial puts 1 white per participant
    parsed = []
    for text in effects:
        try:
            parsed.append(json.loads(text))
        except ValueError as exc:
            raise FateboxError("--effect: %r is not JSON (%s); write it like {\"do\": \"add-white\", \"count\": 1}"
                               % (text, exc), USAGE)
    return _checked(odds.NewBeginning, NB_ERRORS, white=white, black=black, danger=danger, statuses=statuses,
                    helpers=helpers, group=group, placed=placed, lessons=lessons, scars=scars, effects=parsed)


NEW_BEGINNING_OPTIONS = _options(
    click.option("--white", "-w", type=int, default=None,
                 help="Whites from the traits put into play (0..%d; with --group leave it out)." % SUPPLY_WHITE),
    click.option("--black", "-b", type=int, required=True, help="Black tokens: the difficulty (1..%d)." % SUPPLY_BLACK),
    click.option("--danger", "-d", type=int, default=None, help="Exit from the scene at this many blacks (1..%d)." % MAX_DANGER),
    click.option("--status", "-s", "statuses", multiple=True, metavar="STATUS",
                 help="A thematic status; repeat for several: " + ", ".join(N.STATUSES) + "."),
    click.option("--helpers", type=int, default=0, show_default=True,
                 help="Others lending a hand, one white each (0..%d)." % MAX_HELPERS),
    click.option("--group", type=int, default=None,
                 help="A group trial of P participants: P whites, difficulty + P - 1 blacks (2..%d)." % MAX_PARTICIPANTS),
    click.option("--placed", is_flag=True, help="Use a token placed on a trait: one more white."),
    click.option("--lesson", "lessons", multiple=True, metavar="NAME",
                 help="A listed lesson; repeat for several: " + ", ".join(odds.listed_names(E.LESSON)) + "."),
    click.option("--scar", "scars", multiple=True, metavar="NAME",
                 help="A listed scar; repeat for several: " + ", ".join(odds.listed_names(E.SCAR)) + "."),
    click.option("--effect", "effects", multiple=True, metavar="JSON",
                 help="A table's own lesson or scar effect, e.g. '{\"do\": \"draw-another\", \"when\": \"failed\"}'."))


# name -> (build(**options) -> set-up, options, help)
SYSTEMS = {
    N.NEW_BEGINNING: (_new_beginning, NEW_BEGINNING_OPTIONS,
                      "New Beginning: the chance of each outcome (and of an exit) per draw size."),
    AP.APPROACHES: (_approaches, APPROACHES_OPTIONS,
                    "Approaches: N d12, keep the highest; the chance of each band."),
    LD.LIGHT_DARK: (_light_dark, LIGHT_DARK_OPTIONS,
                    "Light and Dark: light and dark d6, the highest decides; the Ego a roll costs."),
    "axiom": (_axiom, AXIOM_OPTIONS,
              "Axiom: 2d6 and up to 2 extra, keep two; the chance of each of the five results."),
    "effect": (_effect, EFFECT_OPTIONS,
               "Light and Dark effect dice: exploding sixes; the chance of each total, and the tail past the depth."),
    CT.COLOUR_TOKENS: (_colour_tokens, COLOUR_TOKENS_OPTIONS,
                       "Colour tokens: how many positive tokens the best 3 of the 3 + K drawn hold."),
}


@click.group("odds")
def odds_group():
    """Exact odds, every system; no board needed."""


@click.group("simulate")
def simulate_group():
    """Play many trials with the box's own sampler and count them beside the exact odds."""


def _odds_command(name, build):
    def command(as_json, **options):
        chances = build(**options)
        if name == N.NEW_BEGINNING:
            if as_json:
                click.echo(json.dumps(odds.report(chances)))
            else:
                show.console().print(odds.table(chances))
            return
        if as_json:
            click.echo(json.dumps(chances.report()))
        else:
            show.console().print(odds_dice.table(chances))
    return command


def _simulate_command(name, build):
    def command(as_json, trials, seed, k=None, **options):
        if trials < 1 or trials > simulate.MAX_TRIALS:
            raise FateboxError("--trials: %d trials cannot be played (allowed: 1..%d)" % (trials, simulate.MAX_TRIALS), USAGE)
        chances = build(**options)
        if name == N.NEW_BEGINNING:
            chances = _new_beginning_draw(chances, k)
        data = simulate.report(chances, trials, seed)
        if as_json:
            click.echo(json.dumps(data))
            return
        out = show.console()
        for table in simulate.tables(chances, data):
            out.print(table)
    return command


def _new_beginning_draw(nb, k):
    sizes = nb.draw_sizes()
    allowed = "%d..%d" % (sizes[0], sizes[-1]) if len(sizes) > 1 else "exactly %d here" % sizes[0]
    if k is None:
        if len(sizes) > 1:
            raise FateboxError("--draw: say how many tokens to draw (allowed: %s)" % allowed, USAGE)
        k = sizes[0]   # adrenaline or a forced draw: all tokens but one
    try:
        return odds.NewBeginningDraw(nb, k)
    except RulesError as exc:
        raise FateboxError("--draw: %s (allowed: %s)" % (exc.message, allowed), USAGE)


SIMULATE_OPTIONS = _options(
    click.option("--trials", "-t", type=int, required=True, help="Trials to play (1..%d)." % simulate.MAX_TRIALS),
    click.option("--seed", default=None,
                 help="Replay a run: SHA-256 counter bytes from this seed instead of the OS's entropy."))

DRAW_OPTION = click.option("--draw", "-k", "k", type=int, default=None,
                           help="Tokens to draw at once (1..tokens in the bag; forced under adrenaline).")

for _name, (_build, _system_options, _help) in SYSTEMS.items():
    odds_group.command(_name, help=_help)(_json_option()(_system_options(_odds_command(_name, _build))))
    _sim = _json_option()(SIMULATE_OPTIONS(_system_options(_simulate_command(_name, _build))))
    if _name == N.NEW_BEGINNING:
        _sim = DRAW_OPTION(_sim)
    simulate_group.command(_name, help=_help.split(":")[0] + ": play trials and count the results.")(_sim)
