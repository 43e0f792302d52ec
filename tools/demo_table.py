"""The table `make run` plays: a copy of the demo (examples/) kept out of the checkout.

The virtual gadget takes its sheets from the copy, so what is played, pulled
and synced is written there and examples/ stays as checked in (`make web`
builds the browser box's demo from it). Made the first time; with --fresh
(`make run FRESH=1`) the old copy is kept aside as TABLE-started-over-N and
the demo copied again. A copy is made whole or not at all.

    python3 tools/demo_table.py DEMO TABLE [--state STATE] [--fresh]
"""
import argparse
import os
import shutil
import sys

SHEETS = ".toml"


def aside(table):
    """The first TABLE-started-over-N that is free."""
    n = 1
    while os.path.exists("%s-started-over-%d" % (table, n)):
        n += 1
    return "%s-started-over-%d" % (table, n)


def make(demo, table, state=None, fresh=False, say=print):
    """Copy the demo's sheets and table file into `table` unless it is there
    (or `fresh`: the old copy set aside first); True when a copy was made."""
    if fresh and os.path.isdir(table):
        kept = aside(table)
        os.replace(table, kept)
        say("make run: the table played before is kept in %s/" % kept)
    if os.path.isdir(table):
        return False
    partial = table + ".copying"
    shutil.rmtree(partial, ignore_errors=True)       # a copy an interrupt left half made
    os.makedirs(partial)
    for name in sorted(os.listdir(demo)):
        if name.endswith(SHEETS):
            shutil.copy2(os.path.join(demo, name), os.path.join(partial, name))
    os.replace(partial, table)
    say("make run: the demo table is copied to %s/: play, push, pull and sync it there; "
        "%s/ stays as checked in" % (table, demo.rstrip("/")))
    if not fresh and state is not None and os.path.exists(os.path.join(state, "characters.json")):
        # A box started from the demo itself before there was a copy: its records
        # still name the demo's files. Starting over moves it onto the copy.
        say("make run: the box in %s/ took its characters from %s/ and keeps them there; "
            "make run FRESH=1 starts it over from %s/ (the old flash is kept)" % (state, demo.rstrip("/"), table))
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("demo")
    parser.add_argument("table")
    parser.add_argument("--state", default=None, help="the virtual gadget's state folder")
    parser.add_argument("--fresh", action="store_true", help="keep the old copy aside and copy the demo again")
    args = parser.parse_args(argv)
    try:
        make(args.demo, args.table, args.state, args.fresh)
    except OSError as exc:
        print("make run: cannot copy the demo table %s/ to %s/: %s" % (args.demo, args.table, exc.strerror or exc),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
