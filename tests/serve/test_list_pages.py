# serve's character panel reads every page of the box's `list` (docs/protocol.md,
# list: as many summaries as fit a frame, `more` and `after` for the rest), so a
# box holding more characters than one page shows them all, once, whole.
import os
import threading
import time

from shared_rules import wire
from fatebox.board.link import Link, open_serial
from fatebox.serve.box import BoxThread
from tests.serve.procs import WAIT
from tests.serve.test_relay_wake import frames

PAGE = 7            # summaries a page of this fake box holds


def test_the_panel_gets_every_page_of_the_box_s_list(tmp_path):
    names = ["Name %02d" % i for i in range(PAGE * 3 + 2)]      # four pages, the last short
    master, slave = os.openpty()
    port = open_serial(os.ttyname(slave), 3.0)
    panels, got = [], threading.Event()
    box = BoxThread(None, str(tmp_path / "records.sqlite3"), 3.0, lambda text: None, lambda r: None,
                    lambda characters: (panels.append(list(characters)), got.set()))
    box.link = Link(port, "the test's pty", 3.0)
    box.connected.set()

    def run():
        box._ask_characters()
        box._stream()
    streaming = threading.Thread(target=run, daemon=True)
    streaming.start()
    asked = []
    try:
        deadline = time.monotonic() + WAIT
        while not got.is_set() and time.monotonic() < deadline:
            request = frames(master, lambda m: m.get("op") == "list", min(deadline, time.monotonic() + 1))
            if request is None:
                continue
            asked.append(request.get("after"))
            after = request.get("after")
            rest = [n for n in names if after is None or n > after]
            page = [{"name": n, "system": "axiom", "trials": 0, "revision": 1} for n in rest[:PAGE]]
            os.write(master, wire.encode({"id": request["id"], "ok": True, "characters": page,
                                          "more": len(rest) > PAGE}))
        assert got.wait(WAIT), "the panel never got the characters (asked with after=%r)" % (asked,)
        time.sleep(0.3)         # a second, partial panel would come now
    finally:
        box.stop()
        streaming.join(WAIT)
        port.close()
        os.close(master)
        os.close(slave)
    assert asked == [None, "Name 06", "Name 13", "Name 20"]
    assert len(panels) == 1 and [c["name"] for c in panels[0]] == names
