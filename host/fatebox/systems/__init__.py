# Each game system on the host: its odds options, sheet fields and words, one
# module per system (issue 9); the generic machinery is in fatebox.odds.
