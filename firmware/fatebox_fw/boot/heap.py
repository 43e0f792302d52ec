# What a heap holds when Fatebox runs from .mpy files on a stock CircuitPython
# (every module's bytecode in the heap): the box's capacity and `fatebox deploy`'s check.
import gc

# The heap's size is gc.mem_free() + gc.mem_alloc() after a collection: the
# same at the REPL (what `fatebox deploy` asks) and in code.py (what the box
# asks at boot). Bytes, measured on the emulated Pico with the stock
# CircuitPython 10.2.1 uf2 and Fatebox's .mpy files (bench/cp_heap_steps.py;
# docs/circuitpython.md, Fits?, has the steps):
BOX = 106932        # the box holding no character: every module's bytecode, its buffers, the store
CHARACTER = 2044    # one character more, kept as its sheet's text
PLAY = 49008        # New Beginning's play made (the largest system's) and a trial played on it
SPARE = 7168        # free after it in a heap in pieces: a request's, an event's frame
STOCK_RP2040 = 163520   # that uf2's heap: what `fatebox deploy` counts on an RP2040 it cannot ask


def needed(characters):
    """The heap (bytes) that holds `characters` and plays the largest system on them."""
    return BOX + PLAY + SPARE + characters * CHARACTER


def holds(heap, most):
    """How many characters a heap of `heap` bytes holds and plays (0 to `most`)."""
    return max(0, min(most, (heap - needed(0)) // CHARACTER))


def size():
    """This heap's size in bytes."""
    gc.collect()
    return gc.mem_free() + gc.mem_alloc()
