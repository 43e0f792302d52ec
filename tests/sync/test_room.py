# Room for a table: `fatebox info` says how many characters the box holds and
# how many it has; a push past that is refused before anything is sent, naming
# the limit and `fatebox delete`; the demo leaves room for four more at least.
import json
import os

from tests.e2e.test_end_to_end import EXAMPLES, fatebox, gadgets  # noqa: F401 (a fixture)
from tests.sync.test_make_run import demo_sheets, make_run

MARA = open(os.path.join(EXAMPLES, "mara.toml")).read()


def sheets(folder, count, start=0):
    """`count` New Beginning sheets, Hero N, in `folder`."""
    folder.mkdir(exist_ok=True)
    out = []
    for i in range(start, start + count):
        path = folder / ("hero-%d.toml" % i)
        path.write_text(MARA.replace('name = "Mara"', 'name = "Hero %d"' % i))
        out.append(path)
    return out


def test_info_says_how_many_characters_the_box_holds_and_the_demo_leaves_room(tmp_path, gadgets):
    sim = make_run(tmp_path, False)[1]
    gadget = gadgets(tmp_path / "sim", *sim[3:])
    said = fatebox(gadget.port, "info").stdout
    held = len(demo_sheets())
    assert "characters: %d held, room for %d more (this box holds 24)" % (held, 24 - held) in said
    got = json.loads(fatebox(gadget.port, "info", "--json").stdout)
    assert got["characters"] == {"held": held, "limit": 24}
    assert 24 - held >= 4


def test_a_push_past_the_boxs_room_is_refused_naming_the_limit_and_delete(tmp_path, gadgets):
    gadget = gadgets(tmp_path / "sim", *sheets(tmp_path / "first", 22))
    more = sheets(tmp_path / "more", 3, start=22)
    refused = fatebox(gadget.port, "push", *more, expect=1)
    line = refused.stderr.strip()
    assert len(line.splitlines()) == 1 and line.startswith("fatebox: ")
    assert "holds 24 characters at most" in line and "22" in line and "fatebox delete" in line, line
    listed = json.loads(fatebox(gadget.port, "list", "--json").stdout)["characters"]
    assert len(listed) == 22                                          # nothing was sent
    fatebox(gadget.port, "push", *more[:2])                           # two fit
    assert len(json.loads(fatebox(gadget.port, "list", "--json").stdout)["characters"]) == 24


def remote_holding(limit, names):
    """A Remote as a push sees it, for a box whose hello says `limit` and that holds `names`."""
    from fatebox.board.remote import Remote

    class Link:
        info = {"limits": {"characters": limit}}
    remote = Remote.__new__(Remote)
    remote.link, remote.names, remote.bad_names = Link(), list(names), []
    return remote


def test_a_push_past_a_stock_circuitpythons_heap_names_the_number_and_the_image():
    # A box holding fewer than eight is a stock CircuitPython's heap
    # (fatebox_fw/boot/heap.py): the refusal says its number and names the image.
    why = remote_holding(1, ["Mara"])._too_many([{"character": {"name": "Tobin"}}], "nothing was sent")
    assert "holds 1 character at most and has 1" in why and "fatebox delete" in why, why
    assert "Fatebox's CircuitPython image, which holds 8" in why and "make firmware-circuitpython" in why, why
    assert remote_holding(1, [])._too_many([{"character": {"name": "Tobin"}}], "x") is None
    eight = remote_holding(8, ["H%d" % i for i in range(8)])._too_many([{"character": {"name": "T"}}], "x")
    assert "holds 8 characters at most" in eight and "image" not in eight, eight
