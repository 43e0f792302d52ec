# The `fatebox` command line: the click group (main.py), what every command
# shares (session.py), and one module per command.
