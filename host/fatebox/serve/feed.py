# The terminal's side of `fatebox serve`: one line per result (rich), what
# happened to the box and the receivers, and the spoken sentence (--speak).
import queue
import shutil
import subprocess
import threading

from rich.console import Console
from rich.text import Text

from fatebox.errors import FateboxError, USAGE
from fatebox.terminal import visible

STYLES = {"solid": "bold green", "alternate": "green", "thirds": "yellow", "half": "bold red"}


def line(result):
    """One feed line: #seq, who, the system, the outcome in its words, the drawn, the odds."""
    text = Text()
    text.append("#%d " % result["seq"], style="dim")
    text.append(visible(result.get("character") or "Nobody"), style="bold")
    text.append(" · %s · " % result["system_name"])
    shape_name = (result.get("pattern") or {}).get("shape")
    text.append(result["outcome_words"], style=STYLES.get(shape_name, "bold"))
    drawn = " ".join(i["label"] if i["kind"] == "die" else i["label"][:1] for i in result.get("items") or [])
    if drawn:
        text.append(" (%s)" % drawn)
    odds = result.get("odds")
    if odds:
        text.append(" · %s: %s" % (odds["setup"], odds["percent"]), style="cyan")
    return text


class Feed:
    def __init__(self, console=None):
        self.console = console or Console(highlight=False, soft_wrap=True)

    def result(self, result):
        self.console.print(line(result))

    def note(self, text):
        self.console.print(Text("fatebox: " + visible(text), style="dim"))


def speech_command():
    """The speech engine's command line, or a usage error naming what to install."""
    for name in ("espeak-ng", "espeak"):
        found = shutil.which(name)
        if found:
            # The sentence goes on standard input, in UTF-8: as data, never an
            # argument (a character named `-w/PATH` would be an option).
            return [found, "-b", "1", "--stdin"]
    try:
        import pyttsx3  # noqa: F401
    except ImportError:
        raise FateboxError("--speak: no speech engine found; install espeak-ng (Debian, Ubuntu: "
                           "`sudo apt install espeak-ng`; macOS: `brew install espeak-ng`) or the Python "
                           "package pyttsx3 (`pip install pyttsx3`)", USAGE)
    return None


def sentence(result):
    """The one short sentence said aloud for a result."""
    who = result.get("character") or "Nobody"
    text = "%s, %s" % (who, result["outcome_words"])
    odds = result.get("odds")
    if odds and odds.get("chance") is not None:
        text += ", a %d percent chance" % round(100 * odds["chance"])
    return text + "."


class Voice:
    """Says sentences one after another in a thread of its own: never holds the feed."""

    def __init__(self, command):
        self.command = command
        self.queue = queue.Queue(maxsize=8)
        threading.Thread(target=self._run, daemon=True, name="fatebox-serve-voice").start()

    def say(self, text):
        try:
            self.queue.put_nowait(text)
        except queue.Full:
            pass        # a burst of results: the newest wait, the page and feed have them all

    def _run(self):
        engine = None
        while True:
            text = self.queue.get()
            try:
                if self.command is not None:
                    subprocess.run(self.command, input=text.encode("utf-8"), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, timeout=30, check=False)
                else:
                    if engine is None:
                        import pyttsx3
                        engine = pyttsx3.init()
                    engine.say(text)
                    engine.runAndWait()
            except Exception:
                pass        # speech is a courtesy: the feed and the page say it all
