# Fits the Pico (docs/performance.md): only the system being played is in RAM,
# its play and its rules; the characters of the others are kept as their
# checked dicts and still listed, pulled, replaced and played unchanged.
# On CPython and MicroPython.
import sys

import fatebox_fw

from shared_rules import registry
from shared_rules import names as N
from shared_rules import roster
from fatebox_fw import memory as M
from fatebox_fw.boot import warm as W
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, run, tap, long_press, ask
from tests.core.sheets import character, ash, lux, vex, rue


def box(*sheets):
    board = FakeBoard()
    gadget = Box(board)
    for data in sheets:
        gadget.store.put(roster.from_dict(data) if data.get("system") != "new-beginning" else character(data["name"]))
    board.replies()         # the hello event
    return gadget, board



def loaded(system):
    """The modules of `system` still reachable: in sys.modules, or held by a
    module of ours that stays (a package's attribute, an alias like `as A`)."""
    out = [name for name in sys.modules if M.owner(name) == system]
    module_type = type(sys)
    for name in list(sys.modules):
        if not (name.startswith("shared_rules") or name.startswith("fatebox_fw")) or M.owner(name) is not None:
            continue
        held = sys.modules[name]
        for attr in dir(held):
            value = getattr(held, attr, None)
            if type(value) is not module_type:
                continue
            full = getattr(value, "__name__", name + "." + attr)
            if M.owner(full) == system and full not in out:
                out.append(full)
    return out


def choose(gadget, board, system):
    long_press(gadget, board, "back")
    for _ in range(len(roster.SYSTEMS)):
        if roster.SYSTEMS[gadget.core.menu_system] == system:
            break
        tap(gadget, board, "plus")
    long_press(gadget, board, "go")
    assert gadget.core.system == system and gadget.core.menu is None


def play(gadget, board):
    long_press(gadget, board, "go", hold=700)      # draw or roll now
    run(gadget, board, 2000)
    assert gadget.core.screen == "result", gadget.describe()["text"]
    tap(gadget, board, "go")                       # leave it: recorded


def test_each_system_has_its_modules_and_the_boot_has_none():
    assert M.owner("fatebox_fw.play.new_beginning") == "new-beginning"
    assert M.owner("shared_rules.new_beginning.draw") == "new-beginning"
    assert M.owner("shared_rules.new_beginning.character") == "new-beginning"
    assert M.owner("fatebox_fw.play.approaches") == registry.APPROACHES.name
    assert M.owner("shared_rules.approaches") == registry.APPROACHES.name
    assert M.owner("shared_rules.light_dark.character") == registry.LIGHT_DARK.name
    assert M.owner("shared_rules.axiom.roll") == registry.AXIOM.name
    assert M.owner("fatebox_fw.play.colour_tokens") == registry.COLOUR_TOKENS.name
    assert M.owner("shared_rules.axiomatic") is None     # a package, not a name prefix
    assert M.owner("shared_rules.new_beginning") == "new-beginning"   # its Trial too: the host's trial imports it
    for resident in ("shared_rules.names", "shared_rules.roster", "shared_rules.wire", "fatebox_fw.play.core", "fatebox_fw.play",
                     "fatebox_fw.storage", "fatebox_fw.protocol", "fatebox_fw.memory"):
        assert M.owner(resident) is None, resident
    for row in registry.ROWS:
        assert M.owner(row.play) == row.name and M.owner(row.package) == row.name


def test_after_approaches_then_new_beginning_no_approaches_module_is_in_memory():
    gadget, board = box(ash(), {"name": "Mara", "system": "new-beginning"})
    choose(gadget, board, registry.APPROACHES.name)
    play(gadget, board)
    assert "fatebox_fw.play.approaches" in sys.modules and "shared_rules.approaches" in sys.modules
    choose(gadget, board, "new-beginning")
    assert loaded(registry.APPROACHES.name) == []
    assert "fatebox_fw.play.new_beginning" in sys.modules
    # ...and Ash, who was played, is kept as his dict, his trial on it.
    ash_now = gadget.store.characters["Ash"]
    assert ash_now.made is None and ash_now.trials == 1


def test_each_system_chosen_in_turn_leaves_only_its_own_modules():
    from tests.core.samples import sample
    gadget, board = box(*[sample(system) for system in registry.NAMES])
    for system in registry.NAMES[1:] + registry.NAMES[:1]:
        choose(gadget, board, system)
        play(gadget, board)
        for other in roster.SYSTEMS:
            if other != system:
                assert loaded(other) == [], (system, other, loaded(other))
        assert loaded(system) != []
    names = gadget.store.names()
    assert [gadget.store.characters[n].trials for n in names] == [1] * len(registry.NAMES)


def test_characters_of_other_systems_are_kept_as_json_text_until_played():
    import json
    gadget, board = box(ash(), lux(), vex(), rue())
    choose(gadget, board, registry.APPROACHES.name)
    chars = gadget.store.characters
    for name in ("Lux", "Vex", "Rue"):
        assert chars[name].made is None and isinstance(chars[name].packed, str), name
        assert json.loads(chars[name].packed) == chars[name].sheet.to_dict(), name     # the checked sheet's own
        chars[name].release()
    choose(gadget, board, registry.AXIOM.name)
    play(gadget, board)
    chars = gadget.store.characters
    for name in ("Ash", "Lux", "Rue"):
        assert chars[name].made is None, name
    assert chars["Vex"].trials == 1 and chars["Vex"].sheet.points.points >= 0


def test_list_and_get_read_the_dicts_without_importing_their_rules():
    gadget, board = box(vex(), lux(), {"name": "Mara", "system": "new-beginning"})
    choose(gadget, board, "new-beginning")
    before = {n: gadget.store.characters[n].to_dict() for n in gadget.store.names()}
    summaries = ask(gadget, board, {"id": 1, "op": "list"})["characters"]
    vex_summary = [s for s in summaries if s["name"] == "Vex"][0]
    assert vex_summary == {"name": "Vex", "system": registry.AXIOM.name, "archetype": "Curious wizard", "trials": 0,
                           "axiom-points": vex_summary["axiom-points"], "strain": 0, "scars": 0,
                           "revision": vex_summary["revision"]}
    lux_summary = [s for s in summaries if s["name"] == "Lux"][0]
    assert lux_summary["archetype"] == "hero" and lux_summary["system"] == registry.LIGHT_DARK.name
    for name in before:
        assert ask(gadget, board, {"id": 2, "op": "get", "name": name})["character"] == before[name]
    assert loaded(registry.AXIOM.name) == [] and loaded(registry.LIGHT_DARK.name) == []


def test_a_summary_from_the_dict_is_the_summary_from_the_sheet():
    from tests.core.samples import sample
    for data in [sample(system) for system in registry.NAMES]:
        made = roster.from_dict(data)
        kept = M.keep(roster.from_dict(data))
        assert isinstance(kept, roster.Hero) and kept.made is None
        assert kept.summary() == made.summary()
        assert kept.to_dict() == made.to_dict()
        assert M.copy(kept).to_dict() == made.to_dict() and M.copy(made).to_dict() == made.to_dict()
        assert roster.copy(made).to_dict() == made.to_dict()
        assert kept.sheet.to_dict() == made.sheet.to_dict()     # made again when asked
        assert kept.made is not None and M.keep(kept) is kept and kept.made is None


def test_a_copy_that_takes_the_sheet_leaves_the_kept_one_as_its_text():
    from tests.core.samples import sample
    for data in [sample(system) for system in registry.NAMES]:
        kept = M.keep(roster.from_dict(data))
        before = kept.to_dict()
        sheet = kept.sheet
        twin = M.copy(kept, take=True)
        assert twin.made is sheet and kept.made is None and kept.packed is not None
        assert twin.to_dict() == before and kept.to_dict() == before
        twin.record({"outcome": "x"})
        assert kept.to_dict() == before and kept.trials == before["trials"]
        # nothing made: a plain copy, as without take
        assert M.copy(kept, take=True).to_dict() == before and kept.made is None


def test_put_checks_a_character_of_another_system_then_lets_its_rules_go():
    gadget, board = box({"name": "Mara", "system": "new-beginning"})
    assert gadget.core.system == "new-beginning"
    bad = vex(attributes={"might": 9, "wits": 1, "grace": 0, "nerve": -1})
    reply = ask(gadget, board, {"id": 1, "op": "put", "character": bad})
    assert reply["ok"] is False and reply["error"]["code"] == N.E_INVALID and "might" in reply["error"]["message"]
    assert loaded(registry.AXIOM.name) == [] and gadget.store.names() == ["Mara"]
    reply = ask(gadget, board, {"id": 2, "op": "put", "character": vex()})
    assert reply["ok"] is True and reply["created"] is True
    assert loaded(registry.AXIOM.name) == []
    assert gadget.store.characters["Vex"].made is None
    pulled = ask(gadget, board, {"id": 3, "op": "get", "name": "Vex"})["character"]
    assert pulled == roster.from_dict(vex()).to_dict()


def test_a_character_of_another_system_survives_list_get_put_and_play_unchanged():
    gadget, board = box({"name": "Mara", "system": "new-beginning"}, lux())
    choose(gadget, board, "new-beginning")
    original = gadget.store.characters["Lux"].to_dict()
    ask(gadget, board, {"id": 1, "op": "list"})
    assert ask(gadget, board, {"id": 2, "op": "get", "name": "Lux"})["character"] == original
    play(gadget, board)                                   # Mara plays New Beginning
    assert gadget.store.characters["Lux"].to_dict() == original
    # Replaced by the host while New Beginning is played: kept as the host sent it.
    changed = dict(original)
    changed["hp"] = original["hp"] - 1
    assert ask(gadget, board, {"id": 3, "op": "put", "character": changed})["created"] is False
    assert ask(gadget, board, {"id": 4, "op": "get", "name": "Lux"})["character"] == changed
    # Played at last: its rules come back, the draw is recorded on the same sheet.
    choose(gadget, board, registry.LIGHT_DARK.name)
    play(gadget, board)
    after = ask(gadget, board, {"id": 5, "op": "get", "name": "Lux"})["character"]
    assert after["trials"] == 1 and len(after["history"]) == 1
    for key in ("archetype", "attributes", "skills", "advancements"):
        assert after[key] == changed[key], key
    # ...and it survives a restart on the same flash.
    run(gadget, board, 9000)
    again = Box(board)
    assert again.store.characters["Lux"].to_dict() == gadget.store.characters["Lux"].to_dict()


def _parent(name):
    return sys.modules.get(name.rpartition(".")[0])


def test_after_the_boot_the_profile_and_safe_mode_leave_ram_on_micropython():
    from fatebox_fw import start
    from fatebox_fw.boot import profile, safemode  # as the boot had them
    held = dict((name, sys.modules[name]) for name in M.BOOT_ONLY if name in sys.modules)
    try:
        gone = start.booted()
        if sys.implementation.name == "micropython":
            # The boot's package too; the warm-up is gone already (main.py).
            assert sorted(gone) == sorted(held) and "fatebox_fw.boot" in gone
            for name in M.BOOT_ONLY:
                assert name not in sys.modules
            assert not hasattr(fatebox_fw, "boot")
            # Asked for again (safe mode's pattern at the REPL), they come back.
            from fatebox_fw.boot.profile import roles
            assert roles(profile.PICO)[0] == "back"
            assert sorted(start.booted()) == ["fatebox_fw.boot", "fatebox_fw.boot.profile"]
        else:
            # CPython keeps them: whoever holds ProfileError must still catch it.
            assert gone == []
            assert sys.modules["fatebox_fw.boot.profile"] is profile and sys.modules["fatebox_fw.boot.safemode"] is safemode
    finally:
        for name in sorted(held):       # the package before its modules
            sys.modules[name] = held[name]
            setattr(_parent(name), name.rpartition(".")[2], held[name])


def test_a_lesson_still_works_after_another_system_took_the_effects_rules_out_of_ram():
    # Mara's lesson is an effects.Mark; the effects module leaves RAM with New
    # Beginning's rules while Approaches is played and comes back as a new
    # module: Mara is kept released, her sheet a dict, meanwhile (memory.keep),
    # so her lesson is made again of the classes the rules know.
    from tests.core.test_new_beginning_box import to, put_into_play, box as nb_box
    from fatebox_fw.play import new_beginning as play_nb
    lessons = [{"name": "Dream Team", "kind": "lesson", "effects": [{"do": "add-white", "count": 1}]}]
    gadget, board = nb_box(lessons=lessons)
    board.replies()         # the hello event
    choose(gadget, board, registry.APPROACHES.name)
    assert loaded("new-beginning") == []
    mara = gadget.store.characters["Mara"]
    assert mara.made is None and mara.to_dict()["lessons"][0]["name"] == "Dream Team"
    assert ask(gadget, board, {"id": 1, "op": "list"})["characters"][0]["name"] == "Mara"
    assert loaded("new-beginning") == []                 # list read the dict: no rules came back
    choose(gadget, board, "new-beginning")
    to(gadget, board, play_nb.TRAITS)
    put_into_play(gadget, board, 7)                      # past the 8 traits (opened on the second): the lesson
    words = gadget.describe()["text"]
    assert "at Dream Team, in play" in words and "(bag of 2 white, 3 black)" in words, words
    # Of the effects module in RAM now, not of the one that left.
    assert type(gadget.store.characters["Mara"].sheet.lessons[0]) is sys.modules["shared_rules.new_beginning.effects"].Mark


class _Collector:
    # A gc module's face: mem_free() and, on MicroPython, threshold().
    def __init__(self, free, has_threshold=True):
        self.free = free
        self.set = []
        if has_threshold:
            self.threshold = self.set.append

    def mem_free(self):
        return self.free


def test_in_a_tight_heap_the_collector_runs_once_an_eighth_of_it_is_allocated_4_kb_at_least():
    tight = _Collector(60000)         # less than 64 KB free after the boot
    assert M.collect_early(tight) == 60000 // M.GC_EVERY_SHARE and tight.set == [7500]
    small = _Collector(16000)         # the bench's 64 KB heap: every 4 KB
    assert M.collect_early(small) == M.GC_EVERY_MIN == 4096 and small.set == [4096]
    # a Pico's heap with the image (197 KB free): collections as before
    roomy = _Collector(197000)
    assert M.collect_early(roomy) is None and roomy.set == []
    assert M.collect_early(_Collector(M.GC_EARLY_BELOW)) is None
    # CPython's gc has no threshold(bytes): nothing is set there.
    assert M.collect_early(_Collector(16000, has_threshold=False)) is None


def test_after_the_boot_the_collector_is_set_to_run_early_in_a_tight_heap_on_micropython():
    import gc
    from fatebox_fw import start
    from fatebox_fw.boot import profile, safemode  # noqa: F401 (as the boot had them)
    held = dict((name, sys.modules[name]) for name in M.BOOT_ONLY if name in sys.modules)
    try:
        was = gc.threshold() if hasattr(gc, "threshold") else None
        start.booted()
        if sys.implementation.name == "micropython":
            # set in a tight heap only (this one is roomy unless the tests filled it)
            if gc.mem_free() < M.GC_EARLY_BELOW:
                assert gc.threshold() >= M.GC_EVERY_MIN
            else:
                assert gc.threshold() == was
        else:
            assert not hasattr(gc, "threshold")
    finally:
        for name in sorted(held):       # the package before its modules
            sys.modules[name] = held[name]
            setattr(_parent(name), name.rpartition(".")[2], held[name])
        if was is not None:
            gc.threshold(was)         # the other tests run as before


def _mpy(*entries):
    # An .mpy file's start as mpy-cross writes it (format 6): header, counts,
    # then its table of names, each a length (shifted; odd: a built-in by
    # its index) and the name with its terminating zero.
    out = bytearray(b"M\x06\x00\x1f")
    out.append(len(entries))
    out.append(0)                                 # no constant objects
    for entry in entries:
        if isinstance(entry, int):
            out.append(entry << 1 | 1)
            continue
        data = entry.encode()
        size = len(data) << 1
        if size >= 0x80:
            out.append(0x80 | size >> 7)
        out.append(size & 0x7F)
        out += data
        out.append(0)
    return bytes(out)


def test_the_names_of_an_mpy_file_are_read_from_its_table():
    long = "a_name_long_enough_for_a_two_byte_length_" * 2
    data = _mpy("shared_rules/x.py", 17, "pending-misfortunes", long, 3, "é")
    assert list(W.mpy_names(data)) == ["shared_rules/x.py", "pending-misfortunes", long, "é"]
    # only the first `size` bytes are read (a buffer longer than the file)
    buf = bytearray(len(data) + 40)
    buf[:len(data)] = data
    assert list(W.mpy_names(buf, len(data))) == list(W.mpy_names(data))


def test_a_file_that_is_no_mpy_or_is_cut_short_is_refused():
    for bad in (b"", b"print(1)\n", b"M\x06"):
        try:
            list(W.mpy_names(bad))
        except ValueError as exc:
            assert "not an .mpy file" in str(exc)
        else:
            raise AssertionError("accepted %r" % bad)
    data = _mpy("one", "two")
    for cut in range(6, len(data)):
        try:
            list(W.mpy_names(data, cut))
        except ValueError as exc:
            assert "cut short" in str(exc)
        else:
            raise AssertionError("accepted %d of %d bytes" % (cut, len(data)))


def test_warm_imports_nothing():
    # Here from .py files: nothing to read, nothing imported, nothing left.
    before = dict(sys.modules)
    names = []
    assert W.warm(("shared_rules",), names.append) == 0 and names == []
    assert sorted(set(sys.modules) ^ set(before)) == []


def _from_files(test):
    # The firmware as a stock board runs it (from .mpy files), for one test.
    was = M.from_files
    M.from_files = lambda: True
    try:
        test()
    finally:
        M.from_files = was


def _rebooted(*sheets):
    board = FakeBoard()
    first = Box(board)
    for data in sheets:
        first.store.put(roster.from_dict(data) if data.get("system") != "new-beginning" else character(data["name"]))
    M.drop(["fatebox_fw.play.new_beginning"])       # as after a power-up
    gadget = Box(board)
    board.replies()
    return gadget, board


def test_from_mpy_files_the_play_comes_in_at_the_first_press():
    def test():
        gadget, board = _rebooted({"name": "Mara", "system": "new-beginning"}, ash())
        run(gadget, board, 40)
        assert gadget.core._game is None and "fatebox_fw.play.new_beginning" not in sys.modules
        asleep = board.frame()
        assert any(asleep)                          # the system's page of the menu, not a dark ring
        # the host's list and put do not bring it in either
        assert ask(gadget, board, {"id": 1, "op": "list"})["ok"]
        assert ask(gadget, board, {"id": 2, "op": "put", "character": character("Tobin").to_dict()})["ok"]
        assert gadget.core._game is None
        tap(gadget, board, "plus")
        run(gadget, board, 40)
        assert gadget.core._game is not None and "fatebox_fw.play.new_beginning" in sys.modules
        assert board.frame() != asleep
        assert gadget.core.system == "new-beginning"
    _from_files(test)


def test_from_mpy_files_the_play_leaves_ram_while_the_menu_is_open():
    def test():
        gadget, board = _rebooted({"name": "Mara", "system": "new-beginning"}, ash())
        play(gadget, board)                         # New Beginning, Mara's trial
        long_press(gadget, board, "back")           # the menu
        assert gadget.core.menu == "menu-system" and gadget.core._game is None
        assert loaded("new-beginning") == [] and "fatebox_fw.play.menu" in sys.modules
        assert any(board.frame())                   # the menu's page, lit
        assert ask(gadget, board, {"id": 1, "op": "list"})["ok"]
        assert gadget.core._game is None
        long_press(gadget, board, "go")             # the same system again
        run(gadget, board, 40)
        assert gadget.core.menu is None and gadget.core._game is not None
        assert gadget.core.screen == gadget.core._game.first()
        assert gadget.store.characters["Mara"].trials == 1
        assert "fatebox_fw.play.menu" not in sys.modules    # the menu's module only while it is open
    _from_files(test)


def test_from_mpy_files_each_system_chosen_in_turn_is_played():
    def test():
        from tests.core.samples import sample
        gadget, board = box(*[sample(system) for system in registry.NAMES])
        for system in registry.NAMES[1:] + registry.NAMES[:1]:
            choose(gadget, board, system)
            run(gadget, board, 40)
            play(gadget, board)
            assert [other for other in roster.SYSTEMS if other != system and loaded(other)] == []
        names = gadget.store.names()
        assert [gadget.store.characters[n].trials for n in names] == [1] * len(registry.NAMES)
    _from_files(test)


def test_a_new_beginning_draw_brings_in_neither_its_rules_object_nor_the_game_base():
    # Nor the sheet's check (the kept sheet is made again without it) nor the listed lessons.
    gadget, board = box({"name": "Mara", "system": "new-beginning"})
    names = ["shared_rules.new_beginning.rules", "shared_rules.game", "shared_rules.new_beginning.character_check",
             "shared_rules.new_beginning.marks"]

    def run():
        play(gadget, board)
        assert gadget.store.characters["Mara"].trials == 1
    never_brought_in(names, run)


def never_brought_in(names, run):
    """run() with `names` out of sys.modules, and none of them brought in by it."""
    held = dict((name, sys.modules[name]) for name in names if name in sys.modules)
    M.drop(names)
    try:
        run()
        assert [name for name in names if name in sys.modules] == []
    finally:
        # The same modules back: a class made again (SetupError) is not the one
        # the other tests' modules catch.
        M.drop(names)
        for name in held:
            sys.modules[name] = held[name]
            dot = name.rfind(".")
            setattr(sys.modules[name[:dot]], name[dot + 1:], held[name])


def test_a_colour_tokens_trial_is_recorded_without_its_rules_object_or_the_game_base():
    from tests.core.samples import sample
    gadget, board = box(sample("colour-tokens"))
    choose(gadget, board, "colour-tokens")

    def run():
        play(gadget, board)
        long_press(gadget, board, "back")          # the menu: what the result left is recorded
        assert [c.trials for c in gadget.store.characters.values()] == [1]
    never_brought_in(["shared_rules.colour_tokens.rules", "shared_rules.game"], run)


def test_the_journal_is_read_back_by_a_module_that_leaves_ram_with_the_request():
    gadget, board = box({"name": "Mara", "system": "new-beginning"})
    play(gadget, board)
    M.drop(["fatebox_fw.storage.journal_read"])
    reply = ask(gadget, board, {"id": 1, "op": "journal", "after": 0})
    assert reply["ok"] and [r["name"] for r in reply["results"]] == ["Mara"] and reply["first"] == 1
    assert "fatebox_fw.storage.journal_read" not in sys.modules


def test_a_module_used_for_one_request_leaves_ram_after_it_even_after_an_error():
    M.drop(["fatebox_fw.storage.journal_read"])
    with M.using("fatebox_fw.storage.journal_read") as module:
        assert module is sys.modules["fatebox_fw.storage.journal_read"]
    assert "fatebox_fw.storage.journal_read" not in sys.modules
    try:
        with M.using("fatebox_fw.storage.journal_read"):
            raise KeyError("served")
    except KeyError as exc:
        assert exc.args == ("served",)      # the error goes on, the module goes
    else:
        assert False, "the error was swallowed"
    assert "fatebox_fw.storage.journal_read" not in sys.modules


def test_a_block_s_rules_of_another_system_leave_ram_after_it_the_live_one_s_stay():
    live, other = registry.ROWS[0], registry.ROWS[-1]
    asked = []

    def which():
        asked.append(live.name)
        return live.name

    with M.using(live=which) as nothing:
        assert nothing is None
        __import__(live.package)
        __import__(other.package)
        assert asked == []          # asked on the way out, after what the block did
    assert asked == [live.name]
    assert loaded(other.name) == [] and live.package in sys.modules
    with M.using(live=None):
        pass
    assert loaded(live.name) == []


def test_a_module_imported_with_the_room_let_go_holds_the_room_again_after():
    room = M.Room()
    first = room.block
    assert M.imported("fatebox_fw.play.menu", room) is sys.modules["fatebox_fw.play.menu"]
    assert room.block is not None and room.block is not first and len(room.block) == M.FILE_ROOM


def test_from_mpy_files_every_character_is_kept_released_but_the_one_played():
    def test():
        gadget, board = _rebooted({"name": "Mara", "system": "new-beginning"},
                                  {"name": "Tobin", "system": "new-beginning"}, ash())
        chars = gadget.store.characters
        assert [n for n in sorted(chars) if chars[n].made is not None] == []
        play(gadget, board)                         # New Beginning, Mara's trial
        chars = gadget.store.characters
        made = [n for n in sorted(chars) if chars[n].made is not None]
        assert made in ([], [gadget.core.active()]), made
        assert chars["Mara"].trials == 1 and chars["Tobin"].made is None
    _from_files(test)


def test_not_from_mpy_files_the_play_is_made_at_boot_and_only_the_active_character_s_sheet():
    gadget, board = _rebooted({"name": "Mara", "system": "new-beginning"},
                              {"name": "Tobin", "system": "new-beginning"}, ash())
    assert gadget.core._game is not None
    chars = gadget.store.characters
    # one policy on every board: kept as text, made when play asks (the active one)
    assert [n for n in sorted(chars) if chars[n].made is not None] == ["Mara"]
    play(gadget, board)
    made = [n for n in sorted(chars) if gadget.store.characters[n].made is not None]
    assert made in ([], ["Mara"]) and gadget.store.characters["Tobin"].made is None


def test_a_block_reserved_first_is_the_one_taken_later():
    M.reserve("test", 64)
    block = M._EARLY["test"]
    assert M.reserved("test", 64) is block and "test" not in M._EARLY
    again = M.reserved("test", 64)            # taken once: a new one after
    assert again is not block and len(again) == 64
    M.reserve("test", 32)
    assert len(M.reserved("test", 64)) == 64  # not the size asked for: a new one


def test_the_boot_s_frame_buffer_and_room_are_the_blocks_reserved_first():
    M.reserve(M.FRAME, N.FRAME_LIMIT)
    M.reserve(M.ROOM, M.FILE_ROOM)
    frame, room = M._EARLY[M.FRAME], M._EARLY[M.ROOM]
    gadget = Box(FakeBoard())
    assert gadget.reader.buf is frame and len(frame) == N.FRAME_LIMIT
    assert gadget.store.room.block is room
    assert M._EARLY == {}


def test_only_a_firmware_from_mpy_files_is_warmed():
    assert M.from_files() is False       # here from .py files (tests), as frozen in the image


def test_the_room_is_held_given_and_taken_again():
    room = M.Room(64)
    assert isinstance(room.block, bytearray) and len(room.block) == 64
    held = room.block
    assert room.take() is True and room.block is held      # already held: nothing allocated
    room.give()
    assert room.block is None
    assert room.take() is True and len(room.block) == 64 and room.block is not held


def test_a_room_the_heap_cannot_give_is_tried_again_later():
    full = []

    def make(size):
        if full:
            raise MemoryError("memory allocation failed, allocating %d bytes" % size)
        return bytearray(size)

    room = M.Room(64, make)
    room.give()
    full.append(True)              # no run that long now: kept quiet
    assert room.take() is False and room.block is None
    full.pop()
    assert room.take() is True and len(room.block) == 64



class _Counting:
    # gc's face for memory.placed: the collections asked for.
    def __init__(self):
        self.runs = 0

    def collect(self):
        self.runs += 1


def test_a_kept_character_is_made_just_after_a_collection_on_micropython():
    # Made then, its text and history fill the heap's lowest holes instead of
    # spreading wherever the garbage left the front (memory.placed).
    counting, was = _Counting(), (M.gc, M.PLACE)
    M.gc, M.PLACE = counting, True
    try:
        kept = M.keep(character("Mara"))
        assert counting.runs == 1
        twin = M.copy(kept)
        assert counting.runs == 2
        twin.sheet                                   # made for play...
        M.keep(twin)                                 # ...and its text kept again
        assert counting.runs == 3
        assert twin.history is not kept.history and twin.to_dict() == kept.to_dict()
        M.PLACE = False
        M.keep(character("Tobin"))
        assert counting.runs == 3                    # CPython: nothing collected
    finally:
        M.gc, M.PLACE = was
