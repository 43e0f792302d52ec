# New Beginning's table setting in the table file (fatebox.sheets.table reads the file,
# its row's `table` names the setting): the supply, `[new-beginning]` `supply = {
# white = N, black = N }`, checked as the box checks it (its ring's bound).
from shared_rules.errors import RulesError
from shared_rules.new_beginning import BOX_SUPPLY, ROW, check_table

# Its one table setting, as its row names it: "supply", (white, black), the rules' 6 and 6.
SUPPLY, KEYS, DEFAULT_SUPPLY = ROW.table[0]
EXAMPLE = "[%s]\n%s = { white = 8, black = 4 }" % (ROW.name, SUPPLY)
# What each setting is of, as `fatebox info` says it (fatebox.sheets.table.about).
ABOUT = {SUPPLY: "tokens"}


def read(name, value, field, refuse):
    """The supply a table file gives (`field`: its path, new-beginning.supply), as
    (white, black); else refuse(field, message) names what is wrong and its range."""
    if not isinstance(value, dict):
        refuse(field, "expected { white = N, black = N }, got %r" % (value,))
    for key in value:
        if key not in KEYS:
            refuse("%s.%s" % (field, key), "the supply holds white and black tokens only")
    for key in KEYS:
        if key not in value:
            refuse("%s.%s" % (field, key), "missing: how many %s tokens the table holds (1..%d)" % (key, BOX_SUPPLY - 1))
    try:
        # The box's bound (its ring shows the whole supply), so the box takes any file the host takes.
        return check_table(name, (value["white"], value["black"]))
    except RulesError as exc:
        sub = {"supply-white": ".white", "supply-black": ".black"}.get(exc.field, "")
        refuse(field + sub, _reworded(exc))


def _reworded(exc):
    # "supply-white must be a whole number 1..11 (...)" -> "must be ..." after the field path.
    message = exc.message
    if message.startswith(exc.field + " "):
        message = message[len(exc.field) + 1:]
    return message


def supply_words(supply):
    """The supply (white, black) as a person reads it: "6 white, 6 black"."""
    from fatebox.sheets import table as T
    return T.words(SUPPLY, supply)


def box_supply(link):
    """The supply (white, black) the box plays by; the rules' own from a box older than the `table` op."""
    from fatebox.sheets import table as T
    return T.box_settings(link)[SUPPLY]
