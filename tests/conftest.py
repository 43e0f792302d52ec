# Every test run keeps its own runtime folder for virtual gadgets (host/fatebox/
# gadgets.py), so a `make run` going on beside the tests is never found by them.
import atexit
import os
import shutil
import tempfile

os.environ["FATEBOX_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="fatebox-test-runtime-")
# Host records for the whole run as well (a module's fixture starts before the
# per-test file below is set): a test never writes into the user's own records.
os.environ["FATEBOX_DB"] = os.path.join(tempfile.mkdtemp(prefix="fatebox-test-records-"), "fatebox.sqlite3")
# both gone when the run ends
atexit.register(shutil.rmtree, os.environ["FATEBOX_RUNTIME_DIR"], True)
atexit.register(shutil.rmtree, os.path.dirname(os.environ["FATEBOX_DB"]), True)

# Ctrl-C as a terminal sends it: a run started in the background by a shell
# without job control (a CI script's `make test &`) inherits SIGINT ignored,
# and so would every process a test starts, so each test of a Ctrl-C would
# fail. Handled here (Python's own handler), it is the default again in every
# process a test starts (exec resets a handled signal).
import signal  # noqa: E402

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The width the CLI fits its tables to is the piped default (show.console):
# never the one of the terminal pytest runs in, nor xdist's workers' 80x24.
os.environ.pop("COLUMNS", None)
os.environ.pop("LINES", None)

# Tests never assert wall-clock times (speed is the benches' business):
# hypothesis's per-example deadline is one, and a loaded machine trips it.
try:
    from hypothesis import settings
except ImportError:        # the MicroPython run has no hypothesis; it does not read this file
    pass
else:
    settings.register_profile("fatebox", deadline=None)
    settings.load_profile("fatebox")

import gc  # noqa: E402

import pytest  # noqa: E402


# The firmware collects garbage on purpose (memory.unload after every store
# load, info, the server's low-heap path), which in this process walks every
# object pytest, hypothesis and the test modules made. What exists once a
# module's tests are done is frozen (gc.freeze: a collection skips it), so a
# collection walks only what the running tests made; garbage is collected first.
def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    yield
    if nextitem is None or getattr(nextitem, "module", None) is not getattr(item, "module", None):
        gc.collect()
        gc.freeze()


# Every test gets its own host records (fatebox.records.db): never the user's own file.
@pytest.fixture(autouse=True)
def host_records(tmp_path_factory, monkeypatch):
    path = tmp_path_factory.mktemp("records") / "fatebox.sqlite3"
    monkeypatch.setenv("FATEBOX_DB", str(path))
    return path
