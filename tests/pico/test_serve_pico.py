# The emulated Pico running Fatebox's image says its results as events, and
# `fatebox serve` feeds the records and the page from them: a draw made with
# the emulated board's GO held appears in /results, recorded once.
import signal
import subprocess
import sys

from tests.pico.conftest import image_path
from tests.serve.procs import Proc, fatebox


def test_serve_feeds_the_page_from_the_emulated_picos_events(tmp_path):
    sim = subprocess.Popen([sys.executable, "-m", "fatebox", "sim", "--pico", "--headless", "--state",
                            str(tmp_path / "state"), "--firmware", image_path()],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    serve = None
    try:
        port = sim.stdout.readline().strip()
        assert port.startswith("/dev/"), sim.stderr.read() if sim.poll() is not None else port
        # The emulated chip boots slowly: it answers once before serve takes its port.
        for attempt in range(5):
            asked = subprocess.run([sys.executable, "-m", "fatebox", "--port", port, "--timeout", "60", "state"],
                                   capture_output=True, text=True, timeout=300)
            if asked.returncode == 0:
                break
        else:
            raise AssertionError("the emulated Pico never answered `state`: %s" % asked.stderr)
        serve = Proc(["--timeout", "60", "serve", "--port", port, "--listen", "127.0.0.1:0"])
        url = serve.first_line()
        serve.wait_text("through serve")
        sim.stdin.write("G")            # GO held: draw now, with nobody
        sim.stdin.flush()
        line = serve.wait_out(lambda l: l.startswith("#1 "), "the feed line of the Pico's draw")
        assert "Nobody" in line and "New Beginning" in line
        import httpx
        results = httpx.get(url + "results", params={"after": 0}, timeout=30).json()["results"]
        assert [r["seq"] for r in results] == [1] and results[0]["character"] is None
        assert "no result events" not in "".join(serve.outs + serve.errs)     # said as an event, not polled
        history = fatebox("history", "--json").stdout
        assert history.count('"seq": 1') == 1
    finally:
        if serve is not None:
            serve.signal(signal.SIGINT)
            serve.wait()
        sim.send_signal(signal.SIGTERM)
        sim.wait(timeout=60)
