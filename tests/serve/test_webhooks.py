# Webhooks against a real HTTP server on 127.0.0.1: every result of a session
# arrives exactly once, in seq order, across a receiver down for part of it
# and a serve killed with SIGKILL and started again; a 4xx receiver is said
# once and dropped while the others keep theirs; Discord's messages in its limits.
import json
import signal
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.serve.procs import WAIT, fatebox
from fatebox.serve import hooks

FAST = {"FATEBOX_SERVE_BACKOFF": "0.2,0.5"}     # retries every fraction of a second


class Receiver:
    """A webhook receiver: `status` it answers (200, 503, 404), every POST kept."""

    def __init__(self, status=200):
        self.status = status
        self.posts = []         # (Idempotency-Key, body) of every POST it answered 2xx
        self.tries = 0
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with outer.lock:
                    outer.tries += 1
                    status = outer.status
                    if 200 <= status < 300:
                        outer.posts.append((self.headers.get("Idempotency-Key"), json.loads(body)))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d/hook/secret-part" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def keys(self):
        with self.lock:
            return [k for k, _ in self.posts]

    def wait_for(self, count):
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if len(self.keys()) >= count:
                return
            time.sleep(0.05)
        raise AssertionError("the receiver got %d of %d results" % (len(self.keys()), count))

    def close(self):
        self.server.shutdown()


def test_every_result_once_in_order_across_a_receiver_down_and_a_serve_killed(tmp_path, procs):
    receiver = Receiver()
    steady = Receiver()
    try:
        procs.gadget(tmp_path / "state")
        serve = procs.serve("--webhook", receiver.url, "--webhook", steady.url, env=FAST)
        serve.wait_text("through serve")
        for seq in (1, 2):
            fatebox("roll", "forged-in-the-dark", "--dice", 2)
            serve.result_line(seq)
        receiver.wait_for(2)
        receiver.status = 503                           # down for part of the session
        for seq in (3, 4):
            fatebox("roll", "axiom")
            serve.result_line(seq)
        serve.wait_text("does not take results (HTTP 503)")
        steady.wait_for(4)                               # the other receiver is not held up
        serve.signal(signal.SIGKILL)                     # killed while results wait for the receiver
        serve.wait()
        receiver.status = 200
        again = procs.serve("--webhook", receiver.url, "--webhook", steady.url, env=FAST)
        again.wait_text("through serve")
        fatebox("roll", "light-dark", "--light", 1, "--dark", 1)
        again.result_line(5)
        receiver.wait_for(5)
        steady.wait_for(5)
        board = receiver.posts[0][1]["board_id"]
        for r in (receiver, steady):
            assert r.keys() == ["%s:%d" % (board, seq) for seq in range(1, 6)]     # once each, in order
            assert [body["seq"] for _, body in r.posts] == [1, 2, 3, 4, 5]
        assert receiver.tries > 5                        # the 503s were tried, and retried
        assert "Traceback" not in "".join(serve.errs + again.errs)
    finally:
        receiver.close()
        steady.close()


def test_a_revoked_receiver_is_said_once_and_dropped_the_others_keep_theirs(tmp_path, procs):
    revoked = Receiver(status=404)
    discord = Receiver()
    try:
        procs.gadget(tmp_path / "state")
        serve = procs.serve("--webhook", revoked.url, "--discord", discord.url, env=FAST)
        serve.wait_text("through serve")
        for seq in (1, 2, 3):
            fatebox("draw", "-w", 2, "-b", 2, "-k", 2)
            serve.result_line(seq)
        discord.wait_for(3)
        text = "".join(serve.outs)
        assert text.count("refused result #1 (HTTP 404)") == 1 and "refused result #2" not in text
        assert revoked.tries == 1
        for key, body in discord.posts:
            embed = body["embeds"][0]
            assert len(embed["title"]) <= 256 and len(embed["fields"]) <= 25
            assert all(len(f["name"]) <= 256 and len(f["value"]) <= 1024 for f in embed["fields"])
            assert hooks.embed_size(embed) <= 6000
            fields = dict((f["name"], f["value"]) for f in embed["fields"])
            assert fields["Character"] == "Nobody" and fields["System"] == "New Beginning"
            assert set(fields["Drawn"].split()) <= {"⚪", "⚫"} and len(fields["Drawn"].split()) == 2
            assert "%" in fields["Odds"]
    finally:
        revoked.close()
        discord.close()


def test_a_webhook_that_is_not_http_is_refused_before_anything_starts(tmp_path, procs):
    from tests.serve.procs import Proc
    procs.gadget(tmp_path / "state")
    bad = Proc(["serve", "--listen", "127.0.0.1:0", "--webhook", "ftp://example.org/x"])
    assert bad.wait() == 2
    assert "--webhook ftp://example.org/x: not an http(s) URL" in "".join(bad.errs)
