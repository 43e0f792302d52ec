# serve --dddice ROOM (issue 37, 5): each result's dice POSTed to dddice's roll
# API as values rolled elsewhere, in its documented shape, with the key from the
# environment; exactly once across a receiver down and a serve killed.
import json
import signal
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from fatebox.serve import dddice
from tests.serve.askbox import AskBoard, Client
from tests.serve.procs import WAIT, fatebox
from tests.serve.test_shape import shaped

KEY = "dddice-test-key"
ROOM = "fatebox-table_1"
TYPES = {"d2", "d4", "d6", "d8", "d10", "d10x", "d12", "d16", "d20"}


def _shape_problem(handler, body):
    """Why a POST is not dddice's documented create-roll request, or None."""
    if handler.path != "/api/1.0/roll":
        return "path %s" % handler.path
    if handler.headers.get("Authorization") != "Bearer " + KEY:
        return "authorization %r" % handler.headers.get("Authorization")
    if not handler.headers.get("Content-Type", "").startswith("application/json"):
        return "content type"
    if set(body) - {"dice", "room", "label", "external_id"} or body.get("room") != ROOM:
        return "keys %s" % sorted(body)
    for die in body.get("dice") or [None]:
        if not isinstance(die, dict) or die.get("type") not in TYPES or type(die.get("value")) is not int \
                or not isinstance(die.get("theme"), str):
            return "die %r" % die
    return None


class DddiceApi:
    def __init__(self):
        self.status = 201
        self.rolls = []         # bodies answered 2xx
        self.problems = []
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                problem = _shape_problem(self, body)
                with outer.lock:
                    status = 422 if problem else outer.status
                    if problem:
                        outer.problems.append(problem)
                    elif 200 <= status < 300:
                        outer.rolls.append(body)
                answer = json.dumps({"type": "roll", "data": {"uuid": "x"}}).encode()
                self.send_response(status)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d/api/1.0/roll" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, count):
        deadline = time.monotonic() + WAIT
        while len(self.rolls) < count:
            assert not self.problems, self.problems
            assert time.monotonic() < deadline, "dddice got %d of %d rolls" % (len(self.rolls), count)
            time.sleep(0.05)


def test_each_result_s_dice_reach_the_room_once_in_dddice_s_shape(procs, host_records):
    api = DddiceApi()
    board = AskBoard()
    env = {"DDDICE_API_KEY": KEY, dddice.URL_ENV: api.url, "FATEBOX_SERVE_BACKOFF": "0.2,0.5"}
    try:
        serve = procs.serve("--port", board.path, "--token", "t0ken", "--dddice", ROOM, env=env)
        serve.wait_text("dddice room " + ROOM)
        c = Client(serve.url, "t0ken")
        c.ask("a", [(6, 2), (100, 1), (7, 1)], label="Attack")
        first = board.go()[1]
        c.ask("b", [(20, 1)])
        second = board.go()[1]
        api.wait_for(2)
        one = api.rolls[0]
        assert one["label"] == "Attack" and one["external_id"] == "fatebox:%s:1" % board.board_id
        tens, units = (first[1][0] // 10) % 10, first[1][0] % 10
        assert [(d["type"], d["value"]) for d in one["dice"]] == \
            [("d6", first[0][0]), ("d6", first[0][1]), ("d10x", tens + 1), ("d10", units or 10)]
        assert [(d["type"], d["value"]) for d in api.rolls[1]["dice"]] == [("d20", second[0][0])]
        api.status = 503                                    # dddice down
        c.ask("c", [(8, 1)])
        third = board.go()[1]
        serve.wait_text("does not take results (HTTP 503)")
        c.close()
        serve.signal(signal.SIGKILL)                        # killed while the third waits
        serve.wait()
        api.status = 201
        again = procs.serve("--port", board.path, "--token", "t0ken", "--dddice", ROOM, env=env)
        api.wait_for(3)
        time.sleep(0.5)         # a second POST of any of them would come now; none may
        assert [r["external_id"] for r in api.rolls] == ["fatebox:%s:%d" % (board.board_id, n) for n in (1, 2, 3)]
        assert [(d["type"], d["value"]) for d in api.rolls[2]["dice"]] == [("d8", third[0][0])]
        assert not api.problems
        again.signal(signal.SIGINT)
        again.wait()
    finally:
        api.server.shutdown()
        board.close()


def test_a_system_s_dice_go_as_they_were_rolled_and_tokens_not_at_all():
    found = {}
    for result in shaped():
        found.setdefault(result["system"], dddice.body(result, ROOM))
    assert found["new-beginning"] is None
    fitd = found["forged-in-the-dark"]
    assert fitd["dice"] and {d["type"] for d in fitd["dice"]} == {"d6"} and fitd["room"] == ROOM
    assert {d["type"] for d in found["approaches"]["dice"]} == {"d12"}


def test_no_key_or_a_bad_room_is_refused_at_start(tmp_path):
    said = fatebox("serve", "--port", tmp_path / "none", "--dddice", ROOM, expect=2).stderr
    assert "DDDICE_API_KEY" in said
    said = fatebox("serve", "--port", tmp_path / "none", "--dddice", "a/b", expect=2).stderr
    assert "not a dddice room" in said
