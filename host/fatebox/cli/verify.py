# `fatebox verify`: the box's whole roll journal checked against itself (its
# chain) and against the host's records (docs/sync.md, A chain that does not link).
import json

import click

from fatebox.records import chain
from fatebox.cli.session import connect as _connect, port_option, records as _records
from fatebox.errors import FateboxError
from fatebox.terminal import echo


@click.command("verify")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: `intact`, `first-bad`, `problems`.")
@port_option
def verify_command(as_json, port):
    """Is the box's roll journal as it was played? Exit 0 when intact, 1 with the first bad result.

    Says, by sequence number, any result changed, removed, reordered or
    replayed, and a box restored from an older flash image (a rollback)."""
    with _records() as records, _connect(port) as link:
        results, first, last = link.journal(0)
        row = records.find_box(link.board_id) if link.board_id else None
        kept = records.box_results(row) if row is not None else {}
        host_last = records.last_seq(row)[0] if row is not None else 0
    problems = chain.audit(results, first, last, kept, host_last)
    bad = next((p[0] for p in problems if p[0] is not None), None)
    checked = sum(1 for r in results if isinstance(r, dict) and "line" in r)
    if as_json:
        click.echo(json.dumps({"intact": not problems, "first-bad": bad, "checked": checked, "first": first,
                               "last": last, "host-records": row is not None,
                               "problems": [{"seq": s, "kind": k, "detail": w} for s, k, w in problems]}))
    else:
        for seq, kind, words in problems:
            echo("%s: %s: %s" % (seq if seq is not None else "?", kind, words))
        if not problems and checked == 0:
            echo("intact: the box's journal holds no results yet")
        elif not problems:
            one = checked == 1
            echo("%s%s" % ("intact: 1 result (%d), as it was played" % last if one else
                           "intact: %d results (%d..%d) link one to the next" % (checked, first, last),
                           (" and as the host's records have it" if one else " and agree with the host's records")
                           if row is not None else "; the host has no records of this box to compare with"))
    if problems:
        if as_json:
            raise SystemExit(1)
        raise FateboxError("the box's journal is not intact from result %s" % (bad if bad is not None else "?"), 1)
