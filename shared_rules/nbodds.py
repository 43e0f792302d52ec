# New Beginning exact odds of a whole trial: helpers, groups, a placed token,
# and lessons and scars that change the bag or the draw; integers throughout.
from shared_rules import names as N
from shared_rules import effects as E
from shared_rules.exact import comb, gcd, Distribution
from shared_rules.nbsetup import TrialSetup, meets

# A hand is (whites, blacks, cap): cap > 0 when Over the Top's "⚪ beyond the
# first don't count" applies. Tokens put back return to the bag, so the bag
# left is always (W - whites, B - blacks): the hand is the whole state.


class TrialOdds(Distribution):
    """Exact odds of one draw size over the four outcomes (names.OUTCOMES).

    exit / denominator is the chance of an exit from the scene; whites(n) is
    the count of final hands with n whites (Seer's prediction is right).
    """

    def __init__(self, k, denominator, counts, exit_count, white_counts):
        Distribution.__init__(self, denominator, counts, list(N.OUTCOMES))
        self.draw = k
        self.exit = exit_count
        self.white_counts = white_counts

    def passing(self):
        return self.count(N.TOTAL_SUCCESS) + self.count(N.PARTIAL_SUCCESS)

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
        hands[(w, k - w, 0)] = _c(white, w) * _c(black, k - w)
    return hands, _c(white + black, k)


def _step(hands, den, move):
    """Apply move(hand) -> None (kept) or (divisor, [(hand, weight)]) to every hand.

    Every weight is put over one common denominator: den * lcm of the divisors.
    """
    moves = []
    lcm = 1
    for hand in hands:
        m = move(hand)
        moves.append((hand, hands[hand], m))
        if m is not None:
            lcm = lcm * m[0] // gcd(lcm, m[0])
    out = {}
    for hand, weight, m in moves:
        if m is None:
            out[hand] = out.get(hand, 0) + weight * lcm
        else:
            scale = weight * (lcm // m[0])
            for hand2, weight2 in m[1]:
                if weight2:
                    out[hand2] = out.get(hand2, 0) + scale * weight2
    return out, den * lcm


def _moves(setup, W, B):
    """One move function per draw step, in the order they act (effects.DRAW_ORDER)."""
    steps = []
    size = W + B
    verdicts = {}      # hand -> outcome, judged once per query

    def outcome(hand):
        got = verdicts.get(hand)
        if got is None:
            got = verdicts[hand] = setup.judge(hand[0], hand[1], hand[2])[0]
        return got

    if setup.trial.has(N.OPTIMISM):
        def optimism(hand):
            # Optimism: "If you DRAW only one TOKEN and FAIL, you can DRAW again."
            if hand[0] + hand[1] == 1 and setup.trial.retries(1, outcome(hand)):
                return size, [((1, 0, 0), W), ((0, 1, 0), B)]
            return None
        steps.append(optimism)
    for e in setup.draw_effects:
        for _ in range(e.get("count") if "count" in e.options else 1):
            steps.append(_move(e, setup, W, B, outcome))
    return steps


def _move(e, setup, W, B, outcome):
    size = W + B
    when = [o for o in N.OUTCOMES if meets(e.options.get("when", E.ALWAYS), o)]
    if e.do == E.RETRY:
        fresh = {}     # draw size -> a new draw from the full bag, computed once

        def retry(hand):
            # Quick Thinking: "You can retry the draw" (the odds assume: when it failed).
            if outcome(hand) not in when:
                return None
            k = hand[0] + hand[1]
            if k not in fresh:
                hands, den = _hands(W, B, k)
                fresh[k] = (den, [(h, hands[h]) for h in hands])
            return fresh[k]
        return retry
    if e.do == E.RETURN_AND_REDRAW:
        def redraw(hand):
            # Persistent: "Return 1 ⚫ you drew to the bag, then draw another TOKEN."
            w, b, cap = hand
            if b < 1 or outcome(hand) not in when:
                return None
            return size - w - b + 1, [((w + 1, b - 1, cap), W - w), ((w, b, cap), B - b + 1)]
        return redraw
    if e.do == E.DRAW_ANOTHER:
        def another(hand):
            # Perseverance: "If you're about to fail, you can choose to draw another TOKEN."
            w, b, cap = hand
            left = size - w - b
            if left < 1 or outcome(hand) not in when:
                return None
            return left, [((w + 1, b, cap), W - w), ((w, b + 1, cap), B - b)]
        return another
    if e.do == E.RETURN_BLACK:
        def give_back(hand):
            # Over the Top: "If you fail, you can return 1 ⚫ to the bag, but ⚪ beyond the first don't count."
            w, b, cap = hand
            if b < 1 or outcome(hand) not in when:
                return None
            return 1, [((w, b - 1, e.get("cap-whites") or cap), 1)]
        return give_back
    # E.SWAP
    def swap(hand):
        # Divide and Conquer: "swap drawn TOKENS with those still in the bag"; every
        # black drawn is swapped for a token drawn blind from the bag's rest.
        w, b, cap = hand
        left = size - w - b
        if b < 1 or left < 1 or outcome(hand) not in when:
            return None
        s = b if b < left else left
        out = []
        for j in range(s + 1):
            out.append(((w + j, b - j, cap), _c(W - w, j) * _c(B - b, s - j)))
        return _c(left, s), out
    return swap


def setup_odds(setup, k):
    """Exact odds of a draw of k tokens under a TrialSetup."""
    setup.check_draw(k)
    W = setup.white()
    B = setup.black()
    hands, den = _hands(W, B, k)
    for move in _moves(setup, W, B):
        hands, den = _step(hands, den, move)
    counts = {}
    for name in N.OUTCOMES:
        counts[name] = 0
    exit_count = 0
    white_counts = {}
    for hand in hands:
        weight = hands[hand]
        outcome, counted = setup.judge(hand[0], hand[1], hand[2])
        counts[outcome] += weight
        if setup.trial.exits(counted):
            exit_count += weight
        white_counts[hand[0]] = white_counts.get(hand[0], 0) + weight
    return TrialOdds(k, den, counts, exit_count, white_counts)


def nb_odds(white, black, k, danger=None, statuses=(), helpers=0, group=None, placed=False,
            effects=(), **more):
    """Exact odds of drawing k: the TrialSetup(white, black, ...) of the same arguments."""
    return setup_odds(TrialSetup(white, black, danger, statuses, helpers, group, placed,
                                 effects=effects, **more), k)


def odds_table(setup):
    """Exact odds for every draw size the player may choose, smallest first."""
    return [setup_odds(setup, k) for k in setup.draw_sizes()]
