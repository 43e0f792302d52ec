# `fatebox deploy`'s machinery: the file set a board gets, and the targets
# (a folder, a board) it is carried out on.
