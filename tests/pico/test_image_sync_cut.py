# A sync cut after every single frame, on the real rp2 port (issue 8): Fatebox's
# image on the emulated Pico, its flash in a file; after each cut the chip is
# stopped (the power goes, nothing flushed) and booted again on that flash, and
# every character is wholly as before the sync or wholly as after it. The same
# walk as tests/sync/test_faults.py on the virtual board.
import re
import shutil

from click.testing import CliRunner

from fatebox.records import db as D
from fatebox.pico import emulator as P
from fatebox.sheets import sheet as sheets
from fatebox.cli.main import main
from fatebox.errors import FateboxError
from fatebox.board.link import Link
from fatebox.sync.run import run_sync
from tests.pico.conftest import REPLY_TIMEOUT, image_path
from tests.sync import test_faults as F

TIMEOUT = float(REPLY_TIMEOUT)     # the chip runs at 1/4 to 1/12 of real time


class PicoBox:
    """tests/sync/realbox.RealBox's shape on the emulated Pico: restart() is a
    power cut and a new boot on the same flash file."""

    def __init__(self, flash, firmware=True):
        self.flash = str(flash)
        self.chip = None
        self._boot(image_path() if firmware else None)

    def _boot(self, firmware=None):
        self.chip = P.EmulatedPico(firmware=firmware, flash=self.flash, rosc="seeded:8")
        self.chip.wait_usb()
        self.path = self.chip.port_path

    def restart(self):
        self.stop()
        self._boot()

    def stop(self):
        if self.chip is not None:
            self.chip.stop()
            self.chip = None

    def characters(self):
        with Link.connect(self.path, timeout=TIMEOUT) as link:
            return dict((c["name"], link.get(c["name"])) for c in link.characters())


def run(*args):
    return CliRunner().invoke(main, ["--timeout", REPLY_TIMEOUT] + [str(a) for a in args], prog_name="fatebox")


def three_changed(box, table):
    """As tests/sync/test_faults.three_changed: three characters on the box,
    Mara played on it, each then changed on its sheet."""
    result = run("--port", box.path, "push", table / "mara.toml", table / "tobin.toml", table / "ysolde.toml")
    assert result.exit_code == 0, result.output
    with Link.connect(box.path, timeout=TIMEOUT) as link:
        link.request("trial", white=2, black=3, draw=2, danger=None, statuses=[], name="Mara")
    for name in ("mara", "tobin", "ysolde"):
        text = (table / ("%s.toml" % name)).read_text()
        if "pending-misfortunes = 0" in text:
            text = text.replace("pending-misfortunes = 0", "pending-misfortunes = 2")
        else:
            text = re.sub(r"(?m)^(name = .*)$", r"\1\npending-misfortunes = 2", text, count=1)
        (table / ("%s.toml" % name)).write_text(text)


def test_a_sync_cut_after_every_frame_is_wholly_before_or_after_on_the_pico(tmp_path, monkeypatch):
    # Before the sync, made once: three characters pushed, Mara played, each
    # changed on its sheet. Each cut starts from it: the first on that board,
    # the others on a copy of its flash (the same box: its flash ID too), of
    # the table's sheets and of the host's records.
    monkeypatch.setenv("FATEBOX_DB", str(tmp_path / "records-0.sqlite3"))
    _, table = F.world(tmp_path, 0)
    box = PicoBox(tmp_path / "flash-0.bin")
    three_changed(box, table)
    box.chip.save()
    base = tmp_path / "base"
    base.mkdir()
    for name in ("flash-0.bin", "flash-0.bin.uid", "records-0.sqlite3"):
        shutil.copyfile(tmp_path / name, base / name)
    shutil.copytree(table, base / "table")
    cut = 1
    ops = []
    while True:
        if cut > 1:
            monkeypatch.setenv("FATEBOX_DB", str(tmp_path / ("records-%d.sqlite3" % cut)))
            shutil.copyfile(base / "records-0.sqlite3", tmp_path / ("records-%d.sqlite3" % cut))
            shutil.rmtree(table)
            shutil.copytree(base / "table", table)
            flash = tmp_path / ("flash-%d.bin" % cut)
            shutil.copyfile(base / "flash-0.bin", flash)
            shutil.copyfile(base / "flash-0.bin.uid", str(flash) + ".uid")
            box = PicoBox(flash, firmware=False)
        try:
            box_before, sheets_before = box.characters(), F.sheet_texts(table)
            if cut == 1:
                first = (box_before, sheets_before)
            assert (box_before, sheets_before) == first, cut      # every cut starts from the same box and table
            F.CutLink.frames = cut
            F.CutLink.served = []
            try:
                # The power goes once the chip served frame `cut` (its reply came).
                with F.CutLink.connect(box.path, timeout=TIMEOUT) as link, D.Records() as records:
                    run_sync(link, records, str(table), say=lambda text: None)
                finished = True
            except FateboxError:
                finished = False
                assert len(F.CutLink.served) == 1, (cut, F.CutLink.served)
            finally:
                F.CutLink.frames = None
            ops.extend(F.CutLink.served)
            box.restart()                                    # power cut, a new boot on the same flash
            box_cut, sheets_cut = box.characters(), F.sheet_texts(table)
            result = run("--port", box.path, "sync", table)  # the next sync, whole
            assert result.exit_code == 0, result.output
            box_after, sheets_after = box.characters(), F.sheet_texts(table)
            assert box_after != box_before
            for name in box_before:
                assert box_cut[name] in (box_before[name], box_after[name]), (cut, name)
            changed = [n for n in box_before if box_cut[n] != box_before[n]]
            assert changed in ([], sorted(box_before)), (cut, changed)          # all three or none
            if F.CutLink.served == ["commit"]:
                assert changed == sorted(box_before), cut       # served: the chip has them all
            for path in sheets_before:
                assert sheets_cut[path] in (sheets_before[path], sheets_after[path]), (cut, path)
            for name, data in box_after.items():
                assert sheets.load(str(table / ("%s.toml" % name.lower()))).character.to_dict() == data
        finally:
            box.stop()
        if finished:
            break
        cut += 1
    # Cut after each of: hello, list, journal, 3 gets, begin, 3 stages, commit.
    assert cut == 12
    assert ops == ["hello", "list", "journal", "get", "get", "get", "begin", "stage", "stage", "stage", "commit"]
