# The virtual gadget's panel (host/fatebox/sim/panel.py) rendered as a terminal
# shows it: every colour depth, every size; lit, faint and off pixels distinct.
import io
import os
import re

import pytest
from rich.console import Console

from fatebox.sim import panel
from fatebox.sim.view import KEY_LINE, KEY_ROWS, port_lines, side_lines
from fatebox_fw import ring as R

BRIGHTNESS = 64            # the reference profile's
DEPTHS = ("truecolor", "256", "standard")
# The 16 colours as xterm draws them: what a 'standard' colour looks like.
XTERM16 = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
           (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
           (255, 0, 255), (0, 255, 255), (255, 255, 255)]


def _xterm256(n):
    if n < 16:
        return XTERM16[n]
    if n < 232:
        n -= 16
        steps = (0, 95, 135, 175, 215, 255)
        return steps[n // 36], steps[(n // 6) % 6], steps[n % 6]
    v = 8 + 10 * (n - 232)
    return v, v, v


SGR = re.compile(r"\x1b\[([0-9;]*)m")


def cells(ansi):
    """[(char, fg rgb, bg rgb)] of every printed character, from the SGR codes."""
    out = []
    fg = bg = None
    pos = 0
    for m in list(SGR.finditer(ansi)) + [None]:
        text = ansi[pos:m.start()] if m else ansi[pos:]
        for ch in text:
            if ch != "\n":
                out.append((ch, fg, bg))
        if m is None:
            break
        pos = m.end()
        codes = [int(c) for c in m.group(1).split(";") if c] or [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                fg = bg = None
            elif c in (38, 48):
                if codes[i + 1] == 2:
                    colour = tuple(codes[i + 2:i + 5])
                    i += 4
                else:
                    colour = _xterm256(codes[i + 2])
                    i += 2
                if c == 38:
                    fg = colour
                else:
                    bg = colour
            elif 30 <= c <= 37:
                fg = XTERM16[c - 30]
            elif 90 <= c <= 97:
                fg = XTERM16[c - 90 + 8]
            elif 40 <= c <= 47:
                bg = XTERM16[c - 40]
            elif 100 <= c <= 107:
                bg = XTERM16[c - 100 + 8]
            i += 1
    return out


def render(renderable, depth, width=80, height=24):
    console = Console(file=io.StringIO(), record=True, width=width, height=height,
                      color_system=depth, force_terminal=True, legacy_windows=False)
    console.print(renderable)
    return console.export_text(styles=True)


def luminance(rgb):
    def lin(c):
        c /= 255.0
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def the_box_pixels():
    """Every (lit, faint) pair the firmware's ring draws, at the reference brightness."""
    ring = R.Ring(12, BRIGHTNESS)
    pairs = [(ring.positive, ring.positive_off), (ring.negative, ring.negative_off), (ring.gold, ring.gold_off),
             (ring.white, ring.rest), (ring.success, ring.meter_rest), (ring.draw, ring.rest)]
    pairs += list(zip(ring.dice, ring.dice_off)) + list(zip(ring.systems, ring.systems_off))
    return pairs, [ring.black, ring.mark, ring.failure, ring.partial_failure, ring.error_colour,
                   ring.warning] + [ring.scaled(pairs)[name] for pairs in _pieces() for name, _ in pairs]


def _pieces():
    # Each system's tokens and dice, as its play lights them (Play.pieces).
    from shared_rules import registry
    return [getattr(__import__(row.package, None, None, ["_"]), "PIECE_COLOURS", ()) for row in registry.ROWS]


def test_the_issue_s_faint_pixels_are_lit_and_none_is_darker_than_off():
    # The issue: faint pixels of about rgb(15,15,11) and (25,0,0) at full scale
    # were darker than off and vanished on a dark terminal.
    for rgb in ((4, 4, 3), (6, 0, 0), (1, 0, 0)):
        state, glyph, colour = panel.led(rgb, BRIGHTNESS)
        assert state == panel.FAINT and glyph != panel.GLYPHS[panel.OFF]
        assert luminance(colour) > luminance(panel.WELL)
        assert contrast(colour, panel.WELL) >= 2.0
    assert panel.led((0, 0, 0), BRIGHTNESS)[0] == panel.OFF


def test_every_colour_the_ring_draws_is_lit_or_faint_as_the_firmware_meant():
    pairs, lit_only = the_box_pixels()
    for lit, faint in pairs:
        assert panel.led(lit, BRIGHTNESS)[0] == panel.LIT, lit
        assert panel.led(faint, BRIGHTNESS)[0] == panel.FAINT, faint
    for lit in lit_only:
        assert panel.led(lit, BRIGHTNESS)[0] == panel.LIT, lit


def test_a_black_token_is_readable_on_the_dark_well():
    ring = R.Ring(12, BRIGHTNESS)
    _, _, colour = panel.led(ring.black, BRIGHTNESS)
    assert contrast(colour, panel.WELL) >= 3.0      # the old (67,0,119) on black was about 1.9


@pytest.mark.parametrize("depth", DEPTHS)
def test_lit_faint_and_off_are_distinct_at_every_colour_depth(depth):
    pairs, lit_only = the_box_pixels()
    for lit, faint in pairs + [(c, None) for c in lit_only]:
        pixels = [lit, faint or (0, 0, 0), (0, 0, 0)] + [(0, 0, 0)] * 9
        seen = [c for c in cells(render(panel.ring(pixels, BRIGHTNESS), depth)) if c[0].strip()]
        by_glyph = {}
        for ch, fg, bg in seen:
            # Every pixel sits on the well (whatever the terminal's theme), in a colour
            # of its own that is not the well's.
            assert bg is not None and fg is not None and fg != bg, (depth, lit, ch, fg, bg)
            by_glyph.setdefault(ch, set()).add(fg)
        looks = {panel.led(p, BRIGHTNESS)[1]: p for p in pixels}
        assert set(by_glyph) == set(looks)
        lit_fg = by_glyph[panel.GLYPHS[panel.LIT]]
        off_fg = by_glyph[panel.GLYPHS[panel.OFF]]
        assert lit_fg.isdisjoint(off_fg)
        for fg in lit_fg:
            assert contrast(fg, seen[0][2]) >= 2.5, (depth, lit, fg)
        if faint is not None:
            faint_fg = by_glyph[panel.GLYPHS[panel.FAINT]]
            if depth != "standard":
                # 16 colours have too few greys to keep a faint white apart from off
                # by colour; the glyph tells them apart there.
                assert faint_fg.isdisjoint(off_fg) and faint_fg.isdisjoint(lit_fg), (depth, lit, faint)
            for fg in faint_fg:
                assert contrast(fg, seen[0][2]) >= 1.5, (depth, faint, fg)


def _screen(width, height):
    desc = {"text": "Difficulty 3 (normal)", "system": "new-beginning", "active": "Mara"}
    ring = R.Ring(12, BRIGHTNESS)
    ring.meter(5)
    pixels = [tuple(ring.buf[i:i + 3]) for i in range(0, 36, 3)]
    return panel.screen(width, height, pixels, BRIGHTNESS, side_lines(desc),
                        port_lines("/dev/pts/17", "/home/someone/fatebox/.venv/bin/fatebox"), KEY_ROWS, KEY_LINE)


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("size", [(120, 40), (100, 30), (80, 24), (64, 20)])
def test_the_panel_fits_the_terminal_and_keeps_the_ring_port_and_quit_key(size, depth):
    width, height = size
    text = render(_screen(width, height), depth, width, height)
    plain = SGR.sub("", text)
    lines = plain.rstrip("\n").split("\n")
    assert len(lines) <= height - 1
    assert max(len(line) for line in lines) <= width
    assert plain.count(panel.GLYPHS[panel.LIT]) == 5 and plain.count(panel.GLYPHS[panel.FAINT]) == 7
    assert "/dev/pts/17" in plain and "q quit" in plain or "stop the gadget" in plain
    assert "Difficulty 3 (normal)" in plain and "New Beginning" in plain and "Mara" in plain


@pytest.mark.parametrize("size", [(59, 24), (80, 15), (40, 10)])
def test_a_terminal_too_small_says_so_instead_of_a_broken_panel(size):
    width, height = size
    plain = SGR.sub("", render(_screen(width, height), "truecolor", width, height))
    assert "the terminal is %dx%d" % size in plain
    # The size it needs, which is a size the panel then fits.
    need = tuple(int(n) for n in re.search(r"needs\s+at\s+least\s+(\d+)x(\d+)", plain).groups())
    assert need[0] >= min(size[0], panel.MIN_WIDTH) and need[1] > size[1] or need[0] > size[0]
    fits = SGR.sub("", render(_screen(*need), "truecolor", *need))
    assert "needs" not in fits and panel.GLYPHS[panel.LIT] in fits
    assert panel.GLYPHS[panel.LIT] not in plain
    assert all(len(line) <= width for line in plain.split("\n"))


def test_the_help_line_under_the_ring_and_the_side_text_speak_the_table_s_words():
    from fatebox.sim.view import help_line
    desc = {"text": "Total success", "system": "new-beginning", "active": "Mara", "screen": "result"}
    plain = SGR.sub("", render(panel.screen(80, 24, [(0, 0, 0)] * 12, BRIGHTNESS, side_lines(desc),
                                            port_lines("/dev/pts/3", "fatebox"), KEY_ROWS, KEY_LINE,
                                            help_line(desc)), "256"))
    assert "MINUS/PLUS: one misfortune less / more" in plain
    assert "New Beginning \u00b7 result \u00b7 Mara" in plain
    assert "screen:" not in plain and "new-beginning" not in plain


def _screens(system):
    """Every screen the system's play has: its steps, the result, the screens after it."""
    from fatebox_fw import play as P
    from fatebox_fw.box import Box
    from tests.core.fakeboard import FakeBoard
    gadget = Box(FakeBoard())
    game = gadget.core._make(system)
    return set(game.steps()) | {P.RESULT} | set(game.after())


def test_every_screen_of_every_system_has_a_help_row():
    from fatebox.cards import help_tables as H
    from fatebox_fw import play as P
    from fatebox_fw.play.core import MENU
    from shared_rules import registry
    assert [t["system"] for t in H.systems()] == list(registry.NAMES)
    for system in registry.NAMES:
        names = _screens(system)
        assert len(names) >= 2, system
        for screen in sorted(names | set(MENU) | {P.DRAWING}):
            row = H.row(system, screen)
            assert row is not None, (system, screen)
            assert H.line(row).startswith(("MINUS/PLUS", "held", "GO"))
        table = H.system(system)
        # No row for a screen the box does not have: the table is the box's, not a wish.
        assert {r[0] for r in table["setup"] + table["result"]} <= names, system


@pytest.mark.parametrize("supply", [(6, 6), (8, 4), (3, 9)])
def test_the_help_line_says_the_ranges_the_box_offers_under_its_supply(tmp_path, monkeypatch, supply):
    # The virtual gadget's window: its help line follows the supply the box plays by,
    # and says the ranges its steps offer (found by turning them all the way up).
    from fatebox.sim.view import TerminalView
    from fatebox_fw.play import new_beginning as play_nb
    from fatebox_fw.box import Box
    from fatebox_fw.hal.virtual import VirtualBoard
    white, black = supply
    with VirtualBoard(str(tmp_path / "flash"), seed="help") as board:
        gadget = Box(board)
        gadget.core.set_table("supply", (white, black), board.ticks_ms())
        with open(os.devnull) as nothing:
            monkeypatch.setattr("sys.stdin", nothing)       # the view takes the keyboard's fd; never read here
            view = TerminalView(board, gadget, command="fatebox")
        view.console = Console(width=200, height=40)       # one line of help, not wrapped
        game = gadget.core.game
        lines = {}
        # No character: no traits step.
        order = (play_nb.DIFFICULTY, play_nb.DANGER, play_nb.STATUSES, play_nb.HELP, play_nb.WHITES, play_nb.CHOOSE)
        for screen in order[:-1]:
            assert game.screen == screen
            lines[screen] = SGR.sub("", render(view.render(gadget.describe()), "256", width=200, height=40))
            game.change(screen, 1, True, None, board.ticks_ms())        # PLUS held: the most it offers
            if screen == play_nb.DIFFICULTY:
                hardest = game.setup.difficulty
                game.change(screen, -1, True, None, board.ticks_ms())   # back to 1: the largest group
            elif screen == play_nb.HELP:
                largest = game.setup.group
                game.change(screen, -1, True, None, board.ticks_ms())   # alone
                for _ in range(white):
                    game.change(screen, 1, False, None, board.ticks_ms())
                helpers = game.setup.helpers
                game.change(screen, -1, True, None, board.ticks_ms())
            elif screen == play_nb.WHITES:
                most = game.setup.whites
            game.screen = order[order.index(screen) + 1]   # GO, as the core moves on
    assert "blacks 1..%d" % hardest in lines[play_nb.DIFFICULTY] and hardest == min(6, black)
    assert "1..%d helpers, a group of 2..%d" % (helpers, largest) in lines[play_nb.HELP]
    assert (helpers, largest) == (white, min(white, black))
    assert "whites 0..%d" % most in lines[play_nb.WHITES] and most == white
    assert "1..6" not in lines[play_nb.HELP] + lines[play_nb.WHITES] or supply == (6, 6)


def test_the_readme_says_the_size_the_panel_needs():
    readme = " ".join(open(os.path.join(os.path.dirname(__file__), "..", "..", "README.md")).read().split())
    assert "under %dx%d it says the size it needs" % (panel.MIN_WIDTH, panel.MIN_HEIGHT) in readme
    plain = SGR.sub("", render(_screen(panel.MIN_WIDTH, panel.MIN_HEIGHT), "truecolor",
                               panel.MIN_WIDTH, panel.MIN_HEIGHT))
    assert "needs" not in plain and panel.GLYPHS[panel.LIT] in plain


def test_the_bottom_line_says_the_menu_a_long_press_and_go_held_on_every_screen():
    from fatebox.cards import help_tables
    from fatebox.sim.view import bottom_line, help_line
    from shared_rules import registry
    seen = set()
    for system in registry.NAMES:
        table = help_tables.system(system)
        rows = table["setup"] + table["result"] + help_tables.MENU + (help_tables.DRAWING,)
        for row in rows:
            desc = {"text": "x", "system": system, "active": "Mara", "screen": row[0]}
            line = bottom_line(desc)
            assert "B menu" in line and "Shift: held" in line and "q quit" in line
            seen.add(line.split(" G ")[1].split(" \u00b7")[0])
            plain = SGR.sub("", render(panel.screen(80, 24, [(0, 0, 0)] * 12, BRIGHTNESS, side_lines(desc),
                                                    port_lines("/dev/pts/3", "fatebox"), KEY_ROWS, line,
                                                    help_line(desc), words_line="drew 1 white: total success"),
                                       "256"))
            assert line in plain.replace("\u2502", "").replace("  ", " ") or line in plain, (system, row[0])
    assert seen == {"roll now", "leave result", "close menu", "skip"}


def test_the_words_line_names_what_was_rolled_as_roll_and_history_say_it():
    from fatebox.sim.view import words_line
    from fatebox.systems import result_words
    from fatebox_fw.box import Box
    from shared_rules import registry
    from tests.core.fakeboard import FakeBoard, long_press, run
    from tests.core.samples import sample
    from tests.core.sheets import hero
    from fatebox.sim.view import Heard
    for system in registry.NAMES:
        board = FakeBoard()
        gadget = Box(board)
        heard = Heard(gadget.store, gadget)     # a result the box tells on its result screen is still its own
        gadget.store.put(hero(sample(system)))
        gadget.core.system = system
        gadget.core.game = gadget.core._make(system)
        assert words_line(gadget, heard) is None          # no result on the ring: no line
        long_press(gadget, board, "go", hold=700)
        run(gadget, board, 1600)
        game = gadget.core.game
        assert gadget.core.screen == "result", system
        said = words_line(gadget, heard)
        shown = dict(game.setup_state())
        shown.update(game.last_state())
        assert said == result_words(system, shown) and ": " in said, (system, said)
        assert "{" not in said and "[" not in said and "_" not in said, said


def test_the_panel_follows_the_box_a_host_result_shows_with_whose_it_is():
    # The box plays Mara (New Beginning). The host rolls Axiom for Vex: the ring
    # stays on Mara's set-up, the words line says Vex's roll and whose it is. The
    # host draws for Tobin: the ring shows it, the side line names Tobin, not Mara.
    from fatebox.sim.view import Heard, side_lines, words_line
    from fatebox.systems import result_words
    from fatebox_fw.box import Box
    from tests.core.fakeboard import FakeBoard, ask, long_press, run
    from tests.core.sheets import hero, sheet, vex
    board = FakeBoard()
    gadget = Box(board)
    heard = Heard(gadget.store)
    for data in (sheet("Mara"), sheet("Tobin"), vex()):
        gadget.store.put(hero(data))
    run(gadget, board, 100)
    board.replies()
    assert gadget.core.system == "new-beginning" and gadget.describe()["active"] == "Mara"
    setup = {"favorable": 1, "unfavorable": 0, "modifier": 2}
    reply = ask(gadget, board, {"id": 1, "op": "roll", "system": "axiom", "setup": setup, "name": "Vex"})
    run(gadget, board, 100)
    said = words_line(gadget, heard)
    entry = gadget.store.characters["Vex"].history[-1]
    assert said == "Vex \u00b7 Axiom: " + result_words("axiom", entry, setup), said
    assert ("total %d + 2 = %d" % (reply["result"]["total"] - 2, reply["result"]["total"])) in said
    assert "Mara" in side_lines(gadget.describe())[1][0]        # the box itself is still on Mara's set-up
    ask(gadget, board, {"id": 2, "op": "trial", "white": 2, "black": 3, "draw": 2, "name": "Tobin"})
    assert words_line(gadget, heard) is None                      # the ring animates the draw: it tells first
    run(gadget, board, 1500)
    where = side_lines(gadget.describe())[1][0]
    assert where.startswith("New Beginning \u00b7 result") and where.endswith("Tobin"), where
    last = gadget.core.game.last_state()
    assert words_line(gadget, heard) == result_words("new-beginning", last, gadget.core.game.setup_state())
    heard.pressed(gadget)                                         # a press on the result keeps the line
    long_press(gadget, board, "go")                               # GO held: the result left
    run(gadget, board, 300)
    assert not gadget.core.game.in_result() and gadget.describe()["active"] == "Mara"
    said = words_line(gadget, heard)
    assert said is not None and said.startswith("Tobin: drew "), said   # the last result, whose it was
    heard.pressed(gadget)                                         # a press on the set-up: the line goes
    assert words_line(gadget, heard) is None


def mara_and_vex():
    """A box holding Mara and Vex, on its first screen, and what the panel heard."""
    from fatebox.sim.view import Heard
    from fatebox_fw.box import Box
    from tests.core.fakeboard import FakeBoard, run
    from tests.core.sheets import hero, sheet, vex
    board = FakeBoard()
    gadget = Box(board)
    heard = Heard(gadget.store, gadget)
    for data in (sheet("Mara"), vex()):
        gadget.store.put(hero(data))
    run(gadget, board, 100)
    board.replies()
    return board, gadget, heard


def test_a_host_result_shows_over_the_result_the_ring_shows():
    # The ring shows Mara's draw (a host's trial or the buttons'); the host then
    # rolls Axiom for Vex: the words line says Vex's roll, whose and which system,
    # not Mara's older one; GO leaves the result and the line still says Vex's.
    from fatebox.sim.view import words_line
    from fatebox.systems import result_words
    from tests.core.fakeboard import ask, long_press, run
    board, gadget, heard = mara_and_vex()
    assert ask(gadget, board, {"id": 1, "op": "trial", "white": 2, "black": 3, "draw": 2, "name": "Mara"})["ok"]
    run(gadget, board, 1500)
    assert gadget.core.game.in_result() and words_line(gadget, heard).startswith("drew ")
    setup = {"favorable": 1, "unfavorable": 0, "modifier": 2}
    assert ask(gadget, board, {"id": 2, "op": "roll", "system": "axiom", "setup": setup, "name": "Vex"})["ok"]
    run(gadget, board, 100)
    entry = gadget.store.characters["Vex"].history[-1]
    said = "Vex \u00b7 Axiom: " + result_words("axiom", entry, setup)
    assert gadget.core.game.in_result() and words_line(gadget, heard) == said, words_line(gadget, heard)
    heard.pressed(gadget)                                   # a press on Mara's result: the line is hers
    assert words_line(gadget, heard).startswith("drew ")
    long_press(gadget, board, "go")
    run(gadget, board, 300)
    assert not gadget.core.game.in_result() and words_line(gadget, heard) == said


def test_a_host_result_while_the_menu_is_open_shows_once_the_menu_closes():
    # The menu has no words line; a result the host plays meanwhile is said when
    # the box is back on a system's screen, until the next press there.
    from fatebox.sim.view import words_line
    from tests.core.fakeboard import ask, long_press, run, tap
    board, gadget, heard = mara_and_vex()
    long_press(gadget, board, "back", hold=700)
    run(gadget, board, 300)
    assert gadget.core.menu is not None
    assert ask(gadget, board, {"id": 1, "op": "roll", "system": "axiom", "setup": {"favorable": 1}, "name": "Vex"})["ok"]
    run(gadget, board, 100)
    assert words_line(gadget, heard) is None                        # the menu: no line
    while gadget.core.menu is not None:                              # system, character, brightness: GO each
        heard.pressed(gadget)
        tap(gadget, board, "go")
        run(gadget, board, 400)
    said = words_line(gadget, heard)
    assert said is not None and said.startswith("Vex \u00b7 Axiom: "), said
    heard.pressed(gadget)                                            # a press on the set-up: the line goes
    assert words_line(gadget, heard) is None
