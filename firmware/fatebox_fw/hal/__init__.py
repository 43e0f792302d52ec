# Hardware backends for the app core: rp2 (MicroPython on the board) and
# virtual (CPython, a pseudo-terminal). Import the one you need by name.
