# Every result in words a player reads once (issue 36): each system's typical
# roll played until every outcome has come, its reply and its journal entry said
# by the one function the host, the panels, serve's page and the box in a
# browser share (shared_rules.game.Game.words), and the sentence checked.
import re

import pytest

from shared_rules import registry
from shared_rules.randomness import Sampler, SeededBytes
from fatebox.systems import result_words, words_module

DICE = r"\d+(, \d+)*( and \d+)?"
# What each outcome of a typical roll says, whole (re.fullmatch).
SAID = {
    "new-beginning": {
        "total-success": r"drew \d white: total success",
        "partial-success": r"drew \d white, \d black: partial success",
        "partial-failure": r"drew \d white, \d black: partial failure",
        "total-failure": r"drew \d black: total failure",
    },
    "approaches": {     # a hard approach: only a 12 is a full success
        "full-success": r"3d12: %s, kept 12: full success" % DICE,
        "mixed-success": r"3d12: %s, kept ([7-9]|1[01]): mixed success" % DICE,
        "minor-failure": r"3d12: %s, kept [4-6]: minor failure" % DICE,
        "major-failure": r"3d12: %s, kept [1-3]: major failure" % DICE,
    },
    "light-dark": {
        "success": r"light %s, dark \d: highest 6, success(; Ego -1(, now 2)?)?" % DICE,
        "complication": r"light %s, dark \d: highest [45], success with a complication(; Ego -1(, now 2)?)?" % DICE,
        "fail": r"light %s, dark \d: highest [1-3], fail(; Ego -1(, now 2)?)?" % DICE,
    },
    # The total shows the modifier it includes (the typical set-up's +2).
    "axiom": {
        "critical-success": r"3d6: %s, kept 6 and 6, total 12 \+ 2 = 14: critical success \(pair of 6s\)" % DICE,
        "success": r"3d6: %s, kept \d and \d, total \d+ \+ 2 = 1[0-4]: success" % DICE,
        "mixed": r"3d6: %s, kept \d and \d, total \d \+ 2 = [7-9]: success with a complication" % DICE,
        "failure": r"3d6: %s, kept \d and \d, total \d \+ 2 = [3-6]: failure" % DICE,
        "critical-failure": r"3d6: %s, kept 1 and 1, total 2 \+ 2 = 4: critical failure \(pair of 1s\)" % DICE,
    },
    # The action as a whole, then each kept token's meaning, its colour named once.
    "colour-tokens": {
        "black-success": r"green action(: drew [a-z, ]+)?: success, (no sacrifice|with a sacrifice); "
                         r"for success black, a step toward the task; for sacrifice \w+, [^;]+; for story \w+, "
                         r"the [^;]+ reserve[^;]*(; reserve [a-z, ]+)?(; 1 gold spent)?",
        "coloured-success": r"green action(: drew [a-z, ]+)?: success, (no sacrifice|with a sacrifice); "
                            r"for success green, a successful action: a benefit to the target, or a penalty of "
                            r"theirs removed; for sacrifice \w+, [^;]+; for story \w+, the [^;]+ reserve[^;]*"
                            r"(; reserve [a-z, ]+)?; 1 gold spent",
        "no-effect": r"green action(: drew [a-z, ]+)?: no success, (no sacrifice|and a sacrifice); "
                     r"for success (blue|red|white), no success; for sacrifice \w+, [^;]+; for story \w+, "
                     r"the [^;]+ reserve[^;]*(; reserve [a-z, ]+)?(; 1 gold spent)?",
    },
    "forged-in-the-dark": {
        "critical": r"2d6: 6 and 6, highest 6: critical",
        "success": r"2d6: ([1-5] and 6|6 and [1-5]), highest 6: full success",
        "partial": r"2d6: \d and \d, highest [45]: partial success",
        "bad": r"2d6: \d and \d, highest [1-3]: bad outcome",
    },
}
# A resistance roll reads as its cost, never as an outcome.
RESISTED = {
    "critical": r"2d6: 6 and 6, highest 6: the resistance clears 1 stress",
    "success": r"2d6: \d and \d, highest 6: the resistance costs no stress",
    "partial": r"2d6: \d and \d, highest ([45]): the resistance costs [12] stress",
    "bad": r"2d6: \d and \d, highest [1-3]: the resistance costs [345] stress",
}
NOUNS = ("die", "token", "point", "scar", "misfortune", "trial", "helper", "keyword", "circumstance", "trait",
         "roll", "draw", "result", "character", "skill")


def setups(system):
    """The typical set-ups of `system`: its words' example; New Beginning's worked check
    (RULINGS.md: a bag of 2 white, 3 black, draw 1 and draw 4) between them has every outcome."""
    if system == "new-beginning":
        return [{"white": 2, "black": 3, "draw": 1}, {"white": 2, "black": 3, "draw": 4}]
    return [words_module(system).SETUP_EXAMPLE]


def typical(system, setups):
    """{outcome: (reply's result, journal entry, set-up)}: the set-ups rolled until every outcome came."""
    rules = registry.rules(system)
    seen = {}
    for seed in range(5000):
        for setup in setups:
            result, entry = rules.roll(dict(setup), Sampler(SeededBytes("words %s %d" % (system, seed))))
            seen.setdefault(result["outcome"], (result, entry, setup))
        if len(seen) == len(rules.row.outcomes):
            break
    assert sorted(seen) == sorted(rules.row.outcomes), system
    return seen


def plural_slips(text):
    """Counts at odds with their noun: '1 trials', '2 die', '1 dice'."""
    slips = re.findall(r"\b1 (?:[a-z]+ )?(%s)s\b|\b1 (?:[a-z]+ )?dice\b" % "|".join(NOUNS), text)
    slips += re.findall(r"\b(?:[02-9]|\d\d+) (?:[a-z]+ )?(%s)\b|\b(?:[02-9]|\d\d+) (?:[a-z]+ )?die\b"
                        % "|".join(NOUNS), text)
    return slips


@pytest.mark.parametrize("system", [row.name for row in registry.ROWS])
def test_each_outcome_of_a_typical_roll_reads_as_one_sentence(system):
    for outcome, (result, entry, setup) in sorted(typical(system, setups(system)).items()):
        # What `roll` prints (the reply) and what `history`, the panels and serve's
        # page say (the journal entry, with its set-up): the same sentence's words.
        for said in (result_words(system, result, setup), result_words(system, entry, setup)):
            assert re.fullmatch(SAID[system][outcome], said), (system, outcome, said)
            assert not re.search(r"[{}\[\]_]|None|True|False", said), said
            assert outcome not in said or "-" not in outcome, said      # words, not the kebab-case name
            assert not plural_slips(said), said


def test_a_resistance_roll_reads_as_its_cost_never_as_an_outcome():
    for outcome, (result, entry, setup) in typical("forged-in-the-dark", [{"dice": 2, "resist": True}]).items():
        for said in (result_words("forged-in-the-dark", result, setup),
                     result_words("forged-in-the-dark", entry, setup)):
            assert re.fullmatch(RESISTED[outcome], said), (outcome, said)
    # As the box's buttons journal it: the attribute resisted with, the stress it cost.
    said = result_words("forged-in-the-dark", {"outcome": "partial", "dice": [4, 2], "resist": "prowess",
                                               "stress": 2, "trauma": False}, {"kind": "resistance", "dice": 2})
    assert said == "2d6: 4 and 2, highest 4: the resistance costs 2 stress (resisting with prowess)"


def test_colour_tokens_name_the_whole_action_and_never_echo_a_token_s_colour():
    said = result_words("colour-tokens", {"outcome": "coloured-success", "colour": "green",
                                          "hand": ["blue", "green", "white", "red"],
                                          "kept": ["green", "red", "white"], "reserve": ["black"], "gold": 0})
    assert said == ("green action: drew blue, green, white and red: success, with a sacrifice; "
                    "for success green, a successful action: a benefit to the target, or a penalty of theirs "
                    "removed; for sacrifice red, the active agent gains a penalty; "
                    "for story white, the GM places the reserve; reserve black")
    # As the journal keeps it: the core draw is its set-up's, before any gold.
    said = result_words("colour-tokens", {"outcome": "black-success", "colour": "red", "kept": ["black", "red", "blue"],
                                          "reserve": [], "gold": 1, "earned": 0},
                        {"colour": "red", "keywords": 0, "drawn": ["black", "white", "blue"], "bag": None})
    assert said.startswith("red action: drew black, white and blue: success, no sacrifice; ") and \
        said.endswith("; 1 gold spent"), said
    for colour in ("green", "blue", "red", "black", "white"):
        assert not re.search(r"\ba %s (success|sacrifice)\b|%s: a %s" % (colour, colour, colour), said)


def test_the_axiom_total_shows_the_modifier_it_includes():
    said = result_words("axiom", {"outcome": "success", "dice": [5, 2, 6], "kept": [5, 6], "total": 13})
    assert said == "3d6: 5, 2 and 6, kept 5 and 6, total 11 + 2 = 13: success"
    said = result_words("axiom", {"outcome": "failure", "dice": [4, 1, 6], "total": 3},
                        {"favorable": 0, "unfavorable": 1, "difficulty": "hard"})
    assert said == "3d6: 4, 1 and 6, kept 1 and 4, total 5 - 2 = 3: failure"
    # As the host's roll journals it: a circumstance left out is none.
    said = result_words("axiom", {"outcome": "success", "dice": [3, 6, 4], "total": 12}, {"favorable": 1, "modifier": 2})
    assert said == "3d6: 3, 6 and 4, kept 4 and 6, total 10 + 2 = 12: success"
    assert result_words("axiom", {"outcome": "mixed", "dice": [3, 5], "total": 8}) == \
        "2d6: 3 and 5, total 8: success with a complication"


def test_plural_forms_follow_the_count():
    from fatebox.cli import show
    from shared_rules import roster
    from tests.core.sheets import character
    assert plural_slips("1 trials, 2 die, 1 dark dice, 3 misfortune") and not plural_slips("1 trial, 2 dice")
    mara = character()
    mara.record({"outcome": "total-success", "tokens": "w"})
    said = show.loaded_words(mara)
    assert said.endswith("1 trial") and not plural_slips(said), said
    rue = roster.from_dict({"name": "Rue", "system": "colour-tokens", "gold": 1, "traits": 1})
    rue.trials = 1
    assert not plural_slips(show.loaded_words(rue)), show.loaded_words(rue)
