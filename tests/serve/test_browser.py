# The page and the overlay in a real browser (Debian's chromium driven by
# Playwright; `make chromium` installs it): a trial played on the virtual
# gadget's buttons appears on both without a reload, and each system's result
# is drawn as the result says, checked on the screenshot's pixels.
import io
import json
import os

import pytest

from tests.serve.procs import WAIT, fatebox

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Debian's chromium: make chromium")

WHITE, BLACK = "#968c78", "#460078"      # the ring's token colours (shared_rules.names)
ROLLS = [
    ("approaches", ["--dice", 3]),
    ("light-dark", ["--light", 2, "--dark", 2]),
    ("axiom", ["--favorable", 1]),
    ("colour-tokens", ["--colour", "green", "--keywords", 1]),
    ("forged-in-the-dark", ["--dice", 3]),
]


def rgb(hex_colour):
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def near(a, b, slack=10):
    return all(abs(x - y) <= slack for x, y in zip(a, b))


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            yield b
        finally:
            b.close()


def latest(page, seq):
    page.wait_for_selector('#latest[data-seq="%d"]' % seq, timeout=WAIT * 1000)
    return json.loads(page.evaluate("JSON.stringify(window.fateboxLast)"))


def drawn_pixels(page):
    """The colour at a point inside each drawn token or die, from a screenshot of the page."""
    from PIL import Image
    shot = Image.open(io.BytesIO(page.screenshot(full_page=True))).convert("RGB")
    scale = shot.width / page.viewport_size["width"]
    out = []
    for box in page.eval_on_selector_all("#latest .items .item",
                                         "els => els.map(e => { const r = e.getBoundingClientRect();"
                                         " return [r.x + window.scrollX, r.y + window.scrollY, r.width, r.height,"
                                         " e.classList.contains('dropped')]; })"):
        x, y, w, h, dropped = box
        # Left of the centre, clear of a die's number and inside a token's circle.
        out.append((shot.getpixel((int((x + w * 0.2) * scale), int((y + h * 0.5) * scale))), dropped))
    return out


def test_a_trial_on_the_buttons_appears_on_the_page_and_overlay_then_each_system(tmp_path, procs, browser):
    gadget = procs.gadget(tmp_path / "state")
    serve = procs.serve()
    serve.wait_text("through serve")
    page = browser.new_page(viewport={"width": 420, "height": 900})        # a phone's width
    page.goto(serve.url)
    page.wait_for_selector('body[data-live="1"]', timeout=WAIT * 1000)
    overlay = browser.new_page(viewport={"width": 800, "height": 400})
    overlay.goto(serve.url + "overlay")
    overlay.wait_for_selector('body[data-live="1"]', timeout=WAIT * 1000)
    assert overlay.evaluate("getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"

    gadget.keys("G")                                    # GO held: draw now, with nobody
    serve.result_line(1)
    for p in (page, overlay):
        shown = latest(p, 1)
        assert shown["system"] == "new-beginning" and shown["character"] is None
        assert p.inner_text("#latest .outcome") == shown["outcome_words"]
        assert shown["odds"]["percent"] in p.inner_text("#latest")
        assert abs(float(shown["odds"]["percent"][:-1]) - 100 * shown["odds"]["chance"]) <= 0.05
        colours = [c for c, _ in drawn_pixels(p)]
        assert len(colours) == len(shown["result"]["tokens"])
        for colour, token in zip(colours, shown["result"]["tokens"]):
            assert near(colour, rgb(WHITE if token == "w" else BLACK)), (colour, token)
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1     # never reloaded
    assert page.locator("#session li").count() == 1

    for seq, (system, args) in enumerate(ROLLS, start=2):
        fatebox("roll", system, *args)
        serve.result_line(seq)
        shown = latest(page, seq)
        assert shown["system"] == system
        assert page.inner_text("#latest .outcome") == shown["outcome_words"]
        # The result in one sentence, as `fatebox roll` and `history` say it.
        from fatebox.systems import result_words
        assert page.inner_text("#latest .said") == result_words(system, shown["result"], shown["setup"])
        entry = shown["result"]
        expected = {"approaches": entry.get("faces"), "light-dark": (entry.get("light") or []) + (entry.get("dark") or []),
                    "axiom": entry.get("dice"), "forged-in-the-dark": entry.get("dice"),
                    "colour-tokens": entry.get("kept") or entry.get("hand")}[system]
        labels = page.eval_on_selector_all("#latest .items .item", "els => els.map(e => e.title)")
        assert [str(v) for v in expected] == labels, (system, labels, entry)
        pixels = drawn_pixels(page)
        for (colour, dropped), item in zip(pixels, shown["items"]):
            if not dropped:
                assert near(colour, rgb(item["colour"])), (system, colour, item)
        page.screenshot(path=str(tmp_path / ("%s.png" % system)))
        if shown["odds"] is not None:
            assert "Chance of %s: %s" % (shown["odds"]["of"] or "this outcome", shown["odds"]["percent"]) \
                == page.inner_text("#latest .odds")
        # The overlay follows without a reload.
        assert latest(overlay, seq)["seq"] == seq
    assert page.locator("#session li").count() == len(ROLLS) + 1

    # A result on a character: the character's state after it, as the box holds it.
    fatebox("push", os.path.join(os.path.dirname(__file__), "..", "..", "examples", "lux.toml"))
    fatebox("roll", "light-dark", "--light", 1, "--dark", 2, "--character", "Lux")
    seq = len(ROLLS) + 2
    serve.result_line(seq)
    assert latest(page, seq)["character"] == "Lux"
    page.wait_for_selector("#who h2", timeout=WAIT * 1000)
    assert page.inner_text("#who h2") == "Lux"
    state = json.loads(fatebox("list", "--json").stdout)["characters"][0]
    who = page.inner_text("#who")
    assert "Ego %d" % state["ego"] in who and "HP %d" % state["hp"] in who     # as `fatebox list` says it
