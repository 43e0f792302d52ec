# Character dicts for the core suites (the shape of Character.to_dict()).


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
    from shared_rules.character import Character
    return Character.from_dict(sheet(name, **changes))
