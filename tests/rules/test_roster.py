# The box's characters of all five systems (shared_rules/roster.py): loaded by
# `system`, errors naming the field, round trips, the history each system records.
from shared_rules import names as N
from shared_rules import registry
from shared_rules import roster
from shared_rules import roster_check
from shared_rules.errors import SheetError
from shared_rules.limits import HISTORY_LIMIT
from tests.helpers import raises

ASH = {"name": "Ash", "system": "approaches", "maximum": {"body": 5, "mind": 4, "will": 3},
       "background": {"name": "Scout", "bonuses": [{"attribute": "body", "when": "outdoors"}]}}
LUX = {"name": "Lux", "system": "light-dark", "archetype": "hero",
       "attributes": {"strength": 1, "dexterity": 2, "insight": 1, "resolve": 0},
       "skills": ["brawl", "sneak", "talk", "heal"], "advancements": ["tough"]}
VEX = {"name": "Vex", "system": "axiom", "concept": "Curious wizard",
       "attributes": {"might": 2, "wits": 1, "grace": 0, "nerve": -1}, "talents": ["Lore", "Sleight"],
       "skillsets": ["Wizard"]}
RUE = {"name": "Rue", "system": "colour-tokens", "gold": 2, "traits": 3}


def test_the_system_names_are_the_systems_own():
    for row in registry.ROWS:
        package = __import__(row.package, None, None, ["ROW"])
        assert package.ROW.name == row.name
    assert roster.SYSTEMS == registry.NAMES


def test_every_system_round_trips_through_a_plain_dict():
    from tests.core.samples import sample
    for system in registry.NAMES:
        data = sample(system)
        character = roster.from_dict(data)
        assert character.name == data["name"] and character.system == system
        again = roster.from_dict(character.to_dict())
        assert again.to_dict() == character.to_dict()
        assert character.trials == 0 and character.history == []


def test_every_systems_sheet_leaves_the_name_and_system_to_the_roster():
    # One character shape: the box's Hero holds the name and system, each system's
    # sheet the rest; the dict the box sends (get, put) holds both, as before.
    from tests.core.samples import sample
    for system in registry.NAMES:
        character = roster.from_dict(sample(system))
        fields = character.sheet.to_dict()
        assert "name" not in fields and "system" not in fields, system
        data = character.to_dict()
        assert sorted(data) == sorted(list(fields) + ["name", "system", "trials", "history"]), system
        assert (data["name"], data["system"]) == (character.name, system)
    vex = roster.from_dict(dict(VEX, items=[{"name": "Staff"}]))
    assert vex.to_dict() == dict(VEX, items=[{"name": "Staff", "quality": "average"}], **{
        "power-level": 0, "wealth": 1, "axiom-points": 3, "key-moments": 0, "strain": 0, "scars": 0,
        "incapacitated": False, "removed": False, "trials": 0, "history": []})


def test_a_character_without_a_system_is_new_beginning():
    from tests.core.sheets import sheet
    data = sheet("Mara")
    del data["system"]
    assert roster.from_dict(data).system == "new-beginning"


def test_an_unknown_system_is_refused_naming_the_field():
    err = raises(SheetError, roster.from_dict, {"name": "X", "system": "chess"})
    assert err.field == "system" and "light-dark" in err.message


def test_a_systems_own_error_names_its_field():
    bad = dict(ASH, maximum={"body": 5, "mind": 4, "will": 4})
    err = raises(SheetError, roster.from_dict, bad)
    assert err.field == "maximum" and "12 points" in err.message
    err = raises(SheetError, roster.from_dict, dict(LUX, hp="lots"))
    assert err.field == "hp"
    err = raises(SheetError, roster.from_dict, dict(RUE, gold=-1))
    assert err.field == "gold"


def test_a_name_is_needed_and_trials_count_up():
    err = raises(SheetError, roster.from_dict, dict(ASH, name=""))
    assert err.field == "name"
    err = raises(SheetError, roster.from_dict, dict(LUX, trials=-1))
    assert err.field == "trials"


def test_history_holds_the_systems_own_outcomes_and_keeps_the_last_ten():
    err = raises(SheetError, roster.from_dict, dict(ASH, history=[{"outcome": "total-success"}]))
    assert err.field == "history[0]" and "major-failure" in err.message
    hero = roster.from_dict(ASH)
    for i in range(HISTORY_LIMIT + 2):
        hero.record({"outcome": "full-success", "faces": [i % 12 + 1]})
    assert hero.trials == HISTORY_LIMIT + 2 and len(hero.history) == HISTORY_LIMIT
    assert hero.history[0]["faces"] == [3]
    assert roster.from_dict(hero.to_dict()).to_dict() == hero.to_dict()


def test_a_copy_is_separate():
    hero = roster.from_dict(LUX)
    twin = roster.copy(hero)
    twin.sheet.lose_ego(2)
    assert hero.sheet.ego == twin.sheet.ego + 2


def test_summaries_say_what_each_system_counts():
    assert roster.from_dict(ASH).summary()["attributes"] == {"body": 5, "mind": 4, "will": 3}
    lux = roster.from_dict(LUX).summary()
    assert (lux["archetype"], lux["hp"], lux["ego"]) == ("hero", 8, 4)
    vex = roster.from_dict(VEX).summary()
    assert (vex["axiom-points"], vex["strain"], vex["scars"]) == (3, 0, 0)
    assert roster.from_dict(RUE).summary()["gold"] == 2
    from tests.core.sheets import sheet
    mara = roster.from_dict(sheet(traits=[{"name": "Seer", "placed": True}], **{"pending-misfortunes": 2}))
    assert mara.summary() == {"name": "Mara", "system": "new-beginning", "archetype": "Smuggler", "placed": 2,
                              "misfortunes": 1, "pending-misfortunes": 2, "trials": 0}


def test_the_longest_entry_holds_each_systems_outcomes():
    for system in roster.SYSTEMS:
        assert roster.longest_entry(system)["outcome"] in roster.outcomes(system)


def test_a_colour_tokens_purse_spends_and_earns_within_its_limits():
    from shared_rules.colour_tokens.character import Character, MAX_GOLD
    from shared_rules.errors import RulesError
    rue = Character(gold=2, traits=1)
    rue.spend_gold(2)
    assert rue.gold == 0
    assert raises(RulesError, rue.spend_gold, 1).field == "gold"
    rue.earn_gold(MAX_GOLD)
    assert raises(RulesError, rue.earn_gold, 1).field == "gold"
    assert rue.the_bag() == {"black": 4, "green": 4, "blue": 4, "red": 4, "white": 4}
    own = Character(bag={"black": 2, "green": 6})
    assert own.the_bag()["white"] == 0 and own.to_dict()["bag"]["green"] == 6


def _full_reply(character):
    # The `get` reply once the history is full, built whole: what
    # roster.full_reply_size sums piece by piece without building it.
    from shared_rules import wire
    data = character.to_dict()
    missing = HISTORY_LIMIT - len(data["history"])
    if missing > 0:
        data["history"] = data["history"] + [roster.longest_entry(character.system)] * missing
    data["trials"] += 1000000
    if "pending-misfortunes" in data:
        data["pending-misfortunes"] += 1000
    payload = wire._dumps({"id": 2 ** 31, "ok": True, "character": data}).encode()
    return len(payload) + 5 * payload.count(b"\x7f") + 11


def test_the_full_reply_size_is_the_length_of_the_reply_built_whole():
    from tests.core.samples import sample
    for system in registry.NAMES:
        character = roster.from_dict(sample(system))
        assert roster_check.full_reply_size(character) == _full_reply(character), system
        # a name past ASCII (two- and three-byte UTF-8), a DEL (escaped as \u007f by encode)
        # and some history of its own: each counted as the frame carries it
        character.name = "Zoë\u2603\x7fx"
        longest = roster.longest_entry(system)
        for count in (1, 2, HISTORY_LIMIT):
            character.history = [dict(longest, note="é" * count) for _ in range(count)]
            assert roster_check.full_reply_size(character) == _full_reply(character), (system, count)


def test_too_large_names_the_frame_it_would_need():
    from tests.core.samples import sample
    mara = roster.from_dict(sample("new-beginning"))
    assert roster.too_large(mara) is None
    mara.name = "M" * 4000          # past the 4 KB frame whatever its history
    problem = roster.too_large(mara)
    assert problem == "frame of %d bytes is over the limit of %d" % (_full_reply(mara), N.FRAME_LIMIT)
