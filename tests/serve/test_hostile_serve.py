# issue 35 on `fatebox serve`: what a hostile or careless user gives it (a
# blank token, a name the speech engine would take for an option, a number
# past what the records hold) is refused or carried as data, never obeyed.
import signal

import httpx

from tests.serve.procs import Proc

UNSAFE_TOKENS = ["", " ", "\t", " \u00a0 ", "a b", "tok&en=1", "tok#en", "t%41", "t\u00f6k", "a/b", "a+b",
                 "x\x1b[2J", "x" * 300]


def test_a_blank_token_or_one_a_url_changes_is_refused_before_anything_starts(tmp_path, procs):
    # The reproduction: --token '' started, printed a URL without a token and
    # answered every request; --token ' ' printed a URL ending in a space.
    procs.gadget(tmp_path / "state")
    for token in UNSAFE_TOKENS:
        proc = Proc(["serve", "--listen", "0.0.0.0:0", "--token", token])
        try:
            assert proc.wait() == 2, (token, "".join(proc.outs))
        finally:
            proc.kill()
        err = "".join(proc.errs)
        assert err.startswith("fatebox: --token") and err.count("\n") == 1, (token, err)
        assert "\x1b" not in err and "Traceback" not in err
        assert "".join(proc.outs) == ""            # no URL, no page


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
