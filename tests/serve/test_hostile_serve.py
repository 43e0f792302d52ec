# issue 35 on `fatebox serve`: what a hostile or careless user gives it (a
# blank token, a name the speech engine would take for an option, a number
# past what the records hold) is refused or carried as data, never obeyed.
import os
import shutil
import signal
import stat
import tempfile
import time

import httpx

from tests.serve.procs import WAIT, Proc, fatebox

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
# A stand-in for espeak-ng: it keeps its arguments and what came on stdin, and
# takes -w FILE as espeak-ng does (it writes the file), so an option that
# slipped in writes something to see.
FAKE_ESPEAK = r"""#!/bin/sh
prev=""
for a in "$@"; do
    printf 'arg %s\n' "$a" >> "%(log)s"
    if [ "$prev" = "-w" ]; then : > "$a"; fi
    case "$a" in -w?*) : > "${a#-w}";; esac
    prev="$a"
done
printf 'stdin ' >> "%(log)s"
cat >> "%(log)s"
printf '\nend\n' >> "%(log)s"
"""

UNSAFE_TOKENS = ["", " ", "\t", " \u00a0 ", "a b", "tok&en=1", "tok#en", "t%41", "t\u00f6k", "a/b", "a+b",
                 "x\x1b[2J", "x" * 300]


def test_a_blank_token_is_refused_before_anything_starts(tmp_path, procs):
    # The reproduction: --token '' started, printed a URL without a token and
    # answered every request; --token ' ' printed a URL ending in a space.
    procs.gadget(tmp_path / "state")
    for token in ("", " "):
        proc = Proc(["serve", "--listen", "0.0.0.0:0", "--token", token])
        try:
            assert proc.wait() == 2, (token, "".join(proc.outs))
        finally:
            proc.kill()
        err = "".join(proc.errs)
        assert err.startswith("fatebox: --token") and err.count("\n") == 1, (token, err)
        assert "".join(proc.outs) == ""            # no URL, no page


def test_a_token_a_url_would_change_is_refused_in_one_line(tmp_path):
    from click.testing import CliRunner
    from fatebox.cli.main import main
    for token in UNSAFE_TOKENS:
        # A port that is not there: the token is refused before serve looks.
        result = CliRunner().invoke(main, ["--port", str(tmp_path / "no-port"), "serve", "--listen", "0.0.0.0:0",
                                           "--token", token], prog_name="fatebox")
        assert result.exit_code == 2, (token, result.stderr)
        assert result.stderr.startswith("fatebox: --token") and result.stderr.count("\n") == 1, (token, result.stderr)
        assert "\x1b" not in result.stderr and "Traceback" not in result.stderr
        assert result.stdout == ""


def test_a_token_given_is_the_one_asked(tmp_path, procs):
    procs.gadget(tmp_path / "state")
    serve = Proc(["serve", "--listen", "0.0.0.0:0", "--token", "Table-7_night.~"])
    try:
        url = serve.first_line()
        assert url.endswith("/?token=Table-7_night.~")
        base = url.split("/?token=")[0]
        assert httpx.get(base + "/results", timeout=10).status_code == 401
        assert httpx.get(base + "/results", params={"token": ""}, timeout=10).status_code == 401
        assert httpx.get(url, timeout=10).status_code == 200
    finally:
        serve.signal(signal.SIGTERM)
        serve.wait()


def test_a_name_reaches_the_speech_engine_only_as_data(tmp_path, procs):
    # The reproduction: a character named -w/PATH made espeak-ng write a WAV
    # file at "PATH, <outcome>, ..." (the sentence was its first argument).
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "espeak.log"
    fake = bin_dir / "espeak-ng"
    fake.write_text(FAKE_ESPEAK % {"log": log})
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    target = tempfile.mkdtemp(prefix="s", dir="/tmp")      # short: the name holds its path (40 characters)
    try:
        name = "-w%s/x.wav" % target
        table = tmp_path / "table"
        table.mkdir()
        with open(os.path.join(EXAMPLES, "mara.toml"), encoding="utf-8") as f:
            (table / "hostile.toml").write_text(f.read().replace('name = "Mara"', 'name = "%s"' % name))
        procs.gadget(tmp_path / "state")
        serve = procs.serve("--speak", env={"PATH": "%s:%s" % (bin_dir, os.environ.get("PATH", ""))})
        serve.wait_text("through serve")
        fatebox("push", table / "hostile.toml")
        fatebox("draw", "-w", 2, "-b", 1, "-k", 1, "--character=" + name)
        serve.result_line(1)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline and not (log.exists() and "\nend\n" in log.read_text()):
            time.sleep(0.05)
        said = log.read_text()
        args = [line[4:] for line in said.splitlines() if line.startswith("arg ")]
        spoken = said.split("stdin ", 1)[1].split("\nend\n", 1)[0]
        assert spoken.startswith(name + ", ") and spoken.endswith(".")        # the sentence, whole, on stdin
        assert not any(name in a or "percent" in a for a in args), args       # and nothing of it an argument
        assert os.listdir(target) == []                                       # no file written
        assert "Traceback" not in "".join(serve.errs)
    finally:
        shutil.rmtree(target, ignore_errors=True)


BAD_AFTER = [str(2 ** 63), str(2 ** 64), "9" * 30, "9" * 5000, "-1", "", " 1", "1 ", "1e3", "0x10", "1_0",
             "\u0661", "1.0", "NaN", "+1"]


def test_results_after_a_number_past_the_records_or_not_a_number_is_400_with_what_to_do(tmp_path, procs):
    # The reproduction: /results?after=9223372036854775808 (2^63, past SQLite's
    # integers) answered 500.
    procs.gadget(tmp_path / "state")
    serve = procs.serve()
    serve.wait_text("through serve")
    fatebox("roll", "forged-in-the-dark", "--dice", 2)
    serve.result_line(1)
    for after in BAD_AFTER:
        reply = serve.get("/results", after=after)
        assert reply.status_code == 400, (after[:40], reply.status_code, reply.text[:200])
        assert "after must be a sequence number" in reply.json()["error"]
    assert [r["seq"] for r in serve.get("/results", after="0").json()["results"]] == [1]
    assert serve.get("/results", after=str(2 ** 63 - 1)).json() == {"results": [], "more": False}
    assert "Traceback" not in "".join(serve.errs)
