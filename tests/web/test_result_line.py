# The box in a browser says a result as the host does (issue 36): what was drawn
# or rolled and the outcome, from the one function per system (its words module,
# on the page's MicroPython), and the chance the set-up gave it.
import re

import pytest

from shared_rules import registry
from fatebox.systems import result_words
from tests.web.conftest import open_box
from tests.web.test_long_names import fits


def roll_now(page, system):
    """Choose `system` (its first character) on the page's menu, then GO held: a result."""
    page.select_option("#system", system)
    page.wait_for_function("fatebox.screen.system === %r && fatebox.screen.screen !== 'menu-system'" % system)
    page.locator('button.key[data-role="go"]').click(modifiers=["Shift"])
    page.wait_for_function("fatebox.screen.said !== null && fatebox.screen.said !== undefined", timeout=20000)
    return page.evaluate("fatebox.screen")


@pytest.mark.parametrize("system", [row.name for row in registry.ROWS])
def test_a_result_on_the_page_says_what_was_drawn_or_rolled_and_its_odds(context, site, system, tmp_path):
    page = open_box(context, site, seed=7)
    screen = roll_now(page, system)
    if system == "colour-tokens":
        # The hand first; GO keeps the best three: the action as a whole, and its odds.
        assert page.locator("#words").inner_text() == screen["said"]["words"]
        page.wait_for_timeout(500)      # past the result's guard
        page.locator('button.key[data-role="go"]').click()
        page.wait_for_function("fatebox.screen.screen === 'done'")
        page.wait_for_function("document.getElementById('words').innerText.includes('for story')")
        screen = page.evaluate("fatebox.screen")
    said = screen["said"]
    line = page.locator("#words").inner_text()
    # The host's own sentence for the same result and set-up, word for word.
    assert line == said["words"] == result_words(system, said["result"], said["setup"]), (system, line)
    assert "drew " in line if system in ("new-beginning", "colour-tokens") else re.search(r"\dd\d+: \d|light \d", line)
    assert "{" not in line and "None" not in line and "_" not in line, line
    odds = page.locator("#odds").inner_text()
    of = r"[0-3] positive tokens? kept" if system == "colour-tokens" else "this outcome"
    assert re.fullmatch(r"\d{1,3}\.\d%% chance of %s" % of, odds), (system, odds)
    # The sentence is said once: the box's own words for the screen only once they say more.
    assert page.locator("#step").inner_text() == ""
    fits(page)                                  # on a phone's 360 px
    page.screenshot(path=str(tmp_path / ("web-%s.png" % system)), full_page=True)
    assert page.errors == []
