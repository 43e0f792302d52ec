# The emulated Raspberry Pi Pico (emu/pico.mjs) driven from Python: its parts,
# the emulator, and the CIRCUITPY drive of one running CircuitPython.
