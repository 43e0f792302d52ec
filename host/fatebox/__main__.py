# `python -m fatebox`: the same CLI as the `fatebox` console script, so tests
# and scripts can run it with the interpreter of the current environment.
from fatebox.entry import main

main()
