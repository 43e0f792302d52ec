# Webhooks and Discord (docs/serve.md, Webhooks): every result POSTed once, in
# seq order, through a queue kept in the host's records, so a receiver that is
# down (or a serve killed and started again) gets it when it is back.
import asyncio
import json
import time
from urllib.parse import urlsplit

import httpx

from fatebox.errors import FateboxError, USAGE
from fatebox.serve.dddice import body as dddice_body

TIMEOUT = 10.0          # seconds for one POST, whole: from the connection to the answer's status
BACKOFF_FIRST = 1.0     # seconds before the first retry; doubled each time...
BACKOFF_MOST = 300.0    # ...up to this
# A 429's Retry-After (seconds) is honoured up to this: a broken or hostile
# receiver asking for a day, or forever, cannot stall its queue longer.
RETRY_AFTER_MOST = 300.0
# Discord's documented limits on an embed (Message resource, Embed limits).
DISCORD = {"title": 256, "description": 4096, "fields": 25, "field_name": 256, "field_value": 1024,
           "footer": 2048, "author": 256, "total": 6000, "username": 80}


def checked_url(url, option):
    """An http(s) URL with a host, else a usage error naming the option."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FateboxError("%s %s: not an http(s) URL with a host; give one as https://example.org/hook"
                           % (option, url), USAGE)
    return url


def shown_url(url):
    """A receiver as the feed names it: scheme, host and path start, never its secret."""
    parts = urlsplit(url)
    path = parts.path
    if len(path) > 12:
        path = path[:12] + "…"
    return "%s://%s%s" % (parts.scheme, parts.netloc.rsplit("@", 1)[-1], path)


def _cut(text, limit):
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _drawn_words(system):
    """The system's words module's drawn_words(items) (tokens said its own way), or None."""
    from shared_rules import registry
    try:
        return getattr(__import__(registry.rules(system).words_module, None, None, ["result_words"]),
                       "drawn_words", None)
    except (KeyError, ImportError, TypeError):
        return None


def discord_body(result):
    """A Discord webhook message for a result: one embed within Discord's limits."""
    items = result.get("items") or []
    drawn = " ".join(("●" if i["kind"] == "token" else "[%s]" % i["label"]) + ("" if i["kept"] else "̶")
                     for i in items)
    said = _drawn_words(result["system"])
    if said is not None:
        drawn = said(items)
    odds = result.get("odds")
    chance = odds["percent"] if odds else "odds not told"
    fields = [
        {"name": "Character", "value": result.get("character") or "Nobody", "inline": True},
        {"name": "System", "value": result.get("system_name") or result["system"], "inline": True},
        {"name": "Outcome", "value": result.get("outcome_words") or "?", "inline": True},
        {"name": "Drawn", "value": drawn or "-", "inline": False},
        {"name": "Odds", "value": ("%s (%s)" % (chance, odds["setup"])) if odds else chance, "inline": False},
    ]
    fields = [{"name": _cut(f["name"], DISCORD["field_name"]), "value": _cut(f["value"], DISCORD["field_value"]),
               "inline": f["inline"]} for f in fields][:DISCORD["fields"]]
    colour = (result.get("pattern") or {}).get("colour") or "#808080"
    embed = {
        "title": _cut(result.get("words") or "A result", DISCORD["title"]),
        "description": _cut("#%d on %s" % (result["seq"], result.get("board_id") or "the box"), DISCORD["description"]),
        "color": int(colour[1:], 16),
        "fields": fields,
        "footer": {"text": _cut("fatebox serve", DISCORD["footer"])},
    }
    return {"username": "Fatebox", "embeds": [embed], "allowed_mentions": {"parse": []}}


def embed_size(embed):
    """Characters Discord counts toward an embed's 6000."""
    n = len(embed.get("title", "")) + len(embed.get("description", ""))
    n += len((embed.get("footer") or {}).get("text", "")) + len((embed.get("author") or {}).get("name", ""))
    for f in embed.get("fields", []):
        n += len(f["name"]) + len(f["value"])
    return n


class Deliveries:
    """One task per receiver: the oldest queued result first, retried with
    back-off, a 4xx said once and the receiver dropped."""

    def __init__(self, records, receivers, say, backoff_first=BACKOFF_FIRST, backoff_most=BACKOFF_MOST,
                 timeout=TIMEOUT, dddice=None):
        self.records = records            # a db.Records of this thread
        self.receivers = list(receivers)  # [(url, "webhook" | "discord" | "dddice")]
        self.dddice = dddice              # (url, API key, room) of --dddice, or None
        if dddice is not None:
            self.receivers.append((dddice[0], "dddice"))
        self.say = say
        self.backoff_first = backoff_first
        self.backoff_most = backoff_most
        self.timeout = timeout
        self.wake = {}
        self.tasks = []
        self.dropped = set()
        self.client = None

    def enqueue(self, records, box, results):
        """Queue each result (the JSON shape) for every receiver, in the caller's
        transaction on `records` (the box thread's): recorded means queued."""
        for result in results:
            for url, kind in self.receivers:
                if url in self.dropped:
                    continue
                body = discord_body(result) if kind == "discord" else result
                if kind == "dddice":
                    body = dddice_body(result, self.dddice[2])
                    if body is None:
                        continue        # no dice to show
                records.execute("INSERT OR IGNORE INTO deliveries (receiver, box, seq, body) VALUES (?, ?, ?, ?)",
                             (url, box, result["seq"], json.dumps(body, separators=(",", ":"))))

    def poke(self):
        for event in self.wake.values():
            event.set()

    def waiting(self):
        return self.records.execute("SELECT COUNT(*) FROM deliveries").fetchone()[0]

    async def start(self):
        self.client = httpx.AsyncClient(timeout=httpx.Timeout(self.timeout), follow_redirects=False)
        for url, kind in self.receivers:
            self.wake[url] = asyncio.Event()
            self.tasks.append(asyncio.create_task(self._run(url, kind)))

    async def stop(self):
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        if self.client is not None:
            await self.client.aclose()

    def _next(self, url):
        return self.records.execute(
            "SELECT d.id, d.seq, d.body, d.attempts, d.next_try, b.board_id FROM deliveries d "
            "JOIN boxes b ON b.id = d.box WHERE d.receiver = ? ORDER BY d.box, d.seq LIMIT 1", (url,)).fetchone()

    async def _post(self, url, body, headers):
        """(status, Retry-After) of one POST. The status is the receiver's answer:
        its body is never read (the connection is closed instead), so a receiver
        that sends it a byte at a time holds nothing."""
        async with self.client.stream("POST", url, content=body.encode(), headers=headers) as response:
            return response.status_code, response.headers.get("retry-after")

    async def _run(self, url, kind):
        wake = self.wake[url]
        failing = None
        while True:
            row = self._next(url)
            if row is None:
                wake.clear()
                await wake.wait()
                continue
            delay = row["next_try"] - time.time()
            if delay > 0:
                wake.clear()
                try:
                    await asyncio.wait_for(wake.wait(), delay)
                except asyncio.TimeoutError:
                    pass
                continue
            headers = {"Content-Type": "application/json",
                       "Idempotency-Key": "%s:%d" % (row["board_id"], row["seq"]),
                       "User-Agent": "fatebox-serve"}
            if kind == "dddice":
                # The key is sent, never kept in the records.
                headers.update({"Authorization": "Bearer " + self.dddice[1], "Accept": "application/json"})
            problem = None
            status = retry_after = None
            try:
                # One deadline for the whole request: a receiver that trickles
                # its answer is cut off, never holds its queue longer.
                status, retry_after = await asyncio.wait_for(self._post(url, row["body"], headers), self.timeout)
            except asyncio.TimeoutError:
                problem = "no answer within %g s" % self.timeout
            except httpx.HTTPError as exc:
                problem = "%s" % (type(exc).__name__,)
            if status is not None and 200 <= status < 300:
                self.records.execute("DELETE FROM deliveries WHERE id = ?", (row["id"],))
                if failing is not None:
                    self.say("%s answers again; the results waiting go to it now" % shown_url(url))
                    failing = None
                continue
            if status is not None and 400 <= status < 500 and status not in (408, 425, 429):
                self.say("%s refused result #%d (HTTP %d): no more results go to it this session; "
                         "the others keep theirs" % (shown_url(url), row["seq"], status))
                self.dropped.add(url)
                self.records.execute("DELETE FROM deliveries WHERE receiver = ?", (url,))
                return
            attempts = row["attempts"] + 1
            wait = min(self.backoff_most, self.backoff_first * (2 ** (attempts - 1)))
            if status == 429:
                try:
                    asked = float(retry_after or 0)
                except ValueError:
                    asked = 0.0     # an HTTP date or noise: the back-off alone
                if asked > wait:    # not NaN
                    wait = min(asked, RETRY_AFTER_MOST)
            self.records.execute("UPDATE deliveries SET attempts = ?, next_try = ? WHERE id = ?",
                              (attempts, time.time() + wait, row["id"]))
            why = problem or "HTTP %d" % status
            if failing is None:
                self.say("%s does not take results (%s); they wait in the records and go when it answers"
                         % (shown_url(url), why))
                failing = why
