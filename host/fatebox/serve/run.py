# `fatebox serve`: the box's port, the records, the feed, the page, webhooks,
# speech; one asyncio loop, the port in a thread of its own (docs/serve.md).
import asyncio
import contextlib
import json
import os
import secrets
import signal
import socket
import string
import sys

import uvicorn

from fatebox.records import db
from fatebox.board import gadgets
from fatebox.errors import FateboxError, INTERRUPTED, USAGE
from fatebox.serve import shape
from fatebox.serve import doors
from fatebox.serve.box import BoxThread
from fatebox.serve.feed import Feed, Voice, sentence, speech_command
from fatebox.serve.hooks import Deliveries, checked_url
from fatebox.serve.relay import Relay
from fatebox.serve.web import Hub, make_app
from fatebox.serve import vtt as vtt_mod
from fatebox.serve.vtt import Vtt
from fatebox.serve.dddice import receiver as dddice_receiver
from fatebox.terminal import visible

DEFAULT_LISTEN = "127.0.0.1:8766"
BACKOFF_ENV = "FATEBOX_SERVE_BACKOFF"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
# A token goes into the page's URL as it is typed (and into its QR code): only
# the characters a URL carries unchanged (RFC 3986's unreserved ones).
TOKEN_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-._~")
TOKEN_MOST = 256


def checked_token(token):
    """--token's text, or a usage error: a token is never empty or blank (that
    would open the page to anyone), and it must reach the page's URL unchanged."""
    if token is None:
        return None
    fix = "give letters, digits and - . _ ~ only, or leave --token out for one made up"
    if not token.strip():
        raise FateboxError("--token %s: empty or blank, which would let anyone in; %s"
                           % (visible(repr(token)), fix), USAGE)
    bad = [c for c in token if c not in TOKEN_CHARACTERS]
    if bad:
        raise FateboxError("--token: %s cannot go into the page's URL as it is; %s" % (visible(repr(bad[0])), fix),
                           USAGE)
    if len(token) > TOKEN_MOST:
        raise FateboxError("--token: %d characters, more than the %d a token may have (the QR code holds it); "
                           "give a shorter one" % (len(token), TOKEN_MOST), USAGE)
    return token


def checked_origin(origin):
    """--vtt-origin's text: scheme://host[:port], as a browser sends Origin."""
    from urllib.parse import urlsplit
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path or parts.query or origin != origin.strip():
        raise FateboxError("--vtt-origin %s: not an origin; give scheme and host as the browser sends them, as "
                           "https://www.owlbear.rodeo or https://foundry.example.org:30000 (no path)" % visible(origin),
                           USAGE)
    return origin


def parse_listen(text):
    """HOST:PORT (an IPv6 host in brackets) -> (host, port); a usage error otherwise."""
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    try:
        port = int(port)
        if not sep or not host or not 0 <= port <= 65535:
            raise ValueError
    except ValueError:
        raise FateboxError("--listen %s: give HOST:PORT, as 127.0.0.1:8766 (port 0 picks a free one)" % text, USAGE)
    return host, port


class _Server(uvicorn.Server):
    # serve answers Ctrl-C itself (one line, exit 130): uvicorn must not re-raise it.
    @contextlib.contextmanager
    def capture_signals(self):
        yield


def _bind(host, port):
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise FateboxError("--listen %s:%d: cannot listen there (%s); give another port, or 0 for a free one"
                           % (host, port, exc.strerror or exc))
    sock.listen(128)
    sock.setblocking(False)
    return sock


def page_url(host, port, token):
    shown = "127.0.0.1" if host in ("127.0.0.1", "localhost") else host
    if host in ("0.0.0.0", "::"):
        shown = _lan_address()
    if ":" in shown:
        shown = "[%s]" % shown
    return "http://%s:%d/%s" % (shown, port, ("?token=" + token) if token else "")


def _lan_address():
    """This machine's address on the table's network (the route out), else 127.0.0.1."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))     # no packet is sent: only the route is chosen
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def serve(spec, records_path, timeout, listen=DEFAULT_LISTEN, token=None, webhooks=(), discords=(),
          speak=False, exit_on_disconnect=False, out=None, backoff=None, vtt_origins=(), dddice=None):
    host, port = parse_listen(listen)
    token = checked_token(token)
    origins = [checked_origin(o) for o in vtt_origins]
    dddice = dddice_receiver(dddice) if dddice is not None else None
    if backoff is None and os.environ.get(BACKOFF_ENV):
        # Tests retry fast: "FIRST,MOST" seconds.
        first, _, most = os.environ[BACKOFF_ENV].partition(",")
        backoff = {"backoff_first": float(first), "backoff_most": float(most or first)}
    receivers = [(checked_url(u, "--webhook"), "webhook") for u in webhooks]
    receivers += [(checked_url(u, "--discord"), "discord") for u in discords]
    if host not in LOOPBACK and token is None:
        token = secrets.token_urlsafe(16)
    voice = Voice(speech_command()) if speak else None
    out = out or sys.stdout
    feed = Feed()
    records = db.Records(records_path)          # this thread's: the page's queries, the deliveries
    try:
        return asyncio.run(_main(spec, records, timeout, host, port, token, receivers, voice, exit_on_disconnect,
                                 out, feed, backoff, origins, dddice))
    finally:
        records.close()


async def _main(spec, records, timeout, host, port, token, receivers, voice, exit_on_disconnect, out, feed,
                backoff, origins=(), dddice=None):
    loop = asyncio.get_running_loop()
    hub = Hub()
    stop = asyncio.Event()
    why = {}

    def say(text):
        loop.call_soon_threadsafe(feed.note, text)

    deliveries = Deliveries(records, receivers, say, dddice=dddice, **(backoff or {}))
    vtt = None

    def on_results(results):
        def publish():
            if vtt is not None:
                vtt.results(results)
            for r in results:
                hub.publish(r)
                feed.result(r)
                if voice is not None:
                    voice.say(sentence(r))
            deliveries.poke()
        loop.call_soon_threadsafe(publish)

    def on_characters(characters):
        # Each as `fatebox list` says it beside the summary (shape.character).
        loop.call_soon_threadsafe(hub.set_characters, [shape.character(c) for c in characters])

    def on_gone():
        loop.call_soon_threadsafe(stop.set)

    box = BoxThread(spec, records.path, timeout, say, on_results, on_characters, on_gone,
                    exit_on_disconnect, enqueue=deliveries.enqueue if deliveries.receivers else None)
    await loop.run_in_executor(None, box.first_connect)     # no box, or served already: said before the page

    sock = _bind(host, port)
    port = sock.getsockname()[1]
    url = page_url(host, port, token)
    relay_token = secrets.token_urlsafe(16)
    relay = Relay(box, loop, relay_token)
    relay_url = await relay.start()
    registered = gadgets.register_serve(relay_url, box.device, url, relay_token)

    def results_after(after, limit):
        # The session box's results after `after`, oldest first, from the records (own connection: a thread of the pool).
        conn = db.Records(records.path)
        try:
            rows = conn.results_after(box.row, after, limit)
            return [shape.result(box.board_id, r["seq"], r["system"], r["name"], json.loads(r["entry"]),
                                 json.loads(r["setup"]) if r["setup"] else None, r["received"]) for r in rows]
        finally:
            conn.close()

    # /vtt takes a token on every address, the loopback's too (any page can open a WebSocket to it).
    vtt_token = token or secrets.token_urlsafe(16)
    vtt = Vtt(box, loop, vtt_token, origins)
    box.on_event = lambda event: loop.call_soon_threadsafe(vtt.event, event)
    box.on_lost = lambda: loop.call_soon_threadsafe(vtt.lost)
    box.on_back = lambda: loop.call_soon_threadsafe(vtt.back)
    app = make_app(hub, results_after, host, port, token, vtt=vtt)
    kept = doors.Doors(loop)
    config = uvicorn.Config(app, log_level="critical", access_log=False, lifespan="off", timeout_graceful_shutdown=1,
                            http=doors.protocol(kept), ws="websockets-sansio", ws_max_size=vtt_mod.MESSAGE_MOST,
                            ws_per_message_deflate=False, backlog=doors.BURST)
    loop.set_exception_handler(_quiet_when_out_of_files(feed, kept.most))
    server = _Server(config)

    out.write(url + "\n")
    out.flush()
    feed.note("serving the box at %s (%s) on %s; other fatebox commands reach it through serve"
              % (box.device, box.board_id, url))
    feed.note("for a VTT (docs/vtt.md): ws://%s/vtt?token=%s; %s" % (
        url.split("//")[1].split("/")[0], vtt_token,
        ("pages allowed: " + ", ".join(origins)) if origins else "no page allowed yet (--vtt-origin)"))
    if dddice is not None:
        feed.note("each result's dice go to the dddice room %s" % dddice[2])
    if token is not None:
        _qr(url, feed)
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, lambda s=sig: (why.setdefault("signal", s), stop.set()))
        except (NotImplementedError, RuntimeError, ValueError):
            pass
    await deliveries.start()
    box.start()
    web = asyncio.create_task(server.serve(sockets=[sock]))
    await stop.wait()
    # Going: the VTTs' requests let go of on the box, the box's port (so another
    # serve may take it), then the page.
    await vtt.close()
    box.stop()
    server.should_exit = True
    await relay.close()
    await deliveries.stop()
    try:
        await asyncio.wait_for(web, 5)
    except (asyncio.TimeoutError, Exception):
        pass
    await loop.run_in_executor(None, box.join, 3)
    gadgets.unregister(registered)
    waiting = deliveries.waiting() if deliveries.receivers else 0
    kept = (" (%d deliver%s wait in the records for the next serve)" % (waiting, "y" if waiting == 1 else "ies")
            if waiting else "")
    if box.failed is not None:
        raise FateboxError(box.failed.message + kept, box.failed.exit_code)
    if why.get("signal") == signal.SIGINT:
        raise FateboxError("serve stopped (Ctrl-C); every result it saw is in the records%s" % kept, INTERRUPTED)
    return 0


def _quiet_when_out_of_files(feed, most):
    """The loop's error handler: asyncio says each accept() refused for want of
    files with a traceback, many times a turn; serve says it once, in the feed."""
    said = []

    def handle(loop, context):
        if str(context.get("message", "")).startswith("socket.accept() out of system resource"):
            if not said:
                said.append(True)
                feed.note("too many open files: new connections wait until others close (serve keeps at most "
                          "%d page connections; `ulimit -n` raises the limit)" % most)
            return
        loop.default_exception_handler(context)
    return handle


def _qr(url, feed):
    import segno
    import io
    buffer = io.StringIO()
    segno.make(url, error="m").terminal(out=buffer, compact=True)
    feed.console.print(buffer.getvalue(), markup=False, highlight=False)
    feed.note("on a phone on this network: scan the code, or open %s" % url)
