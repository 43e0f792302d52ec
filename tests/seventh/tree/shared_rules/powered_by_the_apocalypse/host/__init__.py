# Powered by the Apocalypse's host-only files: its words, help table and the bench's queries.
# A folder named host is never on a board.
