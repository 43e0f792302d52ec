# Axiom's host-only files: its words, help table and host-only rules.
# A folder named host is never on a board.
