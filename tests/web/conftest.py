# The page in a real browser: Debian's chromium (make chromium) driven by
# Playwright for Python, the tests' build of the site (web/build.py --seeded)
# served by a local static server.
import http.server
import os
import subprocess
import sys
import threading
from functools import partial
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory):
    """A static server of `directory` on a free local port, in a thread: (server, url)."""
    handler = partial(Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


def build_site(out, seeded):
    result = subprocess.run([sys.executable, str(ROOT / "web" / "build.py"), "--out", str(out)]
                            + (["--seeded"] if seeded else []), capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The tests' site (it takes ?seed=N), served: its URL."""
    server, url = serve(build_site(tmp_path_factory.mktemp("web") / "site", seeded=True))
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def plain_site(tmp_path_factory):
    """The site as make web builds it (a seed refused), served: its URL."""
    server, url = serve(build_site(tmp_path_factory.mktemp("web-plain") / "site", seeded=False))
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail("%s is missing: run `make chromium` (Debian's chromium, for the browser tests)" % CHROMIUM)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def context(browser):
    """A fresh browser profile (empty IndexedDB) for one test."""
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    yield ctx
    ctx.close()


def open_box(context, url, seed=None, query=""):
    """A new page on the box, once the firmware drew its first frame."""
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    q = "?seed=%s" % seed if seed is not None else ""
    if query:
        q += ("&" if q else "?") + query
    page.goto(url + q)
    page.wait_for_function("window.fatebox && (window.fatebox.ready || window.fatebox.failed)")
    assert page.evaluate("fatebox.failed") is None, page.evaluate("fatebox.failed")
    return page


def board_now(page):
    """The web board's clock (hal/web.py: performance.now(), whole ms)."""
    return page.evaluate("Math.floor(performance.now())")


def wait_board(page, at_ms):
    """Until the page's board clock passes at_ms."""
    page.wait_for_function("performance.now() >= %d" % at_ms)
