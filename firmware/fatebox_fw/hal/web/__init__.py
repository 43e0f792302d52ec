# The browser's board (make web, docs/web.md) and presses on a timetable (this
# board's and the desktop's). Never a board's.
