# `fatebox serve` as a table runs it: the virtual gadget, serve holding its
# port, other fatebox commands going through serve while results stream, the
# records current without a sync, the gadget stopped and back, Ctrl-C.
import json
import os
import shutil
import signal

from tests.serve.procs import fatebox

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def seqs(records):
    return [r["seq"] for r in records]


def history():
    return json.loads(fatebox("history", "--json").stdout)["results"]


def test_results_stream_while_list_push_sync_and_roll_go_through_serve(tmp_path, procs):
    table = tmp_path / "table"
    table.mkdir()
    for name in ("mara.toml", "lux.toml"):
        shutil.copy(os.path.join(EXAMPLES, name), table / name)
    gadget = procs.gadget(tmp_path / "state")
    serve = procs.serve()
    serve.wait_text("other fatebox commands reach it through serve")

    # --port auto finds serve, not the gadget's pty (which serve holds).
    pushed = fatebox("push", table / "mara.toml", table / "lux.toml")
    assert "Mara: loaded from" in pushed.stdout
    listed = json.loads(fatebox("list", "--json").stdout)
    assert sorted(c["name"] for c in listed["characters"]) == ["Lux", "Mara"]
    # Naming the gadget's port goes through serve too.
    assert "Mara" in fatebox("--port", gadget.port, "list").stdout

    drawn = json.loads(fatebox("draw", "-w", 2, "-b", 1, "-k", 2, "--character", "Mara", "--json").stdout)
    line = serve.result_line(1)
    assert "Mara" in line and "New Beginning" in line and "%" in line
    fatebox("roll", "light-dark", "--light", 2, "--dark", 1, "--character", "Lux")
    serve.result_line(2)
    # With nobody: journaled and said too.
    fatebox("roll", "approaches", "--dice", 2)
    serve.result_line(3)

    # The records are current without a sync: each result once, in order.
    kept = history()
    assert seqs(kept) == [1, 2, 3]
    assert kept[0]["character"] == "Mara" and kept[0]["result"]["tokens"] == drawn["result"]["tokens"]
    assert kept[2]["character"] is None
    # A sync through serve while serve streams: it finds nothing new to fetch twice.
    synced = fatebox("sync", table, expect=0)
    assert "Traceback" not in synced.stderr
    assert seqs(history()) == [1, 2, 3]
    page = serve.get("/results", after=1).json()
    assert seqs(page["results"]) == [2, 3]

    # A second serve on the same port is refused, clearly.
    from tests.serve.procs import Proc
    second = Proc(["serve", "--port", gadget.port, "--listen", "127.0.0.1:0"])
    assert second.wait() == 3
    assert "already served by `fatebox serve`" in "".join(second.errs)

    # Ctrl-C: one line, exit 130.
    serve.signal(signal.SIGINT)
    assert serve.wait() == 130
    errs = [l for l in serve.errs if l.strip()]
    assert len(errs) == 1 and errs[0].startswith("fatebox: serve stopped (Ctrl-C)"), serve.errs

    # Played while serve was away: fetched from the journal on the next start, never twice.
    fatebox("roll", "forged-in-the-dark", "--dice", 1)
    fatebox("roll", "forged-in-the-dark", "--dice", 3)
    again = procs.serve()
    again.result_line(4)
    again.result_line(5)
    assert seqs(history()) == [1, 2, 3, 4, 5]


def test_the_gadget_stopped_and_started_again(tmp_path, procs):
    state = tmp_path / "state"
    gadget = procs.gadget(state)
    serve = procs.serve()
    serve.wait_text("through serve")
    fatebox("roll", "axiom")
    serve.result_line(1)
    assert gadget.stop() in (0, -signal.SIGTERM)
    serve.wait_text("is gone")
    assert serve.get("/results", after=0).status_code == 200      # the page stays up
    procs.gadget(state)                                              # the same flash, a new pty
    serve.wait_text("is back (")
    fatebox("roll", "axiom")
    serve.result_line(2)
    assert seqs(history()) == [1, 2]


def test_serve_never_opens_another_programs_pty_that_took_its_gadgets_number(tmp_path, procs):
    # Serving a gadget's pty by its path, serve opens the path again while the
    # gadget is gone: the kernel gives a freed pty's number to the next program's
    # new pty (a terminal, another gadget), which serve must never write into.
    gadget = procs.gadget(tmp_path / "state")
    serve = procs.serve("--port", gadget.port)
    serve.wait_text("through serve")
    assert gadget.stop() in (0, -signal.SIGTERM)
    serve.wait_text("is gone")
    opened = []
    try:
        for _ in range(32):             # another program's new ptys, the lowest free numbers first
            opened.extend(os.openpty())
            assert os.ttyname(opened[-1]) != gadget.port, "a new pty took the served gadget's number"
    finally:
        for fd in opened:
            os.close(fd)

def test_exit_on_disconnect_exits_4(tmp_path, procs):
    gadget = procs.gadget(tmp_path / "state")
    serve = procs.serve("--exit-on-disconnect")
    serve.wait_text("through serve")
    gadget.stop()
    assert serve.wait() == 4
    assert "--exit-on-disconnect" in "".join(serve.errs) and "Traceback" not in "".join(serve.errs)


def test_on_the_tables_network_a_token_and_a_qr_code(tmp_path, procs):
    import httpx
    from tests.serve.procs import Proc
    procs.gadget(tmp_path / "state")
    serve = Proc(["serve", "--listen", "0.0.0.0:0"])
    try:
        url = serve.first_line()
        assert "/?token=" in url
        serve.wait_text("scan the code")
        text = "".join(serve.outs)
        assert "█" in text or "▀" in text or "▄" in text          # the QR code, drawn in the terminal
        base, token = url.split("/?token=")
        assert httpx.get(base + "/results", timeout=10).status_code == 401
        assert httpx.get(base + "/results", params={"token": token[:-1] + ("y" if token.endswith("x") else "x")}, timeout=10).status_code == 401
        assert httpx.get(base + "/results", params={"token": token}, timeout=10).status_code == 200
        assert httpx.get(url, timeout=10).status_code == 200
    finally:
        serve.signal(signal.SIGTERM)
        serve.wait()


def test_the_relay_answers_only_this_users_fatebox(tmp_path, procs):
    import socket
    import stat
    from shared_rules import wire
    from fatebox.board import gadgets
    procs.gadget(tmp_path / "state")
    serve = procs.serve()
    serve.wait_text("through serve")
    entry = gadgets.serving()[0]
    path = os.path.join(gadgets.directory(), "serve-%d.json" % entry["pid"])
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600          # the token is the user's alone
    host, port = entry["port"][len("socket://"):].split(":")
    # Another program, without the token: no answer, the connection closed.
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(wire.encode({"id": 1, "op": "hello", "versions": [2]}) +
                  wire.encode({"id": 2, "op": "delete", "name": "Mara"}))
        assert s.recv(4096) == b""
    # This user's fatebox (the token from the runtime folder) goes through.
    assert fatebox("list", "--json").stdout.startswith("{")
