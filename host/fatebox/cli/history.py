# `fatebox history` and `fatebox stats`: the results the host's records kept
# (fetched by sync and pull), listed, and compared with the exact odds.
import datetime
import json
import os

import click

from shared_rules import roster
from fatebox.sheets import unicode_names as charnames
from fatebox.odds import stats as S
from fatebox.odds import stats_show
from fatebox.errors import FateboxError, USAGE
from fatebox.systems import result_words
from fatebox.terminal import echo
from fatebox.cli.session import records as _records


def _since(text):
    if text is None:
        return None
    try:
        when = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise FateboxError("--since %s: not a date; give one as 2026-11-23 or 2026-11-23T18:00" % text, USAGE)
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.timezone.utc)
    return when.astimezone(datetime.timezone.utc).isoformat(timespec="seconds")


def _system(value):
    if value is not None and value not in roster.SYSTEMS:
        raise FateboxError("--system %s: not a system; one of %s" % (value, ", ".join(roster.SYSTEMS)), USAGE)
    return value


@click.command("history")
@click.argument("name", required=False)
@click.option("--system", default=None, metavar="SYSTEM", help="Only this system's results.")
@click.option("--since", default=None, metavar="DATE", help="Only results the host received since DATE.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: `results`, oldest first.")
def history_command(name, system, since, as_json):
    """Every result the host has kept from its boxes (fetched by `sync` and `pull`)."""
    system = _system(system)
    with _records() as records:
        results = records.results(name, system, _since(since))
        if name is not None and not results:
            # Any case, as --character takes it: the name as the box wrote it wins above.
            same = charnames.key(name)
            results = [r for r in records.results(None, system, _since(since))
                       if isinstance(r["character"], str) and charnames.key(r["character"]) == same]
    if as_json:
        click.echo(json.dumps({"results": results}))
        return
    if not results:
        click.echo("no results kept%s yet; `fatebox sync` fetches them from the box"
                   % (" for %s" % name if name else ""), err=True)
        return
    from fatebox.cli.show import console
    out = console()
    out.print(history_table(results, out.width))


def _when(r):
    """When a result was played, as local time ("fetched" when the box's clock could
    not place it: a result from before the box restarted, or from an older firmware)."""
    played = r.get("played")
    stamp = played or r["received"]
    try:
        when = datetime.datetime.fromisoformat(stamp).astimezone()
    except (TypeError, ValueError):
        return str(stamp)
    return when.strftime("%Y-%m-%d %H:%M:%S") + ("" if played else " (fetched)")


def history_table(results, width=120):
    """The results as a table fitted to `width` columns (fatebox.fit), oldest first."""
    from rich.text import Text
    from fatebox import fit
    from fatebox.terminal import visible
    columns = [fit.Column("#", justify="right"), fit.Column("Played", wrap=True), fit.Column("Character"),
               fit.Column("System", wrap=True), fit.Column("Result", wrap=True)]
    rows = [[str(r["seq"]), _when(r), Text(visible(r["character"] or "(nobody)")),
             roster.SYSTEM_WORDS.get(r["system"], visible(r["system"])),
             Text(visible(result_words(r["system"], r["result"], r.get("setup"))))]
            for r in results]
    return fit.table(columns, rows, width)


ARCHIVED = " (before it was wiped"     # db.Records.wiped: a box's results from before a wipe


def family(board_id):
    """The box a board id in the records belongs to (its results from before a wipe included)."""
    return board_id.split(ARCHIVED)[0]


def which_box(records, box, all_boxes, port):
    """The board id `stats` speaks of: --box, else the board on the port, else the
    one box the records know; None with --all-boxes. FateboxError when it cannot tell."""
    if all_boxes:
        if box is not None:
            raise FateboxError("--box and --all-boxes: give one of them", USAGE)
        return None
    known = sorted(set(family(b["board_id"]) for b in records.boxes()))
    if box is not None:
        if box not in known:
            raise FateboxError("--box %s: the host's records hold no results from that box; they know %s"
                               % (box, ", ".join(known) or "no box yet"), USAGE)
        return box
    from fatebox.cli.session import connect
    try:
        with connect(port) as link:
            found = link.board_id
    except FateboxError:
        found = None
    if found is not None:
        return found
    if len(known) <= 1:
        return known[0] if known else None
    raise FateboxError("no board on the port to say which box, and the host's records hold %d: give --box "
                       "(one of %s) or --all-boxes" % (len(known), ", ".join(known)), USAGE)


@click.command("stats")
@click.option("--system", default=None, metavar="SYSTEM", help="Only this system.")
@click.option("--box", default=None, metavar="BOARD_ID", help="This box's results (default: the board on the port).")
@click.option("--all-boxes", is_flag=True, help="Every box's results together.")
@click.option("--port", "-p", "port", default=None, metavar="auto|PATH|URL",
              help="The board whose results to compare (its board id), as other commands take it.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: per system, per set-up, the counts and p.")
@click.option("--plot", "plot_path", default=None, metavar="FILE.png|.svg", help="Also draw the chart into a file.")
@click.option("--since", default=None, metavar="DATE", help="Only results received since DATE (a session's).")
@click.option("--include-unverified", is_flag=True,
              help="Count results after a break in a box's journal chain too (`fatebox verify`).")
def stats_command(system, box, all_boxes, port, as_json, plot_path, since=None, include_unverified=False):
    """Is the box fair? What it drew and rolled, per set-up, against the exact odds.

    One box at a time: the board on the port, or --box BOARD_ID (fatebox history
    --json names each result's), unless --all-boxes."""
    system = _system(system)
    if plot_path is not None and os.path.splitext(plot_path)[1].lower() not in (".png", ".svg"):
        raise FateboxError("--plot %s: give a .png or .svg file" % plot_path, USAGE)
    with _records() as records:
        board_id = which_box(records, box, all_boxes, port)
        results = records.results(None, system, _since(since))
    if board_id is not None:
        results = [r for r in results if family(r["box"]) == board_id]
    if not include_unverified:
        results = [r for r in results if r.get("verified", True)]
    report = S.compare(results, system)
    report["box"] = board_id
    if plot_path is not None and report["systems"]:
        try:
            stats_show.plot(report, plot_path)
        except OSError as exc:
            raise FateboxError("--plot %s: cannot write it (%s)" % (plot_path, exc.strerror or exc))
    if as_json:
        click.echo(json.dumps(report))
        return
    if not report["systems"] and not report["not-tested"]:
        click.echo("no results kept yet; `fatebox sync` fetches them from the box", err=True)
        return
    from fatebox.cli.show import console
    from fatebox.terminal import visible
    for line in stats_show.bars(report, columns=console().width):
        echo(line)
    click.echo("(box %s; --box BOARD_ID for another, --all-boxes for every box together)" % visible(board_id)
               if board_id is not None else "(every box the host's records know, together)")
    if plot_path is not None and report["systems"]:
        click.echo("chart written to %s" % plot_path)
