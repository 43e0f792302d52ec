# Talking to a board: its ports and the virtual gadgets running, the protocol's
# client over a serial port, its replies checked, one box as a command sees it.
