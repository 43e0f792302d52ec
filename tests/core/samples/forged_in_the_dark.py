# A sample character of this system (tests/core/samples/__init__.py).


def sample(name="Nyx"):
    return {"name": name, "system": "forged-in-the-dark",
            "actions": {"hunt": 1, "prowl": 2, "skirmish": 2, "sway": 1},
            "stress": 1, "clocks": [{"name": "The score", "size": 8, "filled": 2}]}
