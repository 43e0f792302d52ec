# The coin toss in words (host only), and its set-up as typed (fatebox.odds.command).
from tests import seventh as S


def result_words(result):
    faces = result.get("coins") or []
    return "%s: %s" % (" ".join(faces) or "no coins", str(result.get("outcome")).replace("-", " "))


def state_words(summary):
    return "luck %s" % summary.get("luck")


# A set-up its object takes, as the `roll` op's `setup` (tests/host/test_setup_paths.py).
SETUP_EXAMPLE = {"coins": 3}
ODDS_HELP = "Coin toss: N coins; all heads, some or none."
ODDS_OPTIONS = ((("--coins", "-n"), {"type": int, "required": True, "help": "Coins tossed (1..%d)." % S.MAX_COINS}),)
ODDS_ERRORS = {"coins": ("--coins", "1..%d coins" % S.MAX_COINS)}
