# Corrupt state files on the real rp2 port (issue 11, the fault suite where it
# applies): Fatebox's image on the emulated Pico, its characters.json or its
# backup replaced on the chip's own littlefs by a corrupt one (nested 5,000
# deep, cut short, not UTF-8, of the wrong shape), then a power-up on that
# flash. The box plays on the last good generation, shows the recovered
# pattern, says so in `state`, and keeps the bad file aside byte for byte
# (docs/flash.md, On load). tests/fuzz does the same walk at random on the
# virtual board.
import base64
import json
import os
import shutil
import subprocess
import sys

import pytest

from fatebox_fw import ring as R
from fatebox_fw.profile import PICO
from shared_rules import names as N
from shared_rules import wire
from tests.pico.conftest import COMMAND_TIMEOUT, fatebox, image_path

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
MAIN = "/data/characters.json"
BACKUP = MAIN + ".bak"


def on_board(port, script):
    """Run `script` on the board (mpremote's raw REPL); its last printed line, as JSON."""
    result = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "exec", script],
                            capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
    assert result.returncode == 0, result.stderr + result.stdout
    return json.loads(result.stdout.strip().splitlines()[-1])


def read_files(port):
    """{name: its bytes as base64} of every file in /data."""
    return on_board(port, (
        "import os, json, binascii\n"
        "out = {}\n"
        "for f in sorted(os.listdir('/data')):\n"
        "    with open('/data/' + f, 'rb') as h:\n"
        "        out[f] = binascii.b2a_base64(h.read()).decode().strip()\n"
        "print(json.dumps(out))\n"))


def write_file(port, path, data):
    on_board(port, (
        "import binascii\n"
        "with open(%r, 'wb') as h:\n"
        "    h.write(binascii.a2b_base64(%r))\n"
        "print('1')\n" % (path, base64.b64encode(data).decode())))


def recovered_pattern():
    ring = R.Ring(PICO["neopixel"]["count"], PICO["brightness"])
    ring.error(R.RECOVERED, True)
    return bytes(ring.buf)


def ask_state(chip):
    """hello, then state, straight on the chip's serial: the state reply."""
    start = len(chip.serial_log)
    chip.write_serial(wire.encode({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]})
                      + wire.encode({"id": 2, "op": "state"}))
    chip.wait_serial(b'"id": 2', step="the reply to state", start=start)
    end = chip.wait_serial(b"\n", step="the end of the reply to state", start=chip.serial_log.find(b'"id": 2', start))
    line = bytes(chip.serial_log[start:end]).splitlines()[-1]
    reply = wire.decode(line)
    assert reply["ok"], reply
    return reply


def names(data):
    return [c["name"] for c in json.loads(data)["characters"]]


def deep(data):
    n = 5000
    return b'{"format": 1, "characters": [' + b"[" * n + b"]" * n + b"]}"


def cut_short(data):
    return data[:len(data) * 2 // 3]


def not_utf8(data):
    return b"\xff\xfe" + data


def wrong_shape(data):
    doc = json.loads(data)
    doc["characters"][0] = {"name": "Mara", "system": "new-beginning", "traits": [[[[1]]]]}
    return json.dumps(doc).encode()


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A flash with three characters saved (the main file) and two (its backup)."""
    folder = tmp_path_factory.mktemp("state-files")
    flash = str(folder / "base.bin")
    from fatebox.pico import emulator as P
    chip = P.EmulatedPico(firmware=image_path(), flash=flash)
    patch = pytest.MonkeyPatch()
    patch.setenv("FATEBOX_DB", str(folder / "records.sqlite3"))    # never the user's records
    try:
        chip.wait_frame(step="the image's first frame")
        chip.wait_usb()
        for sheet in ("mara.toml", "tobin.toml", "ysolde.toml"):
            fatebox(chip.port_path, "push", os.path.join(EXAMPLES, sheet))
        files = read_files(chip.port_path)
    finally:
        patch.undo()
        chip.stop()
    main = base64.b64decode(files["characters.json"])
    backup = base64.b64decode(files["characters.json.bak"])
    assert names(main) == ["Mara", "Tobin", "Ysolde"] and names(backup) == ["Mara", "Tobin"]
    return flash, main, backup


def spoiled(tmp_path, picos, base, path, bad):
    """The base flash with the file at `path` made `bad` on the board, powered up again: the chip."""
    flash = str(tmp_path / "flash.bin")
    shutil.copy(base[0], flash)
    chip = picos(flash=flash)
    chip.wait_usb()
    write_file(chip.port_path, path, bad)
    chip.stop()                         # the power goes: the corrupt file is what the next start finds
    return picos(flash=flash)


@pytest.mark.parametrize("spoil", [deep, cut_short, not_utf8, wrong_shape])
def test_a_corrupt_main_file_is_kept_aside_and_the_backup_played(tmp_path, picos, base, spoil):
    bad = spoil(base[1])
    chip = spoiled(tmp_path, picos, base, MAIN, bad)
    chip.wait_frame(lambda rgb: rgb == recovered_pattern(), step="the recovered pattern at start")
    chip.wait_usb()
    state = ask_state(chip)
    assert state["characters"] == 2                 # the backup's Mara and Tobin
    assert "characters.json.corrupt" in json.dumps(state["storage"])
    listed = fatebox(chip.port_path, "list").stdout
    assert "Mara" in listed and "Tobin" in listed and "Ysolde" not in listed
    files = read_files(chip.port_path)
    # the bad file kept aside byte for byte; the good generation untouched
    assert base64.b64decode(files["characters.json.corrupt"]) == bad
    assert base64.b64decode(files["characters.json.bak"]) == base[2]


def test_a_corrupt_backup_is_reported_then_replaced_by_the_next_save(tmp_path, picos, base):
    bad = wrong_shape(base[2])
    chip = spoiled(tmp_path, picos, base, BACKUP, bad)
    chip.wait_frame(step="the first frame")
    chip.wait_usb()
    state = ask_state(chip)
    assert state["characters"] == 3                 # the main file is good: all three
    assert state["backup"] != "ok", state
    fatebox(chip.port_path, "push", os.path.join(EXAMPLES, "ash.toml"))
    state = ask_state(chip)
    assert state["backup"] == "ok", state           # the save made a good backup from the good file
    files = read_files(chip.port_path)
    assert base64.b64decode(files["characters.json.bak.corrupt"]) == bad
    assert names(base64.b64decode(files["characters.json.bak"])) == ["Mara", "Tobin", "Ysolde"]


def test_an_old_journal_is_rewritten_with_crcs_and_a_chain_at_the_next_start(tmp_path, picos, base):
    """Journal lines from before the checks (`<seq> <json>`) on the image's
    littlefs: the next start rewrites them once with CRCs and a chain, and
    `fatebox verify` finds the journal intact (docs/flash.md, Old state files)."""
    old = [b'%d {"name": "Mara", "system": "new-beginning", "result": {"outcome": "success", "tokens": "ww"}, '
           b'"setup": {"white": 2, "black": 1, "draw": 2}}' % seq for seq in (1, 2)]
    chip = spoiled(tmp_path, picos, base, "/data/journal.0", b"".join(line + b"\n" for line in old))
    chip.wait_usb()
    report = json.loads(fatebox(chip.port_path, "verify", "--json").stdout)
    assert report["intact"] is True and report["checked"] == 2
    lines = base64.b64decode(read_files(chip.port_path)["journal.0"]).split(b"\n")[:-1]
    assert len(lines) == 2 and not any(line.endswith(b"}") for line in lines)
    for line in lines:
        assert line[-8:] == b"%08x" % wire.checksum(line[:-9])
        assert json.loads(line[2:-9])["result"]["outcome"] == "success"
    assert b'"prev"' not in lines[0] and b'"prev"' in lines[1]        # the chain starts at the first line


def test_old_lines_followed_by_checked_ones_are_rewritten_and_relinked_at_the_next_start(tmp_path, picos, base):
    """Old lines, then checked lines linked to them as they were (a box that
    ran the first checked firmware): the next start rewrites the old lines and
    relinks the checked ones, each keeping its hash before in `was`, and
    `fatebox verify` finds the journal intact (docs/flash.md, Old state files)."""
    from fatebox.records.chain import line_hash
    body = b'{"name": "Mara", "system": "new-beginning", "result": {"outcome": "success", "tokens": "ww"}, ' \
           b'"setup": {"white": 2, "black": 1, "draw": 2}%s}'
    lines = [b"1 " + body % b"", b"2 " + body % b""]
    for seq in (3, 4):
        line = b"%d " % seq + body % (b', "prev": "%s"' % line_hash(lines[-1].decode()).encode())
        lines.append(line + b" %08x" % wire.checksum(line))
    chip = spoiled(tmp_path, picos, base, "/data/journal.0", b"".join(line + b"\n" for line in lines))
    chip.wait_usb()
    report = json.loads(fatebox(chip.port_path, "verify", "--json").stdout)
    assert report["intact"] is True and report["checked"] == 4, report
    now = base64.b64decode(read_files(chip.port_path)["journal.0"]).split(b"\n")[:-1]
    assert len(now) == 4, now
    tip = None
    for before, line in zip(lines, now):
        assert line[-8:] == b"%08x" % wire.checksum(line[:-9])
        entry = json.loads(line[line.find(b" ") + 1:-9])
        assert entry.get("prev") == tip and entry["was"] == line_hash(before.decode())
        assert entry["result"]["outcome"] == "success"
        tip = line_hash(line.decode())
