# The page as a player meets it: sheets loaded and refused, the flash kept
# across a reload, storage refused, a firmware error, two tabs, a seed refused.
import json
from pathlib import Path

from fatebox_fw import ring as R
from fatebox_fw.play import RESULT_GUARD_MS
from tests.web.conftest import board_now, open_box, wait_board

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MARA = (EXAMPLES / "mara.toml").read_text()
WREN = MARA.replace('name = "Mara"', 'name = "Wren"')


def characters(page):
    return json.loads(page.evaluate("JSON.stringify(fatebox.characters)"))


def load(page, name, data, mime="application/toml"):
    """Choose a file in the page's sheet loader; the line the page says about it."""
    before = page.locator("#problems li").count()
    page.set_input_files("#file", files=[{"name": name, "mimeType": mime, "buffer": data}])
    page.wait_for_function("document.querySelectorAll('#problems li').length > 0")
    del before
    return page.locator("#problems li").first.inner_text()


def delete(page, name):
    """The Delete button beside a character, its confirmation accepted."""
    page.evaluate("document.getElementById('table').open = true")
    page.once("dialog", lambda d: d.accept())
    page.locator("#characters li[data-name=%s]" % json.dumps(name)).get_by_role("button", name="Delete").click()
    page.wait_for_function("!fatebox.characters.some(c => c.name === %s)" % json.dumps(name))


def test_a_full_box_refuses_a_sheet_and_one_deleted_makes_room(context, site):
    page = open_box(context, site, seed=3)
    assert len(characters(page)) == 8          # the demo table, with room for sixteen more
    files = [{"name": "wren-%d.toml" % i, "mimeType": "application/toml",
              "buffer": WREN.replace('name = "Wren"', 'name = "Wren %d"' % i).encode()} for i in range(17)]
    page.set_input_files("#file", files=files)
    page.wait_for_function("document.querySelectorAll('#problems li').length === 17", timeout=120000)
    said = page.locator("#problems li").all_inner_texts()
    assert said[:16] == ["wren-%d.toml: loaded" % i for i in range(16)]
    assert said[16] == "wren-16.toml: the box holds 24 characters already; delete one first; nothing loaded"
    assert len(characters(page)) == 24
    delete(page, "Tobin")
    assert load(page, "wren.toml", WREN.encode()) == "wren.toml: loaded"


def test_a_sheet_loads_and_a_reload_keeps_it_and_the_trials_played(context, site):
    page = open_box(context, site, seed=3)
    delete(page, "Tobin")
    said = load(page, "wren.toml", WREN.encode())
    assert said == "wren.toml: loaded"
    assert "Wren" in [c["name"] for c in characters(page)]
    # A trial from the keyboard: Shift+G rolls now, g takes the result (recorded, saved),
    # each step once the page has done the one before (a loaded machine's page is late).
    page.keyboard.press("Shift+G")
    page.wait_for_function("fatebox.screen.screen === 'result'")
    wait_board(page, board_now(page) + RESULT_GUARD_MS)        # GO is not taken sooner on a new result
    page.keyboard.press("g")
    # The result left (the store saved it), then kept by the page (IndexedDB has the flash as it is).
    page.wait_for_function("fatebox.screen.screen !== 'result' && !fatebox.unsaved()")
    played = characters(page)
    assert sum(c.get("trials", 0) for c in played) == 1
    page.reload()
    page.wait_for_function("window.fatebox && window.fatebox.ready")
    assert characters(page) == played
    assert page.evaluate("fatebox.demo") == []        # the demo goes only into an empty flash


def test_a_sheet_with_a_wrong_field_is_refused_naming_the_field_and_line(context, site):
    page = open_box(context, site, seed=3)
    before = characters(page)
    bad = WREN.replace("pending-misfortunes = 0", "pending-misfortunes = \"many\"")
    line = bad.splitlines().index('pending-misfortunes = "many"') + 1
    said = load(page, "wren.toml", bad.encode())
    assert said.startswith("wren.toml:%d: pending-misfortunes: " % line), said
    assert "nothing loaded" in said
    assert characters(page) == before
    assert page.locator("#problems").inner_text() == said


BAD = {
    "does not parse": ("broken.toml", b'name = "Wren"\nsystem = \n', "broken.toml:2:"),
    "unknown system": ("dnd.toml", WREN.replace('"new-beginning"', '"dnd"').encode(), "dnd.toml:7: system: expected one of"),
    "not text": ("image.toml", bytes([0x89, 0x50, 0x4E, 0x47, 0xFF, 0xFE, 0, 1, 2]), "image.toml: not UTF-8 text"),
    "5 MB": ("huge.toml", b"# " + b"x" * (5 * 1024 * 1024), "huge.toml: 5242882 bytes is too large for a sheet"),
    "a name on the board": ("mara.toml", MARA.encode(), "mara.toml:6: name: the box already holds a character named 'Mara'"),
}


def test_bad_sheets_are_refused_with_what_and_where_and_nothing_changes(context, site):
    page = open_box(context, site, seed=3)
    before = characters(page)
    persisted = page.evaluate("fatebox.persisted")
    for what, (name, data, expected) in BAD.items():
        said = load(page, name, data)
        assert said.startswith(expected), (what, said)
        assert said.endswith("nothing loaded"), (what, said)
    assert characters(page) == before
    assert page.evaluate("fatebox.persisted") == persisted     # the flash was not written
    assert page.errors == []


def test_storage_refused_says_characters_will_not_be_kept_and_plays_on(context, site):
    context.add_init_script("""Object.defineProperty(window, 'indexedDB', {get() { return {
        open() { throw new DOMException('The user denied permission to access the database.', 'SecurityError'); } }; }});""")
    page = open_box(context, site, seed=3)
    notice = page.locator("#notice").inner_text()
    assert "will not be kept" in notice and "Play goes on" in notice
    screen = page.evaluate("fatebox.screen.screen")
    page.keyboard.press("g")
    page.wait_for_function("fatebox.screen.screen !== %s" % json.dumps(screen))


def test_a_firmware_error_shows_the_error_pattern_and_a_line_and_a_reload_recovers(context, site):
    page = open_box(context, site, seed=3)
    page.evaluate("fatebox.fault = true")
    page.wait_for_function("fatebox.failed !== null")
    notice = page.locator("#notice").inner_text()
    assert notice.startswith("The box stopped: RuntimeError: a fault the test asked for."), notice
    ring = R.Ring(12, page.evaluate("fatebox.screen.brightness"))
    ring.error(R.REFUSED)
    rgbs = page.eval_on_selector_all("[data-pixel]", "els => els.map(e => e.dataset.rgb)")
    assert rgbs == ["#" + bytes(ring.buf[3 * i:3 * i + 3]).hex() for i in range(12)]
    page.locator("#notice button").click()          # Reload
    page.wait_for_function("window.fatebox && window.fatebox.ready")
    assert page.evaluate("fatebox.failed") is None


def test_a_second_tab_offers_to_take_over_and_the_first_stops_writing(context, site):
    first = open_box(context, site, seed=3)
    second = context.new_page()
    second.goto(site + "?seed=3")
    second.wait_for_function("document.getElementById('notice').textContent.includes('Another tab holds the box')")
    assert second.evaluate("fatebox.ready") is False
    second.locator("#notice button").click()         # Take over
    second.wait_for_function("window.fatebox.ready")
    first.wait_for_function("document.getElementById('notice').textContent.includes('took the box over')")
    written = first.evaluate("fatebox.persisted")
    delete(second, "Tobin")
    assert load(second, "wren.toml", WREN.encode()) == "wren.toml: loaded"
    first.keyboard.press("g")                         # the stopped tab takes no press and writes nothing
    wait_board(second, board_now(second) + 500)
    assert first.evaluate("fatebox.persisted") == written
    second.close()
    first.close()
    third = open_box(context, site, seed=3)
    names = [c["name"] for c in characters(third)]
    assert "Wren" in names and "Tobin" not in names


def test_the_site_make_web_builds_refuses_a_seed_and_a_fault(context, plain_site):
    page = open_box(context, plain_site, seed=3)
    assert "does not take a seed" in page.locator("#notice").inner_text()
    page.evaluate("fatebox.fault = true")
    wait_board(page, board_now(page) + 100)
    assert page.evaluate("fatebox.failed") is None


def test_the_keyboard_alone_plays_and_the_buttons_are_labelled_as_on_the_cards(context, site):
    page = open_box(context, site, seed=3)
    labels = page.locator("button.key .label").all_inner_texts()
    assert labels == ["BACK", "MINUS", "PLUS", "GO"]
    assert page.locator("#help").inner_text().strip() != ""
    page.keyboard.press("Shift+B")                    # a long BACK: the menu
    page.wait_for_function("fatebox.screen.screen === 'menu-system'")
    assert page.locator("#help").inner_text().startswith("MINUS/PLUS: the system to play")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Shift+ArrowRight")           # long GO: play the system chosen
    page.wait_for_function("fatebox.screen.screen !== 'menu-system' && fatebox.screen.system !== 'new-beginning'")


def test_the_menu_on_the_page_chooses_the_system_and_the_character(context, site):
    page = open_box(context, site, seed=3)
    page.select_option("#system", "approaches")
    page.wait_for_function("fatebox.screen.system === 'approaches' && fatebox.screen.active === 'Ash'")
    page.select_option("#system", "new-beginning")
    page.wait_for_function("fatebox.screen.system === 'new-beginning'")
    page.select_option("#character", "Tobin")
    page.wait_for_function("fatebox.screen.active === 'Tobin'")
    page.select_option("#character", "")
    page.wait_for_function("fatebox.screen.active === null")
    assert page.errors == []


def test_every_character_downloads_as_a_sheet_fatebox_loads_back_the_same(context, site, tmp_path):
    from fatebox.sheets import sheet as sheets
    page = open_box(context, site, seed=3)
    page.evaluate("document.getElementById('table').open = true")
    kept = dict((c["name"], c) for c in characters(page))
    assert len(kept) == 8
    for name, data in kept.items():
        with page.expect_download() as got:
            page.locator("#characters li[data-name=%s]" % json.dumps(name)).get_by_role("button", name="Download sheet").click()
        path = tmp_path / got.value.suggested_filename
        got.value.save_as(path)
        assert sheets.load(str(path)).character.to_dict() == data, name


def test_at_360_by_640_the_box_fits_the_width_and_its_buttons_the_first_screen(context, site, tmp_path):
    page = open_box(context, site, seed=3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for selector in ("#lid", "#buttons"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["y"] + box["height"] <= 640, (selector, box)
    for button in page.locator("button.key").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44        # a finger's target
    page.screenshot(path=str(tmp_path / "phone.png"))


def test_a_long_touch_on_a_button_is_a_long_press(context, site):
    page = open_box(context, site, seed=3)
    box = page.locator('button.key[data-role="back"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    wait_board(page, board_now(page) + 800)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function("fatebox.screen.screen === 'menu-system'")    # a long BACK: the menu
    downs = json.loads(page.evaluate("fatebox.downs()"))
    assert downs[-1][0] == 0 and downs[-1][2] >= 600


def test_the_page_fetches_nothing_from_another_origin(context, site):
    asked = []
    context.on("request", lambda r: asked.append(r.url))
    page = open_box(context, site, seed=3)
    page.keyboard.press("g")
    wait_board(page, board_now(page) + 300)
    assert asked and [u for u in asked if not (u.startswith(site) or u.startswith("data:") or u.startswith("blob:"))] == []


def test_a_focused_box_button_is_pressed_by_enter_and_space(context, site):
    page = open_box(context, site, seed=3)
    page.locator('button.key[data-role="plus"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    page.wait_for_function("JSON.parse(fatebox.downs()).length === 2")
    assert [b for b, _, _ in json.loads(page.evaluate("fatebox.downs()"))] == [2, 2]


def test_a_sheet_dropped_on_the_page_is_loaded(context, site):
    page = open_box(context, site, seed=3)
    delete(page, "Tobin")
    page.evaluate("""text => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], 'wren.toml', {type: 'application/toml'}));
        document.getElementById('drop').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
    }""", WREN)
    page.wait_for_function("document.querySelectorAll('#problems li').length > 0")
    assert page.locator("#problems li").first.inner_text() == "wren.toml: loaded"
    assert "Wren" in [c["name"] for c in characters(page)]


def test_once_loaded_the_page_reloads_offline(context, site):
    page = open_box(context, site, seed=3)
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")      # sw.js claims the page
    context.set_offline(True)
    page.reload()
    page.wait_for_function("window.fatebox && (window.fatebox.ready || window.fatebox.failed)")
    assert page.evaluate("fatebox.failed") is None
    assert len(characters(page)) == 8


def test_each_character_shows_its_state_as_its_sheet(context, site):
    page = open_box(context, site, seed=3)
    page.evaluate("document.getElementById('table').open = true")
    item = page.locator('#characters li[data-name="Mara"]')
    item.locator("summary").click()
    text = item.locator("pre").inner_text()
    assert 'name = "Mara"' in text and 'system = "new-beginning"' in text and "trials = 0" in text


def test_a_colour_tokens_sheet_with_a_trait_named_twice_is_refused_at_its_line(context, site):
    page = open_box(context, site, seed=3)
    sheet = (EXAMPLES / "rue.toml").read_text().replace('name = "Rue"', 'name = "Wren"')
    lines = sheet.splitlines()
    at = [i for i, line in enumerate(lines) if line.startswith("traits")][0]
    lines[at] = 'traits = ["Quick hands", "Quick hands"]'
    said = load(page, "wren.toml", "\n".join(lines).encode())
    assert said.startswith("wren.toml:%d: traits[1]: 'Quick hands' is named twice" % (at + 1)), said


HOSTILE = [
    'name = 5\nsystem = "new-beginning"\n',
    'name = "Wren"\nsystem = ["new-beginning"]\n',
    'name = "Wren"\nsystem = "approaches"\nbody = "x"\n',
    'name = "Wren"\nsystem = "new-beginning"\nqualities = "Agile"\n',
    'name = "Wren"\nsystem = "new-beginning"\nhistory = [1, 2]\n',
    'name = "Wren"\nsystem = "axiom"\ntrials = 1e400\n',
    'name = "Wren"\nsystem = "forged-in-the-dark"\nharm = { a = { b = { c = [] } } }\n',
    'name = "Wren"\nsystem = "light-and-dark"\nborn = 1979-05-27T07:32:00Z\n',
    'name = "\\u0000\\u001b[2J"\nsystem = "colour-tokens"\n',
    '[[x]]\n[[x]]\n' * 50,
    'name = "' + "W" * 5000 + '"\n',
]


def test_hostile_sheets_are_refused_one_line_each_and_nothing_changes(context, site):
    page = open_box(context, site, seed=3)
    before = characters(page)
    for i, text in enumerate(HOSTILE):
        said = load(page, "h%d.toml" % i, text.encode())
        assert said.startswith("h%d.toml" % i) and said.endswith("nothing loaded"), (text[:60], said)
        assert "Traceback" not in said and len(said) < 400, said
    assert characters(page) == before
    assert page.errors == []


def test_at_1280_by_800_the_box_and_the_table_sit_side_by_side_in_view(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = open_box(context, site, seed=3)
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        lid, buttons, panel = (page.locator(s).bounding_box() for s in ("#lid", "#buttons", ".panel"))
        assert buttons["y"] + buttons["height"] <= 800
        assert panel["x"] >= lid["x"] + lid["width"]             # the table beside the box, not under it
    finally:
        context.close()


def test_storage_full_when_the_flash_is_kept_says_so_and_plays_on(context, site):
    context.add_init_script("""IDBObjectStore.prototype.put = function() {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };""")
    page = open_box(context, site, seed=3)
    page.wait_for_function("document.getElementById('notice').textContent.includes('will not be kept')")
    assert "quota" in page.locator("#notice").inner_text()
    screen = page.evaluate("fatebox.screen.screen")
    page.keyboard.press("g")
    page.wait_for_function("fatebox.screen.screen !== %s" % json.dumps(screen))
    assert page.errors == []


def test_a_waiting_tab_gets_the_box_when_the_other_one_closes(context, site):
    first = open_box(context, site, seed=3)
    second = context.new_page()
    second.goto(site + "?seed=3")
    second.wait_for_function("document.getElementById('notice').textContent.includes('Another tab holds the box')")
    first.close()
    second.wait_for_function("window.fatebox.ready")
    assert second.locator("#notice").is_hidden()
    assert len(characters(second)) == 8


def test_a_field_named_like_a_regular_expression_is_refused_at_its_line(context, site):
    # The reproduction: lineOf() built a RegExp from the field name unescaped:
    # a key "(a+)+b" after a line of a's froze the tab (backtracking doubling
    # with each a), a key "(" threw and the load never reported.
    page = open_box(context, site, seed=3)
    before = characters(page)
    for i, key in enumerate(["(a+)+b", "(", ")", "a|b", "a{2,}?", "$^*?+-/"]):
        sheet = WREN.replace('misfortunes = ["The bartender at the Gull hates me"]',
                             'misfortunes = [\n"%s"\n]' % ("a" * 40)) + '\n"%s" = 1\n' % key
        line = sheet.splitlines().index('"%s" = 1' % key) + 1
        said = load(page, "r%d.toml" % i, sheet.encode())
        assert said.startswith("r%d.toml:%d: " % (i, line)) and said.endswith("nothing loaded"), (key, said)
    assert characters(page) == before
    assert page.errors == []
