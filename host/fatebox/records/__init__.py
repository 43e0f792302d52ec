# The host's records: the SQLite file, what it keeps, and the roll journal's
# chain checked against them.
