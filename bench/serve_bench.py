# fatebox serve (issue 18): what it costs the table. The firmware's Box on
# the virtual board in this process, `fatebox serve` holding its pty as a child.
#
# 1. Latency: from a result's event frame leaving the gadget to the event in a
#    page (chromium with Playwright when /usr/bin/chromium is there, else an
#    SSE client in Python), median and 99th percentile over --results results.
# 2. 50 /events clients and one that never reads: every reading client gets
#    every result; serve's memory (VmRSS) before and after.
# 3. The box's idle loop turn and a press's first changed frame, with serve
#    attached and without, in alternating rounds (a shared machine's noise
#    falls on both), side by side.
# 4. A request (`state`) straight to the box and through serve's relay, in
#    alternating rounds on the same box, median and 99th percentile side by side.
# Bounded to a couple of minutes; asserts nothing. CPython, Linux.
#
#   .venv/bin/python bench/serve_bench.py [--results 200] [--clients 50] [--rounds 4] [--requests 100]
#   .venv/bin/python bench/serve_bench.py --relay-only      # 4 alone
import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path[:0] = [ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from shared_rules import wire  # noqa: E402
from fatebox_fw.box import Box as Firmware, LOOP_MS  # noqa: E402
from fatebox_fw.hal.virtual import VirtualBoard  # noqa: E402
from fatebox.board import gadgets  # noqa: E402
from fatebox.board.link import Link  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
RESULT_EVERY_S = 0.05       # one result each this often while measuring latency


def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    k = min(len(values) - 1, max(0, int(round(p / 100.0 * (len(values) - 1)))))
    return values[k]


class Box:
    """The gadget turning in a thread of its own; results made on its own loop."""

    def __init__(self):
        self.state = tempfile.mkdtemp(prefix="fatebox-serve-bench-")
        self.board = VirtualBoard(self.state, seed="serve-bench")
        self.gadget = Firmware(self.board)
        self.sent = {}          # seq -> time.time() its event was handed to the port
        self.wanted = 0         # results still to make
        self.turns = []
        self.measure_turns = False
        self.stop = threading.Event()
        self.lock = threading.Lock()
        say = self.gadget.server.say
        store = self.gadget.store

        def timed_say():
            now = time.time()
            for seq, _ in store.announce:
                self.sent[seq] = now
            say()
        self.gadget.server.say = timed_say
        self.next_id = 900000
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        next_result = 0.0
        while not self.stop.is_set():
            start = time.perf_counter()
            with self.lock:
                if self.wanted and time.monotonic() >= next_result:
                    # A host's trial served on the box's own loop (its reply goes to
                    # serve, which ignores an id it did not send).
                    self.next_id += 1
                    line = wire.encode({"id": self.next_id, "op": "roll", "system": "forged-in-the-dark",
                                        "setup": {"dice": 2}})[:-1]
                    self.gadget.server.serve(line)
                    self.wanted -= 1
                    next_result = time.monotonic() + RESULT_EVERY_S
                self.gadget.tick()
            if self.measure_turns:
                self.turns.append((time.perf_counter() - start) * 1000)
            self.board.sleep_ms(LOOP_MS)

    def make(self, n):
        with self.lock:
            self.wanted += n

    def first_changed_frame(self):
        """ms from a PLUS press to the first frame that differs (the press cue)."""
        with self.lock:
            before = self.board.frames
            self.board.press("plus", 80)
            start = time.perf_counter()
        while self.board.frames == before:
            time.sleep(0.0002)
        return (time.perf_counter() - start) * 1000

    def close(self):
        self.stop.set()
        self.thread.join(5)
        self.board.close()


def start_serve(port, runtime, db):
    env = dict(os.environ, FATEBOX_RUNTIME_DIR=runtime, FATEBOX_DB=db)
    proc = subprocess.Popen([sys.executable, "-m", "fatebox", "serve", "--port", port, "--listen", "127.0.0.1:0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    url = proc.stdout.readline().strip()
    if not url.startswith("http"):
        raise SystemExit("serve did not start: %s" % proc.stderr.read())
    threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
    threading.Thread(target=lambda: [None for _ in proc.stderr], daemon=True).start()
    return proc, url


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def wait_until(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def latency(box, url, count):
    """(where measured, [ms per result])."""
    base = box.gadget.store.seq
    if os.path.exists(CHROMIUM):
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            page.goto(url)
            page.wait_for_selector('body[data-live="1"]', timeout=30000)
            page.evaluate("""() => { window.arrivals = {};
                document.addEventListener('fatebox-result', e => { window.arrivals[e.detail.seq] = Date.now(); }); }""")
            box.make(count)
            wait_until(lambda: page.evaluate("() => Object.keys(window.arrivals).length") >= count, 60 + count * 0.2)
            arrivals = page.evaluate("() => window.arrivals")
            browser.close()
        where = "chromium page (/events, drawn)"
        arrived = dict((int(k), v / 1000.0) for k, v in arrivals.items())
    else:
        import httpx
        arrived = {}

        def listen():
            with httpx.stream("GET", url + "events", timeout=None) as s:
                for line in s.iter_lines():
                    if line.startswith("data: "):
                        arrived[json.loads(line[6:])["seq"]] = time.time()
                        if len(arrived) >= count:
                            return
        t = threading.Thread(target=listen, daemon=True)
        t.start()
        time.sleep(1)
        box.make(count)
        t.join(60 + count * 0.2)
        where = "Python SSE client (no chromium)"
    ms = [(arrived[s] - box.sent[s]) * 1000 for s in range(base + 1, base + count + 1) if s in arrived and s in box.sent]
    return where, ms


def fan_out(box, url, clients, count, pid):
    """(results each reading client got, min, RSS before, after) with one client that never reads."""
    import httpx
    host, port = url.split("//")[1].rstrip("/").split(":")
    stuck = socket.create_connection((host, int(port)))
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.sendall(("GET /events HTTP/1.1\r\nHost: %s:%s\r\n\r\n" % (host, port)).encode())
    got = [0] * clients

    async def one(i, client):
        async with client.stream("GET", url + "events") as s:
            ready.wait()
            async for line in s.aiter_lines():
                if line.startswith("data: ") and '"board_id"' in line[:40]:
                    got[i] += 1
                    if got[i] >= count:
                        return

    threads = []
    ready = threading.Barrier(clients + 1)

    def each(i):
        async def go():
            async with httpx.AsyncClient(timeout=None) as c:
                await one(i, c)
        asyncio.run(go())
    for i in range(clients):
        t = threading.Thread(target=each, args=(i,), daemon=True)
        t.start()
        threads.append(t)
    ready.wait(60)
    before = rss_kb(pid)
    box.make(count)
    for t in threads:
        t.join(60 + count * 0.2)
    after = rss_kb(pid)
    stuck.close()
    return got, before, after


def turns_and_frames(box, seconds=2.0, presses=20):
    box.turns = []
    box.measure_turns = True
    time.sleep(seconds)
    box.measure_turns = False
    turns = list(box.turns)
    frames = []
    for _ in range(presses):
        frames.append(box.first_changed_frame())
        time.sleep(0.25)
    return turns, frames


def request_ms(link, count):
    ms = []
    for _ in range(count):
        start = time.perf_counter()
        link.request("state")
        ms.append((time.perf_counter() - start) * 1000)
    return ms


def direct_and_relayed(box, runtime, db, rounds, count):
    """([ms per request straight to the box], [ms through serve's relay]), alternating rounds."""
    os.environ["FATEBOX_RUNTIME_DIR"] = runtime        # the relay's token is in serve's registration
    direct, relayed = [], []
    for r in range(rounds):
        for through in ((False, True) if r % 2 == 0 else (True, False)):
            proc = None
            if through:
                proc, _ = start_serve(box.board.port_path, runtime, db)
                wait_until(lambda: gadgets.served(box.board.port_path) is not None, 30)
                url = gadgets.served(box.board.port_path)["port"]
            else:
                url = box.board.port_path
            link = Link.connect(url)
            try:
                request_ms(link, 5)                    # the first requests warm both ends
                (relayed if through else direct).extend(request_ms(link, count))
            finally:
                link.close()
                if proc is not None:
                    proc.terminate()
                    proc.wait(10)
    return direct, relayed


def print_relay(direct, relayed, rounds, count):
    print("a `state` request, %d rounds of %d each (ms): median / p99" % (rounds, count))
    for name, ms in (("straight to the box", direct), ("through serve's relay", relayed)):
        print("  %-22s %.1f / %.1f" % (name, statistics.median(ms), percentile(ms, 99)))
    print("  the relay adds %.1f ms (median)" % (statistics.median(relayed) - statistics.median(direct)))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--results", type=int, default=200)
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--requests", type=int, default=100, help="requests per round, straight and relayed")
    ap.add_argument("--relay-only", action="store_true", help="only the relay's cost (4)")
    ap.add_argument("--record", action="store_true",
                    help="keep the figures with the commit in bench/results/serve.json (make bench)")
    args = ap.parse_args()
    report = {"results": args.results, "clients": args.clients, "rounds": args.rounds}
    work = tempfile.mkdtemp(prefix="fatebox-serve-bench-host-")
    runtime, db = os.path.join(work, "run"), os.path.join(work, "records.sqlite3")
    box = Box()
    if args.relay_only:
        print_relay(*direct_and_relayed(box, runtime, db, args.rounds, args.requests), args.rounds, args.requests)
        box.close()
        return 0
    proc, url = start_serve(box.board.port_path, runtime, db)
    try:
        where, ms = latency(box, url, args.results)
        print("serve latency, event frame leaving the gadget -> the event in the %s, %d of %d results:"
              % (where, len(ms), args.results))
        print("  median %.1f ms, 99th percentile %.1f ms, worst %.1f ms" % (
            statistics.median(ms), percentile(ms, 99), max(ms)))
        report["latency_ms"] = {"to": where, "got": len(ms), "median": statistics.median(ms),
                                "p99": percentile(ms, 99), "worst": max(ms)}
        got, before, after = fan_out(box, url, args.clients, args.results, proc.pid)
        print("%d /events clients and one that never reads, %d results: each reading client got %d..%d; "
              "serve's RSS %d -> %d KB" % (args.clients, args.results, min(got), max(got), before, after))
        report["fan_out"] = {"least": min(got), "most": max(got), "rss_kb": [before, after]}
    finally:
        proc.terminate()
        proc.wait(10)
    # 3: with serve attached and without, alternating.
    rows = {True: ([], []), False: ([], [])}
    for r in range(args.rounds):
        for attached in ((True, False) if r % 2 == 0 else (False, True)):
            if attached:
                proc, url = start_serve(box.board.port_path, runtime, db)
                time.sleep(1.0)
            turns, frames = turns_and_frames(box)
            rows[attached][0].extend(turns)
            rows[attached][1].extend(frames)
            if attached:
                proc.terminate()
                proc.wait(10)
    print("the box's loop, %d rounds each (ms): idle turn median / p99, first changed frame median / p99" % args.rounds)
    for attached in (False, True):
        turns, frames = rows[attached]
        print("  %-22s turn %.3f / %.3f   frame %.1f / %.1f" % (
            "with serve attached" if attached else "without serve", statistics.median(turns),
            percentile(turns, 99), statistics.median(frames), percentile(frames, 99)))
        report["with serve" if attached else "without serve"] = {
            "turn_ms": [statistics.median(turns), percentile(turns, 99)],
            "frame_ms": [statistics.median(frames), percentile(frames, 99)]}
    direct, relayed = direct_and_relayed(box, runtime, db, args.rounds, args.requests)
    print_relay(direct, relayed, args.rounds, args.requests)
    report["relay_ms"] = {"requests": len(direct), "direct": [statistics.median(direct), percentile(direct, 99)],
                          "relayed": [statistics.median(relayed), percentile(relayed, 99)]}
    box.close()
    if args.record:
        import results as kept
        kept.record("serve", report, script="serve_bench")
    return 0


if __name__ == "__main__":
    sys.exit(main())
