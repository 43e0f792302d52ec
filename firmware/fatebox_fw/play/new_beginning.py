# New Beginning on four buttons (rules/new-beginning.md): difficulty, danger,
# statuses and a crucial trial, help or a group, the traits, the draw, spending.
from shared_rules import names as N
from shared_rules.new_beginning import MAX_DANGER, build_whites, trait_whites
from shared_rules.new_beginning.groups import most_difficulty, most_participants
from shared_rules.errors import RulesError
from shared_rules.new_beginning.character import MAX_LEVEL
from fatebox_fw import play as P
from fatebox_fw.play import DRAWING, RESULT, EDIT_ON_MS, EDIT_PERIOD_MS

# Screens, in the order of a trial: named in fatebox_fw.play, so that the core
# can name them without this module in RAM.
from fatebox_fw.play import DIFFICULTY, DANGER, STATUSES, HELP, TRAITS, WHITES, CHOOSE, PLACE, REWARD

DEFAULT_DIFFICULTY = 3      # rules/new-beginning.md, Difficulty table: normal
DEFAULT_WHITES = 1
DIFFICULTY_WORDS = ("very easy", "easy", "normal", "difficult", "very difficult", "extremely difficult")
OUTCOME_WORDS = {
    N.TOTAL_SUCCESS: "Total success",
    N.PARTIAL_SUCCESS: "Partial success",
    N.PARTIAL_FAILURE: "Partial failure",
    N.TOTAL_FAILURE: "Total failure",
}
CRUCIAL = "crucial"         # the tenth slot of the statuses screen
STATUS_SLOTS = N.STATUSES + (CRUCIAL,)
_POSITIVE = (N.CONFIDENT, N.OPTIMISM, N.FOCUS, N.INSPIRATION)
# Crucial trial rewards in words (shared_rules/new_beginning/crucial.py REWARDS; RULINGS.md:
# the gadget records which was chosen, the host names it).
REWARD_WORDS = {"new-trait": "a new trait", "improve-trait": "improve %s", "lesson": "a lesson", "scar": "a scar"}
from fatebox_fw.ring import (KIND_POSITIVE as _K_POSITIVE, KIND_NEGATIVE as _K_NEGATIVE, KIND_GOLD as _K_GOLD,
                             KIND_TRAIT as _K_TRAIT, KIND_LESSON as _K_LESSON, KIND_TOKEN as _K_TOKEN)


def result_words(result):
    text = OUTCOME_WORDS[result.outcome]
    if result.exit:
        text += " \u2014 exit from the scene"
    return text


class Shown:
    """A draw as the box shows and records it, from the box's own play or the host's `trial`."""

    def __init__(self, tokens, outcome, counted, exit, spendable, first, size, white, black, to_spend):
        self.tokens = tokens
        self.outcome = outcome
        self.counted_blacks = counted
        self.exit = exit
        self.spendable_whites = spendable
        self.first = first
        self.draw = len(tokens)
        self.size = size                # tokens in the bag
        self.bag_white = white
        self.bag_black = black
        self.to_spend = to_spend        # blacks to spend: misfortunes may be marked up to this
        self.white = tokens.count(N.WHITE)
        self.black = len(tokens) - self.white

    @classmethod
    def of_result(cls, result):
        """From a new_beginning.Result (the host's `trial` op)."""
        trial = result.trial
        return cls(result.tokens, result.outcome, result.counted_blacks, result.exit, result.spendable_whites,
                   result.first, trial.size(), trial.white, trial.black, result.counted_blacks)

    def to_dict(self):
        return {"tokens": self.tokens, "first": self.first, "white": self.white, "black": self.black,
                "outcome": self.outcome, "counted-blacks": self.counted_blacks, "exit": self.exit,
                "spendable-whites": self.spendable_whites}


# Built once: steps() is asked every frame.
STEPS = (DIFFICULTY, DANGER, STATUSES, HELP, TRAITS, WHITES, CHOOSE)
AFTER = (PLACE, REWARD)


class Play(P.Play):
    system = N.NEW_BEGINNING

    def reset(self):
        self.difficulty = DEFAULT_DIFFICULTY
        self.danger = None
        self.statuses = []
        self.crucial = False
        self.helpers = 0            # lending a hand: a white each
        self.group = None           # or a group trial of this many participants
        self.whites = DEFAULT_WHITES
        self.k = 1
        self.cursor = 0
        self.hero_name = None       # whose traits `chosen` describes
        self._hero = 0              # the character object last seen (0: none seen yet)
        self.trait_count = 0
        self._bag_cache = None
        self.chosen = []            # per trait and lesson: put into play
        self.token = None           # the trait whose placed token this trial uses
        self._setup = None
        self.marks = 0              # misfortunes marked on the shown result
        self.places = []            # traits a white is placed on (after a pass)
        self.rewards = []
        self.reward = 0
        self.used = []              # trait indexes put into play in the shown trial
        self.states = bytearray(12)
        self.kinds = bytearray(12)

    # -- the character -------------------------------------------------------------

    def hero(self):
        """The active character, its choices kept while it stays the same one."""
        character = self.core.character()
        if character is self._hero:
            return character        # the same object: nothing changed (asked every frame)
        self._hero = character
        self._setup = None          # a changed sheet (levels, tokens) makes another bag
        self._bag_cache = None
        self.meter_ready = False
        name = character.name if character is not None else None
        self.trait_count = len(character.sheet.all_traits()) if character is not None else 0
        count = self.trait_count + len(character.sheet.lessons) if character is not None else 0
        if name != self.hero_name or count != len(self.chosen):
            self.hero_name = name
            self.token = None
            self.cursor = 0
            # The archetype in play by default: one white, as without a character.
            self.chosen = [i == 0 for i in range(count)]
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

    def steps(self):
        return STEPS

    def after(self):
        return AFTER

    def offers(self, screen):
        group = self.group is not None
        if screen == TRAITS:
            return self.hero() is not None and not group
        if screen == WHITES:
            return self.hero() is None and not group
        if screen == PLACE:
            return self.owner is not None and self._can_place()
        if screen == REWARD:
            return self.owner is not None and bool(self.rewards)
        return True

    def setup(self):
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

    def touched(self, now):
        P.Play.touched(self, now)
        self._setup = None
        self._bag_cache = None

    def prepare(self, screen):
        self._setup = None
        self._bag_cache = None
        if screen == CHOOSE:
            sizes = self.setup().draw_sizes()
            # The draw size the player had, moved to the nearest one this bag allows.
            if self.k not in sizes:
                self.k = sizes[-1] if self.k > sizes[-1] else sizes[0]

    def change(self, screen, sign, jump, event, now):
        if screen == RESULT:
            # rules/new-beginning.md, Spending Tokens: 1 black for a misfortune,
            # so at most the blacks this trial has to spend.
            if self.owner is not None:
                placed_blacks = len([p for p in self.places if p[1]])
                self.marks = P.step(self.marks, 0, max(0, self.result.to_spend - placed_blacks), sign, jump)
        elif screen == DIFFICULTY:
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
                sizes = self.setup().draw_sizes()
            except RulesError:
                return
            at = P.step(sizes.index(self.k) if self.k in sizes else 0, 0, len(sizes) - 1, sign, jump)
            self.k = sizes[at]
        elif screen == PLACE:
            self._place(sign, jump, now)
        elif screen == REWARD:
            self.reward = P.step(self.reward, 0, len(self.rewards) - 1, sign, False)

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

    def roll(self, now):
        from shared_rules.new_beginning.draw import draw
        setup = self.setup()
        drawn = draw(setup, self.k, self.core.sampler)
        outcome, counted = drawn.judge()
        from shared_rules.new_beginning.spending import budget
        spendable = budget(drawn)
        shown = Shown(drawn.hand, outcome, counted, setup.trial.exits(counted), spendable.whites,
                      drawn.first if drawn.steps else None, setup.size(), setup.white(), setup.black(),
                      spendable.blacks)
        character = self.hero()
        self.used = self.used_now()
        self._show(shown, drawn, character.name if character is not None else None, setup)
        if character is not None:
            character = self.core.copy(character)
            # The traits' tokens go into the bag: a used placed white, blacks on the traits.
            character.sheet.take_into_trial(self.used, self.token)
            character.record(self._entry(shown))
            self.core.stage(character)
        self.token = None

    def _entry(self, shown):
        entry = {"outcome": shown.outcome, "tokens": shown.tokens, "white": shown.bag_white, "black": shown.bag_black}
        if shown.exit:
            entry["exit"] = True
        return entry

    def _show(self, shown, played, owner, setup=None):
        self.result = shown
        self.played = played        # the new_beginning.draw.Drawn or new_beginning.Result: what spending reads
        self.owner = owner
        self.items = max(1, len(shown.tokens))
        self.marks = 0
        self.places = []            # (trait index, black?) placed on the traits used
        self.reward = 0
        self.rewards = []
        if owner is not None and setup is not None and setup.crucial:
            from shared_rules.new_beginning import crucial as CR
            character = self.core.store.characters.get(owner)
            traits = character.sheet.all_traits() if character is not None else []
            for kind in CR.rewards_for(shown.outcome):
                if kind == CR.IMPROVE_TRAIT:
                    for i in self.used:
                        if traits[i].level < MAX_LEVEL:
                            self.rewards.append((kind, i))
                else:
                    self.rewards.append((kind, None))

    def show_host(self, result, name, now):
        """A trial the host drew (the `trial` op): shown, recorded and saved by the caller."""
        if self.in_result():
            self.finish(now)
        self.used = []
        self._show(Shown.of_result(result), result, name)
        self.animate(now)

    def _request(self, places=None, marks=None):
        """The spend the box's choices make (spending.spend's request)."""
        places = self.places if places is None else places
        marks = self.marks if marks is None else marks
        whites = [t for t, black in places if not black]
        blacks = [t for t, black in places if black]
        from shared_rules.new_beginning import spending as S
        from shared_rules.new_beginning import effects as E
        b = S.budget(self.played)
        request = {S.PLACE: whites, S.PLACE_BLACK: blacks, S.MISFORTUNES: marks,
                   S.COMPLICATIONS: max(0, b.blacks - marks - len(blacks))}
        if (len(whites) > 1 or (blacks and not b.effects(E.PLACE_BLACK))) and b.effects(E.PLACE_ALL):
            request[S.CONTROL_FREAK] = True     # Control Freak: place as many as possible
        taken = b.taken[0] + b.taken[1]
        if taken:
            # Thrift's token goes "on a TRAIT of your choice": the box takes the first
            # traits holding nothing (the host may move it).
            free = [i for i in range(len(self._owner_traits())) if not self._owner_traits()[i].holds()
                    and i not in [t for t, _ in places]]
            request[S.SET_ASIDE] = free[:taken]
        return request

    def _owner_traits(self):
        character = self.core.store.characters.get(self.owner) if self.owner is not None else None
        return character.sheet.all_traits() if character is not None else []

    def _spend(self, places=None, marks=None):
        """The checked Spend (spending.spend) of these choices; RulesError if the rules refuse it."""
        from shared_rules.new_beginning import spending as S
        traits = self._owner_traits()
        holding = [i for i in range(len(traits)) if traits[i].holds()]
        return S.spend(self.played, self._request(places, marks), self.used, holding)

    def _fits(self, places):
        try:
            self._spend(places, 0)
            return True
        except RulesError:
            return False

    def _place_targets(self):
        # Traits used in the trial (RULINGS.md, Placed tokens: each holds at most one).
        traits = self._owner_traits()
        return [i for i in self.used if not traits[i].holds() or i in [t for t, _ in self.places]]

    def _can_place(self):
        for trait in self._place_targets():
            if self._fits(self.places + [(trait, False)]) or self._fits(self.places + [(trait, True)]):
                return True
        return False

    def _place(self, sign, jump, now):
        # Short: move along the traits used. PLUS long: place a white there (or take
        # it back); MINUS long: a black (Tough, Control Freak). The rules decide.
        targets = self._place_targets()
        if not targets:
            return
        at = self.cursor % len(targets)
        if not jump:
            self.cursor = P.cycle(at, len(targets), sign)
            return
        trait = targets[at]
        black = sign < 0
        here = [p for p in self.places if p[0] == trait]
        if here:
            self.places.remove(here[0])
            if here[0][1] == black:
                return          # the same gesture again takes it back
        wanted = self.places + [(trait, black)]
        try:
            self._spend(wanted, 0)
        except RulesError as exc:
            self.core.refuse(exc.message, now)
            return
        self.places = wanted

    def commit(self):
        if self.owner is None or self.owner not in self.core.store.characters:
            self.marks = 0
            return      # nobody to record on (deleted by the host meanwhile)
        from shared_rules.new_beginning.spending import budget
        taken = budget(self.played).taken
        if not (self.marks or self.places or self.rewards or taken[0] or taken[1]):
            return
        character = self.core.copy(self.core.store.characters[self.owner])
        try:
            spent = self._spend()
        except RulesError:
            # The marks alone always fit the blacks drawn; placements the rules
            # no longer allow are dropped rather than lose the misfortunes.
            self.places = []
            spent = self._spend()
        character.sheet.apply_spend(spent)
        if self.rewards:
            from shared_rules.new_beginning import crucial as CR
            kind, trait = self.rewards[self.reward]
            crucial = CR.Crucial()
            crucial.declare()
            crucial.drawn(self.result.outcome)
            record = crucial.choose(kind, trait, self.used)
            character.sheet.take_reward(record)
            if character.history:
                character.history[-1]["reward"] = kind
            from shared_rules.roster import too_large
            if too_large(character) is not None:
                # The rewards waiting to be named would no longer fit a reply to the
                # host: the choice stays in the history, the host names the others first.
                character.sheet.rewards.pop()
                self.core.refuse("%s has %d rewards waiting to be named: name them on the host (fatebox pull), "
                                 "then add this %s by hand" % (character.name, len(character.sheet.rewards), kind),
                                 self.core.clock.ticks_ms())
        self.core.stage(character)
        self.marks = 0
        self.places = []
        self.rewards = []

    def odds(self):
        from shared_rules.new_beginning.odds import setup_odds
        odds = setup_odds(self.setup(), self.k)
        return odds.passing(), odds.denominator

    # -- what the table sees -------------------------------------------------------------

    def render_step(self, ring, screen, t):
        blink = t % EDIT_PERIOD_MS < EDIT_ON_MS
        if screen == DIFFICULTY:
            ring.bag(self._bag_whites(), self.difficulty, True, blink)
        elif screen == DANGER:
            ring.first(self.danger or 0, ring.danger)
        elif screen == WHITES:
            ring.bag(self.whites, self.difficulty, blink, True)
        elif screen == CHOOSE:
            size = self._bag_size()
            ring.choose(self.k, size)
        elif screen == STATUSES:
            states, kinds = self.states, self.kinds
            for i in range(len(STATUS_SLOTS)):
                slot = STATUS_SLOTS[i]
                if slot == CRUCIAL:
                    states[i], kinds[i] = self.crucial, _K_GOLD
                else:
                    states[i], kinds[i] = slot in self.statuses, _K_POSITIVE if slot in _POSITIVE else _K_NEGATIVE
            ring.toggles(states, kinds, len(STATUS_SLOTS), self.cursor, blink)
        elif screen == HELP:
            helpers, group = self.helpers, self.group
            if group is None:
                ring.first(helpers, ring.white)
            else:
                ring.first(group, ring.dice[0])
        elif screen == TRAITS:
            self._render_traits(ring, blink)
        elif screen == PLACE:
            targets = self._place_targets()
            for i in range(min(len(targets), 12)):
                here = [p for p in self.places if p[0] == targets[i]]
                self.states[i] = bool(here)
                # A white placed glows amber, a black violet (the lesson colour); none: faint.
                self.kinds[i] = _K_LESSON if here and here[0][1] else _K_TOKEN
            ring.toggles(self.states, self.kinds, min(len(targets), 12), self.cursor % max(1, len(targets)), blink)
        elif screen == REWARD:
            n = min(len(self.rewards), 12)
            for i in range(n):
                self.states[i] = i == self.reward
                self.kinds[i] = _K_GOLD
            ring.toggles(self.states, self.kinds, n, self.reward, blink)

    def _render_traits(self, ring, blink):
        self.hero()
        count = len(self.chosen)
        traits = self.trait_count      # traits, then lessons and scars
        at = self.cursor % count if count else 0
        first = 0 if count <= ring.count else min(max(0, at - ring.count // 2), count - ring.count)
        n = min(count - first, ring.count)
        for j in range(n):
            i = first + j
            if i < traits:
                if self.token == i:
                    self.states[j], self.kinds[j] = 1, _K_TOKEN
                else:
                    self.states[j], self.kinds[j] = self.chosen[i], _K_TRAIT
            else:
                self.states[j], self.kinds[j] = self.chosen[i], _K_LESSON
        ring.toggles(self.states, self.kinds, n, at - first, blink)

    def render_items(self, ring, shown, t):
        ring.tokens(self.result.tokens, shown, self.marks if self.screen == RESULT else 0)

    def blinking(self):
        return self.result.exit     # an exit from the scene blinks

    def _bag(self):
        # (white, black) of the bag so far, kept until the next change.
        if self._bag_cache is None:
            try:
                setup = self.setup()
                self._bag_cache = (setup.white(), setup.black())
            except RulesError:
                self._bag_cache = (self.whites if self.hero() is None else 0, self.difficulty)
        return self._bag_cache

    def _bag_whites(self):
        return self._bag()[0]

    def _bag_size(self):
        white, black = self._bag()
        return white + black

    def words(self, screen):
        if screen == DIFFICULTY:
            return "Difficulty %d (%s)" % (self.difficulty, DIFFICULTY_WORDS[self.difficulty - 1])
        if screen == DANGER:
            return "Danger %d" % self.danger if self.danger else "No danger"
        if screen == STATUSES:
            on = list(self.statuses) + ([CRUCIAL + " trial"] if self.crucial else [])
            slot = STATUS_SLOTS[self.cursor % len(STATUS_SLOTS)]
            at = slot in self.statuses or (slot == CRUCIAL and self.crucial)
            return "Statuses: %s (at %s, %s)" % (", ".join(on) or "none", slot, "on" if at else "off")
        if screen == HELP:
            helpers, group = self.helpers, self.group
            if group is not None:
                return "Group trial of %d (%d white, +%d black)" % (group, group, group - 1)
            if helpers:
                return "%d helper%s lending a hand (+%d white)" % (helpers, "" if helpers == 1 else "s", helpers)
            return "Alone"
        if screen == WHITES:
            counted = trait_whites(self.whites, self.statuses)
            if counted < self.whites:
                return "Whites %d, %d count (%s: at most 2 traits; bag of %d white, %d black)" % (
                    self.whites, counted, " and ".join(s for s in self.statuses if s in (N.DISTRACTION, N.FATIGUE)),
                    counted, self.difficulty)
            return "Whites %d (bag of %d white, %d black)" % (self.whites, self.whites, self.difficulty)
        if screen == TRAITS:
            return self._traits_words()
        if screen == CHOOSE:
            return "Draw %d of %d" % (self.k, self._bag_size())
        if screen == DRAWING:
            return "Drawing %d of %d" % (self.result.draw, self.result.size)
        if screen == PLACE:
            targets = self._place_targets()
            name = self._trait_name(targets[self.cursor % len(targets)]) if targets else "-"
            placed = ["%s on %s" % ("black" if black else "white", self._trait_name(t)) for t, black in self.places]
            return "Place tokens on traits used: %s (at %s)" % (", ".join(placed) or "none yet", name)
        if screen == REWARD:
            kind, trait = self.rewards[self.reward]
            words = REWARD_WORDS[kind] % self._trait_name(trait) if trait is not None else REWARD_WORDS[kind]
            return "Crucial trial: %s (%d of %d)" % (words, self.reward + 1, len(self.rewards))
        text = result_words(self.result)
        if self.marks:
            text += "; %d misfortune%s marked on %s" % (self.marks, "" if self.marks == 1 else "s", self.owner)
        return text

    def _trait_name(self, i):
        character = self.core.store.characters.get(self.owner or self.hero_name)
        return character.sheet.trait(i).name if character is not None else "?"

    def _traits_words(self):
        character = self.hero()
        items = self.trait_list(character)
        if not items:
            return "Traits: none"
        on = [items[i].name for i in range(len(items)) if self.chosen[i]]
        at = self.cursor % len(items)
        white, black = self._bag()
        text = "Traits: %s (bag of %d white, %d black)" % (", ".join(on) or "none", white, black)
        here = items[at]
        level = getattr(here, "level", 1)
        text += " \u00b7 at %s%s, %s" % (here.name, " (level %d)" % level if level > 1 else "",
                                        "in play" if self.chosen[at] else "not in play")
        if self.token == at:
            text += ", its placed token used"
        elif getattr(here, "placed", False):
            text += ", holds a placed token"
        return text

    def setup_state(self):
        white, black = self._bag()
        helpers, group = self.helpers, self.group
        out = {"white": white, "black": black, "danger": self.danger, "draw": self.k,
               "statuses": list(self.statuses), "crucial": self.crucial, "helpers": helpers, "group": group}
        character = self.hero()
        if character is not None:
            items = self.trait_list(character)
            out["traits"] = [items[i].name for i in range(len(items)) if self.chosen[i]]
            out["placed-token"] = items[self.token].name if self.token is not None else None
            # The lessons' and scars' draw effects in play: the bag above already
            # holds their bag effects; these change the odds `fatebox stats` judges by.
            try:
                draw = self.setup().draw_effects
            except RulesError:
                draw = ()
            if draw:
                out["effects"] = [e.to_dict() for e in draw]
        return out
