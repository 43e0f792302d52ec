# The firmware as the host sees it: what a board gets (fatebox deploy, the image)
# and the box in words (the help's tables). Host-only: never on a board.
