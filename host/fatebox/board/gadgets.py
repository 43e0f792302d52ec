# Running virtual gadgets, so `--port auto` and `fatebox ports` find them: each
# `fatebox sim` writes one small file (its pty, its pid) and removes it on exit.
import json
import os
import time

ENV = "FATEBOX_RUNTIME_DIR"     # where the files live (default: the user's runtime folder)


def directory():
    """$FATEBOX_RUNTIME_DIR, else the user's runtime folder for fatebox (platformdirs),
    else, where there is none (no $XDG_RUNTIME_DIR on Linux), fatebox's state folder."""
    if os.environ.get(ENV):
        return os.environ[ENV]
    import platformdirs
    if os.name == "posix" and not os.environ.get("XDG_RUNTIME_DIR") and os.uname().sysname == "Linux":
        # platformdirs would warn and fall back to a folder under /tmp, shared by everyone.
        return os.path.join(platformdirs.user_state_dir("fatebox"), "gadgets")
    return platformdirs.user_runtime_dir("fatebox")


def register(port, state=None):
    """Say that this process serves a virtual gadget on `port`; the file's path, or
    None when the runtime folder cannot be written (the gadget runs all the same)."""
    folder = directory()
    path = os.path.join(folder, "gadget-%d.json" % os.getpid())
    entry = {"port": port, "pid": os.getpid(), "state": os.path.abspath(state) if state else None,
             "started": int(time.time())}
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        temp = path + ".tmp"
        with open(temp, "w", encoding="utf-8") as f:
            json.dump(entry, f)
        os.replace(temp, path)
    except OSError:
        return None
    return path


def unregister(path):
    if path:
        try:
            os.unlink(path)
        except OSError:
            pass


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True     # someone else's process: alive, though not ours
    except OSError:
        return False
    return True


def _entries(prefix, alive):
    """The registrations `prefix`-PID.json in the runtime folder whose process
    still serves (`alive(entry)`), by port; each other one's file is removed
    (a process killed before it could clean up)."""
    folder = directory()
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    out = []
    for name in names:
        if not (name.startswith(prefix + "-") and name.endswith(".json")):
            continue
        path = os.path.join(folder, name)
        try:
            with open(path, encoding="utf-8") as f:
                entry = json.load(f)
            ok = isinstance(entry["port"], str) and isinstance(entry["pid"], int) and _alive(entry["pid"]) \
                and alive(entry)
        except (OSError, ValueError, KeyError, TypeError):
            ok = False
        if ok:
            out.append(entry)
        else:
            unregister(path)
    return sorted(out, key=lambda e: e["port"])


def running():
    """The virtual gadgets serving now: [{"port", "pid", "state", "started"}], by port.

    An entry whose process has ended or whose pty is gone (a gadget killed
    before it could clean up) is ignored, and its file removed.
    """
    return _entries("gadget", lambda entry: os.path.exists(entry["port"]))


def find(device):
    """The running gadget serving `device` (a path), or None."""
    try:
        real = os.path.realpath(device)
    except (TypeError, ValueError):
        return None
    for entry in running():
        if os.path.realpath(entry["port"]) == real:
            return entry
    return None


# -- fatebox serve: the one process that holds a box's port and relays for the others --

def register_serve(relay, device, page=None, token=None):
    """Say that this process serves the box at `device` and relays requests at
    `relay` (a pyserial URL) to whoever reads `token` here (the folder is the
    user's own); the file's path, or None if it cannot be written."""
    folder = directory()
    path = os.path.join(folder, "serve-%d.json" % os.getpid())
    entry = {"port": relay, "device": device, "pid": os.getpid(), "page": page, "token": token,
             "started": int(time.time())}
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        temp = path + ".tmp"
        with open(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8") as f:
            json.dump(entry, f)
        os.replace(temp, path)
    except OSError:
        return None
    return path


def relay_token(url):
    """The token a running serve's relay at `url` asks first, or None."""
    for entry in serving():
        if entry["port"] == url and isinstance(entry.get("token"), str):
            return entry["token"]
    return None


def serving():
    """The `fatebox serve` processes running: [{"port" (the relay), "device", "pid", "page"}]."""
    return _entries("serve", lambda entry: True)


def served(device):
    """The running `fatebox serve` that holds `device` (a path or URL), or None."""
    try:
        real = os.path.realpath(device) if not _is_url(device) else device
    except (TypeError, ValueError):
        return None
    for entry in serving():
        held = entry.get("device")
        if not isinstance(held, str):
            continue
        if (held if _is_url(held) else os.path.realpath(held)) == real and entry["pid"] != os.getpid():
            return entry
    return None


def _is_url(text):
    return "://" in text
