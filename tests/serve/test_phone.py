# serve's page and overlay on a phone (issue 36): at 360x640 in Chromium, a
# result of every system played from the host for characters with the longest
# names the box takes (40 letters, no space) and one in a right-to-left script:
# nothing wider than the screen, the character in its system's words (as
# `fatebox list` says it), no raw values, names isolated; and the page follows
# whose result it is, whatever system the box was on. A screenshot per system.
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from tests.serve.procs import WAIT, fatebox
from tests.serve.test_browser import CHROMIUM, browser, latest  # noqa: F401 (the fixture)

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Debian's chromium: make chromium")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PHONE = {"width": 360, "height": 640}
# Each system's demo character renamed: 40 of the widest letters, a name per system.
LONG = {"mara": "W" * 40, "ash": "M" * 40, "lux": "Q" * 40, "vex": "WM" * 20, "rue": "MW" * 20, "nyx": "QW" * 20}
RTL = "\u05de\u05e8\u05d9\u05dd \u05d1\u05ea-\u05d0\u05dc"       # Tobin as "מרים בת-אל": Hebrew, a space, a hyphen
ROLLS = [
    ("mara", ["draw", "--white", 2, "--black", 3, "--draw", 2]),
    ("ash", ["roll", "approaches", "--dice", 2]),
    ("lux", ["roll", "light-dark", "--light", 2, "--dark", 1]),
    ("vex", ["roll", "axiom", "--favorable", 1, "--modifier", 2]),
    ("rue", ["roll", "colour-tokens", "--colour", "green", "--keywords", 1]),
    ("nyx", ["roll", "forged-in-the-dark", "--dice", 2]),
]
RAW = re.compile(r"[{}\[\]]|\":|\bnull\b|\btrue\b|\bfalse\b|\bNone\b")


def renamed(folder):
    """The demo sheets with the long names, and Tobin's in Hebrew: their paths."""
    paths = []
    for stem, name in list(LONG.items()) + [("tobin", RTL)]:
        text = (EXAMPLES / ("%s.toml" % stem)).read_text(encoding="utf-8")
        text = re.sub(r'^name = ".*"$', 'name = "%s"' % name, text, count=1, flags=re.M)
        path = folder / ("%s.toml" % stem)
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def fits(page):
    """Nothing wider than the phone: the document and every element in it."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => {
        const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5);
      }).map(e => e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 40))""")
    assert wide == []


def test_on_a_phone_every_system_s_result_fits_and_says_the_character_in_words(tmp_path, procs, browser):  # noqa: F811
    sheets = renamed(tmp_path)
    gadget = procs.gadget(tmp_path / "state", *sheets)
    serve = procs.serve()
    serve.wait_text("through serve")
    page = browser.new_page(viewport=PHONE, device_scale_factor=2)
    page.goto(serve.url)
    page.wait_for_selector('body[data-live="1"]', timeout=WAIT * 1000)
    overlay = browser.new_page(viewport=PHONE)
    overlay.goto(serve.url + "overlay")
    overlay.wait_for_selector('body[data-live="1"]', timeout=WAIT * 1000)
    shots = os.environ.get("FATEBOX_SHOTS")
    for seq, (stem, args) in enumerate(ROLLS, start=1):
        name = LONG[stem]
        fatebox(*args, "--character", name)
        serve.result_line(seq)
        shown = latest(page, seq)
        assert shown["character"] == name
        page.wait_for_function("document.querySelector('#who h2') && "
                               "document.querySelector('#who h2').innerText === %s" % json.dumps(name),
                               timeout=WAIT * 1000)
        for p in (page, overlay):
            latest(p, seq)
            fits(p)
        # The character as `fatebox list` says it: system, archetype, state, trials.
        listed = [c for c in json.loads(fatebox("list", "--json").stdout)["characters"] if c["name"] == name][0]
        from fatebox.cli.show import state_words
        who = page.inner_text("#who")
        assert state_words(listed) in who and shown["system_name"] in who, who
        assert ("%d trial" % listed["trials"]) in who
        assert not RAW.search(who), who
        assert not RAW.search(page.inner_text("#latest")), page.inner_text("#latest")
        # Names are isolated from the text around them.
        assert page.eval_on_selector("#latest .who-line bdi", "e => e.textContent") == name
        path = tmp_path / ("phone-%s.png" % shown["system"])
        page.screenshot(path=str(path), full_page=True)
        overlay.screenshot(path=str(tmp_path / ("overlay-%s.png" % shown["system"])))
        if shots:
            os.makedirs(shots, exist_ok=True)
            shutil.copy(path, shots)
            shutil.copy(tmp_path / ("overlay-%s.png" % shown["system"]), shots)
    assert page.locator("#session li").count() == len(ROLLS)
    assert page.eval_on_selector_all("#session li bdi.name", "els => els.map(e => e.textContent)") == \
        [LONG[stem] for stem, _ in reversed(ROLLS)]
    fits(page)
    del gadget


def test_the_page_follows_whose_result_it_is_whatever_the_box_was_on(tmp_path, procs, browser):  # noqa: F811
    # The box plays Mara (New Beginning, the first by name); the host draws for
    # Tobin, in Hebrew, then rolls Axiom for Vex: the page names each one's
    # result and shows that character, isolated from the text around it.
    gadget = procs.gadget(tmp_path / "state", *renamed(tmp_path))
    serve = procs.serve()
    serve.wait_text("through serve")
    page = browser.new_page(viewport=PHONE)
    page.goto(serve.url)
    page.wait_for_selector('body[data-live="1"]', timeout=WAIT * 1000)
    state = fatebox("state").stdout
    assert LONG["mara"] in state
    fatebox("draw", "--white", 2, "--black", 3, "--draw", 2, "--character", RTL)
    serve.result_line(1)
    shown = latest(page, 1)
    assert shown["character"] == RTL and shown["system"] == "new-beginning"
    page.wait_for_function("document.querySelector('#who h2') && "
                           "document.querySelector('#who h2').innerText === %s" % json.dumps(RTL), timeout=WAIT * 1000)
    assert page.eval_on_selector("#latest .who-line bdi", "e => e.textContent") == RTL
    assert page.eval_on_selector("#latest .who-line bdi", "e => getComputedStyle(e).unicodeBidi") == "isolate"
    assert page.inner_text("#latest .who-line").endswith("New Beginning")
    fatebox("roll", "axiom", "--favorable", 1, "--character", LONG["vex"])
    serve.result_line(2)
    shown = latest(page, 2)
    assert shown["character"] == LONG["vex"] and shown["system"] == "axiom"
    page.wait_for_function("document.querySelector('#who h2').innerText === %s" % json.dumps(LONG["vex"]),
                           timeout=WAIT * 1000)
    assert page.inner_text("#latest .who-line").endswith("Axiom")
    assert "Axiom" in page.inner_text("#who") and "Axiom point" in page.inner_text("#who")
    fits(page)
    del gadget
