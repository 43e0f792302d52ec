# The flash's unique ID (command 0x4B) on the emulated Pico: each flash file
# has its own, kept beside it (<flash>.uid), so two emulated boards are two
# boxes; here on the stock MicroPython (machine.unique_id(), which the board id
# comes from). CircuitPython's side: tests/pico/test_cp_board.py.
import re

from fatebox.pico import emulator as P


def unique_id(chip):
    start = chip.repl()
    chip.write_serial(b"import machine, binascii; print('ID', binascii.hexlify(machine.unique_id()).decode())\r")
    found = chip.wait(lambda: re.search(rb"\r\nID ([0-9a-f]{16})\r\n", chip.serial_log[start:]), "the unique id")
    return found.group(1).decode()


def test_each_flash_file_is_its_own_chip_and_keeps_its_id(tmp_path, picos):
    ids = []
    for name in ("a.bin", "b.bin", "a.bin"):
        flash = str(tmp_path / name)
        chip = picos(firmware=P.STOCK_UF2, flash=flash)
        ids.append(unique_id(chip))
        assert ids[-1] == open(flash + ".uid").read().strip()
        chip.stop()
    assert ids[0] != ids[1] and ids[0] == ids[2] and ids[0] != "0" * 16


def test_an_id_given_is_the_one_the_chip_reads(picos):
    chip = picos(firmware=P.STOCK_UF2, uid="0123456789abcdef")
    assert unique_id(chip) == "0123456789abcdef"
