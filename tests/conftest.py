# Every test gets its own host records (fatebox.db): never the user's own file.
import pytest


@pytest.fixture(autouse=True)
def host_records(tmp_path_factory, monkeypatch):
    path = tmp_path_factory.mktemp("records") / "fatebox.sqlite3"
    monkeypatch.setenv("FATEBOX_DB", str(path))
    return path
