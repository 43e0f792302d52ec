"""Odds tables (`make bench`): every odds table the gadget offers, one system per
row of shared_rules/registry.py (its queries in its package's bench module,
shared_rules/<package>/bench.py; a row without one stops the bench naming it),
computed with shared_rules and again with icepool 2.1.3 on CPython (its model
in bench/models/<package>.py), checked to agree exactly (as fractions; where its
bench module reads `fatebox odds ... --json`, also as the CLI prints them),
timed side by side; then the same tables under real MicroPython
(the npm WebAssembly build, bench/mp_bench.mjs): each query timed alone, the
peak gc.mem_alloc(), the slowest single query, and a checksum of the tables
that must equal CPython's. Targets: shared_rules >= 20x faster than icepool on
CPython; every single odds query < 2 ms under MicroPython WebAssembly.
docs/performance.md, "Odds tables".

    .venv/bin/python bench/run.py [--repeat N] [--mp-repeat N] [--no-mp] [--json] [--record]

Exit 1 when the two engines disagree on any table, or MicroPython's tables
differ from CPython's; a missed target is reported, and with --strict exits 1.
"""
import argparse
import datetime
import gc
import json
import os
import platform
import subprocess
import sys
import time
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for where in (ROOT, HERE):
    if where not in sys.path:
        sys.path.insert(0, where)

import mp_tables  # noqa: E402  (the same query list and shared_rules calls as on MicroPython)

RATIO_TARGET = 20.0
LIMIT_MS = mp_tables.LIMIT_MS


def by_system(items):
    out = dict((name, []) for name in mp_tables.SYSTEMS)
    for item in items:
        out[item[0]].append(item)
    return out


def timed(answer, named, groups, repeat):
    """{system: (first pass s, fastest pass s)} and the first pass's results as named lists.

    Only answer(item) is timed: each engine giving its own odds objects. named(item,
    answer) turns them into one named result per query, after the clock stops.
    """
    first = {}
    best = {}
    results = []
    for p in range(repeat):
        for system, items in groups.items():
            # As timeit does: no cyclic collection inside the timing (it would bill
            # one system for the garbage of another); a full one before each.
            gc.collect()
            gc.disable()
            try:
                t0 = time.perf_counter()
                out = [answer(item) for item in items]
                spent = time.perf_counter() - t0
            finally:
                gc.enable()
            if p == 0:
                first[system] = spent
                for item, got in zip(items, out):
                    results += named(item, got)
            best[system] = min(best.get(system, spent), spent)
            del out   # freed here, not inside the next timing
    return dict((s, (first[s], best[s])) for s in groups), results


def one(named):
    return lambda item, got: [named(item, got)]


def as_fractions(pairs):
    """{name: Fraction}, names with no mass left out."""
    out = {}
    for name, (num, den) in pairs.items():
        if num:
            out[name] = Fraction(num, den)
    return out


def disagreements(queries, ours, theirs):
    bad = []
    for q, a, b in zip(queries, ours, theirs):
        mine = as_fractions(dict((name, (num, den)) for name, num, den in a))
        if mine != as_fractions(b):
            bad.append((mp_tables.describe(q), mine, as_fractions(b)))
    return bad


def cli_disagreements(queries, theirs):
    """A system's tables as `fatebox odds ... --json` prints them (run in-process), against
    icepool's, as fractions, where its bench module reads that output (cli_named): the
    CLI's JSON contract checked against an independent model, not only the shared_rules
    call beneath it."""
    from click.testing import CliRunner
    from fatebox.cli.main import main as fatebox
    bad = []
    checked = 0
    for q, other in zip(queries, theirs):
        module = mp_tables.module(q[0])
        if not hasattr(module, "cli_named"):
            continue
        args = ["odds"] + mp_tables.describe(q).split() + ["--json"]
        result = CliRunner().invoke(fatebox, args)
        if result.exit_code != 0:
            bad.append(("fatebox " + " ".join(args), {"exit": result.exit_code}, {}))
            continue
        mine = dict((name, Fraction(text)) for name, text in module.cli_named(json.loads(result.output)).items())
        mine = dict((name, f) for name, f in mine.items() if f)
        if mine != as_fractions(other):
            bad.append(("fatebox " + " ".join(args), mine, as_fractions(other)))
        checked += 1
    return bad, checked


def micropython(passes, repeat):
    node = subprocess.run(["node", os.path.join(HERE, "mp_bench.mjs"), str(passes), str(repeat)],
                          cwd=ROOT, capture_output=True, text=True)
    if node.returncode != 0:
        raise SystemExit("bench/run.py: the MicroPython run failed:\n" + node.stderr)
    return json.loads(node.stdout)


def version(command):
    try:
        return subprocess.run(command, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "not found"


def ms(seconds):
    return "%.1f" % (seconds * 1000)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="CPython passes per engine (default 5)")
    parser.add_argument("--mp-repeat", type=int, default=5, help="MicroPython runs of each query (default 5)")
    parser.add_argument("--no-mp", action="store_true", help="CPython only")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures with the commit in bench/results/odds.json (make bench)")
    args = parser.parse_args()

    import icepool
    import icepool_tables

    queries = list(mp_tables.queries())
    tables = list(mp_tables.tables())
    groups = by_system(queries)
    table_groups = by_system(tables)
    ordered = [q for system in groups for q in groups[system]]
    # The headline: whole tables (a New Beginning set-up with every draw size, as
    # `fatebox odds new-beginning` asks for it); then one query at a time, as the box asks.
    ours_t, ours = timed(mp_tables.answer_table, mp_tables.named_table, table_groups, args.repeat)
    theirs_t, theirs = timed(icepool_tables.answer_table, icepool_tables.named_table, table_groups, args.repeat)
    ours_q, ours_each = timed(mp_tables.answer, one(mp_tables.named), groups, args.repeat)
    theirs_q, _ = timed(icepool_tables.answer, one(icepool_tables.named), groups, args.repeat)
    bad = disagreements(ordered, ours, theirs)
    cli_bad, cli_checked = cli_disagreements(ordered, theirs)
    bad += cli_bad
    if ours_each != ours:
        bad.append(("shared_rules one query at a time differs from its tables", {}, {}))
    cpython_sum = mp_tables.Checksum()
    for q, result in zip(ordered, ours):
        cpython_sum.add(q, result)

    report = {
        "date": datetime.date.today().isoformat(),
        "machine": {"nproc": os.cpu_count(), "cpu": _cpu(), "system": platform.platform(),
                    "python": platform.python_version(), "node": version(["node", "--version"]),
                    "icepool": icepool.__version__},
        "queries": dict((s, len(groups[s])) for s in groups),
        "tables": dict((s, len(table_groups[s])) for s in table_groups),
        "cpython": dict((s, {"shared_rules": ours_t[s], "icepool": theirs_t[s]}) for s in groups),
        "cpython_per_query": dict((s, {"shared_rules": ours_q[s], "icepool": theirs_q[s]}) for s in groups),
        "disagreements": len(bad),
        "cli_checked": cli_checked,
        "checksum": cpython_sum.hex(),
    }
    for key, times in (("ratio", report["cpython"]), ("ratio_per_query", report["cpython_per_query"])):
        ours_total = [sum(times[s]["shared_rules"][i] for s in groups) for i in (0, 1)]
        theirs_total = [sum(times[s]["icepool"][i] for s in groups) for i in (0, 1)]
        report[key] = {"first": theirs_total[0] / ours_total[0], "fastest": theirs_total[1] / ours_total[1]}
    if not args.no_mp:
        report["micropython"] = micropython(2, args.mp_repeat)

    if args.record:
        import results
        results.record("odds", report, script="run")
    if args.json:
        print(json.dumps(report))
    else:
        show(report, groups, args.repeat, bad)
    missed = missed_targets(report)
    if bad or ("micropython" in report and not _same_tables(report)):
        return 1
    return 1 if missed and args.strict else 0


def _cpu():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _same_tables(report):
    return all(p["checksum"] == report["checksum"] for p in report["micropython"]["passes"])


def missed_targets(report):
    missed = []
    if report["ratio"]["fastest"] < RATIO_TARGET:
        missed.append("ratio")
    if "micropython" in report:
        # A query's own cost is its fastest run; first runs are reported beside it.
        if any(p["over_limit"][1] for p in report["micropython"]["passes"]):
            missed.append("query")
    return missed


def show(report, groups, repeat, bad):
    m = report["machine"]
    print("Odds tables, %s; %d CPUs (%s), %s; Python %s, node %s, icepool %s" % (
        report["date"], m["nproc"], m["cpu"], m["system"], m["python"], m["node"], m["icepool"]))
    print()
    for key, what, count in (("cpython", "tables (a set-up with all its draw sizes is one table)", "tables"),
                             ("cpython_per_query", "queries, one at a time (one draw size, as the box asks)", "queries")):
        print("CPython, the same %d %s; ms for the first pass / the fastest of %d"
              % (sum(report[count].values()), what, repeat))
        print("%-18s %8s %22s %22s %14s" % ("system", count, "shared_rules ms", "icepool ms", "ratio"))
        rows = [(s, report[count][s], report[key][s]["shared_rules"], report[key][s]["icepool"]) for s in groups]
        total = ("total", sum(r[1] for r in rows), [sum(r[2][i] for r in rows) for i in (0, 1)],
                 [sum(r[3][i] for r in rows) for i in (0, 1)])
        for s, n, ours, theirs in rows + [total]:
            print("%-18s %8d %10s / %-10s %10s / %-10s %5.0fx / %-5.0fx" % (
                s, n, ms(ours[0]), ms(ours[1]), ms(theirs[0]), ms(theirs[1]),
                theirs[0] / ours[0], theirs[1] / ours[1]))
        print()
    if bad:
        print("DISAGREE on %d queries; the first:" % len(bad))
        for text, mine, other in bad[:5]:
            print("  %s\n    shared_rules %s\n    icepool      %s" % (text, mine, other))
    else:
        print("shared_rules and icepool agree exactly (as fractions) on all %d queries; "
              "`fatebox odds ... --json` agrees with icepool on all %d tables it was asked."
              % (sum(report["queries"].values()), report["cli_checked"]))
    print("ratio target >= %.0fx (whole tables, fastest passes): %s (%.1fx; one query at a time %.1fx)" % (
        RATIO_TARGET, "met" if report["ratio"]["fastest"] >= RATIO_TARGET else "MISSED", report["ratio"]["fastest"],
        report["ratio_per_query"]["fastest"]))
    if "micropython" not in report:
        return
    mp = report["micropython"]
    print()
    print("MicroPython %s (WebAssembly, node %s), every query timed alone, %d runs each"
          % (mp["version"].split(";")[-1].strip(), m["node"], mp["passes"][0]["repeat"]))
    print("clock: js.performance.now, %.4f ms per reading pair (included in every time)" % mp["clock_ms"])
    names = ("pass 1 (cold: interpreter and caches)", "pass 2 (warm)")
    for name, p in zip(names, mp["passes"]):
        print("%s:" % name)
        print("  %-18s %8s %14s %14s" % ("system", "queries", "first runs ms", "fastest ms"))
        for s in groups:
            n, first, fastest = p["per_system"][s]
            print("  %-18s %8d %14.1f %14.1f" % (s, n, first, fastest))
        print("  slowest first run: %.3f ms (%s)" % tuple(p["slowest_first"][0]))
        print("  slowest by its fastest run: %.3f ms (%s)" % tuple(p["slowest_fastest"][0]))
        print("  queries over %.0f ms: %d first runs, %d by their fastest run" % (LIMIT_MS, p["over_limit"][0], p["over_limit"][1]))
        if "peak_alloc" in p:
            print("  peak gc.mem_alloc(): %d bytes (interpreter and modules alone: %d); most one query allocated: %d"
                  % (p["peak_alloc"], mp["base_alloc"], p["query_alloc"]))
        print("  tables %s CPython's (sha256 %s...)" % (
            "identical to" if p["checksum"] == report["checksum"] else "DIFFER FROM", p["checksum"][:16]))
    slowest = max(p["slowest_fastest"][0][0] for p in mp["passes"])
    over = [sum(p["over_limit"][i] for p in mp["passes"]) for i in (0, 1)]
    print("query target < %.0f ms (each query by its fastest of %d runs): %s (slowest %.3f ms); "
          "over %.0f ms in both passes: %d first runs, %d queries by their fastest run"
          % (LIMIT_MS, mp["passes"][0]["repeat"], "MISSED" if "query" in missed_targets(report) else "met",
             slowest, LIMIT_MS, over[0], over[1]))


if __name__ == "__main__":
    sys.exit(main())
