# End to end: the Foundry module (stand-in Foundry) asks a real serve for 2d6, GO on
# the virtual gadget rolls it; a draw on the box after it comes to chat as a card.
import json
import queue
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import httpx

from tests.serve.procs import WAIT, fatebox

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).resolve().parent / "foundry" / "against_serve.mjs"


class Foundry:
    """against_serve.mjs: its JSON lines as they come."""

    def __init__(self, url, token, formula):
        self.proc = subprocess.Popen(["node", str(SCRIPT), url, token, formula], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(json.loads(line))
        self.lines.put(None)

    def line(self):
        try:
            got = self.lines.get(timeout=WAIT)
        except queue.Empty:
            got = None
        if got is None:
            self.kill()
            raise AssertionError("against_serve.mjs said nothing more: %s" % self.proc.stderr.read())
        return got

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def box_state():
    return json.loads(fatebox("state", "--json").stdout)


def wait_until(predicate, what):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        got = predicate()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError("never saw " + what)


def back_to_play(gadget):
    """GO on the rolled dice gives the ring back to play (once the result's guard
    is over: a press before it is not taken, so GO again until it is)."""
    deadline = time.monotonic() + WAIT
    while box_state().get("asking") and time.monotonic() < deadline:
        gadget.keys("g")
        time.sleep(1)
    assert not box_state().get("asking"), "the asked roll stayed on the ring"


def test_a_2d6_term_in_foundry_is_fulfilled_by_a_press_of_go(tmp_path, procs):
    gadget = procs.gadget(tmp_path / "state")
    serve = procs.serve("--token", "sesame")
    serve.wait_text("through serve")
    vtt = "ws://127.0.0.1:%d/vtt" % urlparse(serve.url).port
    foundry = Foundry(vtt, "sesame", "2d6")
    try:
        assert foundry.line() == {"connected": True}
        asking = wait_until(lambda: box_state().get("asking"), "the ask on the box's ring")
        gadget.keys("g")                                    # GO: the box rolls what Foundry asked
        rolled = foundry.line()
        serve.result_line(1)
        back_to_play(gadget)
        gadget.keys("G")                                    # GO held: a draw of the box's own, with nobody
        card = foundry.line()["card"]
    finally:
        foundry.kill()
    assert rolled["digital"] == 0 and rolled["notices"] == [], rolled
    values = rolled["values"][0]
    assert len(values) == 2 and all(1 <= v <= 6 for v in values), rolled
    assert rolled["total"] == sum(values)
    # the box's own record of it: the asked roll, with the values Foundry took
    page = "http://127.0.0.1:%d/results" % urlparse(serve.url).port
    results = httpx.get(page, params={"after": 0, "token": "sesame"}, timeout=WAIT).json()["results"]
    assert [r["seq"] for r in results] == [1, 2]
    entry = results[0]["result"]
    assert results[0]["system"] == "dice"
    assert entry["values"] == [values] and entry["dice"] == [[6, 2]]
    assert entry["from"] == "Foundry GM" and entry["ask"] == asking
    # the draw as a card in New Beginning's words; the asked roll (seq 1) as none
    drawn = results[1]
    assert card["key"] == "%s:2" % drawn["board_id"], card
    assert card["alias"] == "Nobody"
    assert drawn["system_name"] in card["content"] and drawn["outcome_words"] in card["content"]
    if drawn["odds"] and drawn["odds"]["chance"] is not None:
        assert drawn["odds"]["percent"] in card["content"]
