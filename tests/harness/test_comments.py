# Comments say why in a line or two and carry no measurements (issue 22): a
# figure someone measured goes stale in a comment; it lives in docs/performance.md.
import ast
import io
import re
import tokenize

from tests.harness.test_module_sizes import ROOT, SKIPPED

# A figure with a unit of size or time.
FIGURE = r"\d[\d,]*(?:\.\d+)?\s?(?:KB|kB|KiB|MB|bytes|ms|µs|s|%)(?![\w])"
# What marks a figure as measured rather than a limit the code sets: an
# approximation, an exact count of bytes, a verb of cost, or where it was found.
MEASURED = (
    re.compile(r"~\s?" + FIGURE),
    re.compile(r"\b\d{1,3}(?:,\d{3})+\s?bytes\b"),
    re.compile(r"\b(?:takes|took|costs|measured)\b[^.;:]{0,40}?" + FIGURE),
    re.compile(FIGURE + r"[^.;]{0,30}?\b(?:in one run|on the emulated Pico|on an RP2040)\b"),
)
TREES = (("firmware", ("*.py",)), ("host", ("*.py", "*.js")), ("shared_rules", ("*.py",)),
         ("web", ("*.py", "*.js", "*.mjs")), ("emu", ("*.mjs",)))


def measured(text):
    text = " ".join(text.split())
    return any(pattern.search(text) for pattern in MEASURED)


def python_prose(source):
    """Each comment and docstring of a Python source, with its line."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc is not None:
                yield node.body[0].lineno, doc


def script_prose(source):
    """Each // comment and /* */ block of a JavaScript source, with its line."""
    for match in re.finditer(r"//[^\n]*|/\*.*?\*/", source, re.S):
        yield source.count("\n", 0, match.start()) + 1, match.group()


def product_files():
    for folder, patterns in TREES:
        for pattern in patterns:
            for path in sorted((ROOT / folder).rglob(pattern)):
                if not SKIPPED.intersection(path.relative_to(ROOT).parts):
                    yield path


def test_a_measurement_in_a_comment_is_found():
    # The comments the audit of main found, as they were.
    for text in ("# several ms on an RP2040; ten in one turn held the buttons ~90 ms).",
                 "# Only a changed frame goes out: the NeoPixel write takes ~0.4 ms.",
                 "# one string (8 characters can be ~30 KB of JSON).",
                 "them in pools, each new pool twice the last (1,280 entries, 7.7 KB in one\n    run",
                 "# pool of names (7.7 KB) in a tight heap (tried on the emulated Pico).",
                 "(a `state` costs several ms; 68,608 bytes unused)"):
        assert measured(text), text


def test_a_limit_or_a_rule_in_a_comment_is_no_measurement():
    for text in ("# serial bytes taken per tick at most: a 4 KiB frame in 16 ticks",
                 "# held for 100 ms, so a bounce or a glitch is no request",
                 "# rules: a resistance costs 6 - highest in stress (a critical clears 1); a push, 2.",
                 "// a 1 is a long high pulse (~800 ns)",
                 "# 4 KB, and each copy needs that much free heap in one run on the board."):
        assert not measured(text), text


def test_the_walk_reads_comments_and_docstrings():
    found = list(python_prose('"""Module."""\n# a comment\ndef f():\n    """Its doc."""\n'))
    assert sorted(text for _, text in found) == ["# a comment", "Its doc.", "Module."]
    assert [text for _, text in script_prose("let a = 1; // one\n/* two\n */\n")] == ["// one", "/* two\n */"]


def test_no_product_comment_carries_a_measurement():
    found = []
    for path in product_files():
        source = path.read_text(encoding="utf-8")
        prose = python_prose(source) if path.suffix == ".py" else script_prose(source)
        found.extend("%s:%d: %s" % (path.relative_to(ROOT).as_posix(), line, " ".join(text.split())[:120])
                     for line, text in prose if measured(text))
    assert not found, "figures belong in docs/performance.md, not comments:\n" + "\n".join(found)
