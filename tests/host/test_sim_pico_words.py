# The emulated Pico view's words line (`fatebox sim --pico`, issue 23 item 2)
# without the emulator: the box's `result` event frames, as they come on its
# port among other output, make the line under the ring that the virtual
# gadget's panel shows; a press clears it; damaged or other frames are skipped.
import io
import threading

from rich.console import Console

from fatebox.sim import pico as S
from fatebox.systems import result_words
from shared_rules import wire

EVENT = {"event": "result", "seq": 3, "system": "new-beginning", "name": "Mara", "outcome": "partial-success",
         "result": {"outcome": "partial-success", "tokens": "wwb"}, "setup": {"white": 3, "black": 2, "draw": 3}}


class Chip:
    """What the view reads of an EmulatedPico: its port's output, frames, clock."""

    def __init__(self):
        self.lock = threading.Condition()
        self.serial_log = bytearray()
        self.frames = []
        self.flash_ops = []
        self.runtime = "micropython"
        self.protocol_path = "/dev/pts/99"

    def now_ms(self):
        return 1000.0


def test_a_result_event_becomes_the_line_under_the_ring_until_a_press():
    chip = Chip()
    words = S.ResultWords(chip)
    chip.serial_log += b"MicroPython v1.28.0 on rp2\r\n" + wire.encode({"event": "hello", "protocol": 2})
    chip.serial_log += wire.encode(EVENT)[:20]                   # half a frame: not yet
    assert words.read() is False and words.line is None
    chip.serial_log += wire.encode(EVENT)[20:]
    assert words.read() is True
    said = "Mara: " + result_words("new-beginning", EVENT["result"], EVENT["setup"])
    assert words.line == said == "Mara: drew 2 white, 1 black: partial success"     # whose it is, too
    view = S.PanelView.__new__(S.PanelView)
    view.console, view.chip, view.words, view.firmware = Console(highlight=False, width=100, height=30), chip, words, "fatebox-pico.uf2"
    out = Console(file=io.StringIO(), record=True, width=100, height=30, color_system=None)
    out.print(view.render())
    assert said in out.export_text()
    words.pressed()
    assert words.line is None


def test_a_damaged_or_foreign_frame_is_skipped():
    chip = Chip()
    words = S.ResultWords(chip)
    frame = bytearray(wire.encode(EVENT))
    frame[frame.index(b"wwb")] = ord("b")                    # the CRC no longer matches
    chip.serial_log += bytes(frame) + b'{"event": "result"}\n' + wire.encode(dict(EVENT, system=7))
    assert words.read() is False and words.line is None and words.said == []


def test_the_panel_says_the_port_to_give_since_auto_does_not_find_the_emulated_pico():
    # `fatebox sim --pico` is not registered as a virtual gadget: a bare `fatebox list` finds no board.
    chip = Chip()
    view = S.PanelView.__new__(S.PanelView)
    view.console, view.chip, view.words, view.firmware = Console(highlight=False, width=100, height=30), chip, S.ResultWords(chip), "x.uf2"
    out = Console(file=io.StringIO(), record=True, width=100, height=30, color_system=None)
    out.print(view.render())
    assert "fatebox --port /dev/pts/99 list" in out.export_text()
