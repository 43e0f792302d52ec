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


# -- the table (fatebox_fw.memory): what is in RAM when -------------------------------

def _table():
    import sys
    for where in (str(ROOT), str(FIRMWARE)):
        if where not in sys.path:
            sys.path.insert(0, where)
    from fatebox_fw import memory
    return memory


def _dotted(board_path):
    parts = board_path[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _boards_modules():
    """{dotted name: the runtimes whose boards get it} of every device module."""
    memory = _table()
    from fatebox_fw.host import fileset as device
    folders = (("shared_rules", ROOT / "shared_rules"), ("fatebox_fw", FIRMWARE / "fatebox_fw"))
    out = {}
    for runtime in device.RUNTIMES:
        for board_path, _ in device.modules(folders, device.BOARD[runtime]):
            out.setdefault(_dotted(board_path), []).append(runtime)
    assert memory is not None
    return out


def _rows(memory):
    """(row, module) of every module the table names."""
    out = [("RESIDENT", m) for m in memory.RESIDENT] + [("ONCE_ASKED", m) for m in memory.ONCE_ASKED]
    out += [("BOOT_ONLY", m) for m in memory.BOOT_ONLY] + [("MENU", memory.MENU)]
    out += [("ASK", m) for m in memory.ASK]
    for module, brings in memory.PER_REQUEST:
        out.append(("PER_REQUEST", module))
        out += [("PER_REQUEST", m) for m in brings]      # brought by another request's module
    return out


def _a_systems(memory, module):
    """The system `module` belongs to (its play, rules, or its own op), or None."""
    from shared_rules import registry
    for row in registry.ROWS:
        if row.op is not None and module == row.play + "_op":
            return row.name
    return memory.owner(module)


def test_every_module_a_board_gets_is_in_one_row_of_the_table():
    memory = _table()
    named = {}
    for row, module in _rows(memory):
        if row not in named.setdefault(module, []):
            named[module].append(row)
    twice = ["%s (%s)" % (m, ", ".join(rows)) for m, rows in sorted(named.items()) if len(rows) > 1]
    assert not twice, "in more than one row of fatebox_fw.memory's table: " + "; ".join(twice)
    missing = [m for m in sorted(_boards_modules()) if m not in named and _a_systems(memory, m) is None
               and not m.endswith(memory.CHECK_ONLY)]
    assert not missing, "in no row of fatebox_fw.memory's table (nor a system's, nor a check): " + ", ".join(missing)


def test_every_row_of_the_table_is_a_module_a_board_gets():
    memory = _table()
    modules = _boards_modules()
    stale = ["%s (%s)" % (m, row) for row, m in _rows(memory) if m not in modules]
    assert not stale, "the table names modules no board gets: " + ", ".join(stale)


def test_a_module_that_comes_in_for_a_time_is_none_of_the_resident():
    memory = _table()
    timed = [m for row, m in _rows(memory) if row not in ("RESIDENT", "ONCE_ASKED")]
    assert not set(timed) & set(memory.RESIDENT + memory.ONCE_ASKED)
    for row, module in _rows(memory):
        assert _a_systems(memory, module) is None and not module.endswith(memory.CHECK_ONLY), module


def _usings(source):
    """(line, what using() is asked to import) of each call: its literal name, or
    the expression's text when it is not one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and called(node) == "using" and node.args:
            arg = node.args[0]
            found.append((node.lineno, arg.value if isinstance(arg, ast.Constant) else ast.unparse(arg)))
    return found


def test_a_using_is_found_with_what_it_imports():
    assert _usings("with using('a.b') as m:\n    pass\nwith memory.using(row.play + '_op'):\n    pass\n"
                   "with using(live=x):\n    pass\n") == [(1, "a.b"), (3, "row.play + '_op'")]


def test_every_module_brought_in_for_a_request_is_a_row_of_the_table():
    memory = _table()
    rows = [module for module, _ in memory.PER_REQUEST]
    found = []
    for path in sorted(FIRMWARE.rglob("*.py")):
        if path == POLICY or "__pycache__" in path.parts:
            continue
        for line, name in _usings(path.read_text(encoding="utf-8")):
            # a system's own op (its registry row's `op`): the table's through the registry
            if name not in rows and name != "row.play + '_op'":
                found.append("%s:%d using(%s)" % (path.relative_to(ROOT).as_posix(), line, name))
    assert not found, "not a PER_REQUEST row of fatebox_fw.memory: " + ", ".join(found)


def _top_imports(path):
    """The dotted names a module imports outside its functions (when it is imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(node.module + "." + a.name for a in node.names)
        stack.extend(ast.iter_child_nodes(node))
    return out


def test_no_resident_module_imports_one_that_comes_in_for_a_time():
    memory = _table()
    timed = set(m for row, m in _rows(memory) if row not in ("RESIDENT", "ONCE_ASKED"))
    found = []
    for module in memory.RESIDENT:
        parts = module.split(".")
        base = FIRMWARE if parts[0] == "fatebox_fw" else ROOT
        path = base.joinpath(*parts).with_suffix(".py")
        if not path.is_file():
            path = base.joinpath(*parts) / "__init__.py"
        found += ["%s imports %s" % (module, m) for m in sorted(_top_imports(path) & timed)]
    assert not found, "at the top of a resident module, so never out of RAM: " + ", ".join(found)
