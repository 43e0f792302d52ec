# `fatebox history` and `fatebox stats`: the results the host's records kept
# (fetched by sync and pull), listed, and compared with the exact odds.
import datetime
import json
import os

import click

from shared_rules import roster
from fatebox import stats as S
from fatebox.errors import FateboxError, USAGE
from fatebox.merge import _trial_words


def _records():
    from fatebox.db import Records
    root = click.get_current_context().find_root().obj or {}
    return Records(root.get("db"))


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
    if as_json:
        click.echo(json.dumps({"results": results}))
        return
    if not results:
        click.echo("no results kept%s yet; `fatebox sync` fetches them from the box"
                   % (" for %s" % name if name else ""), err=True)
        return
    for r in results:
        click.echo("%s  #%-5d %-12s %-14s %s" % (r["received"], r["seq"], r["character"],
                                                 roster.SYSTEM_WORDS.get(r["system"], r["system"]),
                                                 _trial_words(r["result"])))


@click.command("stats")
@click.option("--system", default=None, metavar="SYSTEM", help="Only this system.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: per system, per set-up, the counts and p.")
@click.option("--plot", "plot_path", default=None, metavar="FILE.png|.svg", help="Also draw the chart into a file.")
@click.option("--include-unverified", is_flag=True,
              help="Count results after a break in a box's journal chain too (`fatebox verify`).")
def stats_command(system, as_json, plot_path, include_unverified):
    """Is the box fair? What it drew and rolled, per set-up, against the exact odds."""
    system = _system(system)
    if plot_path is not None and os.path.splitext(plot_path)[1].lower() not in (".png", ".svg"):
        raise FateboxError("--plot %s: give a .png or .svg file" % plot_path, USAGE)
    with _records() as records:
        results = records.results(None, system)
    if not include_unverified:
        results = [r for r in results if r.get("verified", True)]
    report = S.compare(results, system)
    if plot_path is not None and report["systems"]:
        try:
            S.plot(report, plot_path)
        except OSError as exc:
            raise FateboxError("--plot %s: cannot write it (%s)" % (plot_path, exc.strerror or exc))
    if as_json:
        click.echo(json.dumps(report))
        return
    if not report["systems"] and not report["not-tested"]:
        click.echo("no results kept yet; `fatebox sync` fetches them from the box", err=True)
        return
    for line in S.bars(report):
        click.echo(line)
    if plot_path is not None and report["systems"]:
        click.echo("chart written to %s" % plot_path)
