# `fatebox sim --pico`: the emulated Pico (fatebox.pico.emulator: the real MicroPython
# rp2 port on rp2040js) in the virtual gadget's terminal panel, so anyone can
# try the exact image they will flash. Its buttons are the same keys; its ring
# is what the data pin sent; its USB serial is a pty `fatebox --port` opens.
import os
import select
import signal
import sys
import tempfile
import time

from fatebox.pico import emulator as P
from fatebox.errors import FateboxError
from fatebox.sim.view import (KEY_LINE, KEY_ROWS, PAUSE, LiveScreen, fatebox_command, parse_keys, port_lines)
from fatebox.terminal import visible
from fatebox_fw.hal.virtual import PRESS_GAP_MS
from fatebox_fw.boot.profile import PICO

TITLE = "Fatebox \u2014 emulated Pico"
TURN_S = 0.05


def circuitpython_flash(state_dir, firmware=None):
    """The CircuitPython board's flash in state_dir: made the first time as a user
    installs, then kept (the characters live on its drive). Fatebox's
    CircuitPython image by default (make firmware-circuitpython): a table on
    CircuitPython plays only there on an RP2040. Another uf2 (the stock one) with
    Fatebox's files copied onto CIRCUITPY by hand and the NeoPixel library in
    lib/: the box holds what that heap plays (docs/circuitpython.md, Fits?)."""
    from fatebox.pico import circuitpy
    flash = os.path.join(state_dir, "pico-cp-flash.bin")
    if not os.path.exists(flash):
        firmware = firmware or P.CP_IMAGE_UF2
        if not os.path.exists(firmware):
            raise FateboxError("no CircuitPython image at %s (`make firmware-circuitpython` builds Fatebox's; "
                               "or --firmware UF2)" % firmware)
        image = os.path.basename(firmware).startswith("fatebox-circuitpython")
        try:
            if image:
                circuitpy.prepare_image(flash + ".part", firmware)
            else:
                circuitpy.neopixel_library()
                circuitpy.install(flash + ".part", firmware)
                with tempfile.TemporaryDirectory() as tmp:
                    circuitpy.copy_in(flash + ".part", circuitpy.stage(os.path.join(tmp, "CIRCUITPY")))
        except (P.PicoMissing, P.PicoTimeout, circuitpy.DriveError) as exc:
            raise FateboxError("could not install CircuitPython and Fatebox on the emulated Pico: %s" % exc)
        os.replace(flash + ".part.uid", flash + ".uid")
        os.replace(flash + ".part", flash)
    return flash


def run_pico_sim(state_dir, firmware=None, headless=False, runtime="micropython"):
    """Serve the emulated Pico until SIGTERM, SIGINT or q (0, or 130 for Ctrl-C); its flash is
    kept in state_dir."""
    os.makedirs(state_dir, exist_ok=True)
    if runtime == "circuitpython":
        flash = circuitpython_flash(state_dir, firmware)
        firmware = None
        label = "CircuitPython 10.2.1 + Fatebox on CIRCUITPY"
    else:
        firmware = firmware or P.IMAGE_UF2
        if not os.path.exists(firmware):
            raise FateboxError("no firmware image at %s: build Fatebox's own with `make firmware`, "
                               "or name one with --firmware (the stock MicroPython image needs `fatebox deploy`)"
                               % firmware)
        flash = os.path.join(state_dir, "pico-flash.bin")
        label = os.path.basename(firmware)
    try:
        chip = P.EmulatedPico(firmware=firmware, flash=flash)
    except P.PicoMissing as exc:
        raise FateboxError(str(exc))
    # The protocol's port: MicroPython's one USB serial, CircuitPython's data port.
    chip.protocol_path = chip.data_path if runtime == "circuitpython" else chip.port_path
    chip.runtime = runtime
    firmware = label
    stop = []

    def on_signal(signum, frame):
        stop.append(signum)

    previous = dict((s, signal.signal(s, on_signal)) for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP))
    words = ResultWords(chip)
    if headless or not (sys.stdout.isatty() and sys.stdin.isatty()):
        view = LinesView(chip, firmware, headless, words)
    else:
        view = PanelView(chip, firmware, words)
    queue = []
    free_at = 0.0
    quitting = False
    try:
        view.start()
        while not stop and chip.stopped is None:
            if quitting:
                time.sleep(TURN_S)      # keys after the q are not read
                given = ()
            else:
                given = view.keys(TURN_S)
            for key in given:
                if key == "quit":
                    quitting = True     # once the keys before it are pressed (piped ones come all at once)
                    break
                queue.append(key)
            now = chip.now_ms()
            if quitting and not queue and now >= free_at:
                stop.append("quit")
                break
            while queue and now >= free_at:
                role, ms = queue.pop(0)
                if role != PAUSE:
                    chip.press(role, ms)
                    ms += PRESS_GAP_MS
                    words.pressed()
                free_at = now + ms
            words.read()
            view.show()
    finally:
        view.stop()
        for s, handler in previous.items():
            signal.signal(s, handler)
        chip.stop()       # the flash file written: the next start finds it
    from fatebox.errors import stopped
    return stopped(stop, "the emulated Pico stopped, its flash written")


class ResultWords:
    """The line under the ring: what the box last drew or rolled and the outcome,
    in the system's words, from the `result` event frames it sends on its port
    (docs/protocol.md) and the host's one words function, as the virtual
    gadget's panel says it. Cleared by the next press, as leaving the result does."""

    def __init__(self, chip):
        self.chip = chip
        self.seen = 0             # how far into the port's output was read
        self.line = None
        self.said = []            # every line made, in order (the pipe prints them)

    def log(self):
        return self.chip.data_log if getattr(self.chip, "runtime", None) == "circuitpython" else self.chip.serial_log

    def read(self):
        """Take the result events that came since the last call; True if the line changed."""
        with self.chip.lock:
            log = self.log()
            end = log.rfind(b"\n", self.seen) + 1
            if end <= self.seen:
                return False
            chunk = bytes(log[self.seen:end])
            self.seen = end
        changed = False
        for raw in chunk.split(b"\n"):
            event = result_event(raw)
            if event is not None:
                self.line = event_words(event)
                self.said.append(self.line)
                changed = True
        return changed

    def pressed(self):
        self.line = None


def result_event(raw):
    """The `result` event in one line of the port's output, else None (other
    frames, the REPL's text, a damaged frame: skipped as the host skips them)."""
    from shared_rules import wire
    raw = raw.rstrip(b"\r")
    if raw[:1] != bytes((wire.MARK,)) or b'"result"' not in raw:
        return None
    try:
        message = wire.decode(raw)
    except wire.WireError:
        return None
    if message.get("event") != "result" or not isinstance(message.get("system"), str):
        return None
    return message


def event_words(event):
    """A result event in the system's words, with whose it is: 'Mara: drew 2 white, 1 black: ...'."""
    from fatebox.systems import result_words
    shown = dict(event["result"]) if isinstance(event.get("result"), dict) else {}
    if "outcome" not in shown and isinstance(event.get("outcome"), str):
        shown["outcome"] = event["outcome"]
    who = event.get("name") if isinstance(event.get("name"), str) else "Nobody"
    return visible("%s: %s" % (who, result_words(event["system"], shown, event.get("setup"))))


class LinesView:
    """No terminal: the port first (for scripts); then, unless headless, each
    result in words as it comes; piped keys press the buttons."""

    def __init__(self, chip, firmware, headless, words):
        self.chip = chip
        self.words = words
        self.told = 0
        self.firmware = firmware
        self.headless = headless
        self.fd = None
        try:
            if not os.isatty(sys.stdin.fileno()):
                self.fd = sys.stdin.fileno()
        except (AttributeError, OSError, ValueError):
            pass

    def start(self):
        if self.headless:
            print(self.chip.protocol_path)
        else:
            print("Fatebox emulated Pico (%s) on %s" % (os.path.basename(self.firmware), self.chip.protocol_path))
            print("From any terminal: %s --port %s list" % (fatebox_command(), self.chip.protocol_path))
        sys.stdout.flush()

    def keys(self, wait):
        if self.fd is None:
            time.sleep(wait)
            return ()
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return ()
        data = os.read(self.fd, 256)
        if not data:
            self.fd = None
            return ()
        return parse_keys(data.decode("utf-8", "replace"))

    def show(self):
        if self.headless:
            return
        for line in self.words.said[self.told:]:
            print(line)
        if len(self.words.said) > self.told:
            self.told = len(self.words.said)
            sys.stdout.flush()

    def stop(self):
        pass


class PanelView(LiveScreen):
    """The virtual gadget's panel (fatebox.sim.panel.screen) with the chip's decoded ring."""

    def __init__(self, chip, firmware, words):
        from rich.console import Console
        self.console = Console(highlight=False)
        self.chip = chip
        self.words = words
        self.firmware = firmware
        self.fd = sys.stdin.fileno()
        self.saved = None
        self.live = None
        self.last = None

    def start(self):
        import termios
        import tty
        from rich.live import Live
        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        self.live = Live(self.render(), console=self.console, auto_refresh=False, screen=True,
                         vertical_overflow="crop")
        self.live.start(refresh=True)

    def pixels(self):
        frame = self.chip.frames[-1][1] if self.chip.frames else bytes(P.RING_COUNT * 3)
        return [tuple(frame[i:i + 3]) for i in range(0, len(frame), 3)]

    def show(self):
        key = (len(self.chip.frames), tuple(self.console.size), int(self.chip.now_ms() // 1000), self.words.line)
        if key != self.last:
            self.last = key
            self.live.update(self.render(), refresh=True)

    def render(self):
        from fatebox.sim import panel
        width, height = self.console.size
        lines = [("The real %s on an emulated RP2040" % ("CircuitPython 10.2.1" if self.chip.runtime == "circuitpython"
                                                          else "MicroPython rp2 port"), "bold"),
                 ("firmware: %s" % os.path.basename(self.firmware), None),
                 ("emulated time %.1f s \u00b7 %d frames from the data pin \u00b7 %d flash writes"
                  % (self.chip.now_ms() / 1000.0, len(self.chip.frames), len(self.chip.flash_ops)), "dim")]
        return panel.screen(width, height, self.pixels(), PICO["brightness"], lines,
                            port_lines(self.chip.protocol_path, fatebox_command(), found=False), KEY_ROWS, KEY_LINE,
                            title=TITLE, words_line=self.words.line)
