# The /vtt WebSocket of `fatebox serve` (docs/vtt.md): a VTT asks the box for a
# roll and hears every result; requests in order, bounded, timed out, never a sheet.
import asyncio
import collections
import hmac
import json
import os
import secrets

from shared_rules import ask_limits as A
from starlette.responses import PlainTextResponse
from starlette.websockets import WebSocket, WebSocketDisconnect

WAITING_MOST = 16       # requests waiting at once, those the box holds included; the rest are declined
BOX_QUEUE = A.ASK_WAITING + 1   # asks the box itself holds: the one on its ring, and those waiting
TIMEOUT = 120.0         # seconds a request waits for its roll, from its arrival
TIMEOUT_ENV = "FATEBOX_VTT_TIMEOUT"
CLIENT_QUEUE = 64       # messages waiting for one client; a client that does not read is dropped past it
MESSAGE_MOST = 4096     # bytes in one message from a client
DICE_MOST = A.ASK_DICE  # dice in one request, all groups together: as the box takes them
FACES = A.ASK_FACES
ID_MOST, FROM_MOST, LABEL_MOST = 64, A.ASK_FROM, A.ASK_LABEL
REQUEST_KEYS = ("type", "id", "dice", "label", "from")
SCHEMA_FILE = os.path.join(os.path.dirname(__file__), "vtt.schema.json")
GONE = "the box went away"
NO_ASK = "the box's firmware cannot take requests"


def schema():
    """vtt.schema.json, its result message holding result.schema.json's keys
    (with the registry's systems, as fatebox.serve.shape.schema() gives them)."""
    from fatebox.serve import shape
    with open(SCHEMA_FILE, encoding="utf-8") as f:
        out = json.load(f)
    result = shape.schema()
    mine = out["$defs"]["result"]
    mine["properties"] = dict(result["properties"], type=mine["properties"]["type"])
    mine["required"] = result["required"] + ["type"]
    mine["additionalProperties"] = False
    for key in ("if", "then", "else"):
        if key in result:
            mine[key] = result[key]
    out["$defs"].update(result["$defs"])
    return out


def timeout():
    try:
        return float(os.environ.get(TIMEOUT_ENV) or TIMEOUT)
    except ValueError:
        return TIMEOUT


def _text(value, name, most, required=False):
    """A string of at most `most` characters, no control characters, or a reason."""
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value):
        return None, "%s must be a string of 1 to %d characters" % (name, most) if required else \
            "%s must be a string of at most %d characters" % (name, most)
    if len(value) > most:
        return None, "%s has %d characters, more than %d" % (name, len(value), most)
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in value):
        return None, "%s holds a control character; give plain text" % name
    return value


def checked(text):
    """(request dict, None) for a valid roll-request, or (id or None, reason)."""
    if len(text.encode("utf-8")) > MESSAGE_MOST:
        return None, "a message of more than %d bytes" % MESSAGE_MOST
    try:
        msg = json.loads(text)
    except ValueError:
        return None, "not JSON: send one JSON object per message"
    if not isinstance(msg, dict):
        return None, "not a JSON object: send {\"type\": \"roll-request\", ...}"
    rid = msg.get("id")
    rid = _text(rid, "id", ID_MOST, required=True)
    if isinstance(rid, tuple):
        return None, rid[1]
    if msg.get("type") != "roll-request":
        return rid, "unknown type %s: serve takes roll-request only" % json.dumps(msg.get("type"))[:40]
    extra = sorted(k for k in msg if k not in REQUEST_KEYS)
    if extra:
        return rid, "unknown key %s: a roll-request has only %s" % (json.dumps(extra[0])[:40], ", ".join(REQUEST_KEYS))
    dice = msg.get("dice")
    if not isinstance(dice, list) or not dice:
        return rid, "dice must be a list of {\"faces\": F, \"count\": N}"
    total = 0
    for die in dice:
        if not isinstance(die, dict) or sorted(die) != ["count", "faces"]:
            return rid, "each of dice must be {\"faces\": F, \"count\": N}"
        faces, count = die["faces"], die["count"]
        if type(faces) is not int or not FACES[0] <= faces <= FACES[1]:
            return rid, "faces %s: the box rolls dice of %d to %d faces" % (json.dumps(faces)[:20], FACES[0], FACES[1])
        if type(count) is not int or count < 1:
            return rid, "count %s: give 1 or more of each die" % json.dumps(count)[:20]
        total += count
    if total > DICE_MOST:
        return rid, "%d dice: the box rolls at most %d at once" % (total, DICE_MOST)
    out = {"id": rid, "dice": [[d["faces"], d["count"]] for d in dice]}
    for key, most in (("from", FROM_MOST), ("label", LABEL_MOST)):
        value = _text(msg.get(key), key, most)
        if isinstance(value, tuple):
            return rid, value[1]
        out[key] = value
    return out, None


class Client:
    def __init__(self, socket, abort):
        self.socket = socket
        self.queue = asyncio.Queue(CLIENT_QUEUE)
        self.abort = abort          # cuts the connection at once (a client that does not read)
        self.dropped = False


class Request:
    def __init__(self, client, rid, ask, dice, frm, label):
        self.client, self.id, self.ask = client, rid, ask
        self.dice, self.frm, self.label = dice, frm, label
        self.sent = False           # the box took it
        self.relayed = False        # on its way to the box, or taken
        self.timer = None


class Vtt:
    """The VTT clients and their requests. Lives in the event loop's thread;
    `box` is serve's BoxThread (relay(message, callback) from any thread)."""

    def __init__(self, box, loop, token, origins, wait=None):
        self.box = box
        self.loop = loop
        self.token = token
        self.origins = set(origins)
        self.wait = timeout() if wait is None else wait
        self.clients = set()
        self.requests = collections.OrderedDict()       # ask id -> Request, in arrival order
        self.asking = False         # an ask on its way to the box (one at a time: in order)
        self.box_full = False       # the box said busy: the next waits for a roll or a decline
        self.dropped = 0
        self.prefix = secrets.token_hex(3)
        self.count = 0

    # -- the connection --------------------------------------------------------------

    def refusal(self, websocket):
        """Why this connection is refused before any message, or None."""
        given = websocket.query_params.get("token") or ""
        auth = websocket.headers.get("authorization", "")
        if not given and auth.lower().startswith("bearer "):
            given = auth[7:].strip()
        if not hmac.compare_digest(given.encode(), (self.token or "").encode()) or not self.token:
            return 401, "a token is needed: the one fatebox serve printed for VTTs (ws://127.0.0.1:PORT/vtt?token=...)"
        origin = websocket.headers.get("origin")
        if origin is not None and origin not in self.origins:
            return 403, "origin %s is not one serve takes: start serve with --vtt-origin %s" % (origin[:100], origin[:100])
        return None

    async def endpoint(self, websocket: WebSocket):
        refused = self.refusal(websocket)
        if refused is not None:
            status, text = refused
            if "websocket.http.response" in websocket.scope.get("extensions", {}):
                await websocket.send_denial_response(PlainTextResponse(text + "\n", status_code=status))
            else:
                await websocket.close(code=1008, reason=text[:120])
            return
        await websocket.accept()
        client = Client(websocket, websocket.scope.get("fatebox.abort"))
        self.clients.add(client)
        writer = asyncio.create_task(self._write(client))
        try:
            while not client.dropped:
                try:
                    message = await websocket.receive()
                except (WebSocketDisconnect, RuntimeError):
                    break
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", "replace")
                self._take(client, text)
        finally:
            self._gone(client)
            writer.cancel()

    async def _write(self, client):
        try:
            while True:
                text = await client.queue.get()
                await client.socket.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:
            self._gone(client)

    def _send(self, client, data):
        """`data` (a dict, or its JSON text) into the client's queue."""
        if client.dropped:
            return
        try:
            client.queue.put_nowait(data if isinstance(data, str) else json.dumps(data, separators=(",", ":")))
        except asyncio.QueueFull:
            # A client that does not read: cut off, so it holds neither memory nor the others.
            self.dropped += 1
            self._gone(client)
            if client.abort is not None:
                client.abort()

    def _gone(self, client):
        if client.dropped and client not in self.clients:
            return
        client.dropped = True
        self.clients.discard(client)
        for ask, request in list(self.requests.items()):
            if request.client is client:
                # Not rolled yet: the box lets it go; rolling already: it is recorded as usual.
                self._forget(ask, cancel=True)
        self._pump()

    # -- requests ----------------------------------------------------------------------

    def _take(self, client, text):
        request, reason = checked(text)
        if reason is not None:
            return self._send(client, {"type": "roll-declined", "id": request, "reason": reason})
        rid = request["id"]
        if any(r.client is client and r.id == rid for r in self.requests.values()):
            return self._declined(client, rid, "id %s is waiting already: give each request its own id" % rid)
        if not self.box.connected.is_set():
            return self._declined(client, rid, GONE + ": ask again when serve says it is back")
        if len(self.requests) >= WAITING_MOST:
            return self._declined(client, rid, "%d requests wait already, the most serve keeps: ask again after "
                                               "one is rolled" % WAITING_MOST)
        self.count += 1
        ask = "vtt-%s-%d" % (self.prefix, self.count)
        r = Request(client, rid, ask, request["dice"], request["from"], request["label"])
        r.timer = self.loop.call_later(self.wait, self._expired, ask)
        self.requests[ask] = r
        self._pump()

    def _declined(self, client, rid, reason):
        self._send(client, {"type": "roll-declined", "id": rid, "reason": reason})

    def _decline(self, ask, reason, cancel=False):
        r = self.requests.get(ask)
        if r is not None:
            self._forget(ask, cancel)
            self._declined(r.client, r.id, reason)

    def _forget(self, ask, cancel=False):
        r = self.requests.pop(ask, None)
        if r is None:
            return
        if r.timer is not None:
            r.timer.cancel()
        if cancel and r.sent and self.box.connected.is_set():
            self.box.relay({"op": "ask-cancel", "ask": ask}, None)

    def _expired(self, ask):
        self._decline(ask, "timed out: nobody rolled it within %g s" % self.wait, cancel=True)
        self._pump()

    def _pump(self):
        """The oldest request the box does not hold yet goes to it, one at a time."""
        if self.asking or self.box_full or not self.box.connected.is_set():
            return
        r = next((r for r in self.requests.values() if not r.sent), None)
        if r is None or sum(1 for q in self.requests.values() if q.sent) >= BOX_QUEUE:
            return
        self.asking = True
        r.relayed = True
        message = {"op": "ask", "ask": r.ask, "dice": r.dice, "from": r.frm, "label": r.label}
        self.box.relay(message, lambda reply: self.loop.call_soon_threadsafe(self._asked, r.ask, reply))

    def _asked(self, ask, reply):
        self.asking = False
        r = self.requests.get(ask)
        if reply is None:
            self._decline(ask, GONE if not self.box.connected.is_set() else "the box did not answer")
        elif reply.get("ok") is False or "error" in reply:
            error = reply.get("error") if isinstance(reply.get("error"), dict) else {}
            code, said = error.get("code"), str(error.get("message") or "")[:200]
            if code == "busy" and r is not None:
                self.box_full = True        # it waits here, first in line, for the box's room
                return
            self._decline(ask, NO_ASK if code == "unknown-op" else "the box cannot roll it: %s" % (said or code))
        elif r is not None:
            r.sent = True
        elif self.box.connected.is_set():
            # Its client went, or its time ran out, while the box took it: let it go there too.
            self.box.relay({"op": "ask-cancel", "ask": ask}, None)
        self._pump()

    # -- from the box ------------------------------------------------------------------

    def results(self, results):
        """Results the box played (serve's one shape), as recorded: each to every
        client, and a requested roll's values to the client that asked."""
        for result in results:
            entry = result.get("result") if isinstance(result.get("result"), dict) else {}
            r = self.requests.get(entry.get("ask")) if result.get("system") == "dice" else None
            if r is not None:
                self._forget(r.ask)
                self._send(r.client, {"type": "roll-result", "id": r.id, "values": entry.get("values"),
                                      "board_id": result["board_id"], "seq": result["seq"]})
            text = json.dumps(dict(result, type="result"), separators=(",", ":"))    # once for all clients
            for client in list(self.clients):
                self._send(client, text)
        if results:
            self.box_full = False
        self._pump()

    def event(self, event):
        """A box event other than a result: a request declined on the box."""
        if event.get("event") == "ask-declined":
            reason = str(event.get("reason") or "declined on the box")[:200]
            self._decline(event.get("ask"), reason if reason.startswith("declined") else "declined on the box: " + reason)
            self.box_full = False
            self._pump()

    def lost(self):
        """The box went away: every request waiting is declined, none half-kept."""
        self.asking = self.box_full = False
        for ask in list(self.requests):
            self._decline(ask, GONE)

    async def close(self, most=1.0):
        """serve stopping: each request waiting declined, and the box told to let
        go of those it holds (within `most` seconds: a box that does not answer
        is not waited for)."""
        done = []
        for ask, r in list(self.requests.items()):
            if r.relayed and self.box.connected.is_set():
                answered = self.loop.create_future()
                self.box.relay({"op": "ask-cancel", "ask": ask},
                               lambda reply, f=answered: self.loop.call_soon_threadsafe(
                                   lambda: f.done() or f.set_result(reply)))
                done.append(answered)
            self._forget(ask)
            self._declined(r.client, r.id, "serve stopped: ask again when it is back")
        if done:
            await asyncio.wait(done, timeout=most)
        await asyncio.sleep(0)      # the declines go out before the connections close

    def back(self):
        """The box is back: the asks of this serve it still holds were declined
        here when it went, so it is told to let them go (its `state` names them)."""
        def got(reply):
            if not isinstance(reply, dict) or not reply.get("ok"):
                return
            held = ([reply.get("asking")] if isinstance(reply.get("asking"), str) else []) + \
                [a for a in reply.get("asks") or [] if isinstance(a, str)]
            mine = "vtt-%s-" % self.prefix
            for ask in held:
                if ask.startswith(mine):
                    self.loop.call_soon_threadsafe(self._let_go, ask)
        self.box.relay({"op": "state"}, got)

    def _let_go(self, ask):
        if ask not in self.requests:
            self.box.relay({"op": "ask-cancel", "ask": ask}, None)
