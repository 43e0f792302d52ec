# Checking a character whole (the host's sheets, the box's `put`, its flash at
# load) and whether it fits a reply: needed only while a character is
# checked, so a board need not keep it in RAM (roster.from_dict imports it and
# hands it the Hero class: no import back, no cycle).
from shared_rules import names as N
from shared_rules import registry
from shared_rules.errors import SheetError
from shared_rules.limits import COUNT_LIMIT, HISTORY_LIMIT, NAME_LIMIT
from shared_rules.exact import is_int


def _history(data, system):
    history = data.get("history", [])
    if not isinstance(history, list):
        raise SheetError("history", "expected a list of results, got %s" % type(history).__name__)
    allowed = registry.row(system).outcomes
    for i in range(len(history)):
        entry = history[i]
        if not isinstance(entry, dict) or entry.get("outcome") not in allowed:
            raise SheetError("history[%d]" % i, "expected a table with an outcome (%s)" % ", ".join(allowed))
    # A key with no value (an Approaches roll with no attribute) is left out:
    # a sheet has no way to write one, so the box and the sheet read alike.
    return [dict((k, v) for k, v in e.items() if v is not None) for e in history[-HISTORY_LIMIT:]]


def from_dict(data, hero):
    """The character of `data["system"]` (the registry's default when absent),
    checked whole, made as `hero` (roster.Hero).

    SheetError names the field, for every system alike: a dice system's own
    RulesError becomes a SheetError with the same field and message.
    """
    if not isinstance(data, dict):
        raise SheetError("character", "expected a table, got %s" % type(data).__name__)
    system = data.get("system", registry.DEFAULT)
    if system not in registry.NAMES:
        raise SheetError("system", "expected one of %s, got %r" % (", ".join(registry.NAMES), system))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT:
        raise SheetError("name", "expected a name of 1..%d characters, got %s"
                         % (NAME_LIMIT, "nothing (the field is missing)" if name is None else repr(name)))
    trials = data.get("trials", 0)
    if not is_int(trials) or trials < 0 or trials > COUNT_LIMIT:
        raise SheetError("trials", "expected a whole number 0..%d, got %r" % (COUNT_LIMIT, trials))
    history = _history(data, system)
    fields = {}
    for key in data:
        if key not in hero.COMMON:
            fields[key] = data[key]
    from shared_rules.errors import RulesError
    try:
        sheet = hero.model(system).from_dict(fields)
    except RulesError as exc:
        raise SheetError(exc.field, exc.message)
    return hero(name, system, sheet, trials, history)


def full_reply_size(character):
    """The bytes of the `get` reply frame `character` would need once its history
    is full (HISTORY_LIMIT entries, the missing ones its system's longest), with
    large counters and a large id; the newline included.

    Summed piece by piece (the sheet with an empty history, then each entry), so
    that the box checks a `put` without building the 4 KB reply it measures.
    """
    from shared_rules import wire
    data = character.to_dict()
    history = data["history"]
    data["history"] = []
    data["trials"] += 1000000
    if "pending-misfortunes" in data:
        data["pending-misfortunes"] += 1000
    size = wire.frame_size({"id": 2 ** 31, "ok": True, "character": data})
    data = None
    entries = len(history)
    for entry in history:
        size += wire.payload_size(entry)
    if entries < HISTORY_LIMIT:
        size += (HISTORY_LIMIT - entries) * wire.payload_size(registry.row(character.system).longest)
        entries = HISTORY_LIMIT
    if entries:
        size += 2 * (entries - 1)          # json's ", " between the entries
    return size


def too_large(character):
    """Why `character` would not fit a `get` reply once its history is full, or None.

    docs/protocol.md, Limit: every reply is one frame. The character is measured
    with a full history of the longest entries, large counters and a large id.
    """
    size = full_reply_size(character)
    if size > N.FRAME_LIMIT:
        return "frame of %d bytes is over the limit of %d" % (size, N.FRAME_LIMIT)
    return None

