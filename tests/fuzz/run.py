# `make fuzz`: the fuzzing and fault suite for longer (tests/fuzz/engine.py).
#   python -m tests.fuzz.run [--minutes 10] [--seed S] [--kinds frames,state,saves,pull,play,pico]
# `pico` (frames to Fatebox's image on the emulated Pico, beside its virtual
# twin: tests/fuzz/pico.py) is slow, about 1 frame a second, and runs only when named.
# Exit 1 if anything did not hold. `make test` runs a bounded slice (test_fuzz.py).
import argparse
import sys
import time

from tests.fuzz import engine

# Units of work per round and kind: a round is a few seconds of each.
ROUND = {"frames": 2000, "state": 40, "saves": 5, "pull": 2, "play": 300, "pico": 100}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="make fuzz")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", default=str(int(time.time())))
    parser.add_argument("--kinds", default=",".join(engine.DEFAULT_KINDS))
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",")
    started = time.monotonic()
    totals = {k: engine.Tally(k) for k in kinds}
    rounds = 0
    while time.monotonic() - started < args.minutes * 60:
        for kind in kinds:
            tally = engine.KINDS[kind][0]("%s-%d" % (args.seed, rounds), ROUND[kind])
            total = totals[kind]
            for field in ("tried", "crashes", "hangs", "changes", "lost", "unseen"):
                setattr(total, field, getattr(total, field) + getattr(tally, field))
            total.notes.extend(tally.notes[:5 - len(total.notes)])
        rounds += 1
        print("round %d done, %.0f s" % (rounds, time.monotonic() - started), flush=True)
    print("seed %s, %d rounds" % (args.seed, rounds))
    print(engine.report(list(totals.values()), time.monotonic() - started))
    return 0 if all(t.held() for t in totals.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
