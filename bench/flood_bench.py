# The box's loop under a host that writes but never reads (issue 11): the
# firmware's Box on the virtual board, a host sending one `state` request
# every 50 ms after a burst of 200, once reading every reply and once reading none, in alternating
# rounds (a shared machine's noise falls on both). Prints the loop turn
# (median of the rounds' medians, 99th percentile, worst) in both, and the
# replies the box dropped. Asserts nothing. CPython.
#
#   .venv/bin/python bench/flood_bench.py [--seconds 2] [--rounds 6]
import argparse
import os
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path[:0] = [ROOT, os.path.join(ROOT, "firmware")]

from shared_rules import wire  # noqa: E402
from fatebox_fw.box import Box, LOOP_MS  # noqa: E402
from fatebox_fw.hal.virtual import VirtualBoard  # noqa: E402


BURST = 200
SETTLE_S = 0.5      # turns in the first half second (serving the burst) are not counted


def measure(seconds, reads):
    board = VirtualBoard(tempfile.mkdtemp(prefix="fatebox-flood-"), seed="flood")
    gadget = Box(board)
    fd = os.open(board.port_path, os.O_RDWR | os.O_NOCTTY)
    stop = threading.Event()

    def host():
        id = 1
        for _ in range(BURST):      # the flood first: more than the pty and the queue hold
            os.write(fd, wire.encode({"id": id, "op": "state"}))
            id += 1
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
    begin = time.monotonic()
    end = begin + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        gadget.tick()
        if time.monotonic() - begin >= SETTLE_S:    # the burst served: the steady state
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
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--record", action="store_true",
                        help="keep the figures with the commit in bench/results/flood.json (make bench)")
    args = parser.parse_args()
    report = {}
    print("loop turn of the Box on the virtual board, %d `state` requests then one every 50 ms, "
          "%d alternating rounds of %.0f s:" % (BURST, args.rounds, args.seconds))
    results = {True: [], False: []}
    for _ in range(args.rounds):
        for reads in (True, False):
            results[reads].append(measure(args.seconds, reads))
    medians = {}
    for reads, label in ((True, "host reads"), (False, "host never reads")):
        rs = results[reads]
        medians[reads] = sorted(r["median"] for r in rs)[len(rs) // 2]
        print("  %-17s median %.3f ms, p99 %.3f ms, worst %.3f ms over %d turns; replies dropped %d"
              % (label, medians[reads], max(r["p99"] for r in rs), max(r["worst"] for r in rs),
                 sum(r["turns"] for r in rs), sum(r["dropped"] for r in rs)))
        report[label] = {"median_ms": medians[reads], "p99_ms": max(r["p99"] for r in rs),
                         "worst_ms": max(r["worst"] for r in rs), "turns": sum(r["turns"] for r in rs),
                         "dropped": sum(r["dropped"] for r in rs)}
    print("  median turn unread / read: %.2f" % (medians[False] / medians[True]))
    if args.record:
        import results as kept
        kept.record("flood", report, script="flood_bench")


if __name__ == "__main__":
    main()
