# The stand-in serve (standins/serve.mjs) as a program, for the browser tests:
# what its clients send, read as they send it; what it sends, written by the test.
import json
import queue
import subprocess
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
WAIT_S = 30     # a hang guard far above the milliseconds a message takes


class StandInServe:
    def __init__(self, token="sesame"):
        self.proc = subprocess.Popen(["node", str(HERE / "standins" / "serve.mjs"), "--token", token], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.port = self._line()["port"]
        self.url = "ws://127.0.0.1:%d/vtt" % self.port
        self.got = []
        self.origins = []

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(json.loads(line))

    def _line(self):
        return self.lines.get(timeout=WAIT_S)

    def _message(self):
        # a connection's Origin is kept on the way to the next message
        while True:
            line = self._line()
            if "origin" in line:
                self.origins.append(line["origin"])
            else:
                return line["got"]

    def origin(self):
        """The Origin header of the first connection (waited for)."""
        while not self.origins:
            line = self._line()
            if "origin" in line:
                self.origins.append(line["origin"])
            else:
                self.got.append(line["got"])
        return self.origins[0]

    def next(self, kind):
        """The next message of this type a client sends (kept ones first)."""
        while True:
            for i, msg in enumerate(self.got):
                if msg.get("type") == kind:
                    return self.got.pop(i)
            self.got.append(self._message())

    def send(self, msg):
        self.proc.stdin.write(json.dumps({"send": msg}) + "\n")
        self.proc.stdin.flush()

    def drop_clients(self):
        self.proc.stdin.write(json.dumps({"close": True}) + "\n")
        self.proc.stdin.flush()

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
