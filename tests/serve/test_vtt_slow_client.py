# A /vtt client that never reads (issue 37, 6): its queue fills, it is cut off,
# and the other clients get every result meanwhile, none held up by it.
import asyncio
import threading

from fatebox.serve import vtt

RESULTS = vtt.CLIENT_QUEUE * 3


class Box:
    def __init__(self):
        self.connected = threading.Event()
        self.connected.set()
        self.sent = []

    def relay(self, message, callback):
        self.sent.append(message)


class Socket:
    def __init__(self, stuck=False):
        self.stuck = stuck
        self.texts = []

    async def send_text(self, text):
        if self.stuck:
            await asyncio.Event().wait()        # a client whose TCP window stays shut
        self.texts.append(text)


def _result(seq):
    return {"board_id": "b", "seq": seq, "system": "axiom", "result": {"outcome": "success"}}


def test_a_client_that_never_reads_is_cut_off_and_the_others_get_every_result():
    async def run():
        hub = vtt.Vtt(Box(), asyncio.get_running_loop(), "t", ())
        cut = []
        clients = [vtt.Client(Socket(), None) for _ in range(5)]
        stuck = vtt.Client(Socket(stuck=True), lambda: cut.append(True))
        writers = []
        for client in clients + [stuck]:
            hub.clients.add(client)
            writers.append(asyncio.create_task(hub._write(client)))
        for seq in range(1, RESULTS + 1):
            hub.results([_result(seq)])
            await asyncio.sleep(0)
        for _ in range(100):
            if all(len(c.socket.texts) == RESULTS for c in clients):
                break
            await asyncio.sleep(0.01)
        for w in writers:
            w.cancel()
        return hub, clients, stuck, cut
    hub, clients, stuck, cut = asyncio.run(run())
    for client in clients:
        assert len(client.socket.texts) == RESULTS
        assert ['"seq":%d' % n in t for n, t in enumerate(client.socket.texts, 1)] == [True] * RESULTS
    assert stuck.dropped and stuck not in hub.clients and cut == [True] and hub.dropped == 1
