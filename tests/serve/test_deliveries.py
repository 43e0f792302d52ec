# The delivery queue in-process: a receiver that hangs times out, is said once
# and retried with back-off, while another receiver gets every result at once;
# when the first answers again it gets them all, once each, in order.
import asyncio
import threading
import time

from fatebox.records import db
from fatebox.serve import hooks, shape
from tests.serve.test_webhooks import Receiver


def results(box_id, n):
    return [shape.result(box_id, s, "forged-in-the-dark", None, {"outcome": "success", "dice": [6, 2]},
                         {"dice": 2}, "2026-11-24T20:00:00+00:00") for s in range(1, n + 1)]


def test_a_receiver_that_hangs_does_not_hold_the_others_and_gets_everything_later(host_records):
    hanging = Receiver()
    steady = Receiver()
    release = threading.Event()
    # The first receiver hangs (never answers) until released.
    handler = hanging.server.RequestHandlerClass
    answer = handler.do_POST

    def slow(self):
        if not release.is_set():
            release.wait(3)
            return          # no answer at all: the connection is dropped when the handler ends
        answer(self)
    handler.do_POST = slow
    said = []
    records = db.Records(str(host_records))
    with records.write():
        row, _ = records.box("rp2-feedfacefeedface")
    queue = hooks.Deliveries(records, [(hanging.url, "webhook"), (steady.url, "webhook")], said.append,
                             backoff_first=0.1, backoff_most=0.3, timeout=0.5)

    async def session():
        await queue.start()
        with records.write():
            queue.enqueue(records, row, results("rp2-feedfacefeedface", 3))
        queue.poke()
        deadline = time.monotonic() + 30
        while len(steady.keys()) < 3 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert len(steady.keys()) == 3                 # not held up by the one that hangs
        while not any("does not take results" in s for s in said) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        release.set()
        # Until the last answer is taken too: a receiver holds a key before
        # the queue has its answer.
        while (len(hanging.keys()) < 3 or queue.waiting()) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await queue.stop()
    asyncio.run(session())
    try:
        failing = [s for s in said if "does not take results" in s]
        assert len(failing) == 1 and "secret-part" not in failing[0]      # said once, the URL's secret not shown
        assert any("answers again" in s for s in said)
        for r in (hanging, steady):
            assert r.keys() == ["rp2-feedfacefeedface:%d" % s for s in (1, 2, 3)]
        assert queue.waiting() == 0
    finally:
        records.close()
        hanging.close()
        steady.close()


def test_a_429s_retry_after_is_honoured_up_to_the_cap(host_records):
    # A hostile or broken receiver asks to be left alone for a day (or forever):
    # the queue waits at most hooks.RETRY_AFTER_MOST, never longer (docs/serve.md).
    import pytest
    for asked, waits in (("86400", hooks.RETRY_AFTER_MOST), ("inf", hooks.RETRY_AFTER_MOST),
                         ("1e999", hooks.RETRY_AFTER_MOST), ("nan", hooks.BACKOFF_FIRST), ("20", 20.0)):
        receiver = Receiver(status=429)
        handler = receiver.server.RequestHandlerClass

        def busy(self, asked=asked):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(429)
            self.send_header("Retry-After", asked)
            self.send_header("Content-Length", "0")
            self.end_headers()
        handler.do_POST = busy
        said = []
        records = db.Records(str(host_records))
        with records.write():
            row, _ = records.box("rp2-feedfacefeedface")
        queue = hooks.Deliveries(records, [(receiver.url, "webhook")], said.append)

        async def session():
            await queue.start()
            with records.write():
                queue.enqueue(records, row, results("rp2-feedfacefeedface", 1))
            queue.poke()
            deadline = time.monotonic() + 30
            while not said and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            await queue.stop()
        try:
            before = time.time()
            asyncio.run(session())
            after = time.time()
            assert said and "HTTP 429" in said[0], said
            # The retry is set between the session's start and end: exactly `waits` after it.
            retry = records.execute("SELECT next_try FROM deliveries").fetchone()[0]
            assert before + waits <= retry <= after + waits, (asked, retry - before, after - before)
            with records.write():
                records.execute("DELETE FROM deliveries")
        finally:
            records.close()
            receiver.close()
    assert hooks.RETRY_AFTER_MOST == pytest.approx(300.0)
