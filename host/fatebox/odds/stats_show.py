# `fatebox history --stats` shown: the comparison of fatebox.odds.stats as terminal
# bars and a running p-value's sparkline, or as a chart file (matplotlib).
import math

from shared_rules import roster
from fatebox.odds.stats import on_draw, p_text, units as _noun


def bars(report, width=30, columns=None):
    """Terminal bars: observed (solid) against expected (light), per outcome and set-up;
    `columns`: the terminal's width, which the bars shrink to fit and the words wrap at."""
    lines = []
    for system in report["systems"]:
        lines.append(system["verdict"])
        if system.get("running"):
            lines.append("  p as the %s came in, oldest first: %s" % (_noun(system["system"], 2),
                                                                   sparkline(system["running"])))
            lines.append("    (%s p near 1 ... %s p = 0.05 ... %s p under 0.001: bars that climb are a drift)"
                         % (_SPARKS[0], _SPARKS[_level(0.05)], _SPARKS[-1]))
        for row in system["setups"]:
            lines.append("  %s: %d, %s p = %s" % (row["setup"], row["results"], row["test"], p_text(row["p"])))
            top = max([max(o["observed"], o["expected"]) for o in row["outcomes"]] + [1])
            name_width = max(len(o["outcome"]) for o in row["outcomes"])
            if columns is not None:
                rest = max(len("%4d  expected %.1f (%s)" % (o["observed"], o["expected"], o["chance"]))
                           for o in row["outcomes"])
                width = max(8, min(width, columns - 4 - name_width - 2 - rest))
            for o in row["outcomes"]:
                seen = int(round(width * o["observed"] / top))
                expected = int(round(width * o["expected"] / top))
                bar = "\u2588" * seen + "\u2591" * max(0, expected - seen)
                lines.append("    %-*s %-*s %4d  expected %.1f (%s)" % (name_width, o["outcome"], width, bar,
                                                                       o["observed"], o["expected"], o["chance"]))
    for system, n in sorted(report["not-tested"].items()):
        why = ("played before the box kept the tokens drawn (its outcome is the token the player keeps)"
               if on_draw(system) else "played before the box kept each result's set-up")
        lines.append("%d %s result%s not tested: %s" % (n, roster.SYSTEM_WORDS.get(system, system),
                                                        "" if n == 1 else "s", why))
    return lines if columns is None else _wrapped(lines, columns)


def _wrapped(lines, columns):
    """Lines longer than the terminal wrapped at words, the wrapped part indented under its start."""
    import textwrap
    out = []
    for line in lines:
        if len(line) <= columns:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out.extend(textwrap.wrap(line, columns, subsequent_indent=indent, break_on_hyphens=False))
    return out


_SPARKS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"


def _level(p):
    # 0 at p = 1, the top (7) at p <= 0.001: -log10 p in steps of 3/7.
    if p <= 0:
        return 7
    return max(0, min(7, int(-math.log10(p) * 7 / 3.0 + 1e-9)))


def sparkline(points):
    """The running p-value as one bar per point: taller is less likely from a fair box."""
    return "".join(_SPARKS[_level(p)] for _, p in points)


def plot(report, path):
    """The same comparison as a chart file (.png or .svg), with matplotlib
    (the optional extra fatebox[plot]; FateboxError naming it when missing)."""
    try:
        import matplotlib
    except ImportError:
        from fatebox.errors import FateboxError, USAGE
        raise FateboxError("--plot %s: drawing the chart needs matplotlib, the extra fatebox[plot]: "
                           "`pip install 'fatebox[plot]'` (pipx: `pipx inject fatebox matplotlib`); "
                           "nothing was written" % path, USAGE)
    matplotlib.use("Agg")
    from matplotlib import pyplot
    rows = [(s["system"], r) for s in report["systems"] for r in s["setups"]]
    figure, axes = pyplot.subplots(len(rows) + 1, 1, figsize=(7, 2.6 * (len(rows) + 1)), squeeze=False)
    # First the running p-value of each system: a drift shows as a line falling through 0.05.
    ax = axes[0, 0]
    for system in report["systems"]:
        points = system.get("running") or []
        ax.plot([n for n, _ in points], [max(p, 1e-12) for _, p in points], marker=".",
                label=roster.SYSTEM_WORDS.get(system["system"], system["system"]))
    ax.axhline(0.05, color="orange", linewidth=0.8, linestyle="--", label="p = 0.05")
    ax.axhline(0.01, color="red", linewidth=0.8, linestyle="--", label="p = 0.01")
    ax.set_yscale("log")
    ax.set_xlabel("results so far")
    ax.set_ylabel("p")
    ax.set_title("p as the results came in (a fair box wanders above the lines)", fontsize=9)
    ax.legend(fontsize=7)
    for (system, row), ax in zip(rows, axes[1:, 0]):
        names = [o["outcome"] for o in row["outcomes"]]
        at = range(len(names))
        ax.bar([i - 0.2 for i in at], [o["observed"] for o in row["outcomes"]], 0.4, label="observed")
        ax.bar([i + 0.2 for i in at], [o["expected"] for o in row["outcomes"]], 0.4, label="expected (exact odds)")
        ax.set_xticks(list(at))
        ax.set_xticklabels(names)
        n = row["results"]
        ax.set_title("%s: %s\n%d %s, p = %s (%s test)" % (
            roster.SYSTEM_WORDS.get(system, system), row["setup"], n,
            _noun(system, n), p_text(row["p"]), row["test"]), fontsize=9)
        ax.set_xlabel("outcome")
        ax.set_ylabel("number of %s" % _noun(system, 2))
        ax.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)
