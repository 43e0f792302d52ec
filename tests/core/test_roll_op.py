# The `roll` op (docs/protocol.md): one roll of any dice or colour system on the
# host's word, with the box's sampler, recorded on a character of that system.
from shared_rules import names as N
from shared_rules import new_beginning as NB
from shared_rules import registry as R
from shared_rules import approaches as A
from shared_rules.randomness import Sampler, SeededBytes
from fatebox_fw.protocol import roll as host_roll
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, ask
from tests.core.sheets import ash, hero, lux, rue, sheet, vex


def box():
    board = FakeBoard(entropy=SeededBytes("roll-op"))
    gadget = Box(board)
    board.replies()
    for i, data in enumerate((ash(), lux(), vex(), rue())):
        assert ask(gadget, board, {"id": 100 + i, "op": "put", "character": data})["ok"]
    return gadget, board


def refused(reply, code):
    assert reply["ok"] is False, reply
    assert reply["error"]["code"] == code, reply
    return reply["error"]["message"]


def test_an_approaches_roll_is_played_and_recorded_on_the_character():
    gadget, board = box()
    reply = ask(gadget, board, {"id": 1, "op": "roll", "system": "approaches",
                                "setup": {"dice": 3, "difficulty": "hard"}, "name": "Ash"})
    assert reply["ok"] is True, reply
    result = reply["result"]
    assert len(result["faces"]) == 3 and result["kept"] == max(result["faces"])
    assert result["outcome"] in A.OUTCOMES and result["difficulty"] == "hard"
    kept = gadget.store.characters["Ash"]
    assert kept.trials == 1
    assert kept.history[-1]["outcome"] == result["outcome"] and kept.history[-1]["faces"] == result["faces"]


def test_without_a_name_nothing_is_recorded():
    gadget, board = box()
    reply = ask(gadget, board, {"id": 1, "op": "roll", "system": "axiom", "setup": {"favorable": 2}})
    assert reply["ok"] is True and len(reply["result"]["dice"]) == 4
    assert [gadget.store.characters[n].trials for n in ("Ash", "Lux", "Vex", "Rue")] == [0, 0, 0, 0]


def test_light_and_dark_risks_the_character_s_own_ego():
    gadget, board = box()
    before = gadget.store.characters["Lux"].sheet.ego
    reply = ask(gadget, board, {"id": 1, "op": "roll", "system": "light-dark",
                                "setup": {"light": 1, "dark": 3, "ego": 0}, "name": "Lux"})
    assert reply["ok"] is True, reply
    result = reply["result"]
    # "For each Dark Dice that is equal or lower than your current Ego, decrease your Ego in one."
    assert result["ego-loss"] == len([d for d in result["dark"] if d <= before])
    assert gadget.store.characters["Lux"].sheet.ego == before - result["ego-loss"]


def test_colour_tokens_spends_the_gold_it_holds_and_no_more():
    gadget, board = box()
    reply = ask(gadget, board, {"id": 1, "op": "roll", "system": "colour-tokens",
                                "setup": {"keywords": 1, "colour": "red", "gold": 2}, "name": "Rue"})
    assert reply["ok"] is True, reply
    spent = reply["result"]["gold"]
    assert 0 <= spent <= 2 and len(reply["result"]["kept"]) == 3
    assert gadget.store.characters["Rue"].sheet.gold == 2 - spent
    too_much = ask(gadget, board, {"id": 2, "op": "roll", "system": "colour-tokens",
                                   "setup": {"keywords": 0, "colour": "red", "gold": 3}, "name": "Rue"})
    assert "gold" in refused(too_much, N.E_INVALID)


def test_a_character_of_another_system_is_refused_and_nothing_changes():
    gadget, board = box()
    message = refused(ask(gadget, board, {"id": 1, "op": "roll", "system": "axiom", "setup": {},
                                          "name": "Ash"}), N.E_INVALID)
    assert "Ash" in message and "Approaches" in message and "Axiom" in message
    assert gadget.store.characters["Ash"].trials == 0
    assert "Nobody" in refused(ask(gadget, board, {"id": 2, "op": "roll", "system": "axiom", "setup": {},
                                                   "name": "Nobody"}), N.E_NOT_FOUND)


def test_a_set_up_the_op_does_not_take_or_the_rules_refuse_is_refused():
    gadget, board = box()
    assert "white" in refused(ask(gadget, board, {"id": 1, "op": "roll", "system": "new-beginning",
                                                  "setup": {}}), N.E_REQUEST)
    assert "system" in refused(ask(gadget, board, {"id": 6, "op": "roll", "system": "chess", "setup": {}}),
                               N.E_REQUEST)
    assert "dice" in refused(ask(gadget, board, {"id": 2, "op": "roll", "system": "approaches",
                                                 "setup": {"dice": "3"}}), N.E_REQUEST)
    assert "setup" in refused(ask(gadget, board, {"id": 3, "op": "roll", "system": "approaches",
                                                  "setup": [3]}), N.E_REQUEST)
    assert "dice" in refused(ask(gadget, board, {"id": 4, "op": "roll", "system": "approaches",
                                                 "setup": {"dice": 9}, "name": "Ash"}), N.E_INVALID)
    assert gadget.store.characters["Ash"].trials == 0
    assert ask(gadget, board, {"id": 5, "op": "hello", "versions": [N.PROTOCOL_VERSION]})["ok"]


def test_a_value_the_rules_refuse_is_named_by_its_set_up_path():
    gadget, board = box()
    message = refused(ask(gadget, board, {"id": 1, "op": "roll", "system": "forged-in-the-dark",
                                          "setup": {"dice": 99}}), N.E_INVALID)
    assert message.startswith("setup.dice: "), message
    message = refused(ask(gadget, board, {"id": 2, "op": "roll", "system": "light-dark",
                                          "setup": {"light": 1, "dark": 9}}), N.E_INVALID)
    assert message.startswith("setup.dark: "), message


def test_the_op_rolls_as_the_rules_say_over_many_rolls():
    # host_roll plays shared_rules' own roll: its shares match the exact odds.
    sampler = Sampler(SeededBytes("approaches"))
    odds = A.approaches_odds(2, A.NORMAL)
    counts = {}
    rolls = 1200
    for _ in range(rolls):
        result, _ = host_roll.roll(R.APPROACHES.name, {"dice": 2}, sampler)
        counts[result["outcome"]] = counts.get(result["outcome"], 0) + 1
    for name in odds.names:
        expected = rolls * odds.count(name) / odds.denominator
        assert abs(counts.get(name, 0) - expected) < 5 * (expected ** 0.5) + 5, (name, counts, expected)


def test_recording_keeps_the_history_shape_the_box_loads():
    from shared_rules import roster
    character = hero(vex())
    result, entry = host_roll.roll(R.AXIOM.name, {"favorable": 0, "unfavorable": 1, "modifier": 1},
                                   Sampler(SeededBytes("vex")), character)
    again = roster.from_dict(character.to_dict())
    assert again.trials == 1 and again.history[-1] == entry and entry["outcome"] == result["outcome"]


def test_a_forged_in_the_dark_resistance_roll_costs_its_stress():
    from tests.core.samples import forged_in_the_dark as sample
    character = hero(sample.sample())
    before = character.sheet.stress
    result, entry = host_roll.roll(R.FORGED_IN_THE_DARK.name, {"dice": 2, "resist": True},
                                   Sampler(SeededBytes("nyx")), character)
    assert entry["stress"] == result["cost"] and character.trials == 1
    assert character.sheet.stress in (before + result["cost"], 0)    # 0: past 9 a trauma clears it


def test_a_recorded_roll_is_numbered_into_the_journal_with_its_set_up():
    gadget, board = box()
    reply = ask(gadget, board, {"id": 1, "op": "roll", "system": "approaches",
                                "setup": {"dice": 2, "difficulty": "easy"}, "name": "Ash"})
    assert reply["ok"] is True, reply
    journal = ask(gadget, board, {"id": 2, "op": "journal", "after": 0})
    assert journal["ok"] is True, journal
    entries = [e for e in journal["results"] if e["name"] == "Ash"]
    assert len(entries) == 1
    assert entries[0]["setup"] == {"dice": 2, "difficulty": "easy"}
    assert entries[0]["result"]["faces"] == reply["result"]["faces"]
    # Without a name it is on no character, but journaled with nobody's name.
    nobody = ask(gadget, board, {"id": 3, "op": "roll", "system": "approaches", "setup": {"dice": 1}})
    again = ask(gadget, board, {"id": 4, "op": "journal", "after": 0})
    assert len(again["results"]) == 2
    assert again["results"][1]["name"] is None and again["results"][1]["setup"] == {"dice": 1}
    assert again["results"][1]["result"]["faces"] == nobody["result"]["faces"]


def test_a_colour_tokens_roll_journals_the_bag_and_the_tokens_first_drawn():
    # `fatebox stats` judges Colour tokens on what chance alone decided: the core
    # draw before gold, from the character's bag.
    gadget, board = box()
    reply = ask(gadget, board, {"id": 1, "op": "roll", "system": "colour-tokens",
                                "setup": {"keywords": 1, "colour": "red", "gold": 2}, "name": "Rue"})
    result = reply["result"]
    assert len(result["drawn"]) == 4 and sorted(result["bag"]) == ["black", "blue", "green", "red", "white"]
    journal = ask(gadget, board, {"id": 2, "op": "journal", "after": 0})
    entry = [e for e in journal["results"] if e["name"] == "Rue"][-1]
    assert entry["setup"]["drawn"] == result["drawn"] and entry["setup"]["bag"] == result["bag"]
    assert entry["setup"]["colour"] == "red" and entry["setup"]["gold"] == 2


def test_new_beginning_rolls_as_its_trial_does():
    # The `roll` op on the same track for every system: New Beginning's is its trial
    # (the `trial` op stays, an alias), the same reply and the same record.
    gadget, board = box()
    assert ask(gadget, board, {"id": 99, "op": "put", "character": sheet()})["ok"]
    asked = {"white": 2, "black": 2, "draw": 2, "statuses": []}
    rolled = ask(gadget, board, {"id": 1, "op": "roll", "system": "new-beginning", "setup": asked, "name": "Mara"})
    assert rolled["ok"] is True, rolled
    trial = dict(asked, name="Mara")
    trial.update({"id": 2, "op": "trial"})
    drawn = ask(gadget, board, trial)
    assert sorted(rolled["result"]) == sorted(drawn["result"])
    assert rolled["result"]["outcome"] in NB.OUTCOMES and len(rolled["result"]["tokens"]) >= 2
    assert gadget.store.characters["Mara"].trials == 2
    other = ask(gadget, board, {"id": 3, "op": "roll", "system": "new-beginning", "setup": asked, "name": "Ash"})
    assert "Ash" in refused(other, N.E_INVALID)
