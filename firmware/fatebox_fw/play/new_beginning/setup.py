# New Beginning's set-up on four buttons (rules/new-beginning.md): difficulty,
# danger, statuses and a crucial trial, help or a group, the traits, the draw size.
# Its thematic statuses under another name: STATUSES is the screen that sets them.
from shared_rules.new_beginning import MAX_DANGER, STATUSES as THEMATIC, build_whites, trait_whites
from shared_rules.new_beginning.groups import most_difficulty, most_participants
from shared_rules.errors import RulesError
from fatebox_fw import play as P

# Its screens, in the order of a trial (rules/new-beginning.md, Facing a Trial).
DIFFICULTY = "difficulty"   # the narrator: blacks 1..6, within the black supply
DANGER = "danger"           # the narrator: none or 1..6
STATUSES = "statuses"       # the narrator's statuses, and the player's crucial trial
HELP = "help"               # alone, helpers lending a hand, or a group trial
TRAITS = "traits"           # the player: traits (and lessons, scars) put into play
WHITES = "whites"           # without a character: how many whites the traits give
CHOOSE = "choose"           # how many tokens to draw: the odds meter shows here
PLACE = "place"             # after a pass: whites placed on traits used
REWARD = "reward"           # after a crucial trial: what it leaves on the hero

DEFAULT_DIFFICULTY = 3      # rules/new-beginning.md, Difficulty table: normal
DEFAULT_WHITES = 1
FIRST_DRAW = 3              # a character's first trial opens on this draw (the nearest the bag allows)
CRUCIAL = "crucial"         # the tenth slot of the statuses screen
STATUS_SLOTS = THEMATIC + (CRUCIAL,)

# Built once: steps() is asked every frame.
STEPS = (DIFFICULTY, DANGER, STATUSES, HELP, TRAITS, WHITES, CHOOSE)
AFTER = (PLACE, REWARD)
# The narrator's rarer choices: GO from the difficulty goes on to the traits,
# BACK from the traits steps through them (help, statuses, danger).
EXTRAS = (DANGER, STATUSES, HELP)


class Setup:
    """The screens before the draw, a part of New Beginning's play: what the
    trial is, and the bag it makes. `core` gives the characters and the
    table's supply; `changed()` is called when the character under the
    choices changed (the odds meter is worked out again)."""

    def __init__(self, core, changed):
        self.core = core
        self.changed = changed
        self.reset()

    def reset(self):
        self.difficulty = DEFAULT_DIFFICULTY
        self.danger = None
        self.statuses = []
        self.crucial = False
        self.helpers = 0            # lending a hand: a white each
        self.group = None           # or a group trial of this many participants
        self.whites = DEFAULT_WHITES
        self.k = 1
        self.fresh = None           # a character whose first trial is still to be set up (take_setup)
        self.cursor = 0
        self.hero_name = None       # whose traits `chosen` describes
        self._hero = 0              # the character object last seen (0: none seen yet)
        self.trait_count = 0
        self._bag_cache = None
        self.chosen = []            # per trait and lesson: put into play
        self.token = None           # the trait whose placed token this trial uses
        self._setup = None

    # -- the character -------------------------------------------------------------

    def hero(self):
        """The active character, its choices kept while it stays the same one."""
        character = self.core.character()
        if character is self._hero:
            return character        # the same object: nothing changed (asked every frame)
        self._hero = character
        self._setup = None          # a changed sheet (levels, tokens) makes another bag
        self._bag_cache = None
        self.changed()
        name = character.name if character is not None else None
        self.trait_count = len(character.sheet.all_traits()) if character is not None else 0
        count = self.trait_count + len(character.sheet.lessons) if character is not None else 0
        if name != self.hero_name or count != len(self.chosen):
            self.hero_name = name
            self.token = None
            self.cursor = 0
            # The archetype in play by default: one white, as without a character.
            self.chosen = [i == 0 for i in range(count)]
            if name is not None and name == self.fresh:
                self.fresh = None
                self._first_trial()
            self._setup = None
        return character

    def used_now(self):
        """Indexes of the traits put into play (not in a group trial)."""
        character = self.hero()
        if character is None or self.group is not None:
            return []
        return [i for i in range(len(character.sheet.all_traits())) if self.chosen[i]]

    def trait_list(self, character):
        return character.sheet.all_traits() + character.sheet.lessons

    # -- the set-up ---------------------------------------------------------------------

    def offers(self, screen):
        """TRAITS with a character, WHITES without; neither in a group trial."""
        if screen == TRAITS:
            return self.hero() is not None and self.group is None
        if screen == WHITES:
            return self.hero() is None and self.group is None
        return True

    def took(self, name, fresh):
        """After the play took `name`'s last set-up (P.Play.take_setup): a
        character new to this play with none yet starts on a typical trial."""
        setups = self.core.store.settings.get("setups")
        if fresh and not (setups and setups.get(name)):
            # No last set-up yet: the typical trial's (the rules' examples: two
            # traits, draw 3), once her traits are known (hero(); never chosen here).
            if self.hero_name == name:
                self._first_trial()
            else:
                self.fresh = name

    def _first_trial(self):
        self.cursor = 1 if len(self.chosen) > 1 else 0
        self.k = FIRST_DRAW

    def remember(self):
        self.hero()
        mask = 0
        for i in range(len(self.chosen)):
            if self.chosen[i]:
                mask |= 1 << i
        statuses = 0
        for i in range(len(THEMATIC)):
            if THEMATIC[i] in self.statuses:
                statuses |= 1 << i
        return [self.difficulty, self.danger or 0, statuses, int(self.crucial), self.helpers, self.group or 0,
                mask, self.k, self.whites]

    def recall(self, values):
        moved = []
        white, black = self.core.supply
        self.difficulty = min(max(1, values[0]), most_difficulty(black))
        if self.difficulty != values[0]:
            moved.append("difficulty %d" % self.difficulty)
        self.danger = min(values[1], MAX_DANGER) or None
        self.statuses = [THEMATIC[i] for i in range(len(THEMATIC)) if values[2] & (1 << i)]
        self.crucial = bool(values[3])
        self.helpers = min(values[4], white)
        group = values[5]
        self.group = group if group >= 2 and group <= max(2, most_participants(self.difficulty, white, black)) else None
        if self.helpers != values[4] or (self.group or 0) != group:
            moved.append("help %s" % ("alone" if not (self.helpers or self.group) else "changed"))
        self.k = values[7]
        self.whites = min(values[8], self._most_whites())
        if self.hero() is not None:
            count = len(self.chosen)
            mask = values[6]
            self.chosen = [bool(mask & (1 << i)) for i in range(count)]
            if mask >> count:
                moved.append("a trait gone from the sheet is out of play")
            free = [i for i in range(count) if not self.chosen[i]]
            self.cursor = free[0] if free else 0
        self._setup = None
        self._bag_cache = None
        return ", ".join(moved) or None


    def trial(self):
        """The TrialSetup of the choices so far (RulesError when the rules refuse it)."""
        if self._setup is None:
            from shared_rules.new_beginning.trial_setup import TrialSetup
            character = self.hero()
            helpers, group = self.helpers, self.group
            marks = []
            placed = False
            blacks = 0
            if group is not None:
                white = 0
            elif character is not None:
                # On a copy: putting traits into play takes their tokens off (Character.take_into_trial).
                levels, placed, blacks = self.core.copy(character).sheet.take_into_trial(self.used_now(), self.token)
                white = build_whites(levels, statuses=self.statuses)
                sheet = character.sheet
                traits = len(sheet.all_traits())
                for j in range(len(sheet.lessons)):
                    if self.chosen[traits + j]:
                        marks.append(sheet.lessons[j])
            else:
                # One white a trait: under distraction or fatigue at most 2 count (docs/rulings.md).
                white = trait_whites(self.whites, self.statuses)
            supply = self.core.supply       # the table's, a box setting (the `table` op)
            self._setup = TrialSetup(white, self.difficulty, self.danger, self.statuses, helpers, group,
                                     placed, placed_blacks=blacks, effects=marks, crucial=self.crucial,
                                     supply_white=supply[0], supply_black=supply[1])
        return self._setup

    def touched(self):
        """A value changed: the bag is worked out again."""
        self._setup = None
        self._bag_cache = None

    def prepare(self, screen):
        self._setup = None
        self._bag_cache = None
        if screen == CHOOSE:
            sizes = self.trial().draw_sizes()
            # The draw size the player had, moved to the nearest one this bag allows.
            if self.k not in sizes:
                self.k = sizes[-1] if self.k > sizes[-1] else sizes[0]

    def change(self, screen, sign, jump, event, now):
        if screen == DIFFICULTY:
            # The difficulty table's 1..6 blacks, at most the black supply (RULINGS.md, Bag).
            self.difficulty = P.step(self.difficulty, 1, most_difficulty(self.core.supply[1]), sign, jump)
        elif screen == DANGER:
            self.danger = P.step(self.danger or 0, 0, MAX_DANGER, sign, jump) or None
        elif screen == STATUSES:
            self._statuses(sign, jump)
        elif screen == HELP:
            self._help(sign, jump)
        elif screen == TRAITS:
            self._traits(sign, jump, now)
        elif screen == WHITES:
            # Never a bag over the white supply, the helpers' whites with them
            # (RULINGS.md, Bag: refused, not clamped).
            self.whites = P.step(self.whites, 0, self._most_whites(), sign, jump)
        elif screen == CHOOSE:
            try:
                sizes = self.trial().draw_sizes()
            except RulesError:
                return
            at = P.step(sizes.index(self.k) if self.k in sizes else 0, 0, len(sizes) - 1, sign, jump)
            self.k = sizes[at]

    def _help(self, sign, jump):
        # Alone, 1..W helpers (a white each: groups.check_helpers), or a group of
        # 2..P (groups.most_participants at this difficulty): the choices the rules
        # take from the table's supply, in that order, and no others.
        white, black = self.core.supply
        helpers = white
        groups = max(0, most_participants(self.difficulty, white, black) - 1)
        if self.group is None:
            at = self.helpers
            nearest = min(at, helpers)
        else:
            at = helpers + self.group - 1
            nearest = helpers + min(self.group - 1, groups)
        if jump or at == nearest:
            at = P.step(nearest, 0, helpers + groups, sign, jump)
        else:
            at = nearest    # a choice the supply no longer makes (a lower supply, a harder difficulty): the nearest it makes
        if at <= helpers:
            self.helpers, self.group = at, None
        else:
            self.helpers, self.group = 0, at - helpers + 1

    def _most_whites(self):
        # The most whites (no character: a white a trait) beside the helpers'
        # within the white supply; under distraction or fatigue only 2 of them count.
        room = self.core.supply[0] - self.helpers
        most = self.core.supply[0]
        while most > 0 and trait_whites(most, self.statuses) > room:
            most -= 1
        return most

    def _statuses(self, sign, jump):
        # Short: move along the ten slots. PLUS long: set or clear the slot.
        # MINUS long: clear every status and the crucial trial.
        if not jump:
            self.cursor = P.cycle(self.cursor, len(STATUS_SLOTS), sign)
        elif sign < 0:
            self.statuses = []
            self.crucial = False
        else:
            slot = STATUS_SLOTS[self.cursor % len(STATUS_SLOTS)]
            if slot == CRUCIAL:
                self.crucial = not self.crucial
            elif slot in self.statuses:
                self.statuses.remove(slot)
            else:
                self.statuses.append(slot)

    def _traits(self, sign, jump, now):
        # Short: move along the traits, then the lessons and scars. PLUS long: put
        # it into play or take it out. MINUS long: use this trait's placed token
        # (at most one per trial: RULINGS.md, Placed tokens), or stop using it.
        character = self.hero()
        count = len(self.chosen)
        if not count:
            return
        at = self.cursor % count
        if not jump:
            self.cursor = P.cycle(at, count, sign)
        elif sign > 0:
            self.chosen[at] = not self.chosen[at]
        else:
            traits = character.sheet.all_traits()
            if self.token == at:
                self.token = None
            elif at < len(traits) and traits[at].placed:
                self.token = at
            else:
                self.core.refuse("%s holds no placed token" % self.trait_list(character)[at].name, now)

    # -- the draw ---------------------------------------------------------------------

    def bag(self):
        """(white, black) of the bag so far, kept until the next change."""
        if self._bag_cache is None:
            try:
                setup = self.trial()
                self._bag_cache = (setup.white(), setup.black())
            except RulesError:
                self._bag_cache = (self.whites if self.hero() is None else 0, self.difficulty)
        return self._bag_cache

    def size(self):
        """Tokens in the bag so far."""
        white, black = self.bag()
        return white + black

    def state(self):
        """The set-up as the journal keeps it with a result (Play.setup_state)."""
        self.hero()             # her choices first (a first trial's draw: take_setup)
        white, black = self.bag()
        out = {"white": white, "black": black, "danger": self.danger, "draw": self.k,
               "statuses": list(self.statuses), "crucial": self.crucial, "helpers": self.helpers,
               "group": self.group}
        character = self.hero()
        if character is not None:
            items = self.trait_list(character)
            out["traits"] = [items[i].name for i in range(len(items)) if self.chosen[i]]
            out["placed-token"] = items[self.token].name if self.token is not None else None
            # The lessons' and scars' draw effects in play: the bag above already
            # holds their bag effects; these change the odds `fatebox stats` judges by.
            try:
                draw = self.trial().draw_effects
            except RulesError:
                draw = ()
            if draw:
                out["effects"] = [e.to_dict() for e in draw]
        return out

    def odds(self):
        """(num, den) of passing with these choices (the odds meter)."""
        from shared_rules.new_beginning.odds import setup_odds
        odds = setup_odds(self.trial(), self.k)
        return odds.passing(), odds.denominator
