# CircuitPython's entry point for Fatebox (copied to the CIRCUITPY drive as
# /code.py): the gadget on the CircuitPython board from /board.json. Hold BACK
# at reset for safe mode (no gadget, the REPL free, and boot.py leaves the
# drive writable by the computer). docs/circuitpython.md.
from fatebox_fw.hal.circuitpython import CircuitPythonBoard
from fatebox_fw.start import start


def main(make_board=CircuitPythonBoard):
    return start(make_board)


if __name__ == "__main__":
    main()
