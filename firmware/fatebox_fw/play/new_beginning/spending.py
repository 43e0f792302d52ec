# New Beginning's draw and what follows it on four buttons (rules/new-beginning.md,
# Spending Tokens): the misfortunes marked, tokens placed on traits, a crucial reward.
from shared_rules.new_beginning import WHITE
from shared_rules.errors import RulesError
from shared_rules.new_beginning.character import MAX_LEVEL
from fatebox_fw import play as P
from fatebox_fw.play import RESULT
from fatebox_fw.play.new_beginning.setup import PLACE, REWARD


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
        self.white = tokens.count(WHITE)
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



class Spending:
    """One result's spending, a part of New Beginning's play from the draw
    until the result is left: the misfortunes marked, the tokens placed on
    the traits used, a crucial trial's reward, and what they record on the
    character (commit). `shown` recorded on `owner` (or nobody), the traits
    `used`, the set-up's `cursor`; `crucial`: its rewards offered. `core`
    gives the characters and stages the changes."""

    def __init__(self, core, shown, played, owner, used, cursor, crucial):
        self.core = core
        self.shown = shown
        self.played = played        # the new_beginning.draw.Drawn or new_beginning.Result: what spending reads
        self.owner = owner
        self.used = used
        self.cursor = cursor
        self.marks = 0              # misfortunes marked on the result
        self.places = []            # (trait index, black?) placed on the traits used (after a pass)
        self.rewards = []           # a crucial trial's rewards to choose from: (kind, trait index or None)
        self.reward = 0
        if owner is not None and crucial:
            from shared_rules.new_beginning import crucial as CR
            character = self.core.store.characters.get(owner)
            traits = character.sheet.all_traits() if character is not None else []
            for kind in CR.rewards_for(shown.outcome):
                if kind == CR.IMPROVE_TRAIT:
                    for i in used:
                        if traits[i].level < MAX_LEVEL:
                            self.rewards.append((kind, i))
                else:
                    self.rewards.append((kind, None))

    def offers(self, screen):
        """PLACE when a white or black can go on a trait used, REWARD after a crucial trial."""
        if self.owner is None:
            return False
        if screen == PLACE:
            return self.can_place()
        return bool(self.rewards)

    def change(self, screen, sign, jump, now):
        if screen == RESULT:
            # rules/new-beginning.md, Spending Tokens: 1 black for a misfortune,
            # so at most the blacks this trial has to spend.
            if self.owner is not None:
                placed_blacks = len([p for p in self.places if p[1]])
                self.marks = P.step(self.marks, 0, max(0, self.shown.to_spend - placed_blacks), sign, jump)
        elif screen == PLACE:
            self._place(sign, jump, now)
        elif screen == REWARD:
            self.reward = P.step(self.reward, 0, len(self.rewards) - 1, sign, False)

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

    def place_targets(self):
        # Traits used in the trial (RULINGS.md, Placed tokens: each holds at most one).
        traits = self._owner_traits()
        return [i for i in self.used if not traits[i].holds() or i in [t for t, _ in self.places]]

    def can_place(self):
        for trait in self.place_targets():
            if self._fits(self.places + [(trait, False)]) or self._fits(self.places + [(trait, True)]):
                return True
        return False

    def _place(self, sign, jump, now):
        # Short: move along the traits used. PLUS long: place a white there (or take
        # it back); MINUS long: a black (Tough, Control Freak). The rules decide.
        targets = self.place_targets()
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
        """What was decided recorded on the character, staged (RulesError: refused, nothing staged)."""
        if self.owner is None or self.owner not in self.core.store.characters:
            return      # nobody to record on (deleted by the host meanwhile)
        from shared_rules.new_beginning.draw import budget
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
            crucial.drawn(self.shown.outcome)
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
