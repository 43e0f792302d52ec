# `fatebox deploy --runtime circuitpython` onto a drive whose boot_out.txt names
# a stock CircuitPython: refused, nothing written, when its heap (asked at its
# REPL) cannot hold eight characters and play them from .mpy files; Fatebox's
# image and a larger heap go on (docs/circuitpython.md, Fits?).
from pathlib import Path

import pytest
from click.testing import CliRunner

from fatebox.cli.main import main as cli
from fatebox.deploy import cpheap, fileset as deploy
from fatebox_fw.boot import heap

STOCK = ("Adafruit CircuitPython 10.2.1 on 2026-05-12; Raspberry Pi Pico with rp2040\n"
         "Board ID:raspberry_pi_pico\nUID:E6614C311B7F5B2A\n")
IMAGE = ("Adafruit CircuitPython 10.2.1 on 2026-05-12; Raspberry Pi Pico with rp2040\n"
         "Board ID:fatebox_raspberry_pi_pico\nUID:E6614C311B7F5B2A\n")
RP2350 = ("Adafruit CircuitPython 10.2.1 on 2026-05-12; Raspberry Pi Pico 2 with rp2350a\n"
          "Board ID:raspberry_pi_pico2\nUID:4A2F1C0B9D3E5F60\n")


def fatebox(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def snapshot(directory):
    return dict((p.relative_to(directory).as_posix(), p.read_bytes()) for p in Path(directory).rglob("*"))


@pytest.fixture
def drive(tmp_path, monkeypatch):
    """A CIRCUITPY drive CircuitPython has booted: its boot_out.txt and sample code.py."""
    monkeypatch.setattr(deploy, "CP_MPY_CROSS", tmp_path / "no-mpy-cross")
    root = tmp_path / "CIRCUITPY"
    root.mkdir()
    (root / "code.py").write_text('print("Hello World!")\n')

    def booted(text):
        (root / "boot_out.txt").write_text(text)
        return root
    return booted


def asked(monkeypatch, answer):
    """The console's REPL answering `answer` (a heap size, or an OSError), the ports asked kept."""
    ports = []

    def ask(port):
        ports.append(port)
        if isinstance(answer, Exception):
            raise answer
        return answer
    monkeypatch.setattr(cpheap, "ask_heap", ask)
    return ports


def test_a_stock_pico_is_refused_with_its_heap_and_the_image_and_nothing_is_written(drive, monkeypatch):
    root = drive(STOCK)
    before = snapshot(root)
    ports = asked(monkeypatch, heap.STOCK_RP2040)
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(root), "--port", "/dev/ttyACM0")
    assert result.exit_code == 1, result.output
    assert ports == ["/dev/ttyACM0"]
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("fatebox: "), result.output
    said = lines[0]
    assert "163,520 bytes of heap" in said and "{:,}".format(heap.needed(8)) in said
    assert "make firmware-circuitpython" in said and "docs/circuitpython.md" in said
    assert "nothing was written" in said
    assert snapshot(root) == before


def test_a_larger_heap_is_not_refused(drive, monkeypatch):
    root = drive(RP2350)
    asked(monkeypatch, heap.needed(8))
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(root), "--port", "/dev/ttyACM0")
    assert result.exit_code == 0, result.output
    assert (root / "fatebox_fw" / "box.py").is_file() and b"for Fatebox" in (root / "code.py").read_bytes()


def test_one_byte_short_of_eight_is_refused(drive, monkeypatch):
    root = drive(RP2350)
    asked(monkeypatch, heap.needed(8) - 1)
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(root), "--port", "/dev/ttyACM0")
    assert result.exit_code == 1 and "{:,} bytes of heap".format(heap.needed(8) - 1) in result.output
    assert not (root / "fatebox_fw").exists()


def test_fateboxs_image_goes_on_without_asking(drive, monkeypatch):
    root = drive(IMAGE)
    ports = asked(monkeypatch, 0)
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(root))
    assert result.exit_code == 0, result.output
    assert ports == [] and (root / "fatebox_fw" / "box.py").is_file()


def test_a_folder_circuitpython_never_booted_goes_on_without_asking(tmp_path, monkeypatch):
    monkeypatch.setattr(deploy, "CP_MPY_CROSS", tmp_path / "no-mpy-cross")
    ports = asked(monkeypatch, 0)
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert ports == [] and (tmp_path / "out" / "code.py").is_file()


def test_a_stock_rp2040_without_its_console_is_refused_by_its_chip(drive, monkeypatch):
    root = drive(STOCK)
    before = snapshot(root)
    ports = asked(monkeypatch, 10 ** 6)
    monkeypatch.setattr(cpheap, "console_of", lambda board: None)
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(root))
    assert result.exit_code == 1, result.output
    assert ports == []
    assert "about 163,520 bytes of heap" in result.output and "--port CONSOLE" in result.output
    assert snapshot(root) == before


def test_its_console_is_found_by_the_uid_in_boot_out(drive, monkeypatch):
    root = drive(STOCK)
    ports = asked(monkeypatch, heap.STOCK_RP2040)

    class Port:
        def __init__(self, device, serial, location):
            self.device, self.serial_number, self.location = device, serial, location
    from serial.tools import list_ports
    monkeypatch.setattr(list_ports, "comports", lambda: [
        Port("/dev/ttyACM3", "E6614C311B7F5B2A", "1-1:1.2"), Port("/dev/ttyACM2", "E6614C311B7F5B2A", "1-1:1.0"),
        Port("/dev/ttyACM0", "0123456789ABCDEF", "1-2:1.0")])
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(root))
    assert result.exit_code == 1 and ports == ["/dev/ttyACM2"], result.output


def test_another_stock_chip_without_its_console_goes_on_and_says_so(drive, monkeypatch):
    root = drive(RP2350)
    monkeypatch.setattr(cpheap, "console_of", lambda board: None)
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(root))
    assert result.exit_code == 0, result.output
    assert "no console port of this board" in result.output and (root / "fatebox_fw").is_dir()


def test_a_console_that_does_not_answer_is_refused_and_nothing_is_written(drive, monkeypatch):
    root = drive(STOCK)
    before = snapshot(root)
    asked(monkeypatch, OSError("no '>>> ' from the REPL in 20 s"))
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(root), "--port", "/dev/ttyACM0")
    assert result.exit_code == 1, result.output
    assert "did not say its heap" in result.output and "nothing was written" in result.output
    assert snapshot(root) == before
