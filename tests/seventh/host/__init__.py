# The seventh system's host-only files (its words), as a real system keeps them:
# a folder named host is never on a board.
