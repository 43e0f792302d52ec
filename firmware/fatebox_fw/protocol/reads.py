# The host's reads that change nothing and need no rules (docs/protocol.md:
# `journal`, `table` asked without a setting): served without host_ops and
# its imports, so a board whose heap holds a system's play still answers them.
from shared_rules import names as N
from shared_rules import registry
from shared_rules.exact import is_int
from fatebox_fw.protocol.refused import Refused
from fatebox_fw.storage import StoreError


def journal(server, request):
    after = request.get("after", 0)
    if not is_int(after) or after < 0:
        raise Refused(N.E_REQUEST, "`after` must be the last sequence number the host has (0 for all)")
    store = server.store
    try:
        store.flush()       # the results still staged in memory go to the journal first
    except StoreError:
        pass                # then they are served from memory below
    results, more = store.journal.page(after)
    if not more:
        for seq, entry in store.pending:
            if seq > after:
                item = dict(entry)
                item["seq"] = seq
                results.append(item)
    reply = {"results": results, "more": more, "first": store.journal.first(), "last": store.seq,
             "now": server.clock.ticks_ms() & N.TICKS_MASK, "clock-from": store.clock_from}
    anchor = getattr(store.journal, "anchor", None)
    if anchor is not None:
        reply["anchor"] = anchor    # the line `after` as a rewrite left it (docs/protocol.md, The roll journal)
    return reply


def asks_a_setting(request):
    """True when a `table` request gives a setting (host_ops checks and saves it)."""
    for row in registry.ROWS:
        for setting in row.table:
            if request.get(setting[0]) is not None:
                return True
    return False


def table(server, request):
    # docs/protocol.md, table: the table's settings the box plays by.
    core = server.core
    out = {}
    for row in registry.ROWS:
        for setting in row.table:
            out[setting[0]] = dict(zip(setting[1], getattr(core, setting[0])))
    return out
