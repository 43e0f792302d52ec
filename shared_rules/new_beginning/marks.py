# New Beginning's listed lessons and scars (rules/new-beginning.md, Examples of
# Lesson and Scar), as data in effects' vocabulary: docs/rulings.md says how each
# ambiguous sentence is read. Apart from effects so that a draw does not hold
# them: effects.listed() reads them when a sheet or the host names one.

LESSONS = (
    {"name": "Dream Team", "kind": "lesson", "effects": [{"do": "add-white", "count": 1}]},
    {"name": "The Supermoon", "kind": "lesson", "effects": [{"do": "add-white", "count": 2}]},
    {"name": "Perseverance", "kind": "lesson", "effects": [{"do": "draw-another", "count": 1, "when": "failed"}]},
    {"name": "Lucky After All", "kind": "lesson", "effects": [{"do": "place-on-fail", "count": 1}]},
    {"name": "Seer", "kind": "lesson", "effects": [{"do": "spend-twice", "beyond": 1, "if": "predicted"}]},
    {"name": "Thrift", "kind": "lesson", "effects": [{"do": "take-to-trait", "count": 1, "colour": "white"}]},
    {"name": "Order", "kind": "lesson", "effects": [{"do": "burn", "white": 2, "black": 1}]},
)
SCARS = (
    {"name": "Tough", "kind": "scar", "effects": [{"do": "place-black", "count": 1, "when": "failed"}]},
    {"name": "Quick Thinking", "kind": "scar", "effects": [{"do": "retry-with-extra-black", "count": 1, "extra-black": 1}]},
    {"name": "Persistent", "kind": "scar", "effects": [{"do": "return-and-redraw", "count": 1}]},
    {"name": "Divide and Conquer", "kind": "scar", "effects": [{"do": "swap-with-bag", "spend-swapped": True}]},
    {"name": "Over the Top", "kind": "scar", "effects": [{"do": "forced-draw-all-but-one"},
                                                         {"do": "return-black", "count": 1, "cap-whites": 1}]},
    {"name": "Cautious", "kind": "scar", "effects": [{"do": "burn-all-but", "white": 1, "black": 1}]},
    {"name": "Control Freak", "kind": "scar", "effects": [{"do": "place-all", "cost": 1}]},
)
