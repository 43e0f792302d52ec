# The box gone with asks it held, and back (issue 37, Bad input and faults):
# each request was declined when it went; back, the box is told to let go of
# those it still holds (its `state` names them), so none is rolled later for a
# VTT that was told it was not, and another program's asks are left alone.
import asyncio

from fatebox.serve import vtt
from tests.serve.test_vtt_slow_client import Box, Socket


class Held(Box):
    """A box whose `state` says it holds `held`."""

    def __init__(self):
        super().__init__()
        self.held = []

    def relay(self, message, callback):
        super().relay(message, callback)
        if message["op"] == "state":
            callback({"ok": True, "asking": self.held[0] if self.held else None, "asks": self.held[1:]})


def test_asks_the_box_held_when_it_went_are_let_go_of_when_it_is_back():
    async def run():
        box = Held()
        hub = vtt.Vtt(box, asyncio.get_running_loop(), "t", ())
        client = vtt.Client(Socket(), None)
        hub.clients.add(client)
        hub._take(client, '{"type": "roll-request", "id": "a", "dice": [{"faces": 6, "count": 1}]}')
        first = box.sent[-1]["ask"]
        hub._asked(first, {"ok": True, "queued": 0})         # the box holds it
        hub._take(client, '{"type": "roll-request", "id": "b", "dice": [{"faces": 6, "count": 1}]}')
        second = box.sent[-1]["ask"]                          # on its way when the box went
        box.connected.clear()
        hub.lost()
        declined = [client.queue.get_nowait() for _ in range(2)]
        box.connected.set()
        box.held = [first, "someone-else", second]
        hub.back()
        await asyncio.sleep(0.05)
        return box, first, second, declined
    box, first, second, declined = asyncio.run(run())
    assert all('"reason":"the box went away"' in d for d in declined)
    assert [m for m in box.sent if m["op"] == "ask-cancel"] == [{"op": "ask-cancel", "ask": first},
                                                                 {"op": "ask-cancel", "ask": second}]
