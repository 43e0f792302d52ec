# The box and the sheets brought together: the three-way merge, `fatebox sync`,
# and push and pull that never destroy.
