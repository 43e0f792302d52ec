# Limits every system's character shares on the box: names, texts, history.
# Generic: no system owns them (issue 9).

NAME_LIMIT = 40
TEXT_LIMIT = 200
HISTORY_LIMIT = 10      # trials remembered on the box, newest last
# Counts the box keeps (trials, pending misfortunes): far inside the wire's
# numbers (wire.INT_LIMIT), so a count can grow in play and still be sent.
COUNT_LIMIT = 1000000000
