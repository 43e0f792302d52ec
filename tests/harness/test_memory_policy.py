# One memory policy (issue 22): a module or a system's rules that leave RAM
# after a request do so through memory.using, never a try/finally written by hand.
import ast

from tests.harness.test_module_sizes import ROOT

FIRMWARE = ROOT / "firmware"
POLICY = FIRMWARE / "fatebox_fw" / "memory.py"
# What takes modules out of RAM (fatebox_fw.memory).
LETTING_GO = {"unload", "drop", "let_go"}


def called(node):
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)


def by_hand(source):
    """The lines of each try/finally whose finally takes modules out of RAM."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Try) and node.finalbody:
            for inner in node.finalbody:
                for call in ast.walk(inner):
                    if isinstance(call, ast.Call) and called(call) in LETTING_GO:
                        found.append(call.lineno)
    return found


def test_a_finally_that_unloads_is_found():
    source = "def f(store):\n    try:\n        g()\n    finally:\n        f.close()\n        unload(store.live)\n"
    assert by_hand(source) == [6]
    assert by_hand("try:\n    g()\nfinally:\n    memory.drop(('x',))\n") == [4]
    assert by_hand("with using(live=x):\n    try:\n        g()\n    finally:\n        f.close()\n") == []


def test_no_firmware_module_lets_modules_go_in_a_finally_of_its_own():
    found = []
    for path in sorted(FIRMWARE.rglob("*.py")):
        if path == POLICY or "__pycache__" in path.parts or "image" in path.relative_to(FIRMWARE).parts:
            continue
        found.extend("%s:%d" % (path.relative_to(ROOT).as_posix(), line)
                     for line in by_hand(path.read_text(encoding="utf-8")))
    assert not found, "use memory.using: %s" % ", ".join(found)
