# The Owlbear Rodeo extension (integrations/owlbear/) in Debian's chromium: its
# popover in a stand-in Owlbear Rodeo (owlbear_parent.html, the SDK's parent
# window) beside a stand-in serve (standins/serve.mjs).
import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from fatebox.serve import vtt
from tests.integrations.standin import StandInServe
from tests.web.conftest import ARGS, CHROMIUM, serve

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
RESULTS = json.loads((HERE / "results.json").read_text(encoding="utf-8"))
AXIOM, BAG = RESULTS[0], RESULTS[1]
WAIT_MS = 30000     # a hang guard far above the milliseconds a result takes


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    out = tmp_path_factory.mktemp("integrations")
    done = subprocess.run([sys.executable, str(ROOT / "integrations" / "build.py"), "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    site, site_url = serve(out / "owlbear")
    parent, parent_url = serve(HERE)
    manifest = json.loads((out / "owlbear" / "manifest.json").read_text(encoding="utf-8"))
    yield {"site": site_url, "parent": parent_url, "manifest": manifest, "out": out / "owlbear"}
    site.shutdown()
    parent.shutdown()


@pytest.fixture(scope="module")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail("%s is missing: run `make chromium` (Debian's chromium, for the browser tests)" % CHROMIUM)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def box():
    s = StandInServe()
    yield s
    s.close()


def open_room(browser, sites, query=""):
    ctx = browser.new_context(viewport={"width": 800, "height": 700})
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    action = sites["manifest"]["action"]
    page.goto("%sowlbear_parent.html?site=%spopover.html&width=%d&height=%d%s"
              % (sites["parent"], sites["site"], action["width"], action["height"], query))
    return ctx, page


@pytest.fixture
def room(browser, sites, box):
    """The popover in the stand-in room, connected to the stand-in serve: (page, frame)."""
    ctx, page = open_room(browser, sites)
    frame = page.frame_locator("#popover")
    frame.locator("#settings summary").wait_for(timeout=WAIT_MS)
    assert frame.locator("#settings").get_attribute("open") is not None   # no token yet: the settings open
    frame.locator("[name=url]").fill(box.url)
    frame.locator("[name=token]").fill("sesame")
    frame.locator("#save").click()
    frame.locator('#link[data-state="connected"]').wait_for(timeout=WAIT_MS)
    page.wait_for_function("obr.subscribed.has('fatebox/result')", timeout=WAIT_MS)
    # the popover's own origin (where its site is served), not Owlbear Rodeo's:
    # the one serve's --vtt-origin must name
    assert box.origin() == sites["site"].rstrip("/")
    yield page, frame
    assert page.errors == []
    ctx.close()


def test_a_result_the_box_plays_shows_in_the_systems_words_and_is_shared_with_the_room(room, box):
    page, frame = room
    box.send(dict(BAG, type="result"))
    frame.locator("#latest .outcome", has_text="Partial success").wait_for(timeout=WAIT_MS)
    latest = frame.locator("#latest")
    assert latest.locator(".who").inner_text() == "Mara \u00b7 New Beginning"
    assert latest.locator(".said").inner_text() == "drew 2 white, 1 black: partial success"
    assert latest.locator(".odds").inner_text() == "Chance of this outcome: 60.0%"
    assert latest.locator(".setup").inner_text() == BAG["odds"]["setup"]
    assert latest.locator(".item").count() == len(BAG["items"])
    page.wait_for_function("obr.sent().length === 1", timeout=WAIT_MS)
    sent = page.evaluate("obr.sent()[0].data")
    assert sent["channel"] == "fatebox/result"
    assert sent["data"] == {"result": BAG, "from": "Ilse"}
    # and kept as the room's latest, for a popover opened later
    page.wait_for_function("'fatebox/latest' in obr.metadata", timeout=WAIT_MS)
    assert page.evaluate("obr.metadata['fatebox/latest']") == {"result": BAG, "from": "Ilse"}


def test_a_popover_opened_later_shows_the_rooms_latest_result(browser, sites):
    from urllib.parse import quote
    ctx, page = open_room(browser, sites, "&latest=" + quote(json.dumps({"result": AXIOM, "from": "Bram"})))
    try:
        frame = page.frame_locator("#popover")
        frame.locator("#latest .outcome", has_text="Critical failure").wait_for(timeout=WAIT_MS)
        assert frame.locator("#latest .shared").inner_text() == "Shared by Bram"
        assert page.errors == []
    finally:
        ctx.close()


def test_a_result_another_player_shares_shows_and_is_not_shared_again(room, box):
    page, frame = room
    page.evaluate("r => obr.deliver('fatebox/result', {result: r, from: 'Bram'}, 'conn-2')", AXIOM)
    frame.locator("#latest .outcome", has_text="Critical failure").wait_for(timeout=WAIT_MS)
    assert frame.locator("#latest .shared").inner_text() == "Shared by Bram"
    assert frame.locator("#latest .who").inner_text() == "Vex \u00b7 Axiom"
    # the box's own result after it: shared, and the one already shown is not shown twice
    box.send(dict(BAG, type="result"))
    page.evaluate("r => obr.deliver('fatebox/result', {result: r, from: 'Bram'}, 'conn-2')", AXIOM)
    frame.locator("#latest .outcome", has_text="Partial success").wait_for(timeout=WAIT_MS)
    page.wait_for_function("obr.sent().length === 1", timeout=WAIT_MS)
    assert page.evaluate("obr.sent()[0].data.data.result.seq") == BAG["seq"]
    assert frame.locator("#list li").count() == 2


def test_the_popover_asks_the_box_for_a_roll_and_says_what_it_rolled(room, box):
    page, frame = room
    frame.locator("[name=dice]").fill("2d6 1d20")
    frame.locator("[name=label]").fill("Stealth")
    frame.locator("#ask button").click()
    asked = box.next("roll-request")
    jsonschema.validate(asked, vtt.schema())                    # as serve's /vtt takes it
    assert asked["dice"] == [{"faces": 6, "count": 2}, {"faces": 20, "count": 1}]
    assert asked["label"] == "Stealth"
    assert asked["from"] == "Ilse"
    assert "press GO" in frame.locator("#asked").inner_text()
    answer = {"type": "roll-result", "id": asked["id"], "values": [[3, 5], [17]],
              "board_id": "rp2-0011223344556677", "seq": 9}
    jsonschema.validate(answer, vtt.schema())
    box.send(answer)
    frame.locator("#asked", has_text="The box rolled").wait_for(timeout=WAIT_MS)
    assert frame.locator("#asked").inner_text() == "The box rolled 2d6: 3, 5 \u00b7 1d20: 17"


def test_a_roll_the_box_declines_says_why(room, box):
    page, frame = room
    frame.locator("[name=dice]").fill("30d6")
    frame.locator("#ask button").click()
    asked = box.next("roll-request")
    box.send({"type": "roll-declined", "id": asked["id"], "reason": "the box rolls at most 20 dice"})
    frame.locator("#asked", has_text="declined").wait_for(timeout=WAIT_MS)
    assert frame.locator("#asked").inner_text() == "The box declined: the box rolls at most 20 dice"


def test_dice_it_cannot_read_are_not_asked_for(room, box):
    page, frame = room
    frame.locator("[name=dice]").fill("2x6")
    frame.locator("#ask button").click()
    frame.locator("#asked", has_text="Dice as").wait_for(timeout=WAIT_MS)
    frame.locator("[name=dice]").fill("1d8")
    frame.locator("#ask button").click()
    assert box.next("roll-request")["dice"] == [{"faces": 8, "count": 1}]     # the first one the box heard of


def test_serve_gone_the_popover_says_so_and_connects_again(room, box):
    page, frame = room
    box.drop_clients()
    frame.locator('#link[data-state="connected"]').wait_for(timeout=WAIT_MS, state="detached")
    frame.locator('#link[data-state="connected"]').wait_for(timeout=WAIT_MS)
    box.send(dict(AXIOM, type="result"))
    frame.locator("#latest .outcome", has_text="Critical failure").wait_for(timeout=WAIT_MS)


def test_the_popover_at_its_size(room, box, sites, tmp_path):
    page, frame = room
    box.send(dict(BAG, type="result"))
    box.send(dict(AXIOM, type="result"))
    frame.locator("#latest .outcome", has_text="Critical failure").wait_for(timeout=WAIT_MS)
    action = sites["manifest"]["action"]
    element = page.locator("#popover")
    shot = element.screenshot(path=str(tmp_path / "owlbear-popover.png"))
    size = element.bounding_box()
    assert (size["width"], size["height"]) == (action["width"], action["height"])
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"
    # nothing wider than the popover (no sideways scroll) and the form in view
    assert page.frames[1].evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.frames[1].evaluate("document.querySelector('#ask button').getBoundingClientRect().bottom <= innerHeight")
    keep = os.environ.get("FATEBOX_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / "owlbear-popover.png").write_bytes(shot)


def test_a_wrong_token_is_said_with_the_origin_serve_must_take(room, box, sites):
    page, frame = room
    frame.locator("[name=token]").fill("wrong")
    frame.locator("#save").click()
    frame.locator('#link[data-state="disconnected"]').wait_for(timeout=WAIT_MS)
    frame.locator("#ask button").click()
    frame.locator("#asked", has_text="Not asked").wait_for(timeout=WAIT_MS)
    assert frame.locator("#asked").inner_text() == (
        "Not asked: serve cannot be reached at %s (is it running, with this token and --vtt-origin %s?)"
        % (box.url, sites["site"].rstrip("/")))
