# One firmware, four boards: a trial of every system played from the page's
# own buttons shows on the page's ring what the virtual gadget shows for the
# same presses and the same entropy bytes (the tests' seeded mode).
import datetime
import json
import tempfile

from shared_rules import roster
from shared_rules.randomness import SeededBytes
from fatebox_fw.box import Box
from fatebox_fw.boot.profile import PICO, validate
from tests.core.fakeboard import FakeBoard, run
from tests.pico.twin import collapsed, cue_windows, frame_or_cue_of, held, is_subsequence, split_cues
from tests.pico.test_image_board import every_system_script
from tests.web.conftest import board_now, open_box

SEED = 20261124
ROLES = ("back", "minus", "plus", "go")
STEP_MS = 5


def press_on_page(page, role, hold):
    """The page's button for `role`: a click, or a Shift+click (a long press) for a long hold.
    Forced: with the page's clock paused no animation frame comes for the checks that wait for one."""
    button = page.locator('button.key[data-role="%s"]' % role)
    if hold >= 600:
        button.click(modifiers=["Shift"], force=True)
    else:
        button.click(force=True)


def twin_play(demo, downs, start_ms, end_ms):
    """The virtual gadget (the firmware on CPython, a stepped clock) with the
    page's demo table, the page's presses at the page's board times, the same
    seeded entropy: its frames (t, rgb) from start_ms, and describe() at each press."""
    board = FakeBoard(storage=tempfile.mkdtemp(prefix="fatebox-web-twin-"), profile=validate(PICO),
                      entropy=SeededBytes(str(SEED)))
    gadget = Box(board)
    for data in demo["characters"]:              # as web/app.py's start() puts them
        gadget.server.call("put", {"character": data})
    for name, values in demo["table"].items():
        if tuple(values) != getattr(gadget.core, name):
            gadget.core.set_table(name, values, board.ticks_ms())
    gadget.store.flush()
    offset = board.now + 1000 - start_ms         # the twin's clock: the page's, shifted
    run(gadget, board, start_ms + offset - board.now, STEP_MS)
    first = len(board.frames)
    for button, at, hold in downs:
        board.hold(ROLES[button], at + offset, hold)
    seen = []
    for button, at, hold in downs:
        run(gadget, board, max(0, at + offset - board.now), STEP_MS)
        seen.append(gadget.describe())
    run(gadget, board, max(0, end_ms + offset - board.now), STEP_MS)
    seen.append(gadget.describe())
    frames = [(t - offset, rgb) for t, rgb in zip(board.frame_times[first:], board.frames[first:])]
    return frames, seen, gadget


def test_a_trial_of_every_system_from_the_page_shows_what_the_virtual_gadget_shows(context, site):
    # The page's clock and timers are the test's (Playwright's clock): each press
    # lands at the board time the script gives it and the loop turns as it would
    # in that time, however late a loaded machine runs the test; a press that
    # came late would change what the script plays.
    context.clock.install()
    page = open_box(context, site, seed=SEED)
    page.clock.pause_at(datetime.datetime.fromtimestamp(page.evaluate("Date.now()") / 1000.0 + 1))
    script, length = every_system_script()
    start = board_now(page) + 300
    for offset, role, hold in script:
        page.clock.run_for(max(0, start + offset - board_now(page)))
        press_on_page(page, role, hold)
    end = start + length
    page.clock.run_for(max(0, end - board_now(page)))
    downs = json.loads(page.evaluate("window.fatebox.downs()"))
    assert len(downs) == len(script), downs
    assert [ROLES[b] for b, _, _ in downs] == [role for _, role, _ in script]
    web_frames = [(int(t), bytes.fromhex(h)) for t, h in page.evaluate("fatebox.frames")]
    web_frames = [(t, rgb) for t, rgb in web_frames if downs[0][1] <= t <= end]
    demo = json.loads(page.evaluate("fetch('demo.json').then(r => r.text())"))
    first = downs[0][1]
    twin_frames, seen, twin = twin_play(demo, downs, first, end)

    # The twin played a trial of every system, so the page did too.
    results = [d for d in seen if d["screen"] == "result"]
    assert [d["system"] for d in results] == list(roster.SYSTEMS), seen
    # The same frames in the same order (tests/pico/twin.py: the press cue's
    # frames, whose phase is each board's turn, are the twin's or a cue of one).
    script_at = [(at - first, ROLES[b], hold) for b, at, hold in downs]
    ours = [rgb for _, rgb in collapsed(web_frames)]
    web_out, web_cues = split_cues(web_frames, cue_windows(script_at, first))
    assert [rgb.hex() for _, rgb in web_cues if not frame_or_cue_of(rgb, twin_frames)] == []
    decided = first + downs[0][2]
    theirs = [rgb for _, rgb in collapsed(twin_frames)]
    assert is_subsequence([rgb for t, rgb in collapsed(web_out) if t >= decided], theirs)
    stays = [rgb for _, rgb in held(collapsed(twin_frames), end)]
    assert len(stays) > 20
    assert [rgb.hex() for rgb in stays if rgb not in ours] == []
    # The characters recorded the same trials.
    listed = page.evaluate("fatebox.characters")
    recorded = dict((c["name"], c.get("trials", 0)) for c in listed)
    assert recorded == dict((n, c.trials) for n, c in twin.store.characters.items())
    assert sum(recorded.values()) >= 5
    # Every pixel carries its index and colour as data: the last frame.
    pixels = page.eval_on_selector_all("[data-pixel]", "els => els.map(e => [e.dataset.pixel, e.dataset.rgb])")
    last = bytes.fromhex(page.evaluate("fatebox.frames[fatebox.frames.length - 1][1]"))
    assert pixels == [[str(i), "#" + last[3 * i:3 * i + 3].hex()] for i in range(12)]
    assert page.errors == []
