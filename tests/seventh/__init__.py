# A throw-away seventh system for tests/host/test_a_new_system.py: coins tossed,
# as docs/development.md "Adding a game system" builds one. It lives in tests/
# and is registered only by that test, so no product module names it.
from shared_rules import registry as R
from shared_rules.errors import RulesError
from shared_rules.exact import Distribution

ROW = R.System(
    name="coin-toss", words="Coin toss", package="tests.seventh", character="tests.seventh",
    play="tests.seventh", outcomes=("all-heads", "some-heads", "no-heads"), passed=("all-heads", "some-heads"),
    patterns={"all-heads": (R.SOLID, "success", False), "some-heads": (R.ALTERNATE, "success", False),
              "no-heads": (R.HALF, "failure", False)},
    colour=(90, 90, 90), summary=(("luck", ("luck",)),),
    longest={"outcome": "some-heads", "coins": ["t"] * 4},
    rules="tests.seventh.rules")
ALL, SOME, NONE = ROW.outcomes
MAX_COINS = 4
HEAD, TAIL = "h", "t"


def check_coins(coins):
    if not isinstance(coins, int) or isinstance(coins, bool) or not 1 <= coins <= MAX_COINS:
        raise RulesError("coins", "coins must be 1..%d, got %r" % (MAX_COINS, coins))
    return coins


def outcome(faces):
    heads = faces.count(HEAD)
    return ALL if heads == len(faces) else NONE if heads == 0 else SOME


def odds(coins):
    """Exact: of 2**coins equally likely tosses, one all heads and one no heads."""
    check_coins(coins)
    total = 2 ** coins
    if coins == 1:
        return Distribution(total, {ALL: 1, SOME: 0, NONE: 1}, ROW.outcomes)
    return Distribution(total, {ALL: 1, SOME: total - 2, NONE: 1}, ROW.outcomes)


def toss(coins, sampler):
    check_coins(coins)
    return [HEAD if sampler.below(2) else TAIL for _ in range(coins)]
