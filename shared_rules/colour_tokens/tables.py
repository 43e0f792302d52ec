# Colour tokens, the result tables of Step 3 (rules/colour-tokens.md): what a
# kept token does in success, sacrifice or story, and what a reserve token does on a trait.
from shared_rules.colour_tokens import (
    BLACK, GREEN, BLUE, RED, POSITIVE, NEUTRAL, NEGATIVE, token_value)
from shared_rules.errors import RulesError
from shared_rules.registry import COLOUR_TOKENS as ROW

# Step 2b: the three categories a kept token goes to.
SUCCESS = "success"
SACRIFICE = "sacrifice"
STORY = "story"
CATEGORIES = (SUCCESS, SACRIFICE, STORY)

# Effects, as the history and the JSON output write them.
# black-success: any step toward the task, or remove an obstacle; coloured-success:
# a successful action of the token's colour. The outcomes the history records
# are the registry row's (defined once).
BLACK_SUCCESS, COLOURED_SUCCESS, NO_EFFECT = ROW.outcomes
COLOURED_SACRIFICE = "coloured-sacrifice"  # a sacrifice of the token's colour
WHITE_SACRIFICE = "white-sacrifice"        # the GM's sacrifice, or the objective a step harder
EXHAUST_TRAIT = "exhaust-trait"
GAIN_BENEFIT = "gain-benefit"              # a beneficial relationship's benefit
GAIN_PENALTY = "gain-penalty"              # a detrimental relationship's penalty
SUCCESSES = (BLACK_SUCCESS, COLOURED_SUCCESS)
SACRIFICES = (COLOURED_SACRIFICE, WHITE_SACRIFICE)

# Step 3b, Success column, coloured (+), by the action's colour.
COLOURED_SUCCESS_BY_COLOUR = {
    GREEN: "apply-benefit-or-remove-penalty",
    BLUE: "transform-benefit-or-penalty",
    RED: "apply-penalty-or-remove-benefit",
}
# Step 3b, Sacrifice column, coloured (0), by the token's colour.
COLOURED_SACRIFICE_BY_COLOUR = {
    GREEN: "opposition-gains-benefit",
    BLUE: "change-gives-opposition-advantage",
    RED: "agent-gains-penalty",
}

# Step 3a: who allocates the reserve, by the value of the story token.
PLAYER = "player"
GM = "gm"
TURNS = "turns"
ALLOCATORS = (PLAYER, GM, TURNS)
_ALLOCATOR_BY_VALUE = {POSITIVE: PLAYER, NEUTRAL: TURNS, NEGATIVE: GM}

# Step 3c: what a reserve or relationship token is placed on.
POSITIVE_TRAIT = "positive-trait"
NEGATIVE_TRAIT = "negative-trait"
BENEFICIAL_RELATIONSHIP = "beneficial-relationship"
DETRIMENTAL_RELATIONSHIP = "detrimental-relationship"
TARGETS = (POSITIVE_TRAIT, NEGATIVE_TRAIT, BENEFICIAL_RELATIONSHIP, DETRIMENTAL_RELATIONSHIP)


# What a kept token means at the table (Step 3b), in words that do not repeat
# its colour: the box's screens and the host's sentence say them alike.
_MEANING = {
    (SUCCESS, BLACK_SUCCESS): "a step toward the task",
    (SUCCESS, NO_EFFECT): "no success",
    (SACRIFICE, WHITE_SACRIFICE): "a sacrifice the GM chooses, or the task a step harder",
    (SACRIFICE, NO_EFFECT): "no sacrifice",
    (STORY, PLAYER): "the player places the reserve",
    (STORY, GM): "the GM places the reserve",
    (STORY, TURNS): "the GM and the player take turns placing the reserve, the GM first",
}
# Coloured (+) success, by the action's colour; coloured (0) sacrifice, by the token's.
_SUCCESS_BY_COLOUR = {GREEN: "a successful action: a benefit to the target, or a penalty of theirs removed",
                      BLUE: "a successful action: one of the target's benefits or penalties turned into another",
                      RED: "a successful action: a penalty to the target, or a benefit of theirs removed"}
_SACRIFICE_BY_COLOUR = {GREEN: "the opposition gains a benefit",
                        BLUE: "a benefit or penalty shifts to the opposition's advantage",
                        RED: "the active agent gains a penalty"}


def meaning(category, token, colour):
    """What `token` kept for `category` does in an action of `colour`, in words."""
    effect = core_effect(category, token, colour)
    if effect == COLOURED_SUCCESS:
        return _SUCCESS_BY_COLOUR[colour]
    if effect == COLOURED_SACRIFICE:
        return _SACRIFICE_BY_COLOUR[token]
    return _MEANING[(category, effect)]


def overall(success, sacrifice, colour):
    """The action as a whole from the tokens kept for success and for sacrifice:
    'success, with a sacrifice', 'no success, no sacrifice'."""
    passed = core_effect(SUCCESS, success, colour) in SUCCESSES
    cost = core_effect(SACRIFICE, sacrifice, colour) in SACRIFICES
    return "%s, %s" % ("success" if passed else "no success",
                       ("with a sacrifice" if passed else "and a sacrifice") if cost else "no sacrifice")


def check_category(category):
    if category not in CATEGORIES:
        raise RulesError("category", "a kept token goes to %s, not %r" % (", ".join(CATEGORIES), category))
    return category


def check_target(target):
    if target not in TARGETS:
        raise RulesError("target", "a reserve token goes on a %s, not %r" % (", ".join(TARGETS), target))
    return target


def allocator(story_token, colour):
    """Who allocates the reserve: player, gm or turns (rules/colour-tokens.md, Step 3a)."""
    return _ALLOCATOR_BY_VALUE[token_value(story_token, colour)]


def placer(allocator_name, placed):
    """Who places the next reserve token after `placed` were placed.

    Step 3a: "the GM and player take turns allocating tokens to the non-core
    traits (the GM allocates the first token in this manner)".
    """
    if allocator_name == TURNS:
        return GM if placed % 2 == 0 else PLAYER
    if allocator_name in (PLAYER, GM):
        return allocator_name
    raise RulesError("allocator", "the reserve is allocated by %s, not %r" % (", ".join(ALLOCATORS), allocator_name))


def core_effect(category, token, colour):
    """Step 3b: the effect of a kept `token` in `category` for an action of `colour`."""
    check_category(category)
    value = token_value(token, colour)
    if category == SUCCESS:
        # Black (+): any step toward resolving the task; coloured (+): an action of the colour.
        if token == BLACK:
            return BLACK_SUCCESS
        return COLOURED_SUCCESS if value == POSITIVE else NO_EFFECT
    if category == SACRIFICE:
        # (+): no effect; coloured (0): sacrifice by the colour; white (-): the GM's sacrifice.
        if value == NEUTRAL:
            return COLOURED_SACRIFICE
        return WHITE_SACRIFICE if value == NEGATIVE else NO_EFFECT
    return allocator(token, colour)


def placing_effect(target, token, colour):
    """Step 3c: the effect of a reserve or relationship `token` placed on `target`."""
    check_target(target)
    value = token_value(token, colour)
    if target == POSITIVE_TRAIT:
        # Black: "Counts as a Black success"; coloured (+): "counts as a Coloured
        # success"; coloured (0): no effect; white: "Exhaust the Trait".
        if token == BLACK:
            return BLACK_SUCCESS
        if value == POSITIVE:
            return COLOURED_SUCCESS
        return EXHAUST_TRAIT if value == NEGATIVE else NO_EFFECT
    if target == NEGATIVE_TRAIT:
        # Black: "Exhaust the Trait"; coloured (+): no effect; coloured (0): a
        # Coloured sacrifice of the token's colour (docs/rulings/colour-tokens.md);
        # white: "Counts as a White sacrifice".
        if token == BLACK:
            return EXHAUST_TRAIT
        if value == NEUTRAL:
            return COLOURED_SACRIFICE
        return WHITE_SACRIFICE if value == NEGATIVE else NO_EFFECT
    # Relationship column: only black on a beneficial one and white on a
    # detrimental one do anything; "a relationship allocated a coloured token has no effect".
    if target == BENEFICIAL_RELATIONSHIP and token == BLACK:
        return GAIN_BENEFIT
    if target == DETRIMENTAL_RELATIONSHIP and value == NEGATIVE:
        return GAIN_PENALTY
    return NO_EFFECT


def effect_detail(effect, token, colour):
    """The colour's own line of the table for a coloured success or sacrifice, else None."""
    if effect == COLOURED_SUCCESS:
        return COLOURED_SUCCESS_BY_COLOUR[colour]
    if effect == COLOURED_SACRIFICE:
        return COLOURED_SACRIFICE_BY_COLOUR[token]
    return None


def tally(effects):
    """(total successes, total sacrifices) of an action's effects, for the closing sentences."""
    successes = 0
    sacrifices = 0
    for effect in effects:
        if effect in SUCCESSES:
            successes += 1
        elif effect in SACRIFICES:
            sacrifices += 1
    return successes, sacrifices
