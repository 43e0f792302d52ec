"""The generated parts of the docs, each between `<!-- generated: NAME -->` and
`<!-- end: NAME -->` in README.md or docs/*.md, written from the tree's own data:
the systems from the registry and each system's own files (docs/systems.md),
the benches' figures from bench/results/*.json (docs/performance.md).

    .venv/bin/python tools/docs.py           # write them again
    .venv/bin/python tools/docs.py --check   # exit 1 naming each one that is not current

tests/harness/test_generated_docs.py fails while one is not current.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for where in (os.path.join(ROOT, "host"), os.path.join(ROOT, "firmware"), ROOT):
    if where not in sys.path:
        sys.path.insert(0, where)

REGION = re.compile(r"(<!-- generated: ([a-z-]+) -->\n)(.*?)(<!-- end: \2 -->)", re.S)


def documents():
    """The Markdown files that may hold generated parts."""
    out = [os.path.join(ROOT, "README.md")]
    folder = os.path.join(ROOT, "docs")
    out += sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".md"))
    return out


def renderers():
    """{region name: function returning its Markdown}."""
    import docs_bench
    import docs_systems
    out = dict(docs_systems.REGIONS)
    out.update(docs_bench.REGIONS)
    return out


def written(text, render):
    """`text` with every generated part rendered again; KeyError for a region no renderer has."""
    def replace(match):
        name = match.group(2)
        if name not in render:
            raise KeyError("<!-- generated: %s --> names no part tools/docs.py writes (%s)"
                           % (name, ", ".join(sorted(render))))
        return match.group(1) + render[name]().rstrip("\n") + "\n" + match.group(4)
    return REGION.sub(replace, text)


def stale(render=None):
    """[(path, new text)] of the documents whose generated parts are not current."""
    render = render or renderers()
    out = []
    for path in documents():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new = written(text, render)
        if new != text:
            out.append((path, new))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a part is not current")
    args = parser.parse_args(argv)
    found = stale()
    for path, new in found:
        name = os.path.relpath(path, ROOT)
        if args.check:
            print("tools/docs.py: %s is not current: run .venv/bin/python tools/docs.py" % name, file=sys.stderr)
            continue
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(new)
        os.replace(path + ".tmp", path)
        print("tools/docs.py: wrote %s" % name)
    return 1 if found and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
