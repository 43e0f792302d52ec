# shared_rules: the game systems as pure Python, imported unchanged by the
# firmware (MicroPython) and the host (CPython). Imports only what rp2 has.
VERSION = "0.1.0"
