# Approaches on the host: its state in words. Its `fatebox odds/simulate/roll`
# come from its object (shared_rules.approaches.words says how they are typed).
from shared_rules import approaches as AP


def state_words(summary):
    values = summary.get("attributes") or {}
    words = ", ".join("%s %s" % (a, values[a]) for a in AP.ATTRIBUTES if a in values)
    return words + ("; taken out" if summary.get("out") else "")
