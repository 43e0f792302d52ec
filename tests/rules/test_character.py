# The character model: a plain-dict round trip and validation that says
# which field is wrong and what it expects. Runs on CPython and MicroPython.
from shared_rules import roster
from shared_rules.new_beginning.character import Character
from shared_rules.errors import SheetError
from shared_rules.new_beginning import Trial
from shared_rules.randomness import Sampler, SeededBytes
from tests.helpers import raises


def sheet(**changes):
    data = {
        "name": "Mara",
        "system": "new-beginning",
        "archetype": {"name": "Smuggler"},
        "qualities": [{"name": "Agile"}, {"name": "Persuasive", "level": 2}, "Stubborn"],
        "skills": [{"name": "Climber", "placed": True}, {"name": "Lockpicking"},
                   {"name": "Sailing"}, {"name": "Haggling"}],
        "misfortunes": ["The bartender hates me"],
    }
    data.update(changes)
    return data


def test_round_trip_keeps_everything():
    first = roster.from_dict(sheet())
    again = roster.from_dict(first.to_dict())
    assert again.to_dict() == first.to_dict()
    assert again.sheet.qualities[1].level == 2 and again.sheet.skills[0].placed
    assert again.sheet.qualities[2].name == "Stubborn"


def test_a_kept_sheet_is_made_again_without_the_check_as_it_was():
    # The box keeps a checked sheet as its to_dict's text and makes it again
    # with from_checked: the same sheet, lessons, placed blacks and rewards too.
    data = sheet(traits=[{"name": "Sharpshooter", "level": 3, "placed-black": True}],
                 lessons=[{"name": "Tough", "kind": "scar", "effects": [{"do": "place-black"}]}],
                 rewards=[{"reward": "lesson", "outcome": "total-success"}])
    kept = roster.from_dict(data).sheet.to_dict()
    made = Character.from_checked(kept)
    assert made.to_dict() == kept == Character.from_dict(kept).to_dict()
    assert made.traits[0].placed_black and made.lessons[0].name == "Tough" and made.rewards == kept["rewards"]
    assert Character.from_checked(roster.from_dict(sheet()).sheet.to_dict()).to_dict() == \
        roster.from_dict(sheet()).sheet.to_dict()


def test_eight_initial_traits():
    assert len(roster.from_dict(sheet()).sheet.all_traits()) == 8


def test_missing_name_names_the_field():
    data = sheet()
    del data["name"]
    err = raises(SheetError, roster.from_dict, data)
    assert err.field == "name" and "missing" in err.message


def test_the_sheet_leaves_name_system_trials_and_history_to_the_roster():
    for key in Character.HERO:
        data = sheet()
        data.pop("name")
        data.pop("system")
        data[key] = data.get(key, 0)
        assert raises(SheetError, Character.from_dict, data).field == key


def test_ill_typed_level_names_the_trait():
    err = raises(SheetError, roster.from_dict, sheet(skills=[{"name": "A"}, {"name": "B", "level": "two"}, {"name": "C"}, {"name": "D"}]))
    assert err.field == "skills[1].level" and "whole number" in err.message


def test_wrong_number_of_qualities():
    err = raises(SheetError, roster.from_dict, sheet(qualities=[{"name": "A"}]))
    assert err.field == "qualities" and "exactly 3" in err.message


def test_placed_must_be_a_boolean():
    err = raises(SheetError, roster.from_dict, sheet(archetype={"name": "X", "placed": 1}))
    assert err.field == "archetype.placed"


def test_unknown_field_is_refused():
    assert raises(SheetError, roster.from_dict, sheet(colour="red")).field == "colour"


def test_duplicate_trait_names_are_refused():
    assert raises(SheetError, roster.from_dict, sheet(archetype={"name": "Agile"})).field == "traits"


def test_recording_a_trial_counts_it_and_keeps_history():
    hero = roster.from_dict(sheet())
    trial = Trial(2, 3)
    sampler = Sampler(SeededBytes(2))
    for _ in range(12):
        hero.record(trial.draw(2, sampler).entry())
    assert hero.trials == 12 and len(hero.history) == 10
    assert roster.from_dict(hero.to_dict()).history == hero.history


def test_placed_tokens_are_counted():
    hero = roster.from_dict(sheet())
    assert hero.sheet.placed_count() == 1 and hero.summary()["placed"] == 1
