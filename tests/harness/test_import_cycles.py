# No import cycles among product modules (shared_rules, fatebox_fw, fatebox):
# every import counts, at the top of a file or inside a function, since an
# import inside a function still ties the two modules together. A module's own
# packages are left out: Python imports them first whatever the module says.
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {"shared_rules": ROOT / "shared_rules",
            "fatebox_fw": ROOT / "firmware" / "fatebox_fw",
            "fatebox": ROOT / "host" / "fatebox"}


def modules():
    """{dotted name: path} of every product module."""
    found = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = [package] + list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _resolve(name, known):
    """The product module `name` denotes (a module, or its package when it names an attribute)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(module, path, known):
    """The product modules `module` imports anywhere in its file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            # `from package import module` imports the module; `from module import name` the module.
            names = [base + "." + a.name for a in node.names] + [base]
        for name in names:
            target = _resolve(name, known)
            if target and target != module and not module.startswith(target + "."):
                out.add(target)
    return out


def graph():
    known = modules()
    return {m: imports(m, p, known) for m, p in known.items()}


def cycles(edges):
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_relative_and_from_imports_resolve_to_modules(tmp_path):
    known = {"p": tmp_path / "__init__.py", "p.a": tmp_path / "a.py", "p.b": tmp_path / "b.py"}
    (tmp_path / "a.py").write_text("from . import b\nfrom p.b import thing\n")
    assert imports("p.a", known["p.a"], known) == {"p.b"}


def test_no_import_cycles_among_product_modules():
    found = cycles(graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)
