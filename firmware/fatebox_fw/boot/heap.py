# What a heap holds when Fatebox runs from .mpy files on a stock CircuitPython
# (every module's bytecode in the heap): the box's capacity and `fatebox deploy`'s check.
import gc

# The heap's size is gc.mem_free() + gc.mem_alloc() after a collection: the
# same at the REPL (what `fatebox deploy` asks) and in code.py (what the box
# asks at boot). Bytes, on the emulated Pico with the stock CircuitPython
# 10.2.1 uf2 (a heap of 163,520) and Fatebox's .mpy files, from the steps
# bench/cp_heap_steps.py printed (docs/circuitpython.md, Fits?):
BOX = 106932        # the box holding no character: every module's bytecode, its buffers, the store
CHARACTER = 2044    # one character more, kept as its sheet's text
PLAY = 49008        # New Beginning's play made (the largest system's) and a trial played on it
SPARE = 5120        # left free after that trial: one character's trial left 5,536 and played on,
#                     two characters' 4,672 in pieces and a result's 368-byte frame found no room


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
