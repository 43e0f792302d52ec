# New Beginning, Lending a Hand (rules/new-beginning.md): helpers adding a
# white each, and group trials; the bag they make, checked against the supply.
from shared_rules.new_beginning import SUPPLY_WHITE, SUPPLY_BLACK, MAX_DIFFICULTY
from shared_rules.errors import RulesError
from shared_rules.exact import is_int

MAX_HELPERS = SUPPLY_WHITE       # each helper's white comes from the supply (6 by default)
MAX_PARTICIPANTS = SUPPLY_WHITE  # "remember, you have up to 6 ⚪ available": the white supply

# Who a black spent as a misfortune lands on (the host names the person).
HERO = "hero"        # the hero facing the trial, or the group's leader
HELPER = "helper"    # one helper, or one member of the group
GROUP = "group"      # the whole group (group trials only)
TARGETS = (HERO, HELPER, GROUP)


def most_difficulty(supply_black=SUPPLY_BLACK):
    """The hardest difficulty a bag from this black supply can hold: the
    difficulty table's 6 blacks, fewer when the supply holds fewer."""
    return min(MAX_DIFFICULTY, supply_black)


def most_participants(difficulty, supply_white=SUPPLY_WHITE, supply_black=SUPPLY_BLACK):
    """The largest group trial the supply makes at this difficulty: a white per
    participant, difficulty + (p - 1) blacks (group_bag); below 2, no group at all."""
    return min(supply_white, supply_black - difficulty + 1)


def check_difficulty(difficulty):
    # rules/new-beginning.md, Facing a Trial: the difficulty table runs 1..6 blacks.
    if not is_int(difficulty) or difficulty < 1 or difficulty > MAX_DIFFICULTY:
        raise RulesError("difficulty", "difficulty must be 1..%d blacks, got %r" % (MAX_DIFFICULTY, difficulty))
    return difficulty


def check_helpers(helpers, supply_white=SUPPLY_WHITE):
    if not is_int(helpers) or helpers < 0 or helpers > supply_white:
        raise RulesError("helpers", "helpers must be 0..%d (one white each from the supply), got %r" % (supply_white, helpers))
    return helpers


def check_participants(participants, supply_white=SUPPLY_WHITE):
    # A group needs a leader and at least one collaborator; a white each from the supply.
    if not is_int(participants) or participants < 2 or participants > supply_white:
        raise RulesError("group", "a group trial has 2..%d participants (leader included, a white each from the supply), got %r"
                         % (supply_white, participants))
    return participants


def helping_whites(helpers, supply_white=SUPPLY_WHITE):
    """Lending a hand: "Each collaborator adds 1 ⚪ to the bag"; no black is added."""
    return check_helpers(helpers, supply_white)


def group_bag(difficulty, participants, supply_black=SUPPLY_BLACK, supply_white=SUPPLY_WHITE):
    """(whites, blacks) of a group trial of p participants: p whites, difficulty + (p - 1) blacks.

    rules/new-beginning.md, Lending a Hand: "Each participant adds 1 ⚪" and
    "The Narrator increases the DIFFICULTY by 1 ⚫ for each collaborator beyond the first".
    """
    check_difficulty(difficulty)
    check_participants(participants, supply_white)
    blacks = difficulty + participants - 1
    if blacks > supply_black:
        raise RulesError("group", "difficulty %d with %d participants needs %d blacks, more than the supply of %d"
                         % (difficulty, participants, blacks, supply_black))
    return participants, blacks


def check_targets(targets, misfortunes, helpers=0, group=None):
    """Who takes each misfortune: hero, helper (with helpers or a group), group (group trials)."""
    if not isinstance(targets, (list, tuple)):
        raise RulesError("misfortunes-to", "expected a list of hero, helper or group, got %r" % (targets,))
    if len(targets) != misfortunes:
        raise RulesError("misfortunes-to", "name who takes each of the %d misfortunes, got %d names"
                         % (misfortunes, len(targets)))
    for who in targets:
        if who not in TARGETS:
            raise RulesError("misfortunes-to", "%r is not one of %s" % (who, ", ".join(TARGETS)))
        if who == HELPER and not helpers and not group:
            raise RulesError("misfortunes-to", "a misfortune goes to a helper only when someone lent a hand")
        if who == GROUP and not group:
            raise RulesError("misfortunes-to", "a misfortune goes to the whole group only in a group trial")
    return list(targets)
