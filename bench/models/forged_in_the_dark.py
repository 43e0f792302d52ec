# Forged in the Dark worked out with icepool from its rule text (bench/icepool_tables.py).
import icepool

from models.common import mass

CRITICAL, SUCCESS, PARTIAL, BAD = "critical", "success", "partial", "bad"


def answer(q):
    """rules/forged-in-the-dark.md: (outcome Die, stress-cost Die or None).

    The action roll reads the highest die: 6 success (two or more 6s: critical),
    4-5 partial, 1-3 bad; zero dice rolls two and reads the lowest, never a
    critical. Resistance costs 6 minus the die read; a critical clears 1 ("-1").
    """
    dice, resist = q[1], q[2]
    zero = dice == 0
    rolled = icepool.d6.pool(2 if zero else dice).expand()     # the faces, sorted

    def outcome(faces):
        if not zero and faces.count(6) >= 2:
            return CRITICAL
        top = min(faces) if zero else max(faces)
        return SUCCESS if top == 6 else PARTIAL if top >= 4 else BAD

    def stress(faces):
        if outcome(faces) == CRITICAL:
            return "stress:-1"
        return "stress:%d" % (6 - (min(faces) if zero else max(faces)))
    return rolled.map(outcome), (rolled.map(stress) if resist else None)


def named(q, got):
    outcome, stress = got
    out = mass(outcome)
    if stress is not None:
        out.update(mass(stress))
    return out
