# The registry's promise (issue 22): a system is one row, one object and its own
# files; no other product module names it (its name, words, package or a name of
# its own), so every caller goes through the object. What counts as naming is
# derived from the registry, not listed here: a new row is checked as it lands.
# Nor does a shared module keep a system's vocabulary (its outcomes, statuses,
# screens) for it: that is derived from the systems' own files (misplaced()).
import ast
import io
import re
import tokenize
from pathlib import Path

from shared_rules import registry

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("firmware", "host", "shared_rules", "web")


def _package(row):
    return row.package.rsplit(".", 1)[1]


def _own(row):
    """The files of `row`'s system: its package, play module (or package) and the modules
    beside it (<play>_help.py, <play>_op.py), host modules (host/fatebox/systems/<package>.py
    and <package>_*.py)."""
    package = _package(row)
    play = row.play.rsplit(".", 1)[1]
    host = (row.host or row.package).rsplit(".", 1)[1]
    return ("shared_rules/%s/" % package, "firmware/fatebox_fw/play/%s.py" % play,
            "firmware/fatebox_fw/play/%s/" % play, "firmware/fatebox_fw/play/%s_*" % play,
            "host/fatebox/systems/%s.py" % host, "host/fatebox/systems/%s_*" % host)


def _is_own(name, own):
    for o in own:
        if name == o or (o.endswith("/") and name.startswith(o)) or (o.endswith("*") and name.startswith(o[:-1])):
            return True
    return False


def _constant(row):
    """The registry's name for the row (NEW_BEGINNING): what `registry.X` and `names.X` spell."""
    return [key for key in dir(registry) if getattr(registry, key) is row][0]


def _patterns(row):
    package = _package(row)
    quoted = "[\"']%s[\"']" % re.escape(row.name)
    return [re.compile(p) for p in (
        quoted, re.escape(row.words) + r"\b", r"\b%s\b" % re.escape(package),
        r"\b%s\b" % re.escape(_constant(row)))]


def _code(path):
    """The file's code without its comments and docstrings: what it does, not what it says."""
    source = path.read_text(encoding="utf-8")
    out, previous = [], None
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            continue
        if token.type == tokenize.STRING and previous in (None, tokenize.INDENT, tokenize.NEWLINE,
                                                          tokenize.DEDENT, tokenize.NL):
            continue    # a docstring
        if token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            previous = token.type
        else:
            previous = token.type if token.type != tokenize.NL else previous
        out.append((token.start[0], token.string))
    lines = {}
    for line, text in out:
        lines.setdefault(line, []).append(text)
    return dict((line, " ".join(parts)) for line, parts in lines.items())


def _files():
    for top in PRODUCT:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "__pycache__" not in path.parts:
                yield path.relative_to(ROOT).as_posix(), path


def found():
    """[(file, line, system, text)] wherever a module outside a system's files names it."""
    out = []
    rows = [(row, _own(row), _patterns(row)) for row in registry.ROWS]
    for name, path in _files():
        if name == "shared_rules/registry.py":
            continue        # the one list
        code = None
        for row, own, patterns in rows:
            if _is_own(name, own):
                continue
            code = code if code is not None else _code(path)
            for line, text in sorted(code.items()):
                if any(p.search(text) for p in patterns):
                    out.append((name, line, row.name, text))
    return out


def _system(name, owns):
    """The system whose own file `name` is, or None: a shared module."""
    for system, own in owns:
        if _is_own(name, own):
            return system
    return None


def _dotted(name):
    """The module a product file is: host/fatebox/sheets/table.py -> fatebox.sheets.table."""
    parts = name[:-len(".py")].split("/")
    if parts[0] in ("firmware", "host"):
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


class _Facts:
    """What the check reads of a module: its module-level UPPER_CASE constants
    [(line, name, its value if a literal else None)] and what its code reads,
    (module, name) pairs ("" for its own module's names)."""

    def __init__(self, source):
        tree = ast.parse(source)
        self.constants, self.reads = [], set()
        for node in tree.body:
            if isinstance(node, ast.Assign):
                try:
                    value = ast.literal_eval(node.value)
                except (ValueError, TypeError, SyntaxError):
                    value = None        # made of other names: read below
                for target in node.targets:
                    pairs = [(target, value)]
                    if isinstance(target, ast.Tuple):       # A, B = "a", "b": each its own
                        values = value if isinstance(value, tuple) and len(value) == len(target.elts) else None
                        pairs = [(t, values and values[i]) for i, t in enumerate(target.elts)]
                    for t, v in pairs:
                        if isinstance(t, ast.Name) and t.id.isupper() and not t.id.startswith("_"):
                            self.constants.append((node.lineno, t.id, v))
        modules, imported = {}, {}      # a local name -> the module it is; -> (module, name) it is
        for n in ast.walk(tree):
            if isinstance(n, ast.Import):
                for a in n.names:
                    if a.asname:
                        modules[a.asname] = a.name
            elif isinstance(n, ast.ImportFrom) and n.module:
                for a in n.names:
                    # `from package import module` or `from module import name`: either may be meant.
                    modules[a.asname or a.name] = n.module + "." + a.name
                    imported[a.asname or a.name] = (n.module, a.name)
        for n in ast.walk(tree):
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in modules:
                self.reads.add((modules[n.value.id], n.attr))
            elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                self.reads.add(imported.get(n.id, ("", n.id)))


def vocabulary(facts, owns):
    """{system: (names, values)}: the constant names and string values at module level
    in a system's own files that no other system's own files define."""
    defined = {}
    for name, fact in facts.items():
        system = _system(name, owns)
        if system is not None:
            names, values = defined.setdefault(system, (set(), set()))
            for _, constant, value in fact.constants:
                names.add(constant)
                if isinstance(value, str):
                    values.add(value)
    out = {}
    for system, (names, values) in defined.items():
        others = [defined[s] for s in defined if s != system]
        out[system] = (names - set().union(*[o[0] for o in others]), values - set().union(*[o[1] for o in others]))
    return out


def _number(value):
    return isinstance(value, (int, float)) or (isinstance(value, tuple) and value and all(map(_number, value)))


def misplaced(facts, owns):
    """[(file, line, system, text)]: a shared module's constant that is a system's. One no
    shared code reads (its own module included) is that system's when only that system's
    files read it (a word, not a number: numbers are limits and indices), or when its name
    or value is one only that system's files define. One shared code reads is its own word
    that happens to match (buttons.SHORT, Axiom's range)."""
    words = vocabulary(facts, owns)
    out = []
    for name, fact in sorted(facts.items()):
        if name == "shared_rules/registry.py" or _system(name, owns) is not None:
            continue        # the one list; a system's own file
        module = _dotted(name)
        for line, constant, value in fact.constants:
            readers = set()
            for other, seen in facts.items():
                if (module if other != name else "", constant) in seen.reads:
                    readers.add(_system(other, owns))
            if None in readers:
                continue    # shared code reads it: a word of its own
            for system, (names, values) in sorted(words.items()):
                if (readers == {system} and not _number(value)) or constant in names or (
                        isinstance(value, str) and value in values):
                    out.append((name, line, system, "%s = %r" % (constant, value) if value is not None else constant))
    return out


def _owns():
    return [(row.name, _own(row)) for row in registry.ROWS]


def _facts():
    return dict((name, _Facts(path.read_text(encoding="utf-8"))) for name, path in _files())


def test_the_check_finds_a_system_named_outside_its_files(tmp_path):
    row = registry.ROWS[-1]
    patterns = _patterns(row)
    for text in ('if system == "%s":' % row.name, "registry.%s.name" % _constant(row),
                 "from shared_rules.%s import roll" % _package(row), 'words = "%s dice"' % row.words):
        assert any(p.search(text) for p in patterns), text
    assert not any(p.search("registry.rules(system).roll(setup)") for p in patterns)


def test_no_product_module_names_a_system_outside_its_own_files():
    hits = found()
    assert not hits, "\n".join("%s:%d names %s: %s" % hit for hit in hits)


def test_the_check_finds_a_systems_word_kept_in_a_shared_module():
    owns, facts = _owns(), _facts()
    row = registry.ROWS[0]
    names, values = vocabulary(facts, owns)[row.name]
    own = _own(row)[0] + "__init__.py"          # its package, as shared_rules/<package>/__init__.py
    value, constant = sorted(values)[0], sorted(names)[0]
    for source in ("WORD = %r\n" % value, "%s = 1\n" % constant):
        changed = dict(facts, **{"shared_rules/names.py": _Facts(source)})
        assert [hit[2] for hit in misplaced(changed, owns)] == [row.name], source
    # A shared constant only that system's files read, whatever its name and value.
    changed = dict(facts, **{"shared_rules/names.py": _Facts("LONELY_WORD = 'lonely'\n"),
                             own: _Facts("from shared_rules import names as N\nX = N.LONELY_WORD\n")})
    assert [hit[2] for hit in misplaced(changed, owns)] == [row.name]
    # Read by shared code too: a word of its own.
    changed["firmware/fatebox_fw/ring.py"] = _Facts("from shared_rules import names as N\nprint(N.LONELY_WORD)\n")
    assert misplaced(changed, owns) == []


def test_no_shared_module_keeps_a_systems_vocabulary():
    hits = misplaced(_facts(), _owns())
    assert not hits, "\n".join("%s:%d keeps %s's %s" % hit for hit in hits)


# Files the tree generates (a command rewrites them, a test checks they are current).
GENERATED = ("firmware/package.json",)


def named_elsewhere():
    """[(file, line, system, text)] wherever a product file that is not Python (a schema,
    a page, a script) names a system in its kebab-case name or its words."""
    out = []
    for top in PRODUCT:
        for path in sorted((ROOT / top).rglob("*")):
            name = path.relative_to(ROOT).as_posix()
            if (not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts
                    or name in GENERATED):
                continue
            try:
                lines = path.read_text(encoding="utf-8").splitlines()
            except UnicodeDecodeError:
                continue
            for row in registry.ROWS:
                patterns = _patterns(row)[:2]
                for number, text in enumerate(lines, 1):
                    if any(p.search(text) for p in patterns):
                        out.append((name, number, row.name, text.strip()))
    return out


def test_no_other_product_file_names_a_system():
    # result.schema.json listed the six by name: a seventh's results failed it (issue 34).
    hits = named_elsewhere()
    assert not hits, "\n".join("%s:%d names %s: %s" % hit for hit in hits)
