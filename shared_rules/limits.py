# Limits every system's character shares on the box: names, texts, history.
# Generic: no system owns them (issue 9).

NAME_LIMIT = 40
TEXT_LIMIT = 200
HISTORY_LIMIT = 10      # trials remembered on the box, newest last
