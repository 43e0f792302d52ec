# A box's replies checked against docs/protocol.md before anything uses them:
# what does not match is reported and skipped (a journal entry) or refused in
# one line (a page), never a traceback, never taken for damaged records.
import datetime

from shared_rules import names as N
from shared_rules.ask_limits import ASK_SYSTEM
from shared_rules import registry
from shared_rules import wire
from shared_rules import roster
from shared_rules.exact import is_int
from fatebox.sheets import unicode_names as charnames
from fatebox.errors import FateboxError
from fatebox.terminal import cut, visible


def _int(value, low=0):
    return is_int(value) and value >= low


def summaries(request, garbled):
    """Every summary `list` gives, page after page (docs/protocol.md, list: a box
    from before pages gives them all at once, with no `more`); `garbled(op, what)`
    is the error for a page not of the protocol's shape."""
    out, after = [], None
    while True:
        reply = request("list") if after is None else request("list", after=after)
        found = reply.get("characters")
        if not isinstance(found, list) or not all(isinstance(c, dict) and isinstance(c.get("name"), str)
                                                  for c in found):
            raise garbled("list", "`characters` is not a list of summaries with names")
        if after is not None and any(c["name"] <= after for c in found):
            raise garbled("list", "a page after %r names a character before it" % after)
        out += found
        if reply.get("more") is not True or not found:
            return out
        after = found[-1]["name"]


def journal_page(reply, after):
    """(results, first, last, more) of one `journal` reply, or FateboxError if the
    page itself is not of the protocol's shape (docs/protocol.md, `journal`)."""
    results = reply.get("results", [])
    first, last = reply.get("first", 1), reply.get("last", 0)
    if not isinstance(results, list) or not _int(first) or not _int(last):
        raise FateboxError("the box's journal reply is not what docs/protocol.md says (results %s, first %s, last %s); "
                           "nothing was kept from it: update the box's firmware, or report it"
                           % (type(results).__name__, cut(visible(repr(first))), cut(visible(repr(last)))))
    return results, first, last, bool(reply.get("more"))


def journal_problem(entry, after=0):
    """Why a journal entry does not match the protocol's schema, or None.

    {"seq" (a number above `after`), "name" (a character's name by the name
    rule, shared_rules.charname and fatebox.sheets.unicode_names; null: played with nobody),
    "system" (one this host knows), "result" (an object whose `outcome` is one
    of the system's; an asked roll's, "dice", its dice and values), "setup" (an object, or absent)}."""
    if not isinstance(entry, dict):
        return "not an object"
    if not _int(entry.get("seq"), after + 1):
        return "no sequence number above %d" % after
    name = entry.get("name")
    if name is not None and not isinstance(name, str):
        return "a name that is not text"
    if name is not None and charnames.problem(name) is not None:
        # The box's `put` refuses such a name: one in its journal was not written by play.
        return "a name that is not a character's name (%s; docs/protocol.md, Names)" % charnames.problem(name)
    system = entry.get("system")
    if system not in roster.SYSTEMS and system != ASK_SYSTEM:
        return "a system this host does not know (%s)" % cut(visible(repr(system)))
    result = entry.get("result")
    if not isinstance(result, dict):
        return "no result object" if result is None else "a result that is not an object"
    if system == ASK_SYSTEM:
        # An asked roll (docs/protocol.md, Asked rolls): its dice and values, no outcome.
        from shared_rules.host import asked
        if name is not None:
            return "an asked roll on a character's name"
        problem = asked.problem(result)
        if problem is not None:
            return "an asked roll with %s" % problem
    elif result.get("outcome") not in roster.outcomes(system):
        return "an outcome that is not one of %s's" % roster.SYSTEM_WORDS.get(system, system)
    setup = entry.get("setup")
    if setup is not None and not isinstance(setup, dict):
        return "a set-up that is not an object"
    return None


def journal_entries(results, after, say):
    """The entries that match the schema, in order; each other one said in one line and skipped."""
    kept = []
    for entry in results:
        problem = journal_problem(entry, after)
        if problem is None:
            kept.append(entry)
            after = entry["seq"]
            continue
        seq = entry.get("seq") if isinstance(entry, dict) else None
        where = "#%d" % seq if is_int(seq) else "an entry"
        say("the box's journal %s skipped: %s (docs/protocol.md, The roll journal); the other results are kept"
            % (where, problem))
    return kept


def result_problem(system, result):
    """Why a `trial` or `roll` reply's `result` does not match the protocol, or None:
    an object whose `outcome` is one of the system's (a trial's also its tokens and counts)."""
    if not isinstance(result, dict):
        return "no result object"
    if result.get("outcome") not in roster.outcomes(system):
        return "an outcome that is not one of %s's" % roster.SYSTEM_WORDS.get(system, system)
    try:
        keys = registry.rules(system).reply_keys
    except (KeyError, ImportError):
        keys = ()
    for key, kind in keys:
        value = result.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return "`%s` missing or not of its kind" % key
    return None


def checked_result(system, result, op):
    """`result` when it matches the protocol; FateboxError (one line) otherwise."""
    problem = result_problem(system, result)
    if problem is not None:
        raise FateboxError("the box's %s reply does not match docs/protocol.md (%s): nothing to show; "
                           "is it running the Fatebox firmware of this version?" % (op, problem))
    return result


def unreadable(line):
    """(its request id, what breaks the wire's limits in words, with the
    field's path) of `line` when it is a whole frame (its CRC holds) with a
    readable id that cannot be taken; None for anything else (not a frame,
    damaged on the way, no id to tell whose it is)."""
    if line is wire.TOO_LONG or not line.strip():
        return None
    try:
        wire.decode(line)
    except wire.WireError as exc:
        if exc.code != N.E_JSON or exc.id is None:
            return None
        import json
        where = _where(json.loads(bytes(line[wire.HEADER:]).decode("utf-8", "surrogatepass")))
        return exc.id, "%s%s" % ("`%s`: " % where[0] if where else "", where[1] if where else exc.message)
    return None


def _where(value, path="", depth=1):
    """(the path of the first value past the wire's limits, what is wrong with it), or None."""
    if depth > wire.DEPTH_LIMIT:
        return path, "nested deeper than %d" % wire.DEPTH_LIMIT
    if isinstance(value, dict):
        for key in value:
            if not wire.valid_text(key):
                return path or "the reply", "a key that is not valid Unicode (a lone surrogate)"
            found = _where(value[key], "%s.%s" % (path, key) if path else key, depth + 1)
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _where(item, "%s[%d]" % (path, i), depth + 1)
            if found is not None:
                return found
    elif isinstance(value, str):
        if not wire.valid_text(value):
            return path, "text that is not valid Unicode (a lone surrogate)"
    elif isinstance(value, float):
        return path, "a number with a fraction or an exponent (%r); the protocol's numbers are whole" % value
    elif isinstance(value, int) and not isinstance(value, bool) and not -wire.INT_LIMIT <= value <= wire.INT_LIMIT:
        return path, "%d, a number outside the protocol's -%d..%d" % (value, wire.INT_LIMIT, wire.INT_LIMIT)
    return None


def place_in_time(results, now, at, clock_from=None):
    """Each result's `played` (ISO 8601, UTC) from its `ms` and the reply's `now`
    (the board's clock, at `at` on the host's), where both are there and the
    result was played on this clock (`clock-from`: since the box last started)."""
    if not _count(now) or not _count(clock_from):
        return
    for r in results:
        ms = r.get("ms") if isinstance(r, dict) else None
        if _count(ms) and _count(r.get("seq")) and r["seq"] >= clock_from:
            age = (now - ms) & N.TICKS_MASK
            r["played"] = (at - datetime.timedelta(milliseconds=age)).isoformat(timespec="milliseconds")


def _count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
