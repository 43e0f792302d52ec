# --speak: one short sentence per result through espeak-ng (a stand-in on PATH
# here, that writes what it was given on stdin); none present: a clear message.
import os
import stat
import sys
import time

from tests.serve.procs import WAIT, Proc, fatebox


def test_each_result_is_spoken_in_one_short_sentence(tmp_path, procs):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    said = tmp_path / "said.txt"
    fake = bin_dir / "espeak-ng"
    fake.write_text("#!/bin/sh\ncat >> %s\nprintf '\\n' >> %s\n" % (said, said))    # the sentence comes on stdin
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    procs.gadget(tmp_path / "state")
    serve = procs.serve("--speak", env={"PATH": "%s:%s" % (bin_dir, os.environ.get("PATH", ""))})
    serve.wait_text("through serve")
    fatebox("roll", "forged-in-the-dark", "--dice", 2)
    serve.result_line(1)
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline and not (said.exists() and said.read_text().strip()):
        time.sleep(0.05)
    sentence = said.read_text().strip()
    assert sentence.startswith("Nobody, ") and "percent chance" in sentence and sentence.endswith(".")
    assert sentence.count(".") == 1 and len(sentence) < 80


def test_no_speech_engine_names_the_package_to_install(tmp_path, procs):
    procs.gadget(tmp_path / "state")
    empty = tmp_path / "empty"
    empty.mkdir()
    # Python itself stays reachable; no espeak on PATH, and no pyttsx3 in the venv.
    proc = Proc(["serve", "--listen", "127.0.0.1:0", "--speak"],
                env={"PATH": str(empty), "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)})
    assert proc.wait() == 2
    err = "".join(proc.errs)
    assert "espeak-ng" in err and "pyttsx3" in err and "Traceback" not in err
