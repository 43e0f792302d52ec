# `fatebox sim`: the firmware on a virtual board or the image on an emulated
# Pico, shown in a terminal, with the sheets it takes put into the records.
