# `fatebox roll new-beginning` on the box: the bag from the box's own supply
# (`fatebox table`), drawn by the box's `trial` op (a plain bag, danger and
# statuses; the rest is played on its buttons). fatebox.cli.roll.ByRoll's shape.
from shared_rules.new_beginning import MAX_SUPPLY, SUPPLY_BLACK, SUPPLY_WHITE
from fatebox.errors import FateboxError, USAGE


def supply_in_force(supply_white, supply_black, table_path):
    """(white, black): the options', else the table file's (--table), else 6 and 6."""
    white, black = SUPPLY_WHITE, SUPPLY_BLACK
    if table_path is not None:
        from fatebox.sheets import table as T
        from fatebox.systems.new_beginning_table import SUPPLY
        loaded = T.load(table_path).get(SUPPLY)
        if loaded is not None:
            white, black = loaded
    return (white if supply_white is None else supply_white, black if supply_black is None else supply_black)


class OnTheBox:
    op = "trial"

    def wanted(self, given):
        # What no supply allows is refused first (the build at the most the rules
        # allow), then the bag is checked against the box's own supply.
        wanted = (given.get("supply_white"), given.get("supply_black"), given.get("table"))
        given.update(supply_white=MAX_SUPPLY, supply_black=MAX_SUPPLY, table=None)
        return wanted

    def chances(self, link, system, given, wanted, k, chances):
        from fatebox.systems.new_beginning_table import box_supply, supply_words
        supply = box_supply(link)
        if wanted != (None, None, None):
            asked = supply_in_force(wanted[0], wanted[1], wanted[2])
            if asked != supply:
                raise FateboxError("--supply-white/--supply-black/--table: the box draws from its own supply (%s), "
                                   "not %s; set it with `fatebox table`"
                                   % (supply_words(supply), supply_words(asked)), USAGE)
        given.update(supply_white=supply[0], supply_black=supply[1])
        chances = system.build(**given)
        return system.trials(chances, k) if system.trials is not None else chances

    def ask(self, link, system, chances, name):
        nb = chances.nb
        extra = [option for option, used in (("--helpers", nb.helpers), ("--group", nb.group is not None),
                                             ("--placed", nb.placed), ("--lesson", nb.lessons),
                                             ("--scar", nb.scars), ("--effect", nb.effects)) if used]
        if extra:
            raise FateboxError("%s: the box draws a bag, danger and statuses on the host's word; play %s on its "
                               "buttons (or ask `fatebox odds new-beginning` for the odds)"
                               % (", ".join(extra), "that" if len(extra) == 1 else "those"), USAGE)
        trial = nb.trial
        return link.trial(trial.white, trial.black, chances.k, trial.danger, trial.statuses, name)


ON_THE_BOX = OnTheBox()
