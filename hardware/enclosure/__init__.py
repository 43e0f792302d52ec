# The box a maker builds (issue 38): a tray and a lid to print, panels to
# laser-cut, from a board profile (hardware/boards/) and one parts table (parts.py).
