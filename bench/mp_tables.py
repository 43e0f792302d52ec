# The full odds tables the gadget offers, as one stream of queries computed with
# shared_rules; the same file runs on CPython (bench/run.py) and MicroPython (mp_bench.mjs).
# The systems are the registry's rows, in its order; each row's name keys its
# queries here (BENCH), and a row with no entry stops the bench naming it.
from shared_rules import registry
from shared_rules import approaches as AP
from shared_rules import axiom as AX
from shared_rules.axiom import roll as AR
from shared_rules import colour_tokens as CT
from shared_rules import forged_in_the_dark as FD
from shared_rules import light_dark as LD
from shared_rules.light_dark.host import effects as LE
from shared_rules import new_beginning as NB
from shared_rules.new_beginning.odds import odds_table, setup_odds
from shared_rules.new_beginning.trial_setup import TrialSetup
from shared_rules.new_beginning import MAX_DANGER, SUPPLY_BLACK, SUPPLY_WHITE

# New Beginning: no status, then each status on its own; no danger, then 1..6.
NB_STATUSES = [()] + [(s,) for s in NB.STATUSES]
NB_DANGERS = [None] + list(range(1, MAX_DANGER + 1))
# Light and Dark: Ego before the roll, where dark dice can cost it; 9 is the
# largest Ego max at creation (3 Insight + 3 Resolve + 3).
EGOS = [None] + list(range(10))
EFFECTS = [(dice, False, bonus) for dice in range(1, 5) for bonus in range(LE.MAX_BONUS + 1)] \
    + [(1, True, bonus) for bonus in range(LE.MAX_BONUS + 1)]
EFFECT = "effect"       # Light and Dark's effect dice: its own group, after its system


def _nb_queries():
    for white in range(SUPPLY_WHITE + 1):
        for black in range(1, SUPPLY_BLACK + 1):
            for statuses in NB_STATUSES:
                sizes = _nb_sizes(white, black, statuses)
                for danger in NB_DANGERS:
                    for k in sizes:
                        yield ("new-beginning", white, black, statuses, danger, k)


def _approaches_queries():
    for dice in range(AP.MIN_DICE, AP.MAX_DICE + 1):
        for difficulty in AP.DIFFICULTIES:
            yield (AP.APPROACHES, dice, difficulty)


def _light_dark_queries():
    for light in range(LD.MAX_LIGHT + 1):
        for dark in range(LD.MAX_DARK + 1):
            for ego in (EGOS if dark else [None]):
                yield (registry.LIGHT_DARK.name, light, dark, ego)
    for dice, half, bonus in EFFECTS:
        yield (EFFECT, dice, half, bonus, LE.DEFAULT_DEPTH)


def _axiom_queries():
    for favorable in range(AR.MAX_EXTRA_DICE + 1):
        for unfavorable in range(AR.MAX_EXTRA_DICE + 1):
            for modifier in range(AX.MIN_MODIFIER, AX.MAX_MODIFIER + 1):
                yield (registry.AXIOM.name, favorable, unfavorable, modifier)


def _colour_tokens_queries():
    for keywords in range(CT.MAX_KEYWORDS + 1):
        for colour in CT.ACTION_COLOURS:
            yield (registry.COLOUR_TOKENS.name, keywords, colour)


def _forged_in_the_dark_queries():
    # rules/forged-in-the-dark.md: 0..6 dice, the action roll; with resist, its stress cost too.
    for dice in range(FD.MAX_DICE + 1):
        for resist in (False, True):
            yield (FD.FORGED_IN_THE_DARK, dice, resist)


# Per registry row: (its queries, the extra groups they hold beyond the row's own name).
BENCH = {
    registry.NEW_BEGINNING.name: (_nb_queries, ()),
    registry.APPROACHES.name: (_approaches_queries, ()),
    registry.LIGHT_DARK.name: (_light_dark_queries, (EFFECT,)),
    registry.AXIOM.name: (_axiom_queries, ()),
    registry.COLOUR_TOKENS.name: (_colour_tokens_queries, ()),
    registry.FORGED_IN_THE_DARK.name: (_forged_in_the_dark_queries, ()),
}


def bench_of(row):
    entry = BENCH.get(row.name)
    if entry is None:
        raise KeyError("registry row %s has no odds bench: add its queries to bench/mp_tables.py BENCH "
                       "and its icepool model to bench/icepool_tables.py" % row.name)
    return entry


def systems():
    """The groups the bench reports, the registry's order: each row, then its extras."""
    out = []
    for row in registry.ROWS:
        out.append(row.name)
        out += list(bench_of(row)[1])
    return tuple(out)


SYSTEMS = systems()


def queries():
    """Every query, one tuple each, (system, args...), as the box asks them (one draw
    size of New Beginning at a time); a generator, so the list costs no memory."""
    for row in registry.ROWS:
        for q in bench_of(row)[0]():
            yield q


def _nb_sizes(white, black, statuses):
    size = white + black
    if NB.ADRENALINE in statuses:
        return (size - 1,) if size >= 2 else ()
    return range(1, size + 1)


def tables():
    """Every table: a New Beginning set-up with all its draw sizes (what `fatebox odds
    new-beginning` shows: one TrialSetup, one row per draw size); a dice query is a table."""
    for q in queries():
        if q[0] != "new-beginning":
            yield q
        elif q[5] == _nb_sizes(q[1], q[2], q[3])[0]:
            yield q[:5]


# Each engine is timed giving its own answer (here the shared_rules odds objects);
# turning answers into (name, numerator, denominator) lists is done outside the timing.

def answer(q):
    """One query's shared_rules odds objects: what the box computes and reads."""
    system = q[0]
    if system == "new-beginning":
        return setup_odds(TrialSetup(q[1], q[2], q[4], q[3]), q[5])
    if system == "approaches":
        return AP.approaches_odds(q[1], q[2])
    if system == "light-dark":
        return LD.lightdark_odds(q[1], q[2], q[3])
    if system == "axiom":
        return AR.axiom_odds(q[1], q[2], q[3])
    if system == EFFECT:
        return LE.effect_odds(q[1], q[2], q[3], q[4])
    if system == FD.FORGED_IN_THE_DARK:
        return FD.action_odds(q[1]), (FD.resist_odds(q[1]) if q[2] else None)
    return CT.colour_odds(q[1], q[2])


def named(q, got):
    """An answer as a list of (name, numerator, denominator), unreduced."""
    system = q[0]
    if system == "new-beginning":
        return _named(got) + [("exit", got.exit, got.denominator)]
    if system == "light-dark":
        outcomes, loss = got
        return _named(outcomes) + (_named(loss, "ego-loss:") if loss is not None else [])
    if system == EFFECT:
        totals, tail = got
        return _named(totals) + [("tail", tail, totals.denominator)]
    if system == FD.FORGED_IN_THE_DARK:
        outcomes, stress = got
        return _named(outcomes) + (_named(stress, "stress:") if stress is not None else [])
    return _named(got)


def compute(q):
    """One query's exact odds as a list of (name, numerator, denominator)."""
    return named(q, answer(q))


def answer_table(t):
    """A table's answer: odds_table of one TrialSetup for New Beginning, else answer(t)."""
    if t[0] != "new-beginning":
        return answer(t)
    return odds_table(TrialSetup(t[1], t[2], t[4], t[3]))


def named_table(t, got):
    """A table's answer as one named list per query (table_queries(t) order)."""
    if t[0] != "new-beginning":
        return [named(t, got)]
    rows = []
    for odds in got:
        rows.append([(name, odds.count(name), odds.denominator) for name in NB.OUTCOMES]
                    + [("exit", odds.exit, odds.denominator)])
    return rows


def table_queries(t):
    """The queries a table answers, in its rows' order."""
    if t[0] != "new-beginning":
        return [t]
    return [t + (k,) for k in _nb_sizes(t[1], t[2], t[3])]


def _named(odds, prefix=""):
    return [(prefix + name, odds.count(name), odds.denominator) for name in odds.names]


def describe(q):
    """A query as the CLI would ask it."""
    system = q[0]
    if system == "new-beginning":
        text = "new-beginning -w %d -b %d" % (q[1], q[2])
        if len(q) > 5:
            text += " -k %d" % q[5]
        if q[4] is not None:
            text += " -d %d" % q[4]
        for status in q[3]:
            text += " -s " + status
        return text
    if system == "approaches":
        return "approaches --dice %d%s" % (q[1], "" if q[2] == AP.NORMAL else " --" + q[2])
    if system == "light-dark":
        return "light-dark --light %d --dark %d%s" % (q[1], q[2], "" if q[3] is None else " --ego %d" % q[3])
    if system == "axiom":
        return "axiom -f %d -u %d -m %d" % (q[1], q[2], q[3])
    if system == EFFECT:
        return "effect --dice %d%s --bonus %d --depth %d" % (q[1], " --half" if q[2] else "", q[3], q[4])
    if system == FD.FORGED_IN_THE_DARK:
        return "forged-in-the-dark --dice %d%s" % (q[1], " --resist" if q[2] else "")
    return "colour-tokens -k %d -c %s" % (q[1], q[2])


def digest_line(q, result):
    """The text a checksum of the tables is taken over, the same on both interpreters."""
    return describe(q) + "=" + ",".join("%s:%d/%d" % r for r in result) + "\n"


class Checksum:
    """SHA-256 (hex) over digest_line of every (query, result), in query order."""

    def __init__(self):
        import hashlib
        self.h = hashlib.sha256()

    def add(self, q, result):
        self.h.update(digest_line(q, result).encode())

    def hex(self):
        import binascii
        return binascii.hexlify(self.h.digest()).decode()


LIMIT_MS = 2.0    # the target for one odds query under MicroPython


class Pass:
    """One pass over every query, one query per step(), for mp_bench.mjs.

    The WebAssembly build collects garbage only between calls from JavaScript
    (gc.collect() inside a call frees nothing), so JavaScript calls step() once
    per query: each query starts on a collected heap, no collection lands
    inside it, and gc.mem_alloc() after it is the heap in use at its end (the
    interpreter, the modules and their caches, and all the query allocated).
    now() is a clock in milliseconds: js.performance.now, since time.ticks_us
    there only counts whole milliseconds.

    Each query runs `repeat` times: the first run is the cold one (a cache
    filled on the way counts), the fastest is the query's own cost without the
    host's noise (the bench shares the machine with whatever else runs).
    """

    def __init__(self, now, repeat=5, memory=True):
        import gc
        self.gc = gc
        self.now = now
        self.repeat = repeat
        self.memory = memory     # gc.mem_alloc() walks the heap: slow, but outside the timing
        self.queries = queries()
        self.per = {}            # system -> [queries, ms of first runs, ms of fastest runs]
        self.peak = 0
        self.grow = 0
        self.first = []          # the slowest few first runs, (ms, query)
        self.fastest = []        # the slowest few by their fastest run, (ms, query)
        self.over = [0, 0]       # queries over LIMIT_MS: first run, fastest run
        self.sum = Checksum()
        self.count = 0

    def step(self):
        """Compute the next query; False when there is none left."""
        for q in self.queries:
            before = self.gc.mem_alloc() if self.memory else 0
            t0 = self.now()
            got = answer(q)
            first = self.now() - t0
            if self.memory:
                after = self.gc.mem_alloc()
                self.peak = after if after > self.peak else self.peak
                self.grow = after - before if after - before > self.grow else self.grow
            best = first
            for _ in range(self.repeat - 1):
                t0 = self.now()
                answer(q)
                spent = self.now() - t0
                best = spent if spent < best else best
            total = self.per.get(q[0])
            if total is None:
                total = self.per[q[0]] = [0, 0.0, 0.0]
            total[0] += 1
            total[1] += first
            total[2] += best
            _keep(self.first, first, q)
            _keep(self.fastest, best, q)
            if first > LIMIT_MS:
                self.over[0] += 1
            if best > LIMIT_MS:
                self.over[1] += 1
            self.sum.add(q, named(q, got))
            self.count += 1
            return True
        return False

    def record(self):
        out = {"queries": self.count, "repeat": self.repeat, "per_system": self.per,
               "slowest_first": [[ms, describe(q)] for ms, q in self.first],
               "slowest_fastest": [[ms, describe(q)] for ms, q in self.fastest],
               "over_limit": self.over, "checksum": self.sum.hex()}
        if self.memory:
            out["peak_alloc"] = self.peak
            out["query_alloc"] = self.grow
        return out


def _keep(top, ms, q, size=5):
    if len(top) < size or ms > top[-1][0]:
        top.append((ms, q))
        top.sort(key=lambda t: -t[0])
        del top[size:]


def clock_cost(now, n=200):
    """The median of now() - now(): what the clock itself adds to a timed query."""
    spans = []
    for _ in range(n):
        t0 = now()
        spans.append(now() - t0)
    spans.sort()
    return spans[len(spans) // 2]
