# The virtual gadget and `fatebox serve` as processes, as people run them:
# lines of their output read as they come, keys piped into the gadget.
import os
import queue
import signal
import subprocess
import sys
import threading
import time

import httpx

START = 120     # seconds for a process to say its first line
WAIT = 60       # seconds for anything awaited (a feed line, a file): never asserted as a time


def _files_limit(most):
    """A preexec_fn: at most `most` open files (soft and hard), as `ulimit -n` sets."""
    def limit():
        import resource
        resource.setrlimit(resource.RLIMIT_NOFILE, (most, most))
    return limit


class Proc:
    def __init__(self, args, stdin=subprocess.DEVNULL, env=None, files=None):
        self.process = subprocess.Popen([sys.executable, "-m", "fatebox"] + [str(a) for a in args], stdin=stdin,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        env=dict(os.environ, **(env or {})),
                                        preexec_fn=_files_limit(files) if files else None)
        self.out = queue.Queue()
        self.outs = []
        self.errs = []
        self.err_lines = queue.Queue()
        self.drains = [threading.Thread(target=self._drain, args=(self.process.stdout, self.out, self.outs), daemon=True),
                       threading.Thread(target=self._drain, args=(self.process.stderr, self.err_lines, self.errs),
                                        daemon=True)]
        for drain in self.drains:
            drain.start()

    @staticmethod
    def _drain(pipe, q, kept):
        for line in iter(pipe.readline, ""):
            kept.append(line)
            q.put(line)
        q.put("")

    def first_line(self):
        try:
            line = self.out.get(timeout=START)
        except queue.Empty:
            line = ""
        assert line, "no first line (exit %s): %s" % (self.process.poll(), "".join(self.errs))
        return line.strip()

    def wait_out(self, predicate, what):
        """Lines of stdout until one satisfies predicate; fails with what was seen."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                line = self.out.get(timeout=0.5)
            except queue.Empty:
                continue
            if line == "":
                break
            if predicate(line):
                return line
        raise AssertionError("never saw %s; stdout: %s; stderr: %s" % (what, "".join(self.outs), "".join(self.errs)))

    def wait_text(self, text, stream="both"):
        """Wait until `text` appears in stdout or stderr (all seen so far counts)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if text in "".join(self.outs) + "".join(self.errs):
                return
            time.sleep(0.05)
        raise AssertionError("never saw %r; stdout: %s; stderr: %s" % (text, "".join(self.outs), "".join(self.errs)))

    def signal(self, sig):
        if self.process.poll() is None:
            self.process.send_signal(sig)

    def wait(self):
        """Its exit code, once it ended and every line it wrote has been read (the
        drains reach its pipes' end after the exit: `errs` is whole only then)."""
        try:
            code = self.process.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("did not end within %d s; stderr: %s" % (WAIT, "".join(self.errs)))
        for drain in self.drains:
            drain.join(WAIT)
            assert not drain.is_alive(), "its output did not end within %d s of its exit" % WAIT
        return code

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Box(Proc):
    """`fatebox sim --headless`: keys written to it press the box's buttons."""

    def __init__(self, state, *extra):
        super().__init__(["sim", "--headless", "--state", state] + list(extra), stdin=subprocess.PIPE)
        self.port = self.first_line()

    def keys(self, text):
        self.process.stdin.write(text)
        self.process.stdin.flush()

    def stop(self):
        self.signal(signal.SIGTERM)
        return self.wait()


class Serve(Proc):
    def __init__(self, *args, env=None, files=None):
        super().__init__(["serve", "--listen", "127.0.0.1:0"] + list(args), env=env, files=files)
        self.url = self.first_line()
        assert self.url.startswith("http://127.0.0.1:"), self.url
        self.seen = set()

    def result_line(self, seq):
        return self.wait_out(lambda line: line.startswith("#%d " % seq), "the feed line of result #%d" % seq)

    def get(self, path, **params):
        return httpx.get(self.url.rstrip("/") + path, params=params, timeout=10)


def fatebox(*args, expect=0):
    result = subprocess.run([sys.executable, "-m", "fatebox"] + [str(a) for a in args], capture_output=True,
                            text=True, timeout=WAIT)
    assert result.returncode == expect, "fatebox %s -> %d\nstdout: %s\nstderr: %s" % (
        " ".join(map(str, args)), result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    return result
