# The desktop's board (fatebox sim, the tests): the firmware on a pseudo-terminal,
# its flash a folder. Never a board's.
