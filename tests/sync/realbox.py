# The real firmware (Box) on a virtual board, served from a thread on its
# pseudo-terminal: the host's sync tested against the box's own code.
import threading
import time

from fatebox_fw.box import Box, LOOP_MS
from fatebox_fw.hal.virtual import VirtualBoard
from tests.helpers import HANG_S


class RealBox:
    """A box on `state` (a folder: its flash) until stop(); restart() is a new boot on the same flash."""

    def __init__(self, state, seed="realbox"):
        self.state = str(state)
        self.seed = seed
        self.board = None
        self._start()

    def _start(self):
        self.board = VirtualBoard(self.state, seed=self.seed)
        self.gadget = Box(self.board)
        self.path = self.board.port_path
        self.halt = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self):
        while not self.halt.is_set():
            self.gadget.tick()
            time.sleep(LOOP_MS / 1000.0)

    def stop(self):
        """The cable out and the power off: no goodbye, nothing flushed."""
        if self.board is not None:
            # The pty closed only once the loop is done with it: a descriptor
            # closed under a running tick may be another box's pty by then.
            self.halt.set()
            self.thread.join(HANG_S)
            assert not self.thread.is_alive(), "the box's loop did not stop within %d s" % HANG_S
            self.board.close()
            self.board = None

    def restart(self):
        self.stop()
        self._start()

    def characters(self):
        store = self.gadget.store
        return dict((n, store.characters[n].to_dict()) for n in store.names())
