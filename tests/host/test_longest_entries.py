# The registry row's `longest` is the room the box leaves for each history entry
# a `get` reply carries (roster.reply_size): every entry a system's object writes,
# by the buttons or the `roll` op, for the extreme set-ups, must fit it, and hold
# only keys it has (issue 22: `longest` is written beside the object, by hand).
import pytest

from shared_rules import registry, wire
from shared_rules import approaches as AP
from shared_rules import axiom as AX
from shared_rules import colour_tokens as CT
from shared_rules import forged_in_the_dark as FD
from shared_rules import light_dark as LD
from shared_rules import new_beginning as NB
from shared_rules.axiom import points as AXP
from shared_rules.colour_tokens import action as CTA
from shared_rules.colour_tokens import character as CTC
from shared_rules.forged_in_the_dark import character as FDC
from shared_rules.forged_in_the_dark import clock as FDK
from shared_rules.new_beginning import crucial as CR
from shared_rules.randomness import Sampler, SeededBytes
from fatebox_fw.play import colour_tokens as play_colour


class Top(Sampler):
    """Every die its highest face, every draw the last token."""

    def below(self, n):
        return n - 1


class Bottom(Sampler):
    def below(self, n):
        return 0


SAMPLERS = (Top(None), Bottom(None), Sampler(SeededBytes("longest")))


def _longest_text(values):
    return max(values, key=len)


def approaches():
    rules = registry.rules(AP.APPROACHES)
    for sampler in SAMPLERS:
        for difficulty in AP.DIFFICULTIES:
            roll = AP.roll_approach(AP.MAX_DICE, difficulty, sampler)
            roll.attribute = _longest_text(AP.ATTRIBUTES)     # the buttons roll an attribute
            yield rules.entry(roll)


def axiom():
    rules = registry.rules(AX.AXIOM)
    from shared_rules.axiom import roll as AR
    for sampler in SAMPLERS:
        for modifier in (AX.MIN_MODIFIER, AX.MAX_MODIFIER):
            for favorable, unfavorable in ((AR.MAX_EXTRA_DICE, 0), (0, AR.MAX_EXTRA_DICE)):
                entry = rules.entry(AR.roll_action(sampler, favorable, unfavorable, modifier))
                yield dict(entry)
                # The buttons: a re-roll for every point a character can hold, the most
                # strain, a point taken, and the Scar roll's longer word.
                entry.update({"rerolls": AXP.MAX_POINTS, "strain": AX.MAX_STRAIN_AT_ONCE, "point": True,
                              "scar": _longest_text(AX.SCAR_OUTCOMES)})
                yield entry


def light_dark():
    rules = registry.rules(LD.LIGHT_DARK)
    for sampler in SAMPLERS:
        # Recorded on a character only, whose Ego is known: the Ego lost is a number.
        for ego in (0, LD.MAX_DARK):
            roll = LD.roll_chances(LD.MAX_LIGHT, LD.MAX_DARK, sampler, ego)
            entry = rules.entry(roll)
            yield dict(entry)
            entry["damage"] = 99      # HP lost on the result screen: a sheet's hp is 0..99
            yield entry


def colour_tokens():
    rules = registry.rules(CT.COLOUR_TOKENS)
    bag = dict((c, CT.MAX_PER_COLOUR) for c in CT.BAG_COLOURS)
    for sampler in SAMPLERS:
        for colour in CT.ACTION_COLOURS:
            action = CTA.Action(colour, sampler, CT.MAX_KEYWORDS, bag, CTC.MAX_GOLD)
            action.draw_core()
            action.spend_gold()
            action.keep(0, 1, 2)
            yield rules.entry(action, CTC.MAX_GOLD, play_colour.MAX_EARNED)


def forged_in_the_dark():
    rules = registry.rules(FD.FORGED_IN_THE_DARK)
    from tests.core.samples import sample
    from shared_rules import roster
    for sampler in SAMPLERS:
        for dice in (0, FD.MAX_DICE):
            for resist in (False, True):
                hero = roster.from_dict(sample(FD.FORGED_IN_THE_DARK))
                roll = FD.roll(dice, sampler)
                name = _longest_text(FD.ATTRIBUTES if resist else FD.ACTIONS)
                entry = rules.entry(roll, hero, resist, name, _longest_text(FD.BOOSTS), True)
                # The result screen: harm marked (level 4 is fatal), a clock's segments filled.
                entry.update({"harm": FDC.FATAL, "clock": FDC.MAX_CLOCKS - 1, "ticks": max(FDK.SIZES)})
                yield entry


def new_beginning():
    rules = registry.rules(NB.ROW.name)
    rewards = (CR.NEW_TRAIT, CR.IMPROVE_TRAIT, CR.LESSON, CR.SCAR)

    class Drawn:
        # A draw of the whole box's supply but one colour's last token (the bag holds
        # at most 12, 11 of a colour), leaving the scene.
        outcome = NB.PARTIAL_FAILURE
        tokens = "w" * NB.BOX_SUPPLY
        exit = True

    entry = rules.entry(Drawn(), NB.BOX_SUPPLY - 1, NB.BOX_SUPPLY - 1)
    entry["reward"] = _longest_text(rewards)
    yield entry


ENTRIES = {AP.APPROACHES: approaches, AX.AXIOM: axiom, LD.LIGHT_DARK: light_dark, CT.COLOUR_TOKENS: colour_tokens,
           FD.FORGED_IN_THE_DARK: forged_in_the_dark, NB.ROW.name: new_beginning}


def test_every_system_has_its_extreme_entries_here():
    assert set(ENTRIES) == set(registry.NAMES)


@pytest.mark.parametrize("system", registry.NAMES)
def test_every_entry_for_the_extreme_set_ups_fits_the_rows_longest(system):
    longest = registry.row(system).longest
    room = wire.payload_size(longest)
    entries = list(ENTRIES[system]())
    assert entries
    for entry in entries:
        assert set(entry) <= set(longest), (system, sorted(set(entry) - set(longest)))
        assert wire.payload_size(entry) <= room, (system, entry, wire.payload_size(entry), room)


@pytest.mark.parametrize("system", [n for n in registry.NAMES if n != registry.DEFAULT])
def test_every_roll_op_entry_fits_the_rows_longest(system):
    # The `roll` op's entries, through the object alone, with its sample character.
    from tests.core.samples import sample
    from shared_rules import roster
    rules = registry.rules(system)
    longest = registry.row(system).longest
    for sampler in SAMPLERS:
        for setup in SETUPS[system]:
            hero = roster.from_dict(sample(system))
            try:
                _, entry = rules.roll(setup, sampler, hero)
            except Exception as exc:    # a set-up the character cannot pay for
                assert type(exc).__name__ == "RulesError", exc
                continue
            assert set(entry) <= set(longest)
            assert wire.payload_size(entry) <= wire.payload_size(longest), (system, entry)


SETUPS = {
    AP.APPROACHES: [{"dice": AP.MAX_DICE, "difficulty": d} for d in AP.DIFFICULTIES],
    AX.AXIOM: [{"favorable": 2, "modifier": AX.MIN_MODIFIER}, {"unfavorable": 2, "modifier": AX.MAX_MODIFIER}],
    LD.LIGHT_DARK: [{"light": LD.MAX_LIGHT, "dark": LD.MAX_DARK}],
    CT.COLOUR_TOKENS: [{"colour": c, "keywords": CT.MAX_KEYWORDS} for c in CT.ACTION_COLOURS],
    FD.FORGED_IN_THE_DARK: [{"dice": d, "resist": r} for d in (0, FD.MAX_DICE) for r in (False, True)],
}
