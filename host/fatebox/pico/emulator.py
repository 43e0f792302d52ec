# The emulated Raspberry Pi Pico (emu/pico.mjs on rp2040js) driven from Python:
# its USB serial on a pseudo-terminal like the virtual gadget's, its buttons
# pressed at emulated times, the ring's frames decoded from the data pin, the
# flash kept in a file. Every wait has a wall-time and an emulated-time limit
# and names the step it was waiting for.
import json
import os
import select
import subprocess
import threading
import time
import tty

# The parts the emulator needs (pico/parts.py), named here too as the tests and benches use them.
from fatebox.pico.parts import (  # noqa: F401
    BALLAST_BOOT, CIRCUITPYTHON_UF2, CP_IMAGE_UF2, IMAGE_UF2, ROOT, SCRIPT, STOCK_UF2, PicoMissing, check_prerequisites)

# The Pico profile's pins (hardware/boards/pico.json).
BUTTON_PINS = {"back": 2, "minus": 3, "plus": 4, "go": 5}
RING_PIN = 16
RING_COUNT = 12

WALL_S = 300.0      # the default wall-time limit of one wait (a loaded machine slows the chip)


class PicoTimeout(AssertionError):
    """A wait ran past its wall-time or emulated-time limit (the message names the step)."""


def seeded_bits(seed):
    """The raw ROSC bits of emu/pico.mjs's `seeded:N` source (xorshift32, low bit)."""
    x = (seed & 0xFFFFFFFF) or 0x9E3779B9
    while True:
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        yield x & 1


def grb_to_rgb(grb):
    """The wire's GRB bytes as the firmware's frame buffer (R, G, B per pixel)."""
    out = bytearray(len(grb))
    for i in range(0, len(grb), 3):
        out[i], out[i + 1], out[i + 2] = grb[i + 1], grb[i], grb[i + 2]
    return bytes(out)


class EmulatedPico:
    """One emulated Pico. `port_path` is its USB serial, for `fatebox --port`.

    firmware: a UF2 written over the flash at start (as dropped on BOOTSEL; the
    filesystem is kept), or None to boot what the flash file holds.
    flash: the flash file (loaded if it exists, saved when the chip stops).
    rosc: the RANDOMBIT source: random, seeded:N, stuck:B, biased:P[:N], periodic:BITS, absent.
    cut_at: stop the chip (a power cut) in the middle of flash operation N.
    ballast: N bytes for BALLAST_BOOT, as /boot.py on the flash, to take from the
    heap at every boot (the emulator hands it N; without that boot.py, nothing).
    max_ms: the emulator stops itself after this much emulated time.
    uid: the flash chip's unique ID (16 hex digits); by default the one kept
    beside the flash file (`<flash>.uid`, made once), so each flash file is a board.
    skip_spins: a busy-wait on the microsecond timer worked out on a copy of the core
    (emu/spin.mjs): the same reads at the same emulated times, less work for the
    emulator. Off by default: the time skipped in one go is not the host's.

    Port 0 (`port_path`) is the first USB serial port: MicroPython's only one,
    CircuitPython's console. Port 1 (`data_path`) is CircuitPython's data port
    (usb_cdc.data), when its boot.py enables it.
    """

    def __init__(self, firmware=None, flash=None, rosc="random", cut_at=0, bootrom=None, node="node",
                 max_ms=0, ballast=0, uid=None, skip_spins=False):
        bootrom = check_prerequisites(firmware, bootrom)
        if firmware is None and (flash is None or not os.path.exists(flash)):
            raise PicoMissing("the emulated Pico needs a firmware image or a flash file that holds one")
        self.lock = threading.Condition()
        self.frames = []          # (t_us, rgb bytes)
        self.flash_ops = []       # event dicts
        self.serial_log = bytearray()
        self.data_log = bytearray()   # port 1, CircuitPython's data port
        self.usb_ports = 0
        self.logs = []
        self.t_us = 0.0
        self.resets = 0
        self.usb = False          # the USB CDC device configured by the host
        self.usb_connects = 0
        self.stopped = None       # the reason, once stopped
        self.error = None
        self.pong = {}
        self.masters, self.slaves, paths = [], [], []
        for _ in range(2):
            master, slave = os.openpty()
            tty.setraw(slave)
            os.set_blocking(master, False)
            self.masters.append(master)
            self.slaves.append(slave)
            paths.append(os.ttyname(slave))
        self.master, self.slave = self.masters[0], self.slaves[0]
        self.port_path, self.data_path = paths
        self.to_host = [bytearray(), bytearray()]
        args = [node, SCRIPT, "--bootrom", bootrom, "--ring-pin", str(RING_PIN),
                "--ring-count", str(RING_COUNT), "--rosc", rosc]
        if firmware:
            args += ["--firmware", firmware]
        if flash:
            args += ["--flash", flash]
        if cut_at:
            args += ["--cut-at", str(cut_at)]
        if max_ms:
            args += ["--max-ms", str(max_ms)]
        if ballast:
            args += ["--ballast", str(int(ballast))]
        if uid:
            args += ["--uid", uid]
        if skip_spins:
            args += ["--skip-spins"]
        try:
            self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, bufsize=0)
        except OSError as exc:
            for fd in self.masters + self.slaves:
                os.close(fd)
            raise PicoMissing("cannot start node for the emulated Pico: %s (install Node.js 18 or newer)" % exc)
        self.closed = False
        self.thread = threading.Thread(target=self._pump, daemon=True)
        self.thread.start()
        self.wait(lambda: self.t_us > 0 or self.stopped, "the emulator to start", wall_s=30)
        if self.error and self.stopped:
            raise PicoMissing("the emulated Pico did not start: %s" % self.error)

    # -- the pump: node's events in, the pty's bytes both ways -------------------
    def _pump(self):
        out = self.proc.stdout.fileno()
        pending = b""
        while True:
            rlist = [out] + self.masters
            with self.lock:
                wlist = [m for m, q in zip(self.masters, self.to_host) if q]
            try:
                r, w, _ = select.select(rlist, wlist, [], 0.2)
            except (OSError, ValueError):
                return
            for port, master in enumerate(self.masters):
                if master in w:
                    with self.lock:
                        try:
                            n = os.write(master, self.to_host[port])
                            del self.to_host[port][:n]
                        except (BlockingIOError, OSError):
                            pass
                if master in r:
                    try:
                        data = os.read(master, 4096)
                    except (BlockingIOError, OSError):
                        data = b""
                    if data:
                        self._send({"cmd": "serial", "hex": data.hex(), "port": port})
            if out in r:
                try:
                    chunk = os.read(out, 65536)
                except OSError:
                    return          # close() closed the pipe under this read: the pump is done
                if not chunk:
                    with self.lock:
                        if self.stopped is None:
                            err = self.proc.stderr.read().decode("utf-8", "replace").strip()
                            self.stopped = "the emulator exited" + (": " + err[-500:] if err else "")
                            self.error = self.error or self.stopped
                        self.lock.notify_all()
                    return
                pending += chunk
                lines = pending.split(b"\n")
                pending = lines.pop()
                with self.lock:
                    for line in lines:
                        self._event(json.loads(line))
                    self.lock.notify_all()

    def _event(self, ev):
        kind = ev["ev"]
        if "t" in ev:
            self.t_us = max(self.t_us, ev["t"])
        if kind == "serial":
            data = bytes.fromhex(ev["hex"])
            port = ev.get("port", 0)
            if port == 1:
                self.data_log += data
            else:
                self.serial_log += data
            self.to_host[1 if port == 1 else 0] += data
        elif kind == "frame":
            self.frames.append((ev["t"], grb_to_rgb(bytes.fromhex(ev["grb"]))))
        elif kind == "flash":
            self.flash_ops.append(ev)
        elif kind == "reset":
            self.resets += 1
            self.usb = False
        elif kind == "usb":
            self.usb = True
            self.usb_ports = ev.get("ports", 1)
            self.usb_connects += 1
        elif kind in ("time", "in", "turns", "saved", "taken"):
            if "id" in ev:
                self.pong[ev["id"]] = ev
        elif kind == "stopped":
            self.stopped = ev["reason"]
        elif kind == "error":
            self.error = ev["message"]
        elif kind == "log":
            self.logs.append(ev["message"])

    def _send(self, msg):
        try:
            self.proc.stdin.write((json.dumps(msg) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            pass

    # -- waits ---------------------------------------------------------------
    def wait(self, predicate, step, emu_ms=None, wall_s=WALL_S):
        """Until predicate() is true; PicoTimeout naming `step` after wall_s seconds
        of wall time or emu_ms milliseconds of emulated time (from now)."""
        deadline = time.monotonic() + wall_s
        with self.lock:
            emu_end = self.t_us + emu_ms * 1000 if emu_ms is not None else None
            while True:
                result = predicate()
                if result:
                    return result
                if self.stopped is not None:
                    raise PicoTimeout("waiting for %s: the emulated Pico stopped (%s)" % (step, self.stopped))
                if emu_end is not None and self.t_us > emu_end:
                    raise PicoTimeout("waiting for %s: %d ms of emulated time went by" % (step, emu_ms))
                left = deadline - time.monotonic()
                if left <= 0:
                    raise PicoTimeout("waiting for %s: %.0f s of wall time went by (emulated %.1f ms)"
                                      % (step, wall_s, self.t_us / 1000))
                self.lock.wait(min(left, 0.5))

    def run_for(self, ms, wall_s=WALL_S):
        """Let `ms` milliseconds of emulated time go by."""
        with self.lock:
            end = self.t_us + ms * 1000
        self.wait(lambda: self.t_us >= end, "%d ms of emulated time to pass" % ms, wall_s=wall_s)

    def wait_serial(self, text, step=None, start=0, emu_ms=None, wall_s=WALL_S):
        """Until `text` (bytes) appears in the serial output after offset `start`; its end offset."""
        def found():
            i = self.serial_log.find(text, start)
            return i + len(text) if i >= 0 else None
        return self.wait(found, step or "%r on the serial port" % text, emu_ms=emu_ms, wall_s=wall_s)

    def wait_frame(self, predicate=None, after=0, step="a frame on the ring", emu_ms=None, wall_s=WALL_S):
        """The first frame with index >= after (and predicate(rgb) true): (index, t_us, rgb)."""
        def found():
            for i in range(after, len(self.frames)):
                t, rgb = self.frames[i]
                if predicate is None or predicate(rgb):
                    return (i, t, rgb)
            return None
        return self.wait(found, step, emu_ms=emu_ms, wall_s=wall_s)

    def wait_quiet(self, ms=300, step="the ring to settle", emu_ms=20000, wall_s=WALL_S):
        """Until no new frame came for `ms` emulated milliseconds."""
        def quiet():
            last = self.frames[-1][0] if self.frames else 0
            return self.t_us - last >= ms * 1000
        return self.wait(quiet, step, emu_ms=emu_ms, wall_s=wall_s)

    def wait_usb(self, step="the board's USB serial to come up", emu_ms=None, wall_s=WALL_S):
        return self.wait(lambda: self.usb, step, emu_ms=emu_ms, wall_s=wall_s)

    def repl(self, wall_s=WALL_S):
        """Wait for USB, then poke the REPL until its prompt answers."""
        self.wait_usb(wall_s=wall_s)
        start = len(self.serial_log)
        self.write_serial(b"\r")
        return self.wait_serial(b">>> ", "the REPL prompt", start=start, wall_s=wall_s)

    def now_ms(self):
        with self.lock:
            return self.t_us / 1000.0

    # -- hands -----------------------------------------------------------------
    def press(self, button, hold_ms=80, at_ms=None, landed=False):
        """Hold a button (role or GPIO number) down for hold_ms, from at_ms (emulated) or now.
        With landed=True: the emulated ms it went down at, once the emulator has it (an
        idle chip keeps pace with the wall clock, so "now" is when the emulator reads it,
        and an at_ms already past when it reads it is that moment too: a loaded host
        sends late)."""
        pin = BUTTON_PINS[button] if isinstance(button, str) else button
        msg = {"cmd": "press", "pin": pin, "hold": hold_ms * 1000}
        if at_ms is not None:
            msg["at"] = at_ms * 1000
        if not landed:
            self._send(msg)
            return None
        took = self._ask(msg, "the emulator to take a press")
        return max(took["at"], took["t"]) / 1000.0

    def run_until(self, ms, wall_s=WALL_S):
        """Until the emulated clock reads `ms` milliseconds."""
        self.wait(lambda: self.t_us >= ms * 1000, "the emulated clock to reach %d ms" % ms, wall_s=wall_s)

    def hold(self, button, low=True, at_ms=None):
        """Hold a button down (low=True) or let it go, from at_ms or now, until told otherwise."""
        pin = BUTTON_PINS[button] if isinstance(button, str) else button
        msg = {"cmd": "level", "pin": pin, "low": low}
        if at_ms is not None:
            msg["at"] = at_ms * 1000
        self._send(msg)

    def write_serial(self, data, port=0, taken=False, wall_s=WALL_S):
        """Bytes to the board's USB serial port `port` as a host on the pty would send them. taken:
        then until the board took the last of them, the emulated ms it did (an idle chip's clock
        catches up on the wall clock while bytes travel: an emulated limit counts from there)."""
        msg = {"cmd": "serial", "hex": bytes(data).hex(), "port": port}
        if taken:
            return self._ask(msg, "the board to take %d bytes" % len(data), wall_s)["t"] / 1000.0
        self._send(msg)

    def ping(self, wall_s=30):
        """The emulator's counters now: t (us), flash_ops, resets, rosc_reads."""
        key = "p%d" % time.monotonic_ns()
        self._send({"cmd": "ping", "id": key})
        return self.wait(lambda: self.pong.get(key), "the emulator to answer a ping", wall_s=wall_s)

    def _ask(self, msg, step, wall_s=30):
        key = "p%d" % time.monotonic_ns()
        msg["id"] = key
        self._send(msg)
        return self.wait(lambda: self.pong.get(key), step, wall_s=wall_s)

    def cut_after(self, n):
        """A power cut in the middle of the n-th flash operation from now (as cut_at,
        counted from this moment): the chip stops there, the flash file written."""
        return self._ask({"cmd": "cut", "after": int(n)}, "the emulator to arm the power cut")

    def save(self):
        """The flash file written now, the chip running on (what a power cut
        now would leave: nothing the firmware holds in RAM is flushed)."""
        return self._ask({"cmd": "save"}, "the emulator to write the flash file")

    def stall_in(self, on=True):
        """A host that stops reading (on) or reads again (off): the USB host takes
        no IN packets, as a cdc-acm driver whose tty buffer is full; the board's
        CDC TX FIFO fills. Returns the emulator's answer: stalled, held (bytes of
        IN transfers the board armed and the host has not taken)."""
        return self._ask({"cmd": "stall_in", "on": bool(on)}, "the emulator to %s IN" % ("stall" if on else "unstall"))

    def turns(self, busy=False):
        """The loop's turn starts (emulated us) since the last call: each burst of
        button-pin reads after a quiet millisecond (emu/pico.mjs). busy=True:
        (starts, busy), busy[i] the us from starts[i] until the core first slept
        after it (-1: it did not sleep before the next start)."""
        answer = self._ask({"cmd": "turns"}, "the emulator's turn starts")
        return (answer["starts"], answer["busy"]) if busy else answer["starts"]

    # -- the end ---------------------------------------------------------------
    def stop(self, wall_s=30):
        """Stop the chip (the flash file is written) and the emulator."""
        if self.closed:
            return self.stopped
        if self.stopped is None:
            self._send({"cmd": "stop"})
            try:
                self.wait(lambda: self.stopped is not None, "the emulator to stop", wall_s=wall_s)
            except PicoTimeout:
                pass
        try:
            self.proc.wait(timeout=wall_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.close()
        return self.stopped

    def close(self):
        if self.closed:
            return
        self.closed = True
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass
        self.thread.join(timeout=5)
        for fd in self.masters + self.slaves:
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()
