# serve's /vtt WebSocket (issue 37, 1 and Bad input and faults): refused before
# any message without the token or from a foreign Origin; requests rolled in
# order, declined with a reason for bad input, the queue's bound, a time-out
# and a box gone; a client gone mid-roll loses nothing; every result to all.
import signal
import socket
import time

import httpx
import pytest
from websockets.exceptions import InvalidStatus

from shared_rules.host import asked
from fatebox.records import db
from fatebox.serve import vtt
from tests.serve.askbox import WAIT, AskBoard, Client
from tests.serve.procs import fatebox

TOKEN = "vtt-test-token"
FOUNDRY = "https://foundry.example.org:30000"


@pytest.fixture
def board():
    b = AskBoard()
    yield b
    b.close()


def _serve(procs, board, *extra, env=None):
    serve = procs.serve("--port", board.path, "--token", TOKEN, "--vtt-origin", FOUNDRY, *extra, env=env)
    serve.wait_text("through serve")
    return serve


def _wait(predicate, what):
    deadline = time.monotonic() + WAIT
    while not predicate():
        assert time.monotonic() < deadline, "never saw " + (what() if callable(what) else what)
        time.sleep(0.02)


def _base(serve):
    return serve.url.split("?")[0].rstrip("/")


def _refused(url, token, origin=None):
    with pytest.raises(InvalidStatus) as refused:
        Client(url, token, origin)
    return refused.value.response.status_code


def test_no_token_a_wrong_token_or_a_foreign_origin_is_refused_before_any_message(procs, board, host_records):
    serve = _serve(procs, board)
    assert _refused(serve.url, None) == 401
    assert _refused(serve.url, "wrong") == 401
    assert _refused(serve.url, TOKEN[:-1]) == 401
    assert _refused(serve.url, TOKEN, "https://evil.example") == 403
    assert _refused(serve.url, TOKEN, "null") == 403
    for origin in (FOUNDRY, None):      # a listed page, and a program that is no page (no Origin)
        c = Client(serve.url, TOKEN, origin)
        c.ask("a", [(6, 1)])
        board.go()
        assert c.next("roll-result")["id"] == "a"
        c.close()
    port = int(_base(serve).rsplit(":", 1)[1])
    assert _handshake(port, "Host: 127.0.0.1:%d\r\nAuthorization: Bearer %s" % (port, TOKEN)).startswith(b"HTTP/1.1 101")
    assert _handshake(port, "Host: rebound.example:%d\r\nAuthorization: Bearer %s" % (port, TOKEN)) \
        .startswith(b"HTTP/1.1 421")
    assert not [m for m in board.requests if m.get("op") == "ask"][2:]      # the refused asked for nothing


def _handshake(port, headers):
    """The first bytes of serve's answer to a WebSocket handshake with `headers`."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as s:
        s.sendall(("GET /vtt HTTP/1.1\r\n%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
                   % headers).encode())
        return s.recv(64)


def test_the_token_is_needed_on_the_loopback_too_one_made_up_when_none_is_given(procs, board, host_records):
    serve = procs.serve("--port", board.path)
    serve.wait_text("through serve")
    serve.wait_text("/vtt?token=")
    said = "".join(serve.outs + serve.errs)
    token = said.split("/vtt?token=")[1].split(";")[0].split()[0]
    assert len(token) >= 16
    assert _refused(serve.url, None) == 401
    c = Client(serve.url, token)
    c.send("{}")
    assert c.next("roll-declined")["id"] is None
    c.close()
    assert serve.get("/").status_code == 200       # the page on the loopback needs none


BAD = [
    ("not json", "not JSON"),
    ("[1, 2]", "not a JSON object"),
    ({"type": "roll-request", "dice": [{"faces": 6, "count": 1}]}, "id must be"),
    ({"type": "roll-request", "id": "", "dice": [{"faces": 6, "count": 1}]}, "id must be"),
    ({"type": "roll-request", "id": "x" * 65, "dice": [{"faces": 6, "count": 1}]}, "more than 64"),
    ({"type": "put", "id": "t", "character": {"name": "Mara"}}, "unknown type \"put\""),
    ({"type": "roll-request", "id": "k", "dice": [{"faces": 6, "count": 1}], "op": "delete"}, "unknown key \"op\""),
    ({"type": "roll-request", "id": "n", "dice": []}, "dice must be a list"),
    ({"type": "roll-request", "id": "z", "dice": [{"faces": 6, "count": 0}]}, "count 0"),
    ({"type": "roll-request", "id": "m", "dice": [{"faces": 6, "count": 12}, {"faces": 8, "count": 9}]},
     "21 dice: the box rolls at most 20"),
    ({"type": "roll-request", "id": "f1", "dice": [{"faces": 1, "count": 1}]}, "faces 1: the box rolls dice of 2 to 100"),
    ({"type": "roll-request", "id": "f", "dice": [{"faces": 101, "count": 1}]}, "faces 101"),
    ({"type": "roll-request", "id": "b", "dice": [{"faces": True, "count": 1}]}, "faces true"),
    ({"type": "roll-request", "id": "s", "dice": [{"faces": 6, "count": 1, "value": 6}]}, "each of dice must be"),
    ({"type": "roll-request", "id": "l", "dice": [{"faces": 6, "count": 1}], "label": "y" * 61}, "label has 61"),
    ({"type": "roll-request", "id": "w", "dice": [{"faces": 6, "count": 1}], "from": "a\u0007b"}, "control character"),
]


def test_each_bad_request_is_declined_with_its_reason_and_the_connection_kept(procs, board, host_records):
    serve = _serve(procs, board)
    c = Client(serve.url, TOKEN, FOUNDRY)
    for message, reason in BAD:
        c.send(message)
        declined = c.next()
        assert declined["type"] == "roll-declined" and reason in declined["reason"], (message, declined)
        if isinstance(message, dict) and isinstance(message.get("id"), str) and 0 < len(message["id"]) <= 64:
            assert declined["id"] == message["id"]
    c.ask("good", [(6, 2), (100, 1)], label="Attack", **{"from": "Mara"})     # the connection is kept
    board.go()
    got = c.next("roll-result")
    assert got["id"] == "good" and [len(v) for v in got["values"]] == [2, 1]
    asked = [m for m in board.requests if m.get("op") == "ask"]
    assert len(asked) == 1 and asked[0]["dice"] == [[6, 2], [100, 1]] and asked[0]["from"] == "Mara"
    # The VTT never reached a sheet or a setting: serve sent the box nothing but its own reads and the ask.
    assert set(board.ops()) <= {"hello", "journal", "list", "ask"}, board.ops()
    c.close()


def test_a_message_too_long_is_refused_and_said(procs, board, host_records):
    serve = _serve(procs, board)
    c = Client(serve.url, TOKEN, FOUNDRY)
    c.send("x" * (vtt.MESSAGE_MOST * 20))
    with pytest.raises(AssertionError, match="closed"):
        c.next()
    d = Client(serve.url, TOKEN, FOUNDRY)            # serve goes on for the others
    d.ask("after", [(6, 1)])
    board.go()
    assert d.next("roll-result")["id"] == "after"


def test_requests_are_rolled_in_order_and_past_the_bound_declined(procs, board, host_records):
    serve = _serve(procs, board)
    c = Client(serve.url, TOKEN, FOUNDRY)
    for n in range(vtt.WAITING_MOST + 2):
        c.ask("r%d" % n, [(6, 1)])
    for n in (vtt.WAITING_MOST, vtt.WAITING_MOST + 1):
        declined = c.next("roll-declined")
        assert declined["id"] == "r%d" % n and "%d requests wait already" % vtt.WAITING_MOST in declined["reason"]
    board.wait_asks(vtt.BOX_QUEUE)       # the box's own queue full: serve keeps the rest, in order
    rolled = []
    for n in range(6):
        seq, values = board.go()
        got = c.next("roll-result")
        assert got["seq"] == seq and got["values"] == values and got["board_id"] == board.board_id
        rolled.append(got["id"])
    assert rolled == ["r%d" % n for n in range(6)]
    board.back("not now")
    declined = c.next("roll-declined")
    assert declined["id"] == "r6" and declined["reason"] == "declined on the box: not now"


def test_a_request_nobody_rolls_times_out_and_the_box_lets_it_go(procs, board, host_records):
    serve = _serve(procs, board, env={vtt.TIMEOUT_ENV: "1"})
    c = Client(serve.url, TOKEN, FOUNDRY)
    c.ask("slow", [(20, 1)])
    board.wait_asks(1)
    ask = board.asks[0]["ask"]
    declined = c.next("roll-declined")
    assert declined["id"] == "slow" and declined["reason"] == "timed out: nobody rolled it within 1 s"
    _wait(lambda: board.cancelled == [ask], "the box told to let it go")
    assert board.asks == []


def test_the_box_gone_mid_request_declines_it_and_records_nothing(procs, board, host_records):
    serve = _serve(procs, board)
    c = Client(serve.url, TOKEN, FOUNDRY)
    c.ask("one", [(6, 1)])
    c.ask("two", [(8, 1)])
    board.wait_asks(2)
    board.unplug()
    got = [c.next("roll-declined"), c.next("roll-declined")]
    assert sorted(m["id"] for m in got) == ["one", "two"]
    assert all(m["reason"] == "the box went away" for m in got)
    c.ask("three", [(6, 1)])                     # while it is away: said at once
    assert c.next("roll-declined")["reason"].startswith("the box went away")
    with db.Records(str(host_records)) as records:
        assert list(records.results()) == []


def test_a_client_gone_while_the_player_rolls_leaves_the_result_recorded_and_said(procs, board, host_records):
    serve = _serve(procs, board)
    asker, watcher = Client(serve.url, TOKEN, FOUNDRY), Client(serve.url, TOKEN, FOUNDRY)
    asker.ask("mine", [(6, 3)], label="Damage", **{"from": "Mara"})
    asker.ask("later", [(4, 1)])
    board.wait_asks(2)
    board.rolling()                              # the player pressed GO on the first
    asker.close()
    _wait(lambda: board.ops().count("ask-cancel") == 2, lambda: "serve letting go of both asks: %s" % board.ops())
    assert [a["label"] for a in board.asks] == ["Damage"]      # the one not begun was let go of on the box
    seq, values = board.go()
    result = watcher.next("result")
    assert result["seq"] == seq and result["system"] == "dice" and result["result"]["values"] == values
    assert result["words"] == asked.words(result["result"]) and result["words"].startswith("Mara asked for 3d6 (Damage)")
    serve.result_line(seq)
    with db.Records(str(host_records)) as records:
        assert [(r["seq"], r["system"]) for r in records.results()] == [(seq, "dice")]


def test_every_result_reaches_every_client_and_the_asker_its_values(procs, board, host_records):
    serve = _serve(procs, board)
    clients = [Client(serve.url, TOKEN, FOUNDRY) for _ in range(3)]
    clients[1].ask("q", [(12, 2)])
    seq, values = board.go()
    got = clients[1].next("roll-result")
    assert (got["id"], got["seq"], got["values"]) == ("q", seq, values)
    for c in clients:
        result = c.next("result")
        assert result["seq"] == seq and result["board_id"] == board.board_id
    assert [m for m in clients[0].seen if m["type"] == "roll-result"] == []
    # The page's endpoints say the same result.
    page = httpx.get(_base(serve) + "/results", params={"after": 0, "token": TOKEN}, timeout=10)
    assert page.json()["results"][0]["words"] == result["words"]


def test_a_firmware_without_the_ask_op_is_said_in_words(procs, host_records):
    old = AskBoard(knows_ask=False)
    try:
        serve = _serve(procs, old)
        c = Client(serve.url, TOKEN, FOUNDRY)
        c.ask("x", [(6, 1)])
        assert c.next("roll-declined")["reason"] == "the box's firmware cannot take requests"
    finally:
        old.close()


def test_a_public_page_s_preflight_is_answered(procs, board, host_records):
    serve = _serve(procs, board)
    answer = httpx.options(_base(serve) + "/results",
                           headers={"Origin": FOUNDRY, "Access-Control-Request-Method": "GET",
                                    "Access-Control-Request-Private-Network": "true"}, timeout=10)
    assert answer.status_code == 204
    assert answer.headers["access-control-allow-private-network"] == "true"


def test_a_box_whose_own_queue_is_full_keeps_the_request_waiting_in_serve(procs, board, host_records):
    # The asks the box holds already, all it can (another serve's, before this one started).
    board.asks = [{"ask": "earlier-%d" % n, "dice": [[6, 1]], "from": "", "label": ""} for n in range(vtt.BOX_QUEUE)]
    serve = _serve(procs, board)
    c = Client(serve.url, TOKEN, FOUNDRY)
    c.ask("mine", [(10, 1)])
    _wait(lambda: board.ops().count("ask") == 1, "the ask the box says busy to")
    for _ in range(vtt.BOX_QUEUE):
        board.go()                        # the box's room again: serve asks once more
    seq, values = board.go()
    got = c.next("roll-result")
    assert (got["id"], got["seq"], got["values"]) == ("mine", seq, values)
    assert [m for m in c.seen if m["type"] == "roll-declined"] == []


@pytest.mark.parametrize("origin", ["www.owlbear.rodeo", "https://www.owlbear.rodeo/", "https://x.org/path", " https://x.org",
                                    "file:///tmp/page.html"])
def test_an_origin_that_is_not_one_is_refused_at_start(origin, tmp_path):
    said = fatebox("serve", "--port", tmp_path / "none", "--vtt-origin", origin, expect=2).stderr
    assert "--vtt-origin" in said and "no path" in said and "Traceback" not in said


def test_serve_stopping_declines_each_request_and_the_box_lets_them_go(procs, board, host_records):
    serve = _serve(procs, board)
    c = Client(serve.url, TOKEN, FOUNDRY)
    c.ask("held", [(6, 1)])
    board.wait_asks(1)
    ask = board.asks[0]["ask"]
    _wait(lambda: board.ops().count("ask") == 1, "the ask")
    serve.signal(signal.SIGINT)
    assert serve.wait() == 130
    declined = c.next("roll-declined")
    assert declined["id"] == "held" and declined["reason"].startswith("serve stopped")
    assert board.cancelled == [ask] and board.asks == []
