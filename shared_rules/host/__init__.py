# The registry's checks: the host's and the tests'. Host-only: a folder named
# host is never on a board.
