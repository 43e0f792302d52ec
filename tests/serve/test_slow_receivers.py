# Receivers that answer a byte at a time (issue 35, 13): one that trickles
# its answer's body after a 200 holds nothing; one that trickles its status
# line is cut off by the whole request's deadline, said once, and gets every
# result later, once each, in order.
import asyncio
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from fatebox.records import db
from fatebox.serve import hooks
from tests.serve.procs import WAIT
from tests.serve.test_deliveries import results

BOARD = "rp2-5a5a5a5a5a5a5a5a"
DRIP = 0.5          # seconds between two bytes of a trickled answer
# The whole request's deadline: far above a loopback answer on a busy machine,
# far below a trickled status line (38 bytes a DRIP apart).
TIMEOUT = 3.0


class Trickler:
    """A receiver on 127.0.0.1. `body`: a 200 whose body comes a byte every DRIP.
    `status`: its first `slow` POSTs get their status line a byte every DRIP,
    the later ones a plain 200. Keys it answers 200 at once, in order."""

    def __init__(self, mode, slow=0):
        self.keys = []
        self.cut = 0            # answers it could not finish: the client had gone
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                key = self.headers.get("Idempotency-Key")
                with outer.lock:
                    outer.slow_left = getattr(outer, "slow_left", slow)
                    trickle_status = mode == "status" and outer.slow_left > 0
                    if trickle_status:
                        outer.slow_left -= 1
                    # Taken before its 200 is written: recorded after, the next
                    # request's thread could record first on a busy machine.
                    if not trickle_status:
                        outer.keys.append(key)
                try:
                    if trickle_status:
                        self.drip(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                    elif mode == "body":
                        body = b"x" * 200
                        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body))
                        self.wfile.flush()
                        self.drip(body)
                    else:
                        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                        self.wfile.flush()
                except OSError:
                    with outer.lock:
                        outer.cut += 1
                    self.close_connection = True

            def drip(self, data):
                for i in range(len(data)):
                    self.wfile.write(data[i:i + 1])
                    self.wfile.flush()
                    time.sleep(DRIP)

            def log_message(self, *args):
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request, client_address):
                pass        # a client gone mid-answer is what this receiver expects
        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d/hook/secret-part" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def taken(self):
        with self.lock:
            return list(self.keys)

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_a_receiver_that_trickles_is_cut_off_said_once_and_gets_every_result_in_order(host_records):
    body = Trickler("body")
    status = Trickler("status", slow=2)
    said = []
    records = db.Records(str(host_records))
    with records.write():
        row, _ = records.box(BOARD)
    queue = hooks.Deliveries(records, [(body.url, "webhook"), (status.url, "webhook")], said.append,
                             backoff_first=0.1, backoff_most=0.3, timeout=TIMEOUT)
    wanted = ["%s:%d" % (BOARD, s) for s in range(1, 13)]

    async def session():
        await queue.start()
        with records.write():
            queue.enqueue(records, row, results(BOARD, 12))
        queue.poke()
        deadline = time.monotonic() + WAIT
        while (len(body.taken()) < 12 or len(status.taken()) < 12 or queue.waiting()) \
                and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await queue.stop()
    try:
        asyncio.run(session())
        # The one that trickles its body: every result, its 200 taken, nothing held.
        assert body.taken() == wanted
        # The one that trickles its status: cut off, said once, then all of them in order.
        assert status.taken() == wanted
        cut = [s for s in said if "no answer within %g s" % TIMEOUT in s]
        assert len(cut) == 1 and "secret-part" not in cut[0], said
        assert sum("answers again" in s for s in said) == 1
        assert len(said) == 2, said
        assert queue.waiting() == 0
    finally:
        records.close()
        body.close()
        status.close()

