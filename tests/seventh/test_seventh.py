# A seventh system is its own files plus one registry row (issue 34): a scratch
# copy of the tree takes Powered by the Apocalypse as docs/development.md's recipe
# adds a system (tests/seventh/scratch.py), and the shared tests that go through
# every system run there (the menu, cards, pace, panel, the serve schema, the
# bench's odds tables, make run's demo), with its own tests, on CPython and MicroPython.
import os
import subprocess
import sys

import pytest

from tests.seventh import scratch

# The shared tests that go through every system (a subset of make test's, chosen
# for what a new row reaches), and the seventh's own.
SHARED = (
    "tests/rules/test_registry.py", "tests/test_systems_named_once.py",
    "tests/core/test_menu.py", "tests/core/test_pace.py", "tests/core/test_ring.py", "tests/core/test_roll_op.py",
    "tests/host/test_cards.py", "tests/host/test_panel.py", "tests/host/test_longest_entries.py",
    "tests/host/test_bench_tables.py", "tests/host/test_setup_paths.py", "tests/host/test_registry_host.py",
    "tests/serve/test_shape.py",
    "tests/firmware/test_deploy.py", "tests/firmware/test_device_set.py",
    "tests/harness/test_generated_docs.py", "tests/harness/test_device_imports.py",
    "tests/harness/test_module_sizes.py", "tests/harness/test_comments.py",
    "tests/sync/test_make_run.py", "tests/sync/test_first_hour.py",
)
OWN = ("tests/rules/test_powered_by_the_apocalypse.py", "tests/core/test_powered_by_the_apocalypse_box.py",
       "tests/host/test_powered_by_the_apocalypse.py", "tests/properties/test_powered_by_the_apocalypse_sampling.py")
# On MicroPython (tests/mp/run.mjs): its own, and the shared ones of the box.
MICROPYTHON = ("test_powered_by_the_apocalypse", "test_menu", "test_pace", "test_ring", "test_registry")
LIMIT = 1800        # a hang guard far above a run's minutes on a busy machine


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    return scratch.make(tmp_path_factory.mktemp("seventh"))


def test_the_system_is_its_own_files_its_row_and_its_rulings(tree):
    edited, added = scratch.changed(tree)
    assert added == scratch.own_files()
    # The registry's row, the rulings' section, and the files the tree writes with a command.
    assert edited == sorted([scratch.REGISTRY, scratch.RULINGS_DOC] + list(scratch.GENERATED)), edited
    registry = (tree / scratch.REGISTRY).read_text(encoding="utf-8")
    assert registry.count("POWERED_BY_THE_APOCALYPSE") == 2       # its row, and its name in ROWS


def test_the_shared_tests_and_its_own_pass_with_a_seventh_row(tree):
    done = subprocess.run([sys.executable, "-m", "pytest", "-m", "not pico", "-p", "no:cacheprovider", "-x"]
                          + list(SHARED + OWN), cwd=tree, env=scratch.environment(tree),
                          capture_output=True, text=True, timeout=LIMIT)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    summary = done.stdout.strip().splitlines()[-1]          # "N passed in S s": none skipped, none failed
    assert " passed" in summary and "skipped" not in summary and "failed" not in summary, summary


def test_its_rules_and_the_box_s_shared_tests_pass_on_micropython(tree, tmp_path):
    modules = tmp_path / "rp2-modules.txt"
    listed = subprocess.run([sys.executable, os.path.join("tests", "mp", "rp2_modules.py")], cwd=tree,
                            env=scratch.environment(tree), capture_output=True, text=True, timeout=120, check=True)
    modules.write_text(listed.stdout)
    done = subprocess.run(["node", os.path.join("tests", "mp", "run.mjs"), "--allowed", str(modules),
                           "--only", ",".join(MICROPYTHON)], cwd=tree, capture_output=True, text=True, timeout=LIMIT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "tests.rules.test_powered_by_the_apocalypse" in done.stdout
    assert "tests.core.test_powered_by_the_apocalypse_box" in done.stdout and " 0 failed" in done.stdout


def test_the_bench_takes_its_odds_from_its_package(tree):
    # bench/mp_tables.py as make bench runs it, in the scratch tree: its queries are
    # there, named as `fatebox odds` takes them; its icepool model agrees where icepool is.
    script = ("import sys; sys.path[:0] = ['bench', '.']\n"
              "import mp_tables\n"
              "mine = [q for q in mp_tables.queries() if q[0] == 'powered-by-the-apocalypse']\n"
              "print(len(mine), mp_tables.describe(mine[-1]), mp_tables.compute(mine[-1]))\n"
              "try:\n    import icepool_tables\nexcept ImportError:\n    sys.exit(0)\n"
              "for q in mine:\n"
              "    a = dict((n, (c, d)) for n, c, d in mp_tables.compute(q) if c)\n"
              "    b = icepool_tables.named(q, icepool_tables.answer(q))\n"
              "    assert all(a[n][0] * b[n][1] == b[n][0] * a[n][1] for n in a) and set(a) == set(b), (q, a, b)\n"
              "print('icepool agrees')\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=tree, env=scratch.environment(tree),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    first = done.stdout.splitlines()[0]
    assert first.startswith("14 powered-by-the-apocalypse --modifier 3 --advantage ")
    assert "('strong-hit', 174, 216)" in first


def test_the_recipe_names_exactly_the_files_the_seventh_system_needed():
    # docs/development.md's table of a system's files is what tree/ holds, with
    # <package> and <name> for the seventh's: no file the recipe forgets, none it invents.
    import re
    text = (scratch.ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    table = text[text.index("| file | what |"):]
    table = table[:table.index("\n\n")]
    named = set()
    for line in table.splitlines()[2:]:
        first = line.split(" | ")[0]
        named.update(p.replace("<package>", "powered_by_the_apocalypse").replace("<name>", "keeler")
                     for p in re.findall(r"`([^`]+)`", first))
    assert named == set(scratch.own_files()), (sorted(named - set(scratch.own_files())),
                                               sorted(set(scratch.own_files()) - named))
