# The box's loop under a host that writes but never reads (issue 11): the
# firmware's Gadget on the virtual board, a host sending one `state` request
# every 50 ms for a few seconds, once reading every reply and once reading
# none. Prints the loop turn (median, 99th percentile, worst) in both, and the
# replies the box dropped. Asserts nothing. CPython.
#
#   .venv/bin/python bench/flood_bench.py [--seconds 5]
import argparse
import os
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path[:0] = [ROOT, os.path.join(ROOT, "firmware")]

from shared_rules import wire  # noqa: E402
from fatebox_fw.gadget import Gadget, LOOP_MS  # noqa: E402
from fatebox_fw.hal.virtual import VirtualBoard  # noqa: E402


def measure(seconds, reads):
    board = VirtualBoard(tempfile.mkdtemp(prefix="fatebox-flood-"), seed="flood")
    gadget = Gadget(board)
    fd = os.open(board.port_path, os.O_RDWR | os.O_NOCTTY)
    stop = threading.Event()

    def host():
        id = 1
        while not stop.is_set():
            os.write(fd, wire.encode({"id": id, "op": "state"}))
            id += 1
            if reads:
                try:
                    os.set_blocking(fd, False)
                    while os.read(fd, 65536):
                        pass
                except BlockingIOError:
                    pass
            time.sleep(0.05)
    thread = threading.Thread(target=host, daemon=True)
    thread.start()
    turns = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        gadget.tick()
        turns.append((time.perf_counter() - start) * 1000)
        board.sleep_ms(LOOP_MS)
    stop.set()
    thread.join(1)
    os.close(fd)
    dropped = gadget.server.dropped
    board.close()
    turns.sort()
    return {"median": turns[len(turns) // 2], "p99": turns[len(turns) * 99 // 100], "worst": turns[-1],
            "turns": len(turns), "dropped": dropped}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    print("loop turn of the Gadget on the virtual board, one `state` request every 50 ms, %.0f s each:" % args.seconds)
    results = {}
    for reads, label in ((True, "host reads"), (False, "host never reads")):
        r = measure(args.seconds, reads)
        results[label] = r
        print("  %-17s median %.3f ms, p99 %.3f ms, worst %.3f ms over %d turns; replies dropped %d"
              % (label, r["median"], r["p99"], r["worst"], r["turns"], r["dropped"]))
    a, b = results["host reads"]["median"], results["host never reads"]["median"]
    print("  median turn unread / read: %.2f" % (b / a))


if __name__ == "__main__":
    main()
