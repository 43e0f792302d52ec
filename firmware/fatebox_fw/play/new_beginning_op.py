# New Beginning's own op, `trial` (docs/protocol.md; its row's `op`): a trial the
# host asks for, drawn from the table's supply, recorded and shown on the box.
# fatebox_fw.protocol.ops serves it for one request (memory.using), as the `roll` op's
# New Beginning; none of it stays in RAM after.
from shared_rules import names as N
from shared_rules import roster
from shared_rules.errors import RulesError
from shared_rules.exact import is_int
from shared_rules.new_beginning import ROW, Trial
from fatebox_fw.protocol.refused import Refused, name_of as _name
from fatebox_fw import memory


def op(server, request):
    for key in ("white", "black", "draw"):
        if not is_int(request.get(key)):
            raise Refused(N.E_REQUEST, "`%s` must be a whole number" % key)
    danger = request.get("danger")
    if danger is not None and not is_int(danger):
        raise Refused(N.E_REQUEST, "`danger` must be a whole number or null")
    statuses = request.get("statuses", [])
    if not isinstance(statuses, list) or not all(isinstance(s, str) for s in statuses):
        raise Refused(N.E_REQUEST, "`statuses` must be a list of status names")
    name = request.get("name")
    if name is not None:
        name = _name(request)
    try:
        supply = server.core.supply       # the table's supply in force on the box
        trial = Trial(request["white"], request["black"], danger, statuses, supply[0], supply[1])
        trial.check_draw(request["draw"])
    except RulesError as exc:
        raise Refused(N.E_INVALID, "%s: %s" % (exc.field, exc.message))
    if name is not None and name not in server.store.characters:
        raise Refused(N.E_NOT_FOUND, "no character named %r on the box to record the trial on" % name)
    if name is not None and server.store.characters[name].system != ROW.name:
        raise Refused(N.E_INVALID, "%s is a %s character; `trial` plays %s"
                      % (name, roster.SYSTEM_WORDS[server.store.characters[name].system], ROW.words))
    result = host_trial(server.core, trial, request["draw"], name, server.clock.ticks_ms())
    return {"result": result.to_dict()}


def host_trial(core, trial, k, name, now):
    """A New Beginning trial the host asked for: drawn, recorded on `name`, saved, shown.

    The caller has validated trial, k and name. StoreError if the record
    could not be saved, EntropyError if the source failed: then nothing
    is shown and nothing changed.
    """
    result = trial.draw(k, core.sampler)
    if name is not None:
        character = memory.copy(core.store.characters[name])
        character.record(result.entry())
        core.store.put(character, record={"white": trial.white, "black": trial.black, "danger": trial.danger,
                                          "draw": k, "statuses": list(trial.statuses)})
    else:
        # Played with nobody: journalled too, `"name": null` (docs/protocol.md, Events).
        core.store.nobody(ROW.name, result.entry(), {"white": trial.white, "black": trial.black,
                          "danger": trial.danger, "draw": k, "statuses": list(trial.statuses)})
    if core.system != ROW.name:
        core.store.set("system", ROW.name)
    core.show_host(ROW.name, result, name, now)
    return result
