# Other fatebox commands reach the box through `fatebox serve` (docs/serve.md,
# The port): a local TCP socket that speaks the box's own frames, each request
# sent on with an id of serve's and its reply given back under the client's id.
import asyncio
import collections
import hmac
import zlib

from shared_rules import names as N
from shared_rules import wire
from fatebox.serve.box import BOX_CRC

# Ops a client may not have through serve: `repl` would hand serve's port to a REPL.
REFUSED = {"repl": "fatebox serve holds the box's port; stop serve to hand the port to the REPL"}
TOKEN_TIMEOUT = 5.0     # seconds for a client's first line, its token (fatebox sends it at once)
UNKNOWN_MOST = 16       # clients yet to say their token; past it the oldest is cut off


def _error(id, code, message):
    return {"id": id, "ok": False, "error": {"code": code, "message": message}}


class Relay:
    """asyncio server on 127.0.0.1 (port 0: a free one); `url` is its pyserial URL."""

    def __init__(self, box, loop, token=None, token_timeout=TOKEN_TIMEOUT):
        self.box = box
        self.token = token          # the first line a client sends: `!TOKEN` (its owner's runtime folder has it)
        self.token_timeout = token_timeout
        self.loop = loop
        self.server = None
        self.url = None
        self.clients = set()
        self.unknown = collections.OrderedDict()    # writers yet to say the token, oldest first

    async def start(self, host="127.0.0.1", port=0):
        self.server = await asyncio.start_server(self._client, host, port, backlog=UNKNOWN_MOST)
        sock = self.server.sockets[0].getsockname()
        self.url = "socket://%s:%d" % (sock[0], sock[1])
        return self.url

    async def close(self):
        if self.server is not None:
            self.server.close()
            for writer in list(self.clients):
                writer.close()
            await self.server.wait_closed()

    async def _client(self, reader, writer):
        self.clients.add(writer)
        lines = wire.LineReader()
        # Transactions (docs/protocol.md): the client's batch CRC over its own
        # frames, checked here; the box gets the CRC over the frames it got.
        writer.client_crcs = {}
        writer.box_crcs = {}
        known = self.token is None
        if not known:
            # A client that never says its token holds a file only so long, and
            # only so many of them at once: the oldest gives way to a new one.
            self.unknown[writer] = None
            while len(self.unknown) > UNKNOWN_MOST:
                self.unknown.popitem(last=False)[0].transport.abort()
        deadline = self.loop.time() + self.token_timeout
        try:
            while True:
                if known:
                    data = await reader.read(4096)
                else:
                    data = await asyncio.wait_for(reader.read(4096), max(0.0, deadline - self.loop.time()))
                if not data:
                    break
                for line in lines.feed(data):
                    if not known:
                        # Only this user's fatebox (it read the token from the runtime folder).
                        if line is wire.TOO_LONG or not hmac.compare_digest(line.rstrip(b"\r"),
                                                                             b"!" + self.token.encode()):
                            return
                        known = True
                        self.unknown.pop(writer, None)
                        continue
                    self._request(line, writer)
        except (ConnectionError, OSError, asyncio.TimeoutError):
            pass
        finally:
            self.unknown.pop(writer, None)
            self.clients.discard(writer)
            writer.close()

    def _answer(self, writer, message):
        if writer.is_closing():
            return
        try:
            writer.write(wire.encode(message))
        except (ConnectionError, OSError, wire.WireError):
            pass

    def _request(self, line, writer):
        if line is wire.TOO_LONG:
            self._answer(writer, _error(None, N.E_TOO_LONG, "the frame passed %d bytes" % N.FRAME_LIMIT))
            return
        if not line.strip():
            return      # a Link clears the line with a newline before hello
        try:
            request = wire.decode(line)
        except wire.WireError as exc:
            self._answer(writer, _error(exc.id, exc.code, exc.message))
            return
        id = request.get("id")
        op = request.get("op")
        if op in REFUSED:
            self._answer(writer, _error(id, N.E_REQUEST, REFUSED[op]))
            return
        if not self.box.connected.is_set():
            self._answer(writer, _error(id, N.E_STORAGE, "fatebox serve has no box right now (unplugged, or "
                                        "the gadget stopped); try again when it is back"))
            return

        txn = request.get("txn")
        if op == "begin":
            writer.client_crcs.clear()
            writer.box_crcs.clear()
        elif op == "stage":
            body = line[wire.HEADER:].rstrip(b"\r")
            writer.client_crcs[txn] = zlib.crc32(body, writer.client_crcs.get(txn, 0))
        elif op == "commit" and request.get("crc") == writer.client_crcs.get(txn, 0):
            request["crc"] = BOX_CRC

        def answered(reply):
            if reply is None:
                return      # the box never answered: the client's own time-out says so (it may have arrived)
            reply = dict(reply)
            reply["id"] = id
            self.loop.call_soon_threadsafe(self._answer, writer, reply)
        self.box.relay(request, answered, writer.box_crcs)
