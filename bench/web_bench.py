# The box in a browser (docs/web.md), in headless Debian chromium on this
# machine: the site's size, opening the page to its first ring drawn (cold:
# a fresh profile; warm: a reload, cache and flash kept), a key press to the
# first changed ring frame, and the idle page's CPU. Bounded (a minute or
# two); prints figures for docs/performance.md, asserts nothing.
#
#   .venv/bin/python bench/web_bench.py [--runs 5] [--presses 40] [--idle-s 5]
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.web.conftest import ARGS, CHROMIUM, board_now, build_site, serve, wait_board  # noqa: E402

COLD_TARGET_MS = 2000
PRESS_TARGET_MS = 50


def sizes(site):
    files = [p for p in site.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    runtime = sum((site / n).stat().st_size for n in ("micropython.mjs", "micropython.wasm"))
    firmware = (site / "firmware.json").stat().st_size
    return {"files": len(files), "total": total, "runtime": runtime, "firmware": firmware,
            "page and data": total - runtime - firmware}


def first_ring(page, url):
    page.goto(url)
    page.wait_for_function("window.fatebox && (window.fatebox.ready || window.fatebox.failed)")
    assert page.evaluate("fatebox.failed") is None, page.evaluate("fatebox.failed")
    return page.evaluate("fatebox.firstFrameAt")      # ms since the navigation started


def press_latency(page, presses):
    """ms from each key's keydown to the first frame after it that differs from the one before."""
    out = []
    keys = "pm"
    for k in range(presses):
        wait_board(page, board_now(page) + 250)
        page.keyboard.press(keys[k % 2])
        page.wait_for_function("""(() => { const f = fatebox.frames, at = fatebox.keyAt;
            let before = null;
            for (const [t, hex] of f) { if (t < at) { before = hex; continue; } if (hex !== before) return true; }
            return false; })()""")
        got = page.evaluate("""(() => { const f = fatebox.frames, at = fatebox.keyAt;
            let before = null;
            for (const [t, hex] of f) { if (t < at) { before = hex; continue; } if (hex !== before) return t - at; } })()""")
        out.append(got)
    return out


def idle_cpu(page, seconds):
    """The page's main-thread busy time over `seconds` of idle, as a share (CDP TaskDuration)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def task():
        return dict((m["name"], m["value"]) for m in cdp.send("Performance.getMetrics")["metrics"])["TaskDuration"]
    a, t0 = task(), time.monotonic()
    time.sleep(seconds)
    b, t1 = task(), time.monotonic()
    return (b - a) / (t1 - t0)


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100.0 * (len(values) - 1))))]


def chromium_version():
    try:
        return subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
    except OSError:
        return None


def main(argv=None):
    parser = argparse.ArgumentParser(description="the box in a browser: size and timings")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--idle-s", type=float, default=5.0)
    parser.add_argument("--record", action="store_true",
                        help="keep the figures with the commit in bench/results/web.json (make bench)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    site = build_site(Path(tempfile.mkdtemp(prefix="fatebox-web-bench-")) / "site", seeded=False)
    size = sizes(site)
    server, url = serve(site)
    report = {"commit": commit, "size": size}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            cold, warm = [], []
            for _ in range(args.runs):
                ctx = browser.new_context(viewport={"width": 360, "height": 640})
                page = ctx.new_page()
                cold.append(first_ring(page, url))
                warm.append(first_ring(page, url))          # the same profile: cache and flash kept
                ctx.close()
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            page = ctx.new_page()
            first_ring(page, url)
            lat = press_latency(page, args.presses)
            # Past the page's busy spell after a press (web/app.js, BUSY_FOR_MS).
            wait_board(page, board_now(page) + 3000)
            idle = idle_cpu(page, args.idle_s)
            ctx.close()
            browser.close()
    finally:
        server.shutdown()
    report.update({
        "open to first ring, cold ms": {"median": statistics.median(cold), "max": max(cold), "runs": cold},
        "open to first ring, warm ms": {"median": statistics.median(warm), "max": max(warm), "runs": warm},
        "key to changed frame ms": {"median": statistics.median(lat), "p95": pct(lat, 95), "max": max(lat),
                                    "presses": len(lat)},
        "idle CPU share": round(idle, 4),
    })
    if args.record:
        import results
        report["chromium"] = chromium_version()
        results.record("web", report, script="web_bench")
    print(json.dumps(report, indent=1))
    print("web: %d bytes (runtime %d, firmware %d); first ring cold %.0f ms median (target < %d), warm %.0f ms; "
          "key to frame p95 %.1f ms (target < %d); idle CPU %.1f%% of a core"
          % (size["total"], size["runtime"], size["firmware"], statistics.median(cold), COLD_TARGET_MS,
             statistics.median(warm), pct(lat, 95), PRESS_TARGET_MS, 100 * idle))


if __name__ == "__main__":
    main()
