# What an ask may hold (the `ask` op: docs/protocol.md, Asked rolls), for the box
# and the host alike. On a board, in RAM with the ask's play only (memory.ASK).

# Journaled under this system, which is no registry row (no sheet, no outcome).
ASK_SYSTEM = "dice"
ASK_DICE = 20               # dice in one ask at most
ASK_FACES = (2, 100)        # a die's faces, both ends included
ASK_ID = 32                 # an ask's id, printable ASCII characters at most
ASK_FROM = 40               # who asked, characters at most
ASK_LABEL = 60              # what for, characters at most
ASK_WAITING = 4             # asks waiting besides the one on the ring
