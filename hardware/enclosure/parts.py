# The parts table: every size the enclosure takes that is not the board's
# (the board's own are in its profile). Millimetres. Change a figure here only.

PARTS = {
    # The ring: Adafruit 1643, NeoPixel Ring 12 (product page: 37 mm outer,
    # 23 mm inner diameter). Its twelve 5050 LEDs sit on a circle between the
    # two, their outer edges 35 mm across: the light the window must show.
    "ring_outer": 37.0,
    "ring_inner": 23.0,
    "ring_lit": 35.0,
    "ring_pcb": 1.6,            # the ring's board
    "ring_led": 1.6,            # its LEDs, above the board
    # The diffuser: an opal acrylic disc (bom.md), glued into its seat under the window.
    "diffuser": 45.0,
    "diffuser_thickness": 3.0,
    "spacer": 7.5,              # from the diffuser to the ring's board: softer light further away
    "window": 36.0,             # the hole in the lid: between the lit and the outer diameter
    # The buttons: Omron B3F-4055 (12 x 12 mm, 7.3 mm plunger) under B32-1010 key tops,
    # on a strip of perfboard that hangs from the lid on two posts.
    "key": 12.0,                # the key top's diameter
    "key_hole": 13.0,           # its hole in the lid: 0.5 to 1.5 mm over the key
    "key_pitch": 20.0,          # centre to centre, BACK MINUS PLUS GO from left to right
    "key_stack": 12.0,          # from the perfboard's face to the key top (measure yours)
    "key_proud": 1.5,           # how far the key tops stand above the lid
    "switch": 12.0,             # the switch's body, square
    "strip_width": 16.0,        # the perfboard strip under the buttons
    "strip_thickness": 1.6,
    "strip_margin": 8.0,        # from the outer switch to the strip's end (its screw)
    "strip_under": 3.5,         # the switches' pins and solder under the strip
    "switch_body": 3.5,         # the switch's body above the strip, under its plunger
    # The printed box.
    "wall": 2.0,                # walls, floor and lid
    "min_wall": 1.6,            # thinner than this and a printer's two perimeters do not fit
    "clearance": 0.3,           # between the lid's lip and the tray's walls
    "fit": 0.2,                 # around the diffuser and the ring in their seats
    "lip": 4.0,                 # how far the lid's lip reaches into the tray
    "boss": 7.0,                # the tray's corner posts for the lid screws, square
    "screw_pilot": 1.7,         # M2 self-tapping screws: the pilot hole in a post
    "screw_clear": 2.4,         # the same screw's hole through the lid or the strip
    "post": 6.0,                # round posts: the button strip's, the board's standoffs
    "standoff": 5.0,            # the board's underside above the floor (bom.md: M2 x 5 mm)
    "cradle": 1.5,              # a board with no holes: its corners' ledge and the fence above it
    "usb_gap": 0.5,             # from the board's USB socket to the wall
    "socket_depth": 5.5,        # the USB socket, from its face back over the board
    "plug_clearance": 0.5,      # around the cable's plug in the USB opening
    "cable_room": 10.0,         # between the board's parts and what hangs from the lid
    "below_ring": 1.0,          # the ring's pocket below the ring: room for its solder pads
    # The laser-cut box.
    "sheet": 3.0,               # plywood or acrylic
    "finger": 10.0,             # a finger joint's tab, about
    # What a printer can do (tests/enclosure): the rules the parts are checked against.
    "bed": 180.0,               # the print bed, each way
    "bridge": 15.0,             # the longest flat span printed over air
    "overhang": 45.0,           # degrees from vertical a face may lean out unsupported
}

# The cable's plug (its overmould), width and height, by socket: the opening
# in the wall lets it reach the socket.
PLUGS = {
    "micro-B": (11.0, 8.0),
    "USB-C": (12.5, 7.0),
}
