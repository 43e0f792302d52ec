# Character dicts for the core suites (the shape of roster.Hero.to_dict()).


def sheet(name="Mara", **changes):
    data = {
        "name": name,
        "system": "new-beginning",
        "archetype": {"name": "Smuggler"},
        "qualities": [{"name": "Agile"}, {"name": "Persuasive", "level": 2}, {"name": "Stubborn"}],
        "skills": [{"name": "Climber", "placed": True}, {"name": "Lockpicking"},
                   {"name": "Sailing"}, {"name": "Haggling"}],
        "misfortunes": ["The bartender hates me"],
    }
    data.update(changes)
    return data


def character(name="Mara", **changes):
    from shared_rules import roster
    return roster.from_dict(sheet(name, **changes))


# One character of each dice or colour system (shared_rules/roster.py).
def ash(name="Ash", **changes):
    data = {"name": name, "system": "approaches", "maximum": {"body": 5, "mind": 4, "will": 3},
            "background": {"name": "Scout", "bonuses": [{"attribute": "body", "when": "outdoors"}]}}
    data.update(changes)
    return data


def lux(name="Lux", **changes):
    data = {"name": name, "system": "light-dark", "archetype": "hero",
            "attributes": {"strength": 1, "dexterity": 2, "insight": 1, "resolve": 0},
            "skills": ["brawl", "sneak", "talk", "heal"], "advancements": ["tough"]}
    data.update(changes)
    return data


def vex(name="Vex", **changes):
    data = {"name": name, "system": "axiom", "concept": "Curious wizard",
            "attributes": {"might": 2, "wits": 1, "grace": 0, "nerve": -1},
            "talents": ["Lore", "Sleight"], "skillsets": ["Wizard"]}
    data.update(changes)
    return data


def rue(name="Rue", **changes):
    data = {"name": name, "system": "colour-tokens", "gold": 2, "traits": 2}
    data.update(changes)
    return data


def hero(data):
    from shared_rules import roster
    return roster.from_dict(data)
