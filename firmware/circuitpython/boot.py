# CircuitPython's boot.py for Fatebox (copied to the CIRCUITPY drive as
# /boot.py; it runs once per reset, before USB starts; its prints go to
# boot_out.txt). It turns on the second USB serial port, for the protocol, and
# decides who may write the flash: the box (to save characters) or the
# computer (to change files on the CIRCUITPY drive). docs/circuitpython.md.
import json
import time

import digitalio
import microcontroller
import storage
import usb_cdc

PROFILE = "/board.json"
DATA = "/data"


def back_pin(path=None):
    """The GPIO number of the BACK button in the board profile, or None."""
    path = path or PROFILE
    try:
        profile = json.loads(_profile_text(path))
        for button in profile["buttons"]:
            if button["role"] == "back":
                return button["pin"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print("fatebox boot: cannot read %s (%s)" % (path, exc))
    return None


def _profile_text(path):
    """The profile's text: the drive's, else the one frozen into Fatebox's image."""
    try:
        f = open(path)
    except OSError:
        try:
            import fatebox_image
        except ImportError:
            raise OSError("no %s" % path)
        return fatebox_image.PROFILE
    try:
        return f.read()
    finally:
        f.close()


def held(number, samples=10, interval=0.01):
    """BACK (to ground, internal pull-up) held through `samples` reads."""
    io = digitalio.DigitalInOut(getattr(microcontroller.pin, "GPIO%d" % number))
    try:
        io.switch_to_input(pull=digitalio.Pull.UP)
        for _ in range(samples):
            if io.value:
                return False
            time.sleep(interval)
        return True
    finally:
        io.deinit()     # code.py claims the pin again


def boot():
    """Returns "box" when the box may write its flash, else "computer"."""
    # The console keeps the REPL; the data port carries protocol frames only.
    usb_cdc.enable(console=True, data=True)
    pin = back_pin()
    if pin is None:
        # No usable profile: leave the drive to the computer, so it can be fixed.
        print("fatebox boot: CIRCUITPY stays writable by the computer")
        return "computer"
    if held(pin):
        print("fatebox boot: BACK held: CIRCUITPY stays writable by the computer; the box will not save")
        return "computer"
    # The box writes; the computer now sees CIRCUITPY read-only until a reset
    # with BACK held.
    try:
        storage.remount("/", readonly=False)
    except (RuntimeError, OSError) as exc:
        # Refused (a host holding the drive, a flash that will not take it):
        # code.py still runs, and a save says the drive is read-only.
        print("fatebox boot: cannot take CIRCUITPY for the box (%s): the box will not save; "
              "eject the drive and reset" % exc)
        return "computer"
    try:
        import os
        os.mkdir(DATA)
    except OSError:
        pass        # already there
    print("fatebox boot: the box may save to %s; CIRCUITPY is read-only to the computer" % DATA)
    return "box"


if __name__ == "__main__":
    boot()
