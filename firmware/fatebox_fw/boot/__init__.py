# What only starting the box needs (the board profile's checks, safe mode, the
# warm-up): out of RAM once the box runs (fatebox_fw.memory, BOOT).
