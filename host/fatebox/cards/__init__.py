# `fatebox cards`: the help tables, the cards laid out from them, and one
# A6 page drawn as PDF or SVG.
