# tree/ is the seventh system's files as they go into a checkout: its modules
# import a package this tree does not have, so its tests run only in the scratch
# copy that test_seventh.py makes.
collect_ignore = ["tree"]
