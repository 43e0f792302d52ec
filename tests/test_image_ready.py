# Under `make test` the image is built beside the emulated Pico's tier: a test
# that takes it waits for the file the build writes once done, and fails with
# the build's word when it was not built, never with a stale image.
import threading

import pytest

from tests.pico import conftest as C


def test_a_test_that_takes_the_image_waits_for_it(tmp_path, monkeypatch):
    ready = tmp_path / "image-ready"
    monkeypatch.setenv(C.IMAGE_READY, str(ready))
    monkeypatch.setenv("FATEBOX_IMAGE", str(tmp_path / "fatebox-pico.uf2"))
    written = threading.Timer(1.5, lambda: ready.write_text("ok\n"))
    written.start()
    try:
        assert C.image_path() == str(tmp_path / "fatebox-pico.uf2")
        assert ready.exists()       # it returned only once the build said so
    finally:
        written.cancel()


def test_an_image_that_was_not_built_fails_the_test_with_why(tmp_path, monkeypatch):
    ready = tmp_path / "image-ready"
    ready.write_text("make firmware failed (its output is above)\n")
    monkeypatch.setenv(C.IMAGE_READY, str(ready))
    with pytest.raises(pytest.fail.Exception) as failed:
        C.image_path()
    assert "not built: make firmware failed" in str(failed.value)


def test_without_make_test_the_image_is_taken_as_it_is(tmp_path, monkeypatch):
    monkeypatch.delenv(C.IMAGE_READY, raising=False)
    monkeypatch.setenv("FATEBOX_IMAGE", str(tmp_path / "own.uf2"))
    assert C.image_path() == str(tmp_path / "own.uf2")


def test_a_test_that_takes_the_circuitpython_image_waits_for_it(tmp_path, monkeypatch):
    ready = tmp_path / "cp-image-ready"
    monkeypatch.setenv(C.CP_IMAGE_READY, str(ready))
    monkeypatch.setenv("FATEBOX_CP_IMAGE", str(tmp_path / "fatebox-circuitpython-pico.uf2"))
    written = threading.Timer(1.5, lambda: ready.write_text("ok\n"))
    written.start()
    try:
        assert C.cp_image_path() == str(tmp_path / "fatebox-circuitpython-pico.uf2")
        assert ready.exists()
    finally:
        written.cancel()
