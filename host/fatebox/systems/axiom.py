# Axiom on the host: its state in words. Its `fatebox odds/simulate/roll` come
# from its object (shared_rules.axiom.words says how they are typed).


def _plural(count, word):
    return "%s %s%s" % (count, word, "" if count == 1 else "s")


def state_words(summary):
    return "%s, strain %s, %s" % (_plural(summary.get("axiom-points"), "Axiom point"),
                                  summary.get("strain"), _plural(summary.get("scars"), "scar"))
