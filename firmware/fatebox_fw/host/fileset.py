# What a board gets, by folder: every module of the device packages but those
# in a folder named host, and of fatebox_fw/hal/ only that board's own folder.
# The one file set of `fatebox deploy`, Fatebox's image and the page's build.
import json
from pathlib import Path

MICROPYTHON = "micropython"
CIRCUITPYTHON = "circuitpython"
RUNTIMES = (MICROPYTHON, CIRCUITPYTHON)
# The packages that are ours on a board: deploy owns every file under them.
PACKAGES = ("shared_rules", "fatebox_fw")
# A folder named so holds what only the host and the tests read (words, help
# tables, host-only rules, this module): never on a board.
HOST = "host"
# Each runtime's folders under fatebox_fw/hal/: its board's, and the store on
# CIRCUITPY's FAT drive for CircuitPython's; the other folders there are other
# boards' (the desktop's virtual/, the browser's web/).
BOARD = {MICROPYTHON: ("rp2",), CIRCUITPYTHON: ("circuitpython", "fat")}
# Entry points, kept as source: the runtime looks for these names (paths under firmware/).
ENTRY = {
    MICROPYTHON: {"main.py": "main.py"},
    CIRCUITPYTHON: {"boot.py": "circuitpython/boot.py", "code.py": "circuitpython/code.py"},
}


def on_board(board_path, board):
    """True when the module at `board_path` (`fatebox_fw/...`, `shared_rules/...`)
    goes to a board whose folders under fatebox_fw/hal/ are `board` (BOARD's)."""
    parts = board_path.split("/")
    if HOST in parts[1:-1]:
        return False
    return not (parts[0] == "fatebox_fw" and parts[1] == "hal" and len(parts) > 3 and parts[2] not in board)


def modules(folders, board):
    """(board path, local path) of every module a board gets whose folders under
    fatebox_fw/hal/ are `board`; `folders`: (package, its folder) pairs, PACKAGES' order."""
    out = []
    for package, local in folders:
        local = Path(local)
        for path in sorted(local.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            board_path = package + "/" + path.relative_to(local).as_posix()
            if on_board(board_path, board):
                out.append((board_path, path))
    return out


def profile(path):
    """(board name, its bytes) of the board profile at `path`, checked by the
    firmware's own loader (so a wrong pin is refused before anything is
    written): OSError if it cannot be read, ValueError if it is no JSON,
    ProfileError (fatebox_fw.boot.profile) naming the field that is wrong."""
    from fatebox_fw.boot.profile import validate
    data = Path(path).read_bytes()
    return validate(json.loads(data.decode("utf-8")))["board"], data
