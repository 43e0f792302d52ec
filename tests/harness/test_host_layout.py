# The host in packages by concern (issue 34): at most 15 modules at the top of
# host/fatebox/, the rest in its packages (docs/development.md, the table).
from tests.harness.test_module_sizes import ROOT

HOST = ROOT / "host" / "fatebox"
LIMIT = 15


def top_modules(folder=HOST):
    return sorted(p.name for p in folder.glob("*.py"))


def test_at_most_15_modules_at_the_top_of_the_host():
    found = top_modules()
    assert "entry.py" in found, found      # the walk looks where the host is
    assert len(found) <= LIMIT, "%d modules at the top of host/fatebox (at most %d): %s; move some into " \
        "the package of their concern" % (len(found), LIMIT, ", ".join(found))


def test_every_package_of_the_host_is_in_the_docs_table():
    table = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    packages = sorted(p.name for p in HOST.iterdir() if (p / "__init__.py").is_file())
    missing = [name for name in packages if "| `%s/` |" % name not in table]
    assert not missing, "docs/development.md's table of the host's packages lacks: %s" % ", ".join(missing)
