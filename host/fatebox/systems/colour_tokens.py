# Colour tokens on the host: its state in words, its sheet as the box keeps it.
# Its `fatebox odds/simulate/roll` come from its object (its words module says
# how they are typed).
from shared_rules.colour_tokens.rules import RULES


def state_words(summary):
    return "%s gold" % summary.get("gold")


def to_box(data):
    """Named traits counted, as the box keeps them (the system's object checks them)."""
    return RULES.to_box(data)
