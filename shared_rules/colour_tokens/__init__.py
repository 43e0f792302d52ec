# Colour tokens (rules/colour-tokens.md, read with RULINGS.md): the bag of five
# colours, what a token is worth to an action, the core draw and its exact odds.
from shared_rules.exact import comb, Distribution
from shared_rules.errors import RulesError
from shared_rules import names as N

from shared_rules.registry import COLOUR_TOKENS as ROW

COLOUR_TOKENS = ROW.name
# What the token kept for success did (rules/colour-tokens.md, Step 3b): the history's outcomes.
OUTCOMES = ROW.outcomes

# Tokens by colour, as the wire and the history write them.
BLACK = "black"
GREEN = "green"
BLUE = "blue"
RED = "red"
WHITE = "white"
GOLD = "gold"          # currency the players hold, never in the bag
BAG_COLOURS = (BLACK, GREEN, BLUE, RED, WHITE)
# Each token on the ring at full brightness (the play scales them: Play.pieces;
# serve's page draws them). A black token glows violet, as New Beginning's.
PIECE_COLOURS = ((BLACK, N.COLOUR_BLACK_TOKEN), (GREEN, (0, 170, 40)), (BLUE, (0, 60, 200)), (RED, (200, 0, 0)),
                 (WHITE, N.COLOUR_WHITE_TOKEN))
# rules/colour-tokens.md, Step 1a: Green = Creative, Blue = Transformative, Red = Destructive
ACTION_COLOURS = (GREEN, BLUE, RED)

# rules/colour-tokens.md, Step 2b: black = positive, coloured matching the action
# type = positive, other coloured = neutral, white = negative.
POSITIVE = "positive"
NEUTRAL = "neutral"
NEGATIVE = "negative"
VALUES = (POSITIVE, NEUTRAL, NEGATIVE)

DEFAULT_PER_COLOUR = 4   # RULINGS.md, Colour tokens: 4 of each by default
MAX_PER_COLOUR = 20      # docs/rulings.md: a campaign bag holds 0..20 of a colour
MAX_KEYWORDS = 3         # Step 1b: up to 3, one each from culture, dance and edge
KEPT = 3                 # Step 2b: three tokens go to success, sacrifice and story
MAX_RESERVE = 12         # docs/rulings.md: at most 12 non-core tokens, one ring

# colour_odds: how many positive tokens the best 3 kept hold.
POSITIVES_KEPT = ("0", "1", "2", "3")


def whole_number(value):
    """True for an int that is not a bool (True is not a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def default_bag():
    """The bag when the campaign sets none: 4 of each of the five colours."""
    bag = {}
    for colour in BAG_COLOURS:
        bag[colour] = DEFAULT_PER_COLOUR
    return bag


def check_bag(bag=None):
    """A copy of the campaign bag with all five colours; None is the default bag.

    A colour left out holds 0 tokens. Unknown colours, gold, counts that are
    not whole numbers in 0..MAX_PER_COLOUR are RulesError("bag", ...).
    """
    if bag is None:
        return default_bag()
    if not isinstance(bag, dict):
        raise RulesError("bag", "bag must map colours to token counts, got %r" % (bag,))
    out = {}
    for colour in BAG_COLOURS:
        out[colour] = 0
    for colour in bag:
        count = bag[colour]
        if colour == GOLD:
            raise RulesError("bag", "gold tokens are currency the players hold; they never go in the bag")
        if colour not in out:
            raise RulesError("bag", "unknown colour %r in the bag; the bag holds %s" % (colour, ", ".join(BAG_COLOURS)))
        if not whole_number(count) or count < 0 or count > MAX_PER_COLOUR:
            raise RulesError("bag", "bag %s must be a whole number 0..%d, got %r" % (colour, MAX_PER_COLOUR, count))
        out[colour] = count
    return out


def bag_size(bag):
    total = 0
    for colour in BAG_COLOURS:
        total += bag[colour]
    return total


def check_colour(colour):
    if colour not in ACTION_COLOURS:
        raise RulesError("colour", "the action's colour must be one of %s, got %r" % (", ".join(ACTION_COLOURS), colour))
    return colour


def check_keywords(keywords):
    if not whole_number(keywords) or keywords < 0 or keywords > MAX_KEYWORDS:
        raise RulesError("keywords", "core keywords must be a whole number 0..%d, got %r" % (MAX_KEYWORDS, keywords))
    return keywords


def check_room(bag, needed, what):
    """The bag must hold `needed` tokens for a draw of `what`."""
    size = bag_size(bag)
    if needed > size:
        raise RulesError("bag", "%s needs %d tokens in the bag; it holds %d" % (what, needed, size))


def check_action(colour, keywords, bag, gold):
    """An action's set-up checked (RulesError names the field): the bag as
    check_bag gives it and the core draw's size."""
    check_colour(colour)
    drawn = core_draw_size(keywords)
    bag = check_bag(bag)
    check_room(bag, drawn, "a core draw of 3 + %d keywords" % keywords)
    if not whole_number(gold) or gold < 0:
        raise RulesError("gold", "gold held must be a whole number >= 0, got %r" % (gold,))
    return bag, drawn


def core_draw_size(keywords):
    # Step 2a: "equal to three, plus the number of relevant core trait keywords"
    return KEPT + check_keywords(keywords)


def token_value(token, colour):
    """positive, neutral or negative: what `token` is worth to an action of `colour`."""
    check_colour(colour)
    if token == BLACK or token == colour:
        return POSITIVE
    if token == WHITE:
        return NEGATIVE
    if token in BAG_COLOURS:
        return NEUTRAL
    raise RulesError("token", "unknown token %r; tokens are %s" % (token, ", ".join(BAG_COLOURS)))


def _rank(token, colour):
    # Best first: black (a step of any colour), the action's colour, neutrals, white.
    if token == BLACK:
        return 0
    return 1 + VALUES.index(token_value(token, colour))


def best_kept(tokens, colour, keep=KEPT):
    """The `keep` best of `tokens` for an action of `colour`, best first."""
    # MicroPython's sort is not stable: the draw order breaks ties explicitly.
    order = sorted(range(len(tokens)), key=lambda i: (_rank(tokens[i], colour), i))
    return [tokens[i] for i in order[:keep]]


def split_bag(bag, colour):
    """(positive, neutral, negative) token counts of `bag` for an action of `colour`."""
    positive = bag[BLACK] + bag[colour]
    negative = bag[WHITE]
    return positive, bag_size(bag) - positive - negative, negative


def hand_name(positive, neutral, negative):
    """'2-1-0': positives, neutrals and negatives held, in that order."""
    return "%d-%d-%d" % (positive, neutral, negative)


def hand_names(size):
    """Every hand of `size` tokens, best first (most positives, then fewest whites)."""
    names = []
    for positive in range(size, -1, -1):
        for neutral in range(size - positive, -1, -1):
            names.append(hand_name(positive, neutral, size - positive - neutral))
    return names


def check_gold(gold, left):
    if not whole_number(gold) or gold < 0 or gold > left:
        raise RulesError("gold", "gold to spend must be a whole number 0..%d (one replacement per token left in the bag), got %r" % (left, gold))
    return gold


def colour_odds(keywords, colour, bag=None, gold=0):
    """Exact odds of how many positive tokens the best 3 of the 3 + K drawn hold.

    Keyed "0".."3". With `gold`, the player spends up to that many gold tokens
    (Step 2a), each discarding a token that is not positive and drawing a
    replacement, while fewer than 3 positives are held. The discarded tokens
    stay out, so the redraws are the next tokens of one draw without
    replacement: the result is the positives among the first 3 + K + gold
    tokens, capped at 3 (docs/rulings.md).
    """
    check_colour(colour)
    bag = check_bag(bag)
    drawn = core_draw_size(keywords)
    check_room(bag, drawn, "a core draw of 3 + %d keywords" % keywords)
    size = bag_size(bag)
    drawn += check_gold(gold, size - drawn)
    positive = split_bag(bag, colour)[0]
    # Hypergeometric: `held` of the positives, the rest from the others; four
    # or more positives drawn are "3", the rest of the denominator.
    total = comb(size, drawn)
    counts = {}
    rest = total
    for held in range(KEPT):
        ways = comb(positive, held) * comb(size - positive, drawn - held)
        counts[POSITIVES_KEPT[held]] = ways
        rest -= ways
    counts[POSITIVES_KEPT[KEPT]] = rest
    return Distribution(total, counts, POSITIVES_KEPT)


def _comb_row(n, top):
    # comb(n, k) for k = 0..top, each from the last: one multiply and divide.
    row = [1]
    for k in range(1, top + 1):
        row.append(row[-1] * (n - k + 1) // k)
    return row


def _hand_counts(bag, colour, drawn, keep):
    # Multivariate hypergeometric over (positive, neutral, negative) drawn,
    # then the `keep` best of them: positives first, then neutrals. Tallied by
    # (positives, neutrals) kept in a flat list; named once at the end.
    positive, neutral, negative = split_bag(bag, colour)
    side = keep + 1
    tally = [0] * (side * side)
    pos = _comb_row(positive, drawn)
    neu = _comb_row(neutral, drawn)
    neg = _comb_row(negative, drawn)
    for p in range(min(drawn, positive) + 1):
        kp = p if p < keep else keep
        for z in range(min(drawn - p, neutral) + 1):
            ways = pos[p] * neu[z] * neg[drawn - p - z]
            if ways:
                kz = z if z < keep - kp else keep - kp
                tally[kp * side + kz] += ways
    counts = {}
    names = []
    for kp in range(keep, -1, -1):
        for kz in range(keep - kp, -1, -1):
            name = hand_name(kp, kz, keep - kp - kz)
            names.append(name)
            counts[name] = tally[kp * side + kz]
    return counts, names


def hand_odds(keywords, colour, bag=None):
    """Exact odds of the 3 tokens kept (the best of the 3 + K drawn), no gold spent.

    Keyed "positive-neutral-negative", e.g. "2-1-0": the hand a player
    allocates to success, sacrifice and story (Step 2b).
    """
    check_colour(colour)
    bag = check_bag(bag)
    drawn = core_draw_size(keywords)
    check_room(bag, drawn, "a core draw of 3 + %d keywords" % keywords)
    counts, names = _hand_counts(bag, colour, drawn, KEPT)
    return Distribution(comb(bag_size(bag), drawn), counts, names)


def check_traits(traits):
    if not whole_number(traits) or traits < 0 or traits > MAX_RESERVE:
        raise RulesError("traits", "non-core trait tokens must be a whole number 0..%d, got %r" % (MAX_RESERVE, traits))
    return traits


def reserve_odds(traits, colour, keywords=0, bag=None):
    """Exact odds of the reserve: the `traits` tokens drawn for non-core traits.

    Step 2c draws them from the bag left after the core draw (no gold spent).
    Every order of the bag is equally likely, so they are as likely as any
    `traits` tokens of the full bag: the core draw changes nothing on average.
    Keyed "positive-neutral-negative" over `traits` tokens.
    """
    check_colour(colour)
    bag = check_bag(bag)
    core = core_draw_size(keywords)
    check_traits(traits)
    check_room(bag, core + traits, "a core draw of %d and %d non-core tokens" % (core, traits))
    counts, names = _hand_counts(bag, colour, traits, traits)
    return Distribution(comb(bag_size(bag), traits), counts, names)


def draw_token(left, sampler):
    """Take one token from `left` (colour -> count, changed in place).

    Every token left is equally likely: sampler.below(tokens left).
    """
    size = bag_size(left)
    if size == 0:
        raise RulesError("bag", "the bag is empty: no token left to draw")
    pick = sampler.below(size)
    for colour in BAG_COLOURS:
        if pick < left[colour]:
            left[colour] -= 1
            return colour
        pick -= left[colour]


def chance_to_pass(keywords, colour, bag=None, gold=0):
    """(num, den): the chance the token kept for success is positive, that is at
    least one positive among the best 3 kept (the odds meter's "pass")."""
    odds = colour_odds(keywords, colour, bag, gold)
    return odds.denominator - odds.count("0"), odds.denominator
