# The registry's promise (issue 22): a system is one row, one object and its own
# files; no other product module names it (its name, words, package or a name of
# its own), so every caller goes through the object. What counts as naming is
# derived from the registry, not listed here: a new row is checked as it lands.
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
