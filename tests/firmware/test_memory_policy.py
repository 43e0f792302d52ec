# Issue 22: one memory policy, the firmware's (fatebox_fw.memory): how a board
# keeps a character (memory.Kept) is none of shared_rules', which keeps the pure rules.
import os

from shared_rules import roster
from fatebox_fw import memory

SHARED = os.path.join(os.path.dirname(__file__), "..", "..", "shared_rules")


def test_the_rules_hold_no_memory_policy():
    assert not hasattr(roster.Hero, "release") and not hasattr(roster.Hero, "packed")
    assert issubclass(memory.Kept, roster.Hero)
    for where, _, files in os.walk(SHARED):
        for name in files:
            if name.endswith(".py"):
                with open(os.path.join(where, name)) as f:
                    text = f.read()
                for word in ("fatebox_fw.memory", ".packed", ".release(", "memory.keep"):
                    assert word not in text, (name, word)
