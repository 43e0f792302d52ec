# `fatebox stats` judges what the host's `roll` journals as it judges the buttons'
# results: through each system's object (shared_rules.game), its set-up's
# defaults filled in and Axiom's `modifier` read as the buttons' `total-modifier`.
from shared_rules import registry
from fatebox.odds import stats as S


def _setups(results):
    report = S.compare(results)
    return dict((s["system"], [r["setup"] for r in s["setups"]]) for s in report["systems"]), report["not-tested"]


def test_a_host_rolled_axiom_result_is_judged_on_its_modifier():
    told, untold = _setups([{"system": registry.AXIOM.name, "outcome": "success",
                             "setup": {"favorable": 1, "unfavorable": 0, "modifier": 2, "dice": 3,
                                       "kept": "highest"}}])
    assert untold == {}
    assert told[registry.AXIOM.name] == ["1 favorable, 0 unfavorable, modifier +2"]


def test_the_buttons_total_modifier_is_the_one_judged_when_both_are_kept():
    told, _ = _setups([{"system": registry.AXIOM.name, "outcome": "success",
                        "setup": {"favorable": 0, "unfavorable": 0, "modifier": 1, "total-modifier": -1}}])
    assert told[registry.AXIOM.name] == ["0 favorable, 0 unfavorable, modifier -1"]


def test_an_approaches_roll_without_a_difficulty_is_judged_as_normal():
    told, untold = _setups([{"system": registry.APPROACHES.name, "outcome": "full-success",
                             "setup": {"dice": 2}}])
    assert untold == {}
    assert told[registry.APPROACHES.name] == ["2d12 keep the highest, normal"]


def test_a_set_up_of_the_wrong_shape_is_not_tested_rather_than_guessed():
    told, untold = _setups([{"system": registry.AXIOM.name, "outcome": "success", "setup": {"modifier": "two"}},
                            {"system": registry.APPROACHES.name, "outcome": "full-success", "setup": {}}])
    assert told == {} and untold == {registry.AXIOM.name: 1, registry.APPROACHES.name: 1}
