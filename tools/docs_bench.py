# docs/performance.md's tables from the benches' figures (tools/docs.py): each
# from bench/results/<name>.json, which a bench writes with --record (make bench).
import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import results  # noqa: E402


def _none(name, script):
    return ("No recorded run yet: `make bench` (or `.venv/bin/python %s --record`) writes "
            "`bench/results/%s.json`." % (script, name))


def measured(run):
    """'at `1956e36` (2026-12-01), 2 CPUs (AMD EPYC ...), load 14.9, Python 3.11.7: `bench/run.py --record`'."""
    m = run.get("machine", {})
    where = "at `%s`%s" % (run["commit"], " with changes not yet committed" if run.get("changed") else "")
    load = ", load %.1f" % m["load"][0] if m.get("load") else ""
    return "%s (%s), %s CPUs (%s)%s, Python %s: `%s`" % (where, run["date"], m.get("nproc"), m.get("cpu"), load,
                                                       m.get("python"), run["command"])


def trials_said(why):
    """An edge's failure for a reader: which systems' trials were not recorded
    or recorded more than once, from the bench's "trials recorded by system"."""
    found = re.match(r"trials recorded by system: (\{.*\}), expected one each of (\[.*\])$", why or "")
    if not found:
        return why or ""
    played, systems = ast.literal_eval(found.group(1)), ast.literal_eval(found.group(2))
    said = []
    missing = [name for name in systems if not played.get(name)]
    if missing:
        said.append("no trial recorded for %s" % ", ".join(missing))
    for name in systems:
        if played.get(name, 0) > 1:
            said.append("%s recorded %d times" % (name, played[name]))
    return "; ".join(said) or why


def _met(ok):
    return "met" if ok else "**missed**"


def odds():
    from mp_tables import LIMIT_MS
    run = results.load("odds")
    if run is None:
        return _none("odds", "bench/run.py")
    f = run["figures"]
    target = 20.0
    lines = ["Measured %s; %s queries." % (measured(run), format(sum(f["queries"].values()), ",")), "",
             "| | figure | target | |", "| --- | --- | --- | --- |",
             "| CPython, whole tables: icepool / `shared_rules`, fastest pass | %.1f× | ≥ %.0f× | %s |"
             % (f["ratio"]["fastest"], target, _met(f["ratio"]["fastest"] >= target)),
             "| CPython, one query at a time | %.1f× | | |" % f["ratio_per_query"]["fastest"]]
    mp = f.get("micropython")
    if mp is not None:
        slowest = max(p["slowest_fastest"][0][0] for p in mp["passes"])
        alloc = max(p.get("query_alloc", 0) for p in mp["passes"])
        lines.append("| MicroPython, slowest query (its fastest run) | %.3f ms | < %.0f ms | %s |"
                     % (slowest, LIMIT_MS, _met(slowest < LIMIT_MS)))
        lines.append("| MicroPython, the most one query allocates | %s bytes | | |" % format(alloc, ","))
    same = mp is None or all(p["checksum"] == f["checksum"] for p in mp["passes"])
    lines.append("| the two engines agree%s | %s (`%s…`) | | |" % (
        "; the tables are identical on both interpreters" if mp is not None else "",
        "yes" if f["disagreements"] == 0 and same else "**no**", f["checksum"][:16]))
    return "\n".join(lines)


def firmware_fit():
    run = results.load("firmware_fit")
    if run is None:
        return _none("firmware_fit", "bench/firmware_fit.py")
    f = run["figures"]
    mpy_target = 150 * 1024
    return "\n".join([
        "Measured %s." % measured(run), "",
        "| | figure | target | |", "| --- | --- | --- | --- |",
        "| `.mpy` total | %s bytes in %d files | ≤ 150 KB (%s) | %s |" % (
            format(f["mpy_total"], ","), f["mpy_files"], format(mpy_target, ","), _met(f["mpy_total"] <= mpy_target)),
        "| peak heap, upper bound (%s) | %s bytes | (the rp2 port judges) | |" % (
            f["peak_during"], format(f["peak_heap"], ",")),
        "| peak heap, live (%s) | %s bytes | | |" % (f["peak_live_during"], format(f["peak_live"], ","))])


def web():
    run = results.load("web")
    if run is None:
        return _none("web", "bench/web_bench.py")
    f = run["figures"]
    size, cold, warm, key = (f["size"], f["open to first ring, cold ms"], f["open to first ring, warm ms"],
                             f["key to changed frame ms"])
    n = lambda v: format(v, ",")       # noqa: E731
    return "\n".join([
        "Measured %s; %s." % (measured(run), f.get("chromium") or "chromium"), "",
        "| | figure | target |", "| --- | --- | --- |",
        "| site, total | %s bytes (%d files) | |" % (n(size["total"]), size["files"]),
        "| MicroPython runtime (`micropython.mjs` + `.wasm`) | %s bytes | |" % n(size["runtime"]),
        "| firmware and rules (`firmware.json`: .mpy as base64, `app.py`) | %s bytes | |" % n(size["firmware"]),
        "| page, demo table, help lines, TOML parser, service worker | %s bytes | |" % n(size["page and data"]),
        "| open to first ring drawn, cold (fresh profile), median / max of %d | %.0f / %.0f ms | under 2 s |"
        % (len(cold["runs"]), cold["median"], cold["max"]),
        "| open to first ring drawn, warm (a reload), median / max of %d | %.0f / %.0f ms | |"
        % (len(warm["runs"]), warm["median"], warm["max"]),
        "| key press to first changed ring frame, median / p95 / max of %d | %.1f / %.1f / %.1f ms | p95 under 50 ms |"
        % (key["presses"], key["median"], key["p95"], key["max"]),
        "| idle page, main thread busy | %.1f%% of a core | |" % (100 * f["idle CPU share"])])


def flood():
    run = results.load("flood")
    if run is None:
        return _none("flood", "bench/flood_bench.py")
    f = run["figures"]
    reads, never = f["host reads"], f["host never reads"]
    return ("`bench/flood_bench.py` does the same on the virtual gadget in wall time (median turn %.3f ms "
            "reading, %.3f ms not; measured %s), noisier than the target, so the emulated figures are judged."
            % (reads["median_ms"], never["median_ms"], measured(run)))


def serve():
    run = results.load("serve")
    if run is None:
        return _none("serve", "bench/serve_bench.py")
    f = run["figures"]
    lat, fan, without, with_ = f["latency_ms"], f["fan_out"], f["without serve"], f["with serve"]
    target = 100.0
    return "\n".join([
        "Measured %s." % measured(run), "",
        "| what | figure | target |", "| --- | --- | --- |",
        "| a result's event frame leaving the gadget to the event in the %s, %d results "
        "| median %.1f ms, p99 %.1f ms, worst %.1f ms | p99 under %.0f ms: %s |"
        % (lat["to"], f["results"], lat["median"], lat["p99"], lat["worst"], target, _met(lat["p99"] < target)),
        "| %d `/events` clients and one that never reads, %d results | each reading client got %d to %d; "
        "serve's RSS %s to %s KB | |" % (f["clients"], f["results"], fan["least"], fan["most"],
                                         format(fan["rss_kb"][0], ","), format(fan["rss_kb"][1], ",")),
        "| the box's idle turn, without serve / with serve attached (median, p99) | %.3f / %.3f ms; %.3f / %.3f ms | |"
        % tuple(without["turn_ms"] + with_["turn_ms"]),
        "| a press to its first changed frame, without / with (median, p99) | %.1f / %.1f ms; %.1f / %.1f ms | |"
        % tuple(without["frame_ms"] + with_["frame_ms"])] + ([
        "| a `state` request straight to the box / through serve's relay (median, p99), %d each "
        "| %.1f / %.1f ms; %.1f / %.1f ms | |"
        % tuple([f["relay_ms"]["requests"]] + f["relay_ms"]["direct"] + f["relay_ms"]["relayed"])]
        if "relay_ms" in f else []))


def vtt():
    run = results.load("vtt")
    if run is None:
        return _none("vtt", "bench/vtt_bench.py")
    f = run["figures"]
    ring, page, box, fan = f["to_ring_ms"], f["go_to_page_ms"], f["go_to_event_ms"], f["fan_out"]
    target = 100.0
    return "\n".join([
        "Measured %s." % measured(run), "",
        "| what | figure | target |", "| --- | --- | --- |",
        "| a VTT page's request (Chromium) to the ring showing it, %d requests | median %.1f ms, p99 %.1f ms, "
        "worst %.1f ms | p99 under %.0f ms: %s |" % (f["requests"], ring[0], ring[1], ring[2], target,
                                                   _met(ring[1] < target)),
        "| GO's release to the `roll-result` in the page | median %.1f ms, p99 %.1f ms, worst %.1f ms "
        "(of which the box, to its event: median %.1f ms) | p99 under %.0f ms: %s |"
        % (page[0], page[1], page[2], box[0], target, _met(page[1] < target)),
        "| %d `/vtt` clients and one that never reads, %d results | each reading client got %d to %d; the event "
        "to a client median %.1f ms, p99 %.1f ms | |" % (f["clients"], f["results"], fan["least"], fan["most"],
                                                         fan["median_ms"], fan["p99_ms"])])


def pico_heap():
    run = results.load("pico_heap")
    if run is None:
        return _none("pico_heap", "bench/pico_heap.py")
    f = run["figures"]
    target = 64 * 1024
    spare = 4 * 1024
    lines = ["Measured %s%s." % (measured(run), ", every firmware in one run" if len(f) > 2 else ""), "",
             "| firmware | systems | completes in (heap) | left unused (largest ballast) | the next 1 KB fails | "
             "in use after the boot | target | |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    # This tree's firmware first, then another tree's (--tree) or image (--image).
    for label in sorted((k for k in f if k != "wall_s"), key=lambda k: (" " in k, k)):
        r = f[label]
        image = label.split(" ")[0] == "image"
        what = "Fatebox's image" if image else "stock MicroPython + `.mpy`"
        if r.get("commit"):
            what += " at `%s`%s" % (r["commit"], " with changes" if r.get("changed") else "")
        elif r.get("image") and " " in label:
            what += " at `%s`" % label.split(" ", 1)[1]      # --image LABEL=UF2: the commit it was built at
        for count, s in sorted(r["sessions"].items()):
            booted = r.get("booted")
            after = format(booted["alloc"], ",") if booted else "not known"
            if s["largest_ballast"] is None:
                lines.append("| %s | %s | does not complete | | %s | %s | | **missed** |"
                             % (what, count, trials_said(s.get("why", "")).replace("|", "/"), after))
                continue
            heap, unused = s["smallest_heap"], s["largest_ballast"]
            if image:
                goal, ok = "≤ 64 KB (%s)" % format(target, ","), heap <= target
            else:
                goal, ok = "≥ 64 KB unused and 4 KB to spare (%s)" % format(target + spare, ","), unused >= target + spare
            lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                what, count, format(heap, ","), format(unused, ","), trials_said(s.get("edge_failure", "")).replace("|", "/"),
                after, goal, _met(ok)))
    return "\n".join(lines)


REGIONS = {"bench-odds": odds, "bench-firmware-fit": firmware_fit, "bench-web": web, "bench-flood": flood,
           "bench-serve": serve, "bench-vtt": vtt, "bench-pico-heap": pico_heap}
