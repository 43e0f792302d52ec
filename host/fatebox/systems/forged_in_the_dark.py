# Forged in the Dark on the host: its state in words. Its `fatebox
# odds/simulate/roll` come from its object (its words module says how they are typed).


def state_words(summary):
    words = "stress %s" % summary.get("stress")
    traumas = len(summary.get("trauma") or []) + (summary.get("pending-trauma") or 0)
    if traumas:
        words += ", %d trauma" % traumas
    harm = summary.get("harm") or {}
    marked = [level for level in ("lesser", "moderate", "severe") if harm.get(level)]
    if marked:
        words += ", harm " + "/".join("%s %d" % (level, harm[level]) for level in marked)
    return words + ("; dead" if summary.get("dead") else "")
