# Colour tokens sheets (shared_rules/colour_tokens/character.py Character): the
# sheet names its traits, the box counts them; pull writes gold back in place.
from tests.host.systemsheets import changed_lines, comments_kept, example, line_of, load_error, played, reloaded

from fatebox.sheets import sheet as sheets

ACTION = {"outcome": "coloured-success", "colour": "green", "kept": ["green", "black", "white"],
          "reserve": ["red", "blue"], "gold": 1, "earned": 0}


def test_the_demo_sheet_names_two_traits_and_the_box_counts_them(tmp_path):
    path = example(tmp_path, "rue")
    rue = sheets.load(path).character
    assert (rue.name, rue.system, rue.sheet.gold, rue.sheet.traits) == ("Rue", "colour-tokens", 2, 2)
    assert rue.to_dict()["traits"] == 2 and "bag" not in rue.to_dict()   # the default bag: 4 of each
    assert sheets.to_box({"system": "colour-tokens", "traits": ["a", "b", "c"]})["traits"] == 3


def test_a_count_of_traits_is_a_sheet_too(tmp_path):
    path = example(tmp_path, "rue", 'traits = ["Quick hands", "Old map of the docks"]', "traits = 5")
    assert sheets.load(path).character.sheet.traits == 5


def test_trait_names_are_text_and_named_once(tmp_path):
    path = example(tmp_path, "rue", '"Old map of the docks"', '""')
    assert load_error(path) == "%s:%d: traits[1]: expected a trait name of 1..40 characters, got ''" % (path, line_of(path, "traits ="))
    path = example(tmp_path, "rue", '"Old map of the docks"', '"Quick hands"')
    assert load_error(path) == "%s:%d: traits[1]: 'Quick hands' is named twice; each trait once" % (path, line_of(path, "traits ="))


def test_thirteen_traits_do_not_fit_the_ring(tmp_path):
    names = ", ".join('"trait %d"' % i for i in range(13))
    path = example(tmp_path, "rue", 'traits = ["Quick hands", "Old map of the docks"]', "traits = [%s]" % names)
    assert load_error(path) == ("%s:%d: traits: traits (non-core traits carried) must be 0..12, got 13"
                                % (path, line_of(path, "traits =")))


def test_gold_and_the_bag_are_checked(tmp_path):
    path = example(tmp_path, "rue", "gold = 2", "gold = 200")
    assert load_error(path) == "%s:%d: gold: gold must be a whole number 0..99, got 200" % (path, line_of(path, "gold = 200"))
    path = example(tmp_path, "rue", "# bag = { black", "bag = { gold = 2, black")
    assert load_error(path) == ("%s:%d: bag: gold tokens are currency the players hold; they never go in the bag"
                                % (path, line_of(path, "bag = {")))


def test_pull_writes_gold_and_keeps_the_trait_names(tmp_path):
    def action(hero):
        hero.sheet.spend_gold(1)
        hero.record(dict(ACTION))
    sheet, hero, changes = played(example(tmp_path, "rue"), action)
    assert changes == ["gold 2 -> 1", "trials 0 -> 1",
                       "history: 1 new trial (coloured-success kept green-black-white)"]
    after = sheet.document.as_string()
    assert changed_lines(sheet.text, after)[:2] == ["- gold = 2", "+ gold = 1"]
    assert 'traits = ["Quick hands", "Old map of the docks"]' in after
    assert comments_kept(sheet) and reloaded(sheet) == hero.to_dict()


def test_push_of_a_bad_colour_tokens_sheet_exits_2_and_sends_nothing(tmp_path, board, run):
    bad = example(tmp_path, "rue", "gold = 2", "gold = -1")
    result = run("--port", board.path, "push", example(tmp_path, "ash"), bad)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "fatebox: %s:%d: gold: gold must be a whole number 0..99, got -1\n" % (bad, line_of(bad, "gold ="))
    assert board.requests == []


def test_the_core_keywords_are_kept_named_once_each_under_a_core_trait(tmp_path):
    rue = sheets.load(example(tmp_path, "rue")).character
    assert rue.to_dict()["keywords"] == {"people": ["Harbour kin", "Smuggling"], "edge": ["Knives"],
                                         "dance": ["Rooftop run"]}
    path = example(tmp_path, "rue", 'edge = ["Knives"]', 'edge = ["Smuggling"]')
    assert load_error(path) == ("%s:%d: keywords.edge[0]: 'Smuggling' is named twice; each keyword once"
                                % (path, line_of(path, "keywords =")))
    path = example(tmp_path, "rue", "dance = ", "culture = ")
    assert load_error(path) == ("%s:%d: keywords: 'culture' is not a core trait; they are people, edge, dance"
                                % (path, line_of(path, "keywords =")))
