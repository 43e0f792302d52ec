# A seventh game system, complete as docs/development.md's recipe makes one
# (Powered by the Apocalypse moves): tree/ holds its own files where they go in
# the checkout, row.txt its registry row. tests/seventh/test_seventh.py adds both
# to a scratch copy of the tree and runs the shared tests there; nothing here is
# imported by the product or by the tests of this tree (conftest.py leaves tree/ out).
