# CircuitPython's entry point for Fatebox (copied to the CIRCUITPY drive as
# /code.py): the box on the CircuitPython board from /board.json. Hold BACK
# at reset for safe mode (no box, the REPL free, and boot.py leaves the
# drive writable by the computer). docs/circuitpython.md.
try:
    from fatebox_fw.hal.circuitpython import CircuitPythonBoard
    from fatebox_fw.start import start
except ImportError as exc:
    # A library missing from lib/ (neopixel), or a deploy cut short: say what
    # to do on the console (the ring needs the library to say anything), once,
    # without a traceback that buries it; code.py then ends.
    print("fatebox: cannot start: %s. Copy neopixel.mpy (the Adafruit bundle, or "
          "`circup install neopixel`) into CIRCUITPY/lib, and run `fatebox deploy --runtime "
          "circuitpython --to CIRCUITPY` again if a deploy was cut short (docs/circuitpython.md)" % exc)
    CircuitPythonBoard = start = None


def main(make_board=None):
    return start(make_board or CircuitPythonBoard)


if __name__ == "__main__" and start is not None:
    main()
