# The box in a browser on a phone with the longest names the box takes (issue
# 36): a 40-letter name without a space and one in a right-to-left script,
# loaded, chosen and played at 360x640: nothing wider than the screen, and the
# names isolated from the text around them.
import json

from tests.web.conftest import open_box
from tests.web.test_page import EXAMPLES, characters, delete, load

LONG = "W" * 40
RTL = "\u05de\u05e8\u05d9\u05dd \u05d1\u05ea-\u05d0\u05dc"       # "מרים בת-אל"


def sheet(name):
    return (EXAMPLES / "mara.toml").read_text().replace('name = "Mara"', 'name = "%s"' % name).encode("utf-8")


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => {
        const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5);
      }).map(e => e.tagName + '#' + e.id + '.' + e.className)""")
    assert wide == []


def test_the_longest_names_fit_a_phone_and_are_isolated(context, site, tmp_path):
    page = open_box(context, site, seed=5)
    delete(page, "Tobin")
    delete(page, "Ysolde")
    assert load(page, "long.toml", sheet(LONG)) == "long.toml: loaded"
    assert load(page, "rtl.toml", sheet(RTL)) == "rtl.toml: loaded"
    assert {LONG, RTL} <= set(c["name"] for c in characters(page))
    page.evaluate("document.getElementById('table').open = true")
    for name in (LONG, RTL):
        page.select_option("#system", "new-beginning")
        page.select_option("#character", name)
        page.wait_for_function("fatebox.screen.active === %s" % json.dumps(name))
        fits(page)
        # The name in the line above the ring, isolated from the words around it.
        assert page.eval_on_selector("#where bdi", "e => e.textContent") == name
        assert page.eval_on_selector("#where bdi", "e => getComputedStyle(e).unicodeBidi") == "isolate"
        # The menu's character page names it in the box's own words: isolated there too.
        page.keyboard.press("Shift+B")                                           # BACK held: the menu
        page.wait_for_function("fatebox.screen.screen === 'menu-system'")
        page.keyboard.press("g")
        page.wait_for_function("fatebox.screen.text.startsWith('Playing ')")
        assert name in page.inner_text("#words")
        assert page.eval_on_selector("#words bdi", "e => e.textContent") == name
        fits(page)
        page.keyboard.press("Shift+G")                                           # GO held: the menu closed
        page.wait_for_function("!fatebox.screen.screen.startsWith('menu')")
        page.locator('button.key[data-role="go"]').click(modifiers=["Shift"])     # GO held: draw now
        page.wait_for_function("fatebox.screen.screen === 'result' && fatebox.screen.said", timeout=20000)
        fits(page)
        page.screenshot(path=str(tmp_path / ("web-%s.png" % ("long" if name == LONG else "rtl"))), full_page=True)
        page.wait_for_timeout(500)                                               # past the result's guard
        page.locator('button.key[data-role="go"]').click(modifiers=["Shift"])     # GO held: the result left
        page.wait_for_function("fatebox.screen.screen !== 'result'")
    names = page.eval_on_selector_all("#characters li strong bdi", "els => els.map(e => e.textContent)")
    assert LONG in names and RTL in names
    # Each one's last result as the host says it, not its outcome's name.
    item = page.locator("#characters li[data-name=%s] span" % json.dumps(LONG)).inner_text()
    assert "1 trial \u00b7 last: drew " in item and "-" not in item.split("last: ")[1], item
    fits(page)
    assert page.errors == []
