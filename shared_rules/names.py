# Names both sides use: systems, colours, protocol words. Defined once
# here (STYLE.md, "For this project" 4); kebab-case as in RULINGS.md. A system's
# own words (outcomes, statuses, tokens) are its package's: they leave RAM with it.

from shared_rules.registry import NAMES as _NAMES

# The game systems are the registry's rows (shared_rules/registry.py). The
# flagship, its first row (registry.DEFAULT), is the system of a sheet that names none.
SYSTEMS = _NAMES        # every system's name, the registry's order (derived: the registry lists them)

# Protocol v2 (docs/protocol.md): v1 plus revisions in list and get, the board's
# unique id in hello, one atomic transaction of several characters (begin,
# stage, commit) and the roll journal read page by page (journal).
PROTOCOL_VERSION = 2
FRAME_LIMIT = 4096          # bytes in one frame, newline included
# A journal entry's `ms` and the journal reply's `now`: the board's ticks_ms at
# 29 bits, which every runtime's ticks wrap at a multiple of (MicroPython 2**30,
# CircuitPython 2**29): the host's fetch time less (now - ms) is when it was played.
TICKS_MASK = 0x1FFFFFFF
OPS = ("hello", "list", "get", "put", "delete", "trial", "roll", "state", "repl", "begin", "stage", "commit",
       "journal", "info", "table", "entropy", "ask", "ask-cancel")
# The `entropy` op: at most this many random bytes per request (a page: its
# base64 fits a frame with room to spare, and the box's heap holds it).
ENTROPY_PAGE = 1024

# Typed errors (docs/protocol.md, "Errors")
E_FRAME = "bad-frame"        # not a frame: no marker, no checksum, not ASCII
E_CHECKSUM = "bad-checksum"  # the CRC does not match the payload
E_TOO_LONG = "too-long"      # the frame passed FRAME_LIMIT before its newline
E_JSON = "bad-json"          # the payload is not one JSON object
E_OP = "unknown-op"          # op is not one this device serves
E_REQUEST = "bad-request"    # a field is missing or of the wrong type
E_INVALID = "invalid"        # well-formed but against the rules (bag, draw, sheet)
E_NOT_FOUND = "not-found"    # no character by that name
E_STORAGE = "storage"        # flash full or failing: nothing was changed
E_VERSION = "version"        # the host speaks no version the device knows
E_FULL = "full"              # no room for another character
E_ENTROPY = "entropy"        # the random source failed a health test: no draw (docs/entropy.md)
E_CONFLICT = "conflict"      # a staged change expected another revision: the box changed meanwhile
E_TRANSACTION = "transaction"  # no such transaction, or its frames do not add up (count, CRC)
E_BUSY = "busy"              # play on the box could not let go of the character: try again
E_MEMORY = "memory"          # the box's heap had no room: it started again from its flash
E_ARGS = "bad-args"          # an `ask` the box cannot roll or show (its dice, its texts): named
ERRORS = (E_FRAME, E_CHECKSUM, E_TOO_LONG, E_JSON, E_OP, E_REQUEST, E_INVALID, E_NOT_FOUND,
          E_STORAGE, E_VERSION, E_FULL, E_ENTROPY, E_CONFLICT, E_TRANSACTION, E_BUSY, E_MEMORY, E_ARGS)


# Pixel colours (r, g, b) at full brightness; the ring scales them.
COLOUR_WHITE_TOKEN = (150, 140, 120)
COLOUR_BLACK_TOKEN = (70, 0, 120)     # violet: a black token must still glow
COLOUR_DANGER = (200, 0, 0)
COLOUR_DRAW = (200, 110, 0)
COLOUR_SUCCESS = (0, 180, 0)
COLOUR_PARTIAL_FAILURE = (200, 90, 0)
COLOUR_FAILURE = (200, 0, 0)
COLOUR_ERROR = (200, 0, 80)
# Dice told apart by colour, in turn (the ring draws them, serve's page as the ring showed them).
COLOUR_DICE = ((0, 150, 200), (200, 170, 0), (200, 0, 160), (150, 140, 120))
