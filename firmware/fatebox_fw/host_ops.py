# The host's ops but hello, list, get and repl (docs/protocol.md): served for
# fatebox_fw.server, which imports this module for one op and lets it go after
# (memory.using): none of it stays in RAM between requests.
from shared_rules import names as N
from shared_rules import registry
from shared_rules import roster
from shared_rules import charname
from shared_rules import wire
from shared_rules.errors import RulesError, SheetError
from shared_rules.exact import is_int
from shared_rules.limits import HISTORY_LIMIT
from fatebox_fw.refused import Refused, name_of as _name
from fatebox_fw import memory


def put(server, request):
    character = checked(server, request.get("character"))
    used, before = let_go(server, character.name)
    created = server.store.put(character, owned=True)
    _host_play().after_host(server.core, used, before, server.clock.ticks_ms())
    return {"name": character.name, "created": created, "revision": server.store.revision(character.name)}


def delete(server, request):
    name = _name(request)
    store, core = server.store, server.core
    used, before = let_go(server, name) if name in store.characters else (False, core.peek_active())
    store.delete(name)
    _host_play().after_host(core, used, before, server.clock.ticks_ms())
    return {"name": name}


def _host_play():
    from fatebox_fw import host_play
    return host_play


def checked(server, data):
    """The character a `put` or a staged write carries, checked whole (its
    name, its sheet, its size in a `get`); refused with what is wrong."""
    if not isinstance(data, dict):
        raise Refused(N.E_REQUEST, "`character` must be a character object (see docs/protocol.md)")
    # docs/protocol.md, Names: the box's half of the rule, before anything else.
    why = charname.problem(data.get("name"))
    if why is not None:
        raise Refused(N.E_INVALID, "character name: %s" % why)
    other = charname.clash(data["name"], server.store.characters)
    if other is not None:
        raise Refused(N.E_INVALID, "character name: the box holds %r, the same name but for case; put the "
                      "sheet as %r to replace it, or delete %r first" % (other, other, other))
    try:
        character = server.store.check(data)
    except SheetError as exc:
        raise Refused(N.E_INVALID, "character %s" % exc)
    check_fits(character)
    return character


def let_go(server, name):
    # docs/protocol.md, Play and the host: never from under the table's play.
    # (whether play used it, the active character before the change)
    core = server.core
    used = core.uses(name)
    problem = _host_play().let_go(core, name, server.clock.ticks_ms())
    if problem is not None:
        raise Refused(N.E_BUSY, problem)
    return used, core.peek_active()


def check_fits(character):
    # docs/protocol.md, Limit: every reply is one frame. A character with a
    # full history, big counters and a large id must still fit in `get`.
    problem = roster.too_large(character)
    if problem is not None:
        raise Refused(N.E_INVALID, "character %r is too large for the box: with a full history of %d trials it would not fit in one frame (%s); shorten its texts or lists"
                      % (character.name, HISTORY_LIMIT, problem))



def state(server, request):
    out = _host_play().state(server.core)
    out["characters"] = len(server.store.characters)
    out["storage"] = server.storage()
    out["backup"] = server.store.backup_status
    out["replies-dropped"] = server.dropped
    return out


def begin(server, request):
    from fatebox_fw import batch
    try:
        return {"txn": batch.begin(server.store)}
    except OSError as exc:
        raise Refused(N.E_STORAGE, "could not open a transaction on flash (%s)" % exc)


def stage(server, request):
    store = server.store
    txn = request.get("txn")
    store.open_txn(txn)
    try:
        _check_staged(server, request)
    except Refused:
        store.abort()       # a batch with a refused member can never be committed
        raise
    line = server.line
    if line[-1:] == b"\r":
        line = line[:-1]
    from fatebox_fw import batch
    return {"staged": batch.stage(store, txn, bytes(line[wire.HEADER:]))}


def _check_staged(server, request):
    if "base" in request and request["base"] is not None and not is_int(request["base"]):
        raise Refused(N.E_REQUEST, "`base` must be the revision the host expects (an integer), null (not on "
                      "the box), or left out")
    data = request.get("character")
    if data is None:
        name = request.get("delete")
        if not isinstance(name, str) or not name:
            raise Refused(N.E_REQUEST, "a staged request carries `character` (to write) or `delete` (a name)")
        return
    checked(server, data)


def commit(server, request):
    count, crc = request.get("count"), request.get("crc")
    if not is_int(count) or not is_int(crc):
        raise Refused(N.E_REQUEST, "`count` (frames staged) and `crc` (CRC-32 of their JSON) must be integers")
    # docs/protocol.md, Play and the host: a batch may replace or delete any
    # character, so play lets go of the ones it uses before it is applied.
    core = server.core
    # Play not made yet uses no character: it stays unmade (from .mpy files
    # its modules would take the heap the batch needs).
    game = core.made
    used = False
    for name in (core.peek_active(), game.owner, getattr(game, "hero_name", None)) if game is not None else ():
        if name is not None and core.uses(name):
            let_go(server, name)
            used = True
    before = core.peek_active()
    from fatebox_fw import batch
    done, gone = batch.commit(server.store, request.get("txn"), count, crc)
    _host_play().after_host(core, used, before, server.clock.ticks_ms())
    return {"revisions": done, "deleted": gone}


def own(server, op, request):
    """An op a system serves itself (its registry row's `op`: New Beginning's
    `trial`), from its play's `<play>_op` module, in RAM for this request only."""
    for row in registry.ROWS:
        if row.op == op:
            with memory.using(row.play + "_op") as module:
                return module.op(server, request)
    raise Refused(N.E_OP, "unknown op %r; this box serves %s" % (op, ", ".join(N.OPS)))


def roll(server, request):
    # docs/protocol.md, roll: any dice or colour system, played with the box's
    # sampler; recorded on `name` (a character of that system) when given.
    system = request.get("system")
    if system not in roster.SYSTEMS:
        raise Refused(N.E_REQUEST, "`system` must be one of %s" % ", ".join(roster.SYSTEMS))
    setup = request.get("setup")
    op = registry.row(system).op
    if op is not None:
        # Played by an op of its own (New Beginning's `trial`: drawn from the table's
        # supply and shown on the box), its set-up the fields.
        if not isinstance(setup, dict):
            raise Refused(N.E_REQUEST, "`setup` must be an object")
        asked = dict(setup)
        asked["name"] = request.get("name")
        return own(server, op, asked)
    name = request.get("name")
    hero = None
    if name is not None:
        name = _name(request)
        if name not in server.store.characters:
            raise Refused(N.E_NOT_FOUND, "no character named %r on the box to record the roll on" % name)
        if server.store.characters[name].system != system:
            raise Refused(N.E_INVALID, "%s is a %s character, not %s" % (
                name, roster.SYSTEM_WORDS[server.store.characters[name].system], roster.SYSTEM_WORDS[system]))
        hero = memory.copy(server.store.characters[name])
    from fatebox_fw import host_roll
    try:
        result, entry = host_roll.roll(system, setup, server.core.sampler, hero)
    except host_roll.SetupError as exc:
        raise Refused(N.E_REQUEST, str(exc))
    except RulesError as exc:
        raise Refused(N.E_INVALID, "%s: %s" % (exc.field, exc.message))
    # A result the box played: numbered into the roll journal with its set-up,
    # on the character or (played with nobody) with `"name": null`.
    record = dict(setup)
    if "drawn" in result:
        # Colour tokens: the bag and the core draw before gold, what `fatebox stats` judges.
        record["drawn"], record["bag"] = result["drawn"], result["bag"]
    if hero is not None:
        server.store.put(hero, record=record)
    else:
        server.store.nobody(system, entry, record)
    return {"result": result}


def table(server, request):
    # docs/protocol.md, table: the table's settings the box plays by (each
    # system's row's `table`: New Beginning's supply); one given: checked
    # whole, then kept and saved.
    core = server.core
    out = {}
    for row in registry.ROWS:
        for setting in row.table:
            name, keys = setting[0], setting[1]
            given = request.get(name)
            if given is not None:
                _set(server, row, name, keys, given)
            out[name] = dict(zip(keys, getattr(core, name)))
    return out


def _set(server, row, name, keys, given):
    if not isinstance(given, dict) or [k for k in keys if not is_int(given.get(k))]:
        raise Refused(N.E_REQUEST, "`%s` must be {%s} (whole numbers)" % (name, ", ".join("\"%s\": N" % k for k in keys)))
    for key in given:
        if key not in keys:
            raise Refused(N.E_REQUEST, "`%s` holds %s only, not %r" % (name, " and ".join(keys), key))
    values = tuple(given[k] for k in keys)
    try:
        __import__(row.package, None, None, ["check_table"]).check_table(name, values)
    except RulesError as exc:
        raise Refused(N.E_INVALID, "%s: %s" % (exc.field.replace("-", "."), exc.message))
    _host_play().set_table(server.core, name, values, server.clock.ticks_ms())


def entropy(server, request):
    # docs/protocol.md, entropy: the box's random bytes for a test battery, a
    # page at a time (the host asks again for more); raw: the source's bits
    # before the health tests and SHA-256, where the board can read them.
    n = request.get("bytes")
    if not is_int(n) or n < 1 or n > N.ENTROPY_PAGE:
        raise Refused(N.E_REQUEST, "`bytes` must be a whole number from 1 to %d (ask again for more)" % N.ENTROPY_PAGE)
    raw = request.get("raw", False)
    if raw is not True and raw is not False:
        raise Refused(N.E_REQUEST, "`raw` must be true (the source's bits) or false (the conditioned bytes)")
    core = server.core
    from fatebox_fw.play import DRAWING
    if core._pending is None and core._game is not None and core._game.screen == DRAWING:
        raise Refused(N.E_BUSY, "a result is being played on the box; ask again once it shows")
    board = core.clock
    if raw:
        fill = getattr(board, "raw_entropy", None)
        if fill is None:
            raise Refused(N.E_INVALID, "this board cannot read its source's raw bits (its runtime conditions "
                          "them out of reach); ask for the conditioned bytes")
        data = bytearray(n)
        fill(data)
    else:
        data = board.entropy(n)     # EntropyError: the server answers `entropy`
    import binascii
    return {"data": binascii.b2a_base64(data)[:-1].decode(), "raw": raw,
            "source": getattr(board, "entropy_source", None)}
