# `fatebox cards`: the button cards (one per system, from its help table) and the
# wiring card, as print-ready A6 PDF (front and back) and SVG, laid out and
# drawn by cards/page.py.
import json
import math
import os
from pathlib import Path

from fatebox.cards import help_tables as H
from fatebox.cards.page import CARD_BRIGHTNESS, PT, WIDTH, layout, pdf_bytes, svg_text
from fatebox.errors import FateboxError

BOX = "the-box"         # the box's own card: buttons, menu, lights (the same for every system)

ROOT = Path(__file__).resolve().parents[3]
# The Raspberry Pi Pico's physical pin of each GPIO (datasheet pinout), for the wiring card.
PICO_PINS = dict([(g, p) for p, g in enumerate((0, 1, None, 2, 3, 4, 5, None, 6, 7, 8, 9, None, 10, 11, 12, 13,
                                                 None, 14, 15), 1) if g is not None] +
                 [(16, 21), (17, 22), (18, 24), (19, 25), (20, 26), (21, 27), (22, 29), (26, 31), (27, 32), (28, 34)])


# -- the ring on each screen, drawn by the firmware itself --------------------------


class _Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b


def _example(system):
    """The demo sheet of `system` from examples/ (a roster.Hero), or None."""
    from fatebox.sheets import sheet as sheets
    folder = ROOT / "examples"
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
        try:
            sheet = sheets.load(str(path))
        except FateboxError:
            continue        # table.toml, or a sheet being edited
        if sheet.character.system == system:
            return sheet.character
    return None


def screen_frames(system):
    """{screen: [(r, g, b)] * 12}: the ring on each of `system`'s screens as the box
    draws it (its own play and ring code, as the virtual gadget's panel shows it),
    played with the system's demo character; a screen it cannot reach is left out."""
    import tempfile
    from fatebox_fw import buttons as B
    from fatebox_fw.play import core as C
    from fatebox_fw import ring as R
    from fatebox_fw.play import RESULT
    from fatebox_fw.storage import Store
    from shared_rules.randomness import Sampler, SeededBytes
    frames = {}
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder)
        hero = _example(system)
        if hero is not None:
            store.put(hero)
        store.set("system", system)
        clock = _Clock()
        core = C.Core(store, Sampler(SeededBytes("cards " + system)), clock, CARD_BRIGHTNESS)
        ring = R.Ring(12, CARD_BRIGHTNESS)
        game = core.game

        def take(screen):
            clock.now += 10000
            game.enter(screen, clock.now)
            game.since = clock.now
            core.render(ring, clock.now + 1)
            if not any(ring.buf):
                # A screen whose first choice lights nothing (no danger, no helper, no
                # harm): the card shows it one PLUS further, so every ring has something drawn.
                game.on("plus", B.SHORT, clock.now)
                game.since = clock.now
                core.render(ring, clock.now + 1)
            if any(ring.buf):
                frames[screen] = [tuple(ring.buf[i:i + 3]) for i in range(0, len(ring.buf), 3)]
            # else (a crucial trial's reward after a roll that was not one): said in words

        for screen in game.steps():
            if game.offers(screen):
                take(screen)
        game.enter(game.commit_step(), clock.now)
        if game.safely(game.roll, None, clock.now):
            take(RESULT)
            # Every screen after the result, also those a typical roll passes over
            # (Colour tokens' by hand): the card shows each.
            for screen in game.after():
                if game.safely(game.arrive, screen, clock.now):
                    try:
                        take(screen)
                    except Exception:       # a screen whose state this demo roll does not make
                        frames.pop(screen, None)
        # Then the steps only play without a character offers (a rating, a count of whites).
        game.finish(clock.now)
        core.active_name = C.NOBODY
        game.reset()
        for screen in game.steps():
            if screen not in frames and game.offers(screen):
                take(screen)
        for screen in C.MENU:
            core.menu = screen
            core.menu_since = clock.now
            core.render(ring, clock.now + 1)
            frames[screen] = [tuple(ring.buf[i:i + 3]) for i in range(0, len(ring.buf), 3)]
    return frames


# -- what is on each card --------------------------------------------------------

def _rows(flow, rows, frames=None):
    # Each screen as the ring shows it, the buttons' meanings beside it; the
    # ring's words only for what a picture cannot say (colours' meanings).
    for screen, label, short, long, go, ring in rows:
        runs = [(label + "  ", True)]
        if short != "-":
            runs.append(("MINUS/PLUS: %s." % short, False))
        if long != "-":
            runs.append((" Held: %s." % long, False))
        runs.append((" GO: %s." % go, False))
        pixels = (frames or {}).get(screen)
        if pixels is None:
            runs.append((" Ring: %s." % ring, False))
            flow.paragraph(runs, indent=3.0)
        else:
            runs.append((" (%s)" % ring, False))
            flow.pictured(pixels, runs)


def system_front(table, frames=None):
    """A system's card, front: what it plays and its set-up, a step at a time."""
    def fill(flow):
        flow.paragraph([("%s - button card" % table["title"], True)], size=12, gap=0.4)
        flow.paragraph([(table["tagline"], False)], gap=0.8)
        flow.paragraph([("Set-up, one step at a time", True)], size=flow.size + 1)
        _rows(flow, table["setup"], frames)
    return layout(fill)


def system_back(table, frames=None):
    """A system's card, back: its result's screens and what the box records."""
    def fill(flow):
        flow.paragraph([("%s - the result" % table["title"], True)], size=12, gap=0.6)
        _rows(flow, table["result"], frames)
        flow.rule()
        for note in table["notes"]:
            flow.paragraph([(note, False)])
    return layout(fill)


def box_front(frames=None):
    """The box's own card, front: the buttons and the menu, the same in every system."""
    from shared_rules import registry
    systems = len(registry.ROWS)

    def fill(flow):
        flow.paragraph([("Fatebox - the box", True)], size=12, gap=0.6)
        flow.paragraph([("The buttons", True), (" (left to right: BACK, MINUS, PLUS, GO; held = 0.6 s)", False)],
                       size=flow.size + 1)
        for name, short, held, double in H.BUTTONS:
            runs = [(name + "  ", True), ("%s. Held: %s." % (short, held), False)]
            if double != "-":
                runs.append((" Twice: %s." % double, False))
            flow.paragraph(runs, indent=3.0)
        flow.paragraph([("Any press skips the animation. A new result ignores GO and BACK for 0.4 s.", False)])
        flow.rule()
        flow.paragraph([("The menu", True), (" (BACK held): %d systems, then the character, then the brightness; "
                                             "GO to the next page, BACK to the one before." % systems, False)],
                       size=flow.size + 1)
        for screen, label, short, long, go, ring in H.MENU:
            runs = [(label.split(": ")[1] + "  ", True), ("%s." % short, False)]
            if (frames or {}).get(screen) is None:
                flow.paragraph(runs + [(" Ring: %s." % ring, False)], indent=3.0)
            else:
                flow.pictured(frames[screen], runs + [(" (%s)" % ring, False)])
    return layout(fill)


def box_back():
    """The box's own card, back: the outcome shapes and the error patterns."""
    def fill(flow):
        flow.paragraph([("Fatebox - the lights", True)], size=12, gap=0.6)
        flow.paragraph([("The outcomes", True), (" (they differ by shape, not only colour)", False)],
                       size=flow.size + 1)
        shapes = _light_frames()
        flow.strip([(shapes[i], H.LIGHTS[i][1]) for i in range(len(shapes))])
        for lights, means in H.LIGHTS[len(shapes):]:
            flow.paragraph([(lights + "  ", True), (means + ".", False)], indent=3.0)
        flow.paragraph([("Asked rolls", True)], size=flow.size + 1)
        for lights, means in H.ASKED:
            flow.paragraph([(lights + "  ", True), (means + ".", False)], indent=3.0)
        flow.rule()
        flow.paragraph([("When something is wrong", True)], size=flow.size + 1)
        flow.strip([(pixels, H.ERRORS[i][1]) for i, pixels in enumerate(_error_frames())])
    return layout(fill)


def _frame(draw):
    from fatebox_fw import ring as R
    ring = R.Ring(12, CARD_BRIGHTNESS)
    draw(ring)
    return [tuple(ring.buf[i:i + 3]) for i in range(0, len(ring.buf), 3)]


def _light_frames():
    """The four outcome shapes (H.LIGHTS' first four rows), as the box draws the flagship's."""
    from shared_rules import registry
    outcomes = registry.row(registry.DEFAULT).outcomes
    return [_frame(lambda ring, o=o: ring.outcome(o)) for o in outcomes]


def _error_frames():
    """The error patterns in H.ERRORS' order (fatebox_fw.ring.ERRORS)."""
    from fatebox_fw import ring as R
    return [_frame(lambda ring, k=k: ring.error(k)) for k in R.ERRORS]


def wiring_front(profile):
    pin = profile["neopixel"]["pin"]

    def where(gpio):
        physical = PICO_PINS.get(gpio) if profile["board"] == "pico" else None
        return "GP%d" % gpio + (" (pin %d)" % physical if physical else "")

    def fill(flow):
        flow.paragraph([("Fatebox wiring - %s" % profile["name"], True)], size=12, gap=0.6)
        flow.paragraph([("Profile hardware/boards/%s.json; %d-pixel WS2812 ring (%s), four buttons to ground."
                         % (profile["board"], profile["neopixel"]["count"], profile["neopixel"]["order"]), False)],
                       gap=1.0)
        flow.paragraph([("The ring", True)], size=flow.size + 1)
        for label, text in (
                ("DIN", "%s through a 330 ohm resistor at the ring's DIN pad; data wire under 10 cm" % where(pin)),
                ("5V", "VBUS (pin 40)" if profile["board"] == "pico" else "the board's USB 5 V (VBUS/USB pin)"),
                ("GND", "GND (pin 38)" if profile["board"] == "pico" else "a GND pin"),
                ("1000 uF", "across 5V and GND at the ring, minus (the stripe) to GND")):
            flow.paragraph([(label + "  ", True), (text + ".", False)], indent=3.0)
        flow.rule()
        flow.paragraph([("The buttons", True), (" (momentary, to ground; internal pull-ups)", False)],
                       size=flow.size + 1)
        for button in profile["buttons"]:
            flow.paragraph([(button["role"].upper() + "  ", True),
                            ("%s; the other leg to the ground rail." % where(button["pin"]), False)], indent=3.0)
        flow.paragraph([("ground rail  ", True),
                        ("one wire to GND (pin 3)." if profile["board"] == "pico" else "one wire to a GND pin.", False)],
                       indent=3.0)
        flow.rule()
        flow.paragraph([("USB powers everything: 12 pixels at the default brightness (%d of 255) draw well under "
                         "0.2 A." % profile["brightness"], False)])
        flow.paragraph([("Then: fatebox deploy --board %s" % profile["board"], True)])
    return layout(fill)


def wiring_back(profile):
    count = profile["neopixel"]["count"]

    def fill(flow):
        flow.paragraph([("The ring, seen from the front", True)], size=11, gap=0.6)
        flow.paragraph([("Pixel 0, the first after DIN, at twelve o'clock; the pixels count clockwise. A d12 face n "
                         "lights pixel n - 1: face 1 at twelve, face 4 at three, face 7 at six. The cards count "
                         "pixels from 1 at the top.", False)], gap=1.0)
        cx, r = WIDTH / 2, 28.0
        cy = flow.y + r + 6
        for i in range(count):
            angle = 2 * math.pi * i / count
            x, y = cx + r * math.sin(angle), cy - r * math.cos(angle)
            flow.page.shapes.append(("circle", x, y, 2.2, i == 0))
            lx, ly = cx + (r - 7) * math.sin(angle), cy - (r - 7) * math.cos(angle)
            label = str(i)
            w = flow.measure.width(label, i == 0, flow.size)
            flow.page.lines.append((lx - w / 2, ly + flow.size * PT * 0.35, flow.size, [(label, i == 0)], w))
        flow.y = cy + r + 10
        flow.paragraph([("The lid", True), (" (top view): the ring window above, the buttons below it, from left "
                                            "to right BACK, MINUS, PLUS, GO, as the profile orders them.", False)])
        flow.paragraph([("Check before gluing: light pixels 0 and 1 from the REPL; turn the ring until 0 is at "
                         "twelve and 1 follows clockwise.", False)])
    return layout(fill)


def cards(profile_name="pico", settings=None):
    """{name: (front Page, back Page)}: a card per system (its set-up, then its
    result), the box's own (buttons, menu, lights), then the wiring.
    settings: the table's settings the cards' ranges follow, setting -> its values
    (fatebox.table; the rules' own for those it leaves out)."""
    from fatebox.deploy.fileset import boards_dir
    with open(boards_dir() / ("%s.json" % profile_name), encoding="utf-8") as f:
        profile = json.load(f)
    out = {}
    menu = None
    for table in H.systems(settings):
        frames = screen_frames(table["system"])
        menu = menu or frames       # the menu's pages are the same in every system
        out[table["system"]] = (system_front(table, frames), system_back(table, frames))
    out[BOX] = (box_front(menu), box_back())
    out["wiring"] = (wiring_front(profile), wiring_back(profile))
    return out


def write(directory, profile_name="pico", settings=None):
    """Write <name>.pdf (front, back) and <name>-front.svg, <name>-back.svg; the paths written."""
    os.makedirs(directory, exist_ok=True)
    written = []
    for name, (front, rear) in cards(profile_name, settings).items():
        for path, data in ((os.path.join(directory, name + ".pdf"), pdf_bytes([front, rear])),
                           (os.path.join(directory, name + "-front.svg"), svg_text(front).encode("utf-8")),
                           (os.path.join(directory, name + "-back.svg"), svg_text(rear).encode("utf-8"))):
            temp = path + ".tmp"
            try:
                with open(temp, "wb") as f:
                    f.write(data)
                os.replace(temp, path)
            except BaseException:
                try:
                    os.unlink(temp)
                except OSError:
                    pass
                raise
            written.append(path)
    return written
