# The page, the overlay and the JSON endpoints of `fatebox serve` (docs/serve.md):
# Starlette, read-only, only the listening address, a token off the loopback.
import asyncio
import collections
import hmac
import ipaddress
import json
import os

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

HERE = os.path.dirname(__file__)
SESSION_KEEP = 200          # results the page lists (the records keep them all)
CLIENT_QUEUE = 64           # events waiting for one /events client; past it the client is dropped
KEEPALIVE = 15.0            # seconds between SSE comments, so proxies keep the stream open
RESULTS_LIMIT = 500         # results in one /results reply (ask again after the last seq)
SEQ_MOST = 2 ** 63 - 1      # the largest number the records hold (SQLite's integer)
CORS_PATHS = ("/events", "/results", "/characters")
PAGES = {"/": "page.html", "/overlay": "overlay.html", "/app.js": "app.js", "/page.css": "page.css"}
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


class Hub:
    """The session as the page sees it: the latest results, the characters, and
    every /events client's queue. Lives in the event loop's thread."""

    def __init__(self, keep=SESSION_KEEP):
        self.results = collections.deque(maxlen=keep)
        self.characters = []
        self.clients = set()
        self.dropped = 0        # clients dropped for not reading

    def publish(self, result):
        self.results.append(result)
        self._send("result", result, result["seq"])

    def set_characters(self, characters):
        self.characters = characters
        self._send("characters", characters)

    def _send(self, kind, data, id=None):
        text = message(kind, data, id)
        for client in list(self.clients):
            try:
                client.put_nowait(text)
            except asyncio.QueueFull:
                # A client that does not read: dropped, so it never holds memory or the others.
                self.clients.discard(client)
                self.dropped += 1
                client.overflowed = True

    def subscribe(self):
        queue = asyncio.Queue(CLIENT_QUEUE)
        queue.overflowed = False
        self.clients.add(queue)
        return queue

    def unsubscribe(self, queue):
        self.clients.discard(queue)


def message(kind, data, id=None):
    """One SSE message; a result's `id` is its seq, so a page that reconnects
    (Last-Event-ID) is sent what it missed."""
    return "%sevent: %s\ndata: %s\n\n" % ("id: %d\n" % id if id is not None else "", kind,
                                           json.dumps(data, separators=(",", ":")))


def allowed_hosts(host, port):
    """The Host headers that name the listening address (DNS rebinding is refused)."""
    names = {host}
    if host in ("127.0.0.1", "::1", "localhost"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    if ":" in host and not host.startswith("["):
        names.add("[%s]" % host)
    return {"%s:%d" % (n, port) for n in names}


def host_ok(header, host, port):
    if host in ("0.0.0.0", "::"):
        # Any of this machine's addresses, spelled as an address: a name could be
        # a rebinding page's. The token guards the rest.
        name, _, given = header.rpartition(":")
        if given != str(port):
            return False
        name = name.strip("[]")
        if name == "localhost":
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True
    return header in allowed_hosts(host, port)


class Guard:
    """Every request: GET or HEAD only, the right Host, the token when one is set;
    security headers on every answer; CORS only on the JSON endpoints."""

    def __init__(self, app, host, port, token):
        self.app = app
        self.host = host
        self.port = port
        self.token = token

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = dict((k.decode("latin-1").lower(), v.decode("latin-1")) for k, v in scope["headers"])
        path = scope["path"]
        port = self.port() if callable(self.port) else self.port
        if not host_ok(headers.get("host", ""), self.host, port):
            refusal = _plain(421, "this server answers only as its own address (Host: %s:%d)" % (self.host, port))
            if scope["type"] == "websocket":
                return await WebSocket(scope, receive, send).send_denial_response(refusal)
            return await refusal(scope, receive, send)
        if scope["type"] == "websocket":
            # /vtt checks its own token and Origin (docs/vtt.md), before any message.
            return await self.app(scope, receive, send)
        cors = path in CORS_PATHS
        if scope["method"] == "OPTIONS" and cors:
            # Chrome asks a page's leave to reach a local address (Local Network
            # Access; its Private Network Access preflight before it): said yes here.
            extra = {"Access-Control-Allow-Private-Network": "true"} \
                if headers.get("access-control-request-private-network") == "true" else {}
            return await Response(status_code=204, headers=dict(_cors(), **extra))(scope, receive, send)
        if scope["method"] not in ("GET", "HEAD"):
            return await _plain(405, "read-only: GET only", {"Allow": "GET, HEAD"})(scope, receive, send)
        if self.token is not None:
            given = _query(scope).get("token") or _bearer(headers.get("authorization", ""))
            if not hmac.compare_digest((given or "").encode(), self.token.encode()):
                return await _plain(401, "a token is needed: open the URL fatebox serve printed")(scope, receive, send)

        async def send_guarded(message):
            if message["type"] == "http.response.start":
                extra = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
                         (b"x-frame-options", b"SAMEORIGIN") if path != "/overlay" else (b"x-overlay", b"1"),
                         (b"content-security-policy",
                          b"default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                          b"connect-src 'self'; frame-ancestors *")]
                if cors:
                    extra += [(k.lower().encode(), v.encode()) for k, v in _cors().items()]
                message = dict(message)
                message["headers"] = list(message.get("headers", [])) + extra
            await send(message)
        return await self.app(scope, receive, send_guarded)


def _cors():
    return {"Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "GET",
            "Access-Control-Allow-Headers": "Authorization, Last-Event-ID"}


def _plain(status, text, headers=None):
    return PlainTextResponse(text + "\n", status_code=status, headers=headers)


def _query(scope):
    from urllib.parse import parse_qs
    q = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return dict((k, v[-1]) for k, v in q.items())


def _bearer(value):
    if value.lower().startswith("bearer "):
        return value[7:].strip()
    return None


def make_app(hub, records_results, host="127.0.0.1", port=8766, token=None, vtt=None):
    """The ASGI app. records_results(after, limit) -> the session's box's results
    after seq `after`, oldest first (from the records); vtt: the /vtt WebSocket's (vtt.Vtt)."""

    async def page(request):
        name = PAGES[request.url.path]
        with open(os.path.join(HERE, name), "rb") as f:
            body = f.read()
        return Response(body, media_type=TYPES[os.path.splitext(name)[1]],
                        headers={"Cache-Control": "no-store"})

    async def results(request):
        after = request.query_params.get("after", "0")
        # ASCII digits only (int() takes "1_0", " 1" and other scripts' digits),
        # and no more than the records can compare with.
        if not (after.isascii() and after.isdigit() and len(after) <= len(str(SEQ_MOST))) or int(after) > SEQ_MOST:
            return JSONResponse({"error": "after must be a sequence number, 0 to %d, in digits; ask /results?after=0 "
                                          "for the first results" % SEQ_MOST}, status_code=400)
        after = int(after)
        found = await asyncio.get_running_loop().run_in_executor(None, records_results, after, RESULTS_LIMIT)
        return JSONResponse({"results": found, "more": len(found) == RESULTS_LIMIT})

    async def characters(request):
        return JSONResponse({"characters": hub.characters})

    async def session(request):
        return JSONResponse({"results": list(hub.results), "characters": hub.characters})

    async def events(request):
        queue = hub.subscribe()
        try:
            last = int(request.headers.get("last-event-id", ""))
        except ValueError:
            last = None
        # A page that reconnects gets the session's results it missed first.
        missed = [r for r in hub.results if r["seq"] > last] if last is not None else []

        async def stream():
            try:
                yield ": fatebox serve\nretry: 2000\n\n"
                for r in missed:
                    yield message("result", r, r["seq"])
                while not queue.overflowed:
                    try:
                        text = await asyncio.wait_for(queue.get(), KEEPALIVE)
                    except asyncio.TimeoutError:
                        text = ": keepalive\n\n"
                    yield text
            finally:
                hub.unsubscribe(queue)
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    routes = [Route(p, page, methods=["GET", "HEAD"]) for p in PAGES]
    routes += [Route("/results", results, methods=["GET", "HEAD"]),
               Route("/characters", characters, methods=["GET", "HEAD"]),
               Route("/session", session, methods=["GET", "HEAD"]),
               Route("/events", events, methods=["GET", "HEAD"])]
    if vtt is not None:
        routes.append(WebSocketRoute("/vtt", vtt.endpoint))
    return Starlette(routes=routes, middleware=[Middleware(Guard, host=host, port=port, token=token)])
