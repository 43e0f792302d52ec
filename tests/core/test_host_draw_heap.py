# The host's draw and reads on a heap of .mpy files (docs/performance.md,
# CircuitPython 10.2.1 on a Pico): host_ops is out of RAM before the draw
# brings in the play that shows it, and `table` only asked needs no host_ops.
import sys

from shared_rules import names as N
from shared_rules import roster
from fatebox_fw import memory as M
from tests.core.fakeboard import ask
from tests.core.test_memory import _from_files, _rebooted


def test_the_host_s_draw_is_made_once_host_ops_has_left_ram():
    def test():
        gadget, board = _rebooted({"name": "Mara", "system": N.NEW_BEGINNING})
        seen = []
        copy = roster.copy

        def spy(character):
            # host_play.host_trial copies the character to record the draw on it
            seen.append(("fatebox_fw.host_ops" in sys.modules, "fatebox_fw.play.new_beginning" in sys.modules))
            return copy(character)

        roster.copy = spy
        try:
            reply = ask(gadget, board, {"id": 1, "op": "trial", "white": 2, "black": 3, "draw": 2, "name": "Mara"})
        finally:
            roster.copy = copy
        assert reply["ok"], reply
        assert len(reply["result"]["tokens"]) == 2
        assert seen and set(seen) == {(False, True)}     # host_ops gone, the play there to show the draw
        assert gadget.store.characters["Mara"].trials == 1
        assert "fatebox_fw.host_ops" not in sys.modules
    _from_files(test)


def test_a_refused_trial_changes_nothing_and_leaves_host_ops_out_of_ram():
    gadget, board = _rebooted({"name": "Mara", "system": N.NEW_BEGINNING})
    reply = ask(gadget, board, {"id": 1, "op": "trial", "white": 2, "black": 3, "draw": 9, "name": "Mara"})
    assert not reply["ok"] and reply["error"]["code"] == N.E_INVALID
    reply = ask(gadget, board, {"id": 2, "op": "trial", "white": 2, "black": 3, "draw": 1, "name": "Nobody"})
    assert not reply["ok"] and reply["error"]["code"] == N.E_NOT_FOUND
    assert gadget.store.characters["Mara"].trials == 0
    assert "fatebox_fw.host_ops" not in sys.modules


class _Refusing:
    def __init__(self, name):
        self.name = name

    def __getattr__(self, name):
        raise AssertionError("host_ops was asked for %s" % name)


def test_the_supply_only_asked_is_answered_without_host_ops():
    gadget, board = _rebooted({"name": "Mara", "system": N.NEW_BEGINNING})
    M.drop(["fatebox_fw.host_ops"])

    # A host_ops that fails if used: only asking must not come to it.
    sys.modules["fatebox_fw.host_ops"] = _Refusing("fatebox_fw.host_ops")
    try:
        reply = ask(gadget, board, {"id": 1, "op": "table"})
    finally:
        sys.modules.pop("fatebox_fw.host_ops", None)
    assert reply["ok"], reply
    assert reply["supply"] == {"white": gadget.core.supply[0], "black": gadget.core.supply[1]}
    # Setting it still goes through host_ops, checked whole.
    reply = ask(gadget, board, {"id": 2, "op": "table", "supply": {"white": 5, "black": 4}})
    assert reply["ok"] and reply["supply"] == {"white": 5, "black": 4}
