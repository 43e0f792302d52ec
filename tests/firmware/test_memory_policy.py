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


# -- the policy's table held against a box at work -----------------------------------

def _product_modules():
    import sys
    return set(name for name in sys.modules if name.split(".")[0] in ("fatebox_fw", "shared_rules"))


def _for_a_time():
    """Every module the table says comes in for a time (a request, the menu)."""
    out = set([memory.MENU])
    for module, brings in memory.PER_REQUEST:
        out.add(module)
        out.update(brings)
    return out


def _out_of_place(live, before):
    """The product modules in RAM, besides those in `before`, that the table
    does not allow there between requests, `live` being the system played.
    (The rest of the test run has imported modules of its own: CPython keeps them.)"""
    allowed = set(memory.RESIDENT + memory.ONCE_ASKED + memory.BOOT_ONLY)    # CPython keeps the boot's
    wrong = []
    for name in sorted(_product_modules()):
        system = memory.owner(name)
        if name in _for_a_time():
            wrong.append(name)          # never: each leaves with its request
        elif name in before:
            continue
        elif name.endswith(memory.CHECK_ONLY) or (system is not None and system != live):
            wrong.append(name)
        elif system is None and name not in allowed:
            wrong.append(name)
    return wrong


def test_between_requests_only_what_the_table_keeps_is_in_ram():
    import sys
    from fatebox_fw.box import Box
    from tests.core.fakeboard import FakeBoard, ask
    from tests.core.sheets import ash, sheet
    # What other tests brought in and CPython keeps (describe() is no request's) goes first.
    memory.drop(sorted(_for_a_time()))
    before = _product_modules()
    board = FakeBoard()
    gadget = Box(board)
    board.replies()
    live = gadget.core.system
    assert _out_of_place(live, before) == []
    requests = [
        {"op": "put", "character": sheet("Mara")}, {"op": "put", "character": ash()},
        {"op": "list"}, {"op": "get", "name": "Ash"}, {"op": "state"}, {"op": "info"}, {"op": "table"},
        {"op": "roll", "system": "approaches", "setup": {"dice": 2}, "name": "Ash"},
        {"op": "trial", "white": 2, "black": 2, "draw": 1, "name": "Mara"},
        {"op": "journal"}, {"op": "table", "supply": {"white": 6, "black": 6}},
        {"op": "begin"}, {"op": "entropy", "bytes": 8}, {"op": "delete", "name": "Ash"},
    ]
    for i, request in enumerate(requests):
        request["id"] = i + 1
        if request["op"] == "commit":
            continue
        reply = ask(gadget, board, request)
        assert reply["ok"], reply
        assert _out_of_place(gadget.core.system, before) == [], request["op"]
    # Each of them came in for its request, then left.
    for name in ("fatebox_fw.protocol.ops", "fatebox_fw.protocol.reads", "fatebox_fw.protocol.info",
                 "fatebox_fw.storage.batch", "fatebox_fw.play.for_host"):
        assert name not in sys.modules, name
    assert "shared_rules.game" in sys.modules        # ONCE_ASKED: the roll brought a rules object in


# -- a module brought in while the store's room is let go ------------------------------

def test_from_files_a_systems_module_comes_in_with_the_rooms_block_let_go(monkeypatch):
    # From .mpy files opening a module takes a file buffer a heap in pieces may
    # have nowhere else: bring() lets the store's room go for it, then holds it again.
    import sys
    import types
    memory.reserve(memory.ROOM, memory.FILE_ROOM)
    room = memory.Room()
    assert memory._ROOM == [room] and room.block is not None
    seen = []
    real = __import__

    def fake_import(name, *args):
        if name == "fatebox_fw.play.brought":
            seen.append(room.block)
            module = types.ModuleType(name)
            sys.modules[name] = module
            return module
        return real(name, *args)

    monkeypatch.setattr(memory, "from_files", lambda: True)
    monkeypatch.setattr("builtins.__import__", fake_import)
    try:
        module = memory.bring("fatebox_fw.play.brought")
        assert seen == [None] and room.block is not None and len(room.block) == memory.FILE_ROOM
        assert memory.bring("fatebox_fw.play.brought") is module and seen == [None]   # in RAM: no file opened
    finally:
        sys.modules.pop("fatebox_fw.play.brought", None)
        memory._ROOM[:] = []


def test_opening_the_menu_lets_the_play_leave_ram(monkeypatch):
    # From .mpy files the play leaves RAM while the menu is open (let_go): no
    # reference to it may be held across that, or its modules stay in the heap
    # the menu's switch needs. A weak reference after a collection (the play
    # and its set-up refer to each other) says whether anything still held it.
    import gc
    import weakref
    from fatebox_fw.box import Box
    from tests.core.fakeboard import FakeBoard, long_press, tap
    from tests.core.sheets import character
    monkeypatch.setattr(memory, "from_files", lambda: True)
    board = FakeBoard()
    gadget = Box(board)
    gadget.store.put(character("Mara"))
    tap(gadget, board, "minus")
    play = weakref.ref(gadget.core.game)
    held = []
    let_go = memory.let_go

    def spy(store, system):
        gc.collect()
        held.append(play() is not None)
        return let_go(store, system)
    monkeypatch.setattr(memory, "let_go", spy)
    long_press(gadget, board, "back")
    assert gadget.core.menu is not None and held == [False]
