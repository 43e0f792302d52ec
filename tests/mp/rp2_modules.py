"""Print the modules the rp2 MicroPython firmware has, one per line.

Read from the installed `micropython-rp2-rpi_pico-stubs` package: each stub
file is a module the Pico's firmware provides. MicroPython's `u`-prefixed
names also answer to their plain names (ujson is json), so both are listed.
"""
import importlib.metadata
import sys


def rp2_modules():
    dist = importlib.metadata.distribution("micropython-rp2-rpi_pico-stubs")
    names = set()
    for entry in dist.files or ():
        parts = entry.parts
        if not parts[-1].endswith(".pyi") or parts[0].endswith(".dist-info"):
            continue
        top = parts[0][:-4] if len(parts) == 1 else parts[0]
        names.add(top)
    if not names:
        sys.exit("no stub modules found in micropython-rp2-rpi_pico-stubs")
    for name in list(names):
        # uctypes is its own module; every other u-name is an alias of the plain one.
        if name.startswith("u") and name != "uctypes":
            names.add(name[1:])
    names.add("builtins")      # stubbed as __builtins__.pyi
    names.discard("__builtins__")
    return sorted(names)


if __name__ == "__main__":
    print("\n".join(rp2_modules()))
