# boot.py for the heap bench (bench/pico_heap.py) on the emulated Pico: a
# ballast of N bytes taken from the heap before the firmware starts (main.py,
# frozen or on the flash, runs after boot.py), kept referenced in __main__ for
# as long as the box runs. N comes from the emulator (emu/pico.mjs --ballast N
# puts it in the watchdog's SCRATCH0, a marker in SCRATCH1); without the
# marker (no --ballast, or a real board) nothing is taken.
# `heap_at_boot` is what gc.mem_free() said here, before the ballast.
import gc
import machine

gc.collect()
heap_at_boot = gc.mem_free()
if machine.mem32[0x40058010] == 0x0BA11A57:
    ballast = bytearray(machine.mem32[0x4005800C])
del machine
