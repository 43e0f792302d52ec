# The full odds tables the gadget offers, as one stream of queries computed with
# shared_rules; the same file runs on CPython (bench/run.py) and MicroPython (mp_bench.mjs).
# The systems are the registry's rows, in its order; each system's queries are
# its own, in its package's bench module (shared_rules/<package>/bench.py):
# GROUPS (the groups its queries fall into, its name first), queries(),
# answer(q), named(q, got), describe(q), and where a table holds several
# queries tables(), table_queries(t), answer_table(t), named_table(t, got).
from shared_rules import registry


def bench_of(row):
    """Row `row`'s bench module; KeyError naming the file when it has none."""
    try:
        return __import__(row.package + ".bench", None, None, ["queries"])
    except ImportError as exc:
        if row.package not in str(exc):
            raise       # the module is there and failed: its own error
        raise KeyError("registry row %s has no odds bench: add its queries in %s/bench.py and its icepool "
                       "model in bench/models/%s.py" % (row.name, row.package.replace(".", "/"),
                                                        row.package.rsplit(".", 1)[1]))


def _modules():
    """{group: bench module} of every row's groups."""
    out = {}
    for row in registry.ROWS:
        module = bench_of(row)
        for group in module.GROUPS:
            out[group] = module
    return out


def systems():
    """The groups the bench reports, the registry's order: each row, then its extras."""
    out = []
    for row in registry.ROWS:
        out += list(bench_of(row).GROUPS)
    return tuple(out)


SYSTEMS = systems()
_BY_GROUP = _modules()


def queries():
    """Every query, one tuple each, (group, args...), as the box asks them (one draw
    size of New Beginning at a time); a generator, so the list costs no memory."""
    for row in registry.ROWS:
        for q in bench_of(row).queries():
            yield q


def tables():
    """Every table: what one `fatebox odds` shows (a system whose table holds several
    queries says so with its tables()); otherwise a query is a table."""
    for row in registry.ROWS:
        module = bench_of(row)
        for t in (module.tables() if hasattr(module, "tables") else module.queries()):
            yield t


# Each engine is timed giving its own answer (here the shared_rules odds objects);
# turning answers into (name, numerator, denominator) lists is done outside the timing.

def answer(q):
    """One query's shared_rules odds objects: what the box computes and reads."""
    return _BY_GROUP[q[0]].answer(q)


def named(q, got):
    """An answer as a list of (name, numerator, denominator), unreduced."""
    return _BY_GROUP[q[0]].named(q, got)


def compute(q):
    """One query's exact odds as a list of (name, numerator, denominator)."""
    return named(q, answer(q))


def answer_table(t):
    module = _BY_GROUP[t[0]]
    return module.answer_table(t) if hasattr(module, "answer_table") else module.answer(t)


def named_table(t, got):
    """A table's answer as one named list per query (table_queries(t) order)."""
    module = _BY_GROUP[t[0]]
    return module.named_table(t, got) if hasattr(module, "named_table") else [module.named(t, got)]


def table_queries(t):
    """The queries a table answers, in its rows' order."""
    module = _BY_GROUP[t[0]]
    return module.table_queries(t) if hasattr(module, "table_queries") else [t]


def describe(q):
    """A query as the CLI would ask it."""
    return _BY_GROUP[q[0]].describe(q)


def module(group):
    """The bench module of a group's queries."""
    return _BY_GROUP[group]


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
