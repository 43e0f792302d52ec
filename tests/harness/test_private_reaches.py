# Modules call each other's public names (issue 34): a reach into another
# object's private name (`x._name`, x not `self` or `cls`, or `from m import
# _name`) is one module leaning on another's insides. At most LIMIT in the
# whole product, each with its reason in a comment on its line or the line above.
import ast
import io
import tokenize

from tests.harness.test_module_sizes import ROOT, SKIPPED

LIMIT = 5
TREES = ("firmware", "host", "shared_rules", "web")


def reaches(source):
    """(line, text) of each reach into another object's private name in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found.extend((node.lineno, "from %s import %s" % (node.module, alias.name)) for alias in node.names
                         if alias.name.startswith("_") and not alias.name.startswith("__"))
            continue
        if not isinstance(node, ast.Attribute):
            continue
        name = node.attr
        if not name.startswith("_") or (name.startswith("__") and name.endswith("__")):
            continue        # public, or a dunder (`__name__`, `__file__`): the language's own
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue        # its own
        found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def comments(source):
    """{line: (comment text, alone on its line)} of a Python source."""
    return dict((token.start[0], (token.string, not token.line[:token.start[1]].strip()))
                for token in tokenize.generate_tokens(io.StringIO(source).readline) if token.type == tokenize.COMMENT)


def reason(said, line):
    """The comment on `line`, or on a line of its own just above it; None if neither."""
    if line in said:
        return said[line][0]
    above = said.get(line - 1)
    return above[0] if above is not None and above[1] else None


def product_reaches():
    """(path:line, text, reason or None) of every reach in the product."""
    out = []
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*.py")):
            if SKIPPED.intersection(path.relative_to(ROOT).parts):
                continue
            source = path.read_text(encoding="utf-8")
            said = comments(source)
            for line, text in reaches(source):
                out.append(("%s:%d" % (path.relative_to(ROOT).as_posix(), line), text, reason(said, line)))
    return out


def test_a_reach_into_another_objects_private_name_is_found():
    source = ("class A:\n"
              "    def f(self, core, cls):\n"
              "        self._x = core._game\n"          # a reach: core's
              "        cls._y.z = 1\n"                  # its own
              "        return store._save(), self.__dict__, E._ONES, self.board._write(b'')\n")
    assert reaches(source) == [(3, "core._game"), (5, "E._ONES"), (5, "self.board._write"), (5, "store._save")]
    assert reaches("x = a.__name__ + a.public\n") == []
    assert reaches("from m import a, _b as c, __version__\nfrom n import d as _d\n") == [(1, "from m import _b")]


def test_a_reason_is_the_comment_on_the_line_or_the_line_above():
    source = "# why\nx = a._b\ny = c._d  # because\nz = e._f\n"
    said = comments(source)
    assert [reason(said, line) for line, _ in reaches(source)] == ["# why", "# because", None]


def test_the_product_reaches_into_private_names_at_most_five_times_each_with_its_reason():
    found = product_reaches()
    listed = "\n".join("  %s %s%s" % (where, text, "" if why else " (no reason given)") for where, text, why in found)
    assert len(found) <= LIMIT, "%d reaches into another object's private names, at most %d:\n%s" % (
        len(found), LIMIT, listed)
    assert all(why for _, _, why in found), "a reach without its reason in a comment:\n" + listed
