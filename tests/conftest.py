# Every test run keeps its own runtime folder for virtual gadgets (host/fatebox/
# gadgets.py), so a `make run` going on beside the tests is never found by them.
import os
import tempfile

os.environ["FATEBOX_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="fatebox-test-runtime-")
# Host records for the whole run as well (a module's fixture starts before the
# per-test file below is set): a test never writes into the user's own records.
os.environ["FATEBOX_DB"] = os.path.join(tempfile.mkdtemp(prefix="fatebox-test-records-"), "fatebox.sqlite3")

# Tests never assert wall-clock times (speed is the benches' business):
# hypothesis's per-example deadline is one, and a loaded machine trips it.
try:
    from hypothesis import settings
except ImportError:        # the MicroPython run has no hypothesis; it does not read this file
    pass
else:
    settings.register_profile("fatebox", deadline=None)
    settings.load_profile("fatebox")

# Every test gets its own host records (fatebox.db): never the user's own file.
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def host_records(tmp_path_factory, monkeypatch):
    path = tmp_path_factory.mktemp("records") / "fatebox.sqlite3"
    monkeypatch.setenv("FATEBOX_DB", str(path))
    return path
