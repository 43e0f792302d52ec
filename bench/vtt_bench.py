# serve's /vtt (issue 37, 6): what a VTT's request costs. The firmware's Box on
# the virtual board in this process, `fatebox serve` holding its pty as a child,
# a VTT's page in Chromium (Playwright, Debian's /usr/bin/chromium) on 127.0.0.1.
#
# 1. A request: from the page sending it to the ring showing it (the ask on the
#    box's ring, seen after the box's loop turn), and from GO on the box to the
#    roll-result in the page; median and 99th percentile over --requests.
# 2. --clients /vtt clients and one that never reads, --results results: what
#    each reading client got, and how late (from the result's event frame
#    leaving the box to the message in the client), median and p99.
# Asserts nothing. CPython, Linux.
#
#   .venv/bin/python bench/vtt_bench.py [--requests 100] [--clients 20] [--results 200] [--record]
import argparse
import asyncio
import http.server
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from serve_bench import CHROMIUM, Box, percentile, wait_until  # noqa: E402

TOKEN = "vtt-bench-token"
PAGE = """<!doctype html><meta charset="utf-8"><title>VTT bench</title><script>
window.sent = {}; window.got = {}; window.declined = {};
const ws = new WebSocket("ws://127.0.0.1:%d/vtt?token=%s");
ws.onopen = () => { document.body.dataset.open = "1"; };
ws.onmessage = (e) => { const m = JSON.parse(e.data);
  if (m.type === "roll-result") window.got[m.id] = Date.now();
  if (m.type === "roll-declined") window.declined[m.id] = m.reason; };
window.ask = (id) => { window.sent[id] = Date.now();
  ws.send(JSON.stringify({type: "roll-request", id: id, dice: [{faces: 6, count: 2}], label: id, from: "bench"})); };
</script><body>"""


class AskBox(Box):
    """serve_bench's box, and when each ask took the ring (by its label)."""

    def __init__(self):
        super().__init__()
        self.on_ring = {}
        tick = self.gadget.tick

        def watched_tick():
            tick()
            asks = getattr(self.gadget.core, "asks", None)
            shown = getattr(asks, "shown", None) if asks is not None else None
            if shown is not None and asks.screen == "ask" and shown["label"] not in self.on_ring:
                self.on_ring[shown["label"]] = time.time()
        self.gadget.tick = watched_tick

    def press(self, role):
        with self.lock:
            self.board.press(role, 80)

    def screen(self):
        asks = getattr(self.gadget.core, "asks", None)
        return asks.screen if asks is not None else None


def start_serve(port, runtime, db, origin):
    env = dict(os.environ, FATEBOX_RUNTIME_DIR=runtime, FATEBOX_DB=db)
    proc = subprocess.Popen([sys.executable, "-m", "fatebox", "serve", "--port", port, "--listen", "127.0.0.1:0",
                             "--token", TOKEN, "--vtt-origin", origin], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    url = proc.stdout.readline().strip()
    if not url.startswith("http"):
        raise SystemExit("serve did not start: %s" % proc.stderr.read())
    threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
    threading.Thread(target=lambda: [None for _ in proc.stderr], daemon=True).start()
    return proc, int(url.split("//")[1].split("/")[0].rsplit(":", 1)[1])


def page_server(serve):
    """The VTT's page on 127.0.0.1 (its own origin); serve["port"] is set once serve has one."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = (PAGE % (serve["port"], TOKEN)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


HOLD_MS = 80        # a GO press's length: the box acts on its release


def requests(box, page, count):
    """([ms page -> ring], [ms GO's release -> roll-result in the page], [ms of that in the box:
    GO's release -> the result's event frame leaving it]) over `count` requests, one at a time."""
    to_ring, to_page, in_box = [], [], []
    for n in range(count):
        rid = "r%d" % n
        page.evaluate("(id) => window.ask(id)", rid)
        if not wait_until(lambda: rid in box.on_ring, 30):
            print("  request %s never took the ring; declined: %s" % (rid, page.evaluate("() => window.declined")))
            break
        sent = page.evaluate("(id) => window.sent[id]", rid) / 1000.0
        to_ring.append((box.on_ring[rid] - sent) * 1000)
        go = time.time() + HOLD_MS / 1000.0
        box.press("go")
        wait_until(lambda: page.evaluate("(id) => window.got[id] !== undefined", rid), 30)
        to_page.append((page.evaluate("(id) => window.got[id]", rid) / 1000.0 - go) * 1000)
        in_box.append((box.sent[max(box.sent)] - go) * 1000)
        # The ring back to the play: past the animation, then GO after the result's guard.
        wait_until(lambda: box.screen() != "drawing", 30)
        time.sleep(0.45)
        box.press("go")
        wait_until(lambda: box.screen() in (None, "ask"), 30)
    return to_ring, to_page, in_box


def fan_out(box, serve_port, clients, count):
    """(results each reading client got, [ms per result per client]) with one client that never reads."""
    from websockets.asyncio.client import connect
    url = "ws://127.0.0.1:%d/vtt?token=%s" % (serve_port, TOKEN)
    stuck = socket.create_connection(("127.0.0.1", serve_port))
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.sendall(("GET /vtt?token=%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
                   % (TOKEN, serve_port)).encode())
    got = [dict() for _ in range(clients)]

    async def one(i, ready):
        async with connect(url, max_size=2 ** 22) as ws:
            ready.set()
            while len(got[i]) < count:
                message = json.loads(await ws.recv())
                if message["type"] == "result":
                    got[i][message["seq"]] = time.time()

    async def run():
        readies = [asyncio.Event() for _ in range(clients)]
        tasks = [asyncio.create_task(one(i, readies[i])) for i in range(clients)]
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 60)
        base = box.gadget.store.seq
        box.make(count)
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), 60 + count * 0.2)
        except asyncio.TimeoutError:
            pass
        return base
    base = asyncio.run(run())
    stuck.settimeout(0.5)
    try:
        cut = stuck.recv(1 << 20) == b""
    except socket.timeout:
        cut = False
    except OSError:
        cut = True
    stuck.close()
    ms = [(at - box.sent[seq]) * 1000 for g in got for seq, at in g.items() if seq > base and seq in box.sent]
    return [len(g) for g in got], ms, cut


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--requests", type=int, default=100)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--results", type=int, default=200)
    ap.add_argument("--record", action="store_true", help="keep the figures in bench/results/vtt.json (make bench)")
    args = ap.parse_args()
    if not os.path.exists(CHROMIUM):
        raise SystemExit("vtt_bench: no %s; `make chromium` installs Debian's" % CHROMIUM)
    from playwright.sync_api import sync_playwright
    work = tempfile.mkdtemp(prefix="fatebox-vtt-bench-")
    runtime, db = os.path.join(work, "run"), os.path.join(work, "records.sqlite3")
    os.makedirs(runtime)
    box = AskBox()
    serve = {}
    pages = page_server(serve)
    origin = "http://127.0.0.1:%d" % pages.server_address[1]
    proc, serve["port"] = start_serve(box.board.port_path, runtime, db, origin)
    serve_port = serve["port"]
    report = {"requests": args.requests, "clients": args.clients, "results": args.results}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            page.goto("http://127.0.0.1:%d/" % pages.server_address[1])
            page.wait_for_selector('body[data-open="1"]', state="attached", timeout=30000)
            to_ring, to_page, in_box = requests(box, page, args.requests)
            browser.close()
        print("a VTT's request, %d of %d (ms): median / p99 / worst" % (len(to_ring), args.requests))
        for name, ms in (("the page sending it -> the ring showing it", to_ring),
                         ("GO's release -> roll-result in the page", to_page),
                         ("  of which GO's release -> the box's event", in_box)):
            print("  %-46s %.1f / %.1f / %.1f" % (name, statistics.median(ms), percentile(ms, 99), max(ms)))
        report["to_ring_ms"] = [statistics.median(to_ring), percentile(to_ring, 99), max(to_ring)]
        report["go_to_page_ms"] = [statistics.median(to_page), percentile(to_page, 99), max(to_page)]
        report["go_to_event_ms"] = [statistics.median(in_box), percentile(in_box, 99), max(in_box)]
        got, ms, cut = fan_out(box, serve_port, args.clients, args.results)
        print("%d /vtt clients and one that never reads, %d results: each reading client got %d..%d; "
              "event frame -> client median %.1f ms, p99 %.1f ms; the one that never reads %s"
              % (args.clients, args.results, min(got), max(got), statistics.median(ms), percentile(ms, 99),
                 "was cut off" if cut else "is still connected (its queue not full yet)"))
        report["fan_out"] = {"least": min(got), "most": max(got), "median_ms": statistics.median(ms),
                             "p99_ms": percentile(ms, 99), "never_reads_cut_off": cut}
    finally:
        proc.terminate()
        proc.wait(10)
        pages.shutdown()
        box.close()
    if args.record:
        import results as kept
        kept.record("vtt", report, script="vtt_bench")
    return 0


if __name__ == "__main__":
    sys.exit(main())
