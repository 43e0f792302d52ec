# The CircuitPython board and its store on the FAT drive: what `fatebox deploy
# --runtime circuitpython` puts on it beside the shared modules.
