# New Beginning exact odds of a whole trial: helpers, groups, a placed token,
# and lessons and scars that change the bag or the draw; integers throughout.
from shared_rules.new_beginning import TOTAL_SUCCESS, PARTIAL_SUCCESS, OUTCOMES, OPTIMISM
from shared_rules.new_beginning import effects as E
from shared_rules.exact import comb, gcd, Distribution
from shared_rules.new_beginning.trial_setup import TrialSetup, meets
from shared_rules.errors import RulesError

# A hand is whites, blacks and cap (> 0 when Over the Top's "⚪ beyond the first
# don't count" applies), packed in one int. Tokens put back return to the bag, so
# the bag left is always (W - whites, B - blacks): the hand is the whole state.


class TrialOdds(Distribution):
    """Exact odds of one draw size over its four outcomes (OUTCOMES).

    exit / denominator is the chance of an exit from the scene; whites(n) is
    the count of final hands with n whites (Seer's prediction is right).
    """

    def __init__(self, k, denominator, counts, exit_count, white_counts):
        Distribution.__init__(self, denominator, counts, list(OUTCOMES))
        self.draw = k
        self.exit = exit_count
        self.white_counts = white_counts

    def passing(self):
        return self.count(TOTAL_SUCCESS) + self.count(PARTIAL_SUCCESS)

    def whites(self, n):
        return self.white_counts.get(n, 0)


def _pascal(rows):
    table = [[1]]
    for n in range(1, rows):
        prev = table[-1]
        table.append([1] + [prev[i - 1] + prev[i] for i in range(1, n)] + [1])
    return table


_ROWS = _pascal(13)      # n choose k for bags up to the default 12 tokens, built once


def _c(n, k):
    if k < 0 or k > n:
        return 0
    if n < 13:
        return _ROWS[n][k]
    return comb(n, k)     # a campaign's larger supply


def _hands(white, black, k):
    # rules/new-beginning.md, Facing a Trial 3: "DRAW a number of TOKENS ... all at once".
    hands = {}
    for w in range(max(0, k - black), min(k, white) + 1):
        hands[w << 16 | (k - w) << 8] = _c(white, w) * _c(black, k - w)
    return hands, _c(white + black, k)


_SMALL = 1 << 28     # keep weights below MicroPython's small-int range when it is cheap to


def _step(hands, den, move):
    """Apply move(hand) -> None (kept) or (divisor, [(hand, weight)]) to every hand.

    Every weight is put over one common denominator: den * lcm of the divisors.
    A move may hand back one shared branch list (a fresh draw): the weights
    sent to it are pooled and spread once, not once per hand.
    """
    moves = []
    lcm = 1
    moved = False
    for hand in hands:
        m = move(hand)
        moves.append((hand, hands[hand], m))
        if m is not None:
            moved = True
            lcm = lcm * m[0] // gcd(lcm, m[0])
    if not moved:
        return hands, den
    out = {}
    pooled = []     # [branches, weight] per shared branch list
    for hand, weight, m in moves:
        if m is None:
            out[hand] = out.get(hand, 0) + weight * lcm
            continue
        scale = weight * (lcm // m[0])
        if len(m) == 3:
            for pool in pooled:
                if pool[0] is m[1]:
                    pool[1] += scale
                    break
            else:
                pooled.append([m[1], scale])
            continue
        for hand2, weight2 in m[1]:
            if weight2:
                out[hand2] = out.get(hand2, 0) + scale * weight2
    for branches, scale in pooled:
        for hand2, weight2 in branches:
            out[hand2] = out.get(hand2, 0) + scale * weight2
    den *= lcm
    if den > _SMALL:
        g = den
        for hand in out:
            g = gcd(g, out[hand])
        if g > 1:
            for hand in out:
                out[hand] //= g
            den //= g
    return out, den


def _moves(setup, W, B):
    """One move function per draw step, in the order they act (effects.DRAW_ORDER)."""
    steps = []
    size = W + B
    verdicts = {}      # hand -> (outcome, counted blacks), judged once per query

    def judged(hand):
        got = verdicts.get(hand)
        if got is None:
            got = verdicts[hand] = setup.judge(hand >> 16, hand >> 8 & 255, hand & 255)
        return got

    def outcome(hand):
        return judged(hand)[0]

    if setup.trial.has(OPTIMISM):
        def optimism(hand):
            # Optimism: "If you DRAW only one TOKEN and FAIL, you can DRAW again."
            if (hand >> 16) + (hand >> 8 & 255) == 1 and setup.trial.retries(1, outcome(hand)):
                return size, [(1 << 16, W), (1 << 8, B)]
            return None
        steps.append(optimism)
    for e in setup.draw_effects:
        for _ in range(e.get("count") if "count" in e.options else 1):
            steps.append(_move(e, setup, W, B, outcome))
    return steps, judged


def _move(e, setup, W, B, outcome):
    # Hands are ints: whites << 16 | blacks << 8 | cap (no tuple to build or hash).
    size = W + B
    when = [o for o in OUTCOMES if meets(e.options.get("when", E.ALWAYS), o)]
    if e.do == E.RETRY:
        fresh = {}     # draw size -> a new draw from the full bag, computed once

        def retry(hand):
            # Quick Thinking: "You can retry the draw" (the odds assume: when it failed).
            if outcome(hand) not in when:
                return None
            if not setup.uses(e.do, hand >> 16, hand >> 8 & 255, hand & 255, B - (hand >> 8 & 255)):
                return None
            k = (hand >> 16) + (hand >> 8 & 255)
            if k not in fresh:
                hands, den = _hands(W, B, k)
                fresh[k] = (den, [(h, hands[h]) for h in hands], True)
            return fresh[k]
        return retry
    if e.do == E.RETURN_AND_REDRAW:
        def redraw(hand):
            # Persistent: "Return 1 ⚫ you drew to the bag, then draw another TOKEN."
            w = hand >> 16
            b = hand >> 8 & 255
            if b < 1 or outcome(hand) not in when:
                return None
            return size - w - b + 1, [(hand + 65280, W - w), (hand, B - b + 1)]   # +1 white -1 black
        return redraw
    if e.do == E.DRAW_ANOTHER:
        def another(hand):
            # Perseverance: "If you're about to fail, you can choose to draw another TOKEN."
            w = hand >> 16
            b = hand >> 8 & 255
            left = size - w - b
            if left < 1 or outcome(hand) not in when or not setup.uses(e.do, w, b, hand & 255, B - b):
                return None
            return left, [(hand + 65536, W - w), (hand + 256, B - b)]
        return another
    if e.do == E.RETURN_BLACK:
        cap = e.get("cap-whites")

        def give_back(hand):
            # Over the Top: "If you fail, you can return 1 ⚫ to the bag, but ⚪ beyond the first don't count."
            if hand >> 8 & 255 < 1 or outcome(hand) not in when:
                return None
            hand -= 256
            if cap:
                hand = hand - (hand & 255) + cap
            return 1, [(hand, 1)]
        return give_back

    # E.SWAP
    def swap(hand):
        # Divide and Conquer: "swap drawn TOKENS with those still in the bag"; every
        # black drawn is swapped for a token drawn blind from the bag's rest.
        w = hand >> 16
        b = hand >> 8 & 255
        left = size - w - b
        if b < 1 or left < 1 or outcome(hand) not in when:
            return None
        s = b if b < left else left
        out = []
        for j in range(s + 1):
            out.append((hand + j * 65280, _c(W - w, j) * _c(B - b, s - j)))
        return _c(left, s), out
    return swap


def setup_odds(setup, k):
    """Exact odds of a draw of k tokens under a TrialSetup."""
    setup.check_draw(k)
    W = setup.white()
    B = setup.black()
    if W > 255 or B > 255:
        raise RulesError("supply", "odds are counted for bags of at most 255 tokens of a colour")
    if not setup.draw_effects and not setup.trial.has(OPTIMISM):
        return _plain_odds(setup.trial, W, B, k)
    hands, den = _hands(W, B, k)
    steps, judged = _moves(setup, W, B)
    for move in steps:
        hands, den = _step(hands, den, move)
    counts = {}
    for name in OUTCOMES:
        counts[name] = 0
    exit_count = 0
    danger = setup.trial.danger     # "If you DRAW a number of ⚫ equal to or greater than this"
    white_counts = {}
    for hand in hands:
        weight = hands[hand]
        outcome, counted = judged(hand)
        counts[outcome] += weight
        if danger is not None and counted >= danger:
            exit_count += weight
        w = hand >> 16
        white_counts[w] = white_counts.get(w, 0) + weight
    return TrialOdds(k, den, counts, exit_count, white_counts)


def _plain_odds(trial, W, B, k):
    # No draw effect in play: the hand drawn is the hand judged, so the odds are
    # the hypergeometric weights of each white count (the common case, kept fast).
    counts = {}
    for name in OUTCOMES:
        counts[name] = 0
    exit_count = 0
    white_counts = {}
    for w in range(max(0, k - B), min(k, W) + 1):
        weight = _c(W, w) * _c(B, k - w)
        outcome, counted = trial.judge(w, k - w)
        counts[outcome] += weight
        if trial.exits(counted):
            exit_count += weight
        white_counts[w] = weight
    return TrialOdds(k, _c(W + B, k), counts, exit_count, white_counts)


def nb_odds(white, black, k, danger=None, statuses=(), helpers=0, group=None, placed=False,
            effects=(), **more):
    """Exact odds of drawing k: the TrialSetup(white, black, ...) of the same arguments."""
    return setup_odds(TrialSetup(white, black, danger, statuses, helpers, group, placed,
                                 effects=effects, **more), k)


def odds_table(setup):
    """Exact odds for every draw size the player may choose, smallest first."""
    return [setup_odds(setup, k) for k in setup.draw_sizes()]
