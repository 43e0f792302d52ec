# Every state file is checked (issue 20, item 1; docs/flash.md, Checked on load):
# the characters file ends in a CRC-32 of every byte before it; one that fails
# is kept aside and reported, the backup used when it is good, never a changed
# character taken as good; a file from before the checks is rewritten with one.
import binascii

from fatebox_fw.storage import Store, FILE
from tests.core.fakeboard import fresh_dir, read, write, exists
from tests.core.sheets import ash, character, sheet, vex

TAIL = len(b', "crc": "') + 8 + 3


def saved_twice():
    store = Store(fresh_dir())
    store.put(character("Mara"))
    store.put(character("Tobin"))      # characters.json.bak holds Mara alone
    return store.directory


def test_a_save_ends_in_the_crc_32_of_every_byte_before_it():
    data = read(saved_twice() + "/" + FILE)
    assert data[-TAIL:-11] == b', "crc": "' and data[-3:] == b'"}\n'
    assert int(data[-11:-3], 16) == binascii.crc32(data[:-TAIL]) & 0xFFFFFFFF


def test_a_character_changed_on_flash_is_kept_aside_and_the_backup_is_used():
    where = saved_twice()
    path = where + "/" + FILE
    data = bytearray(read(path))
    at = data.index(b'"Tobin"') + 2
    data[at] ^= 0x01                        # "Tnbin": still JSON, still a character
    write(path, bytes(data))
    store = Store(where)
    assert store.names() == ["Mara"]        # the backup, not a renamed Tobin
    assert "characters.json was unreadable (its checksum does not match" in store.status
    assert "kept as characters.json.corrupt" in store.status
    assert "playing on the last good save, characters.json.bak" in store.status
    assert read(where + "/" + FILE + ".corrupt") == bytes(data)


def test_a_backup_changed_on_flash_is_reported_and_never_used():
    where = saved_twice()
    path = where + "/" + FILE + ".bak"
    data = bytearray(read(path))
    data[data.index(b'"Mara"') + 2] ^= 0x04
    write(path, bytes(data))
    store = Store(where)
    assert store.names() == ["Mara", "Tobin"] and store.status == "ok"
    assert "characters.json.bak was unreadable (its checksum does not match" in store.backup_status
    assert not exists(path) and exists(path + ".corrupt")


def test_with_the_file_damaged_too_a_changed_backup_is_kept_aside_never_played():
    # Both generations fail: the backup is still checked by its CRC (a
    # character changed on flash is never played), and the box starts empty.
    where = saved_twice()
    path = where + "/" + FILE
    data = bytearray(read(path))
    data[data.index(b'"Tobin"') + 2] ^= 0x01
    write(path, bytes(data))
    backup = bytearray(read(path + ".bak"))
    backup[backup.index(b'"Mara"') + 2] ^= 0x04          # "Mera": still JSON, still a character
    write(path + ".bak", bytes(backup))
    store = Store(where)
    assert store.names() == []
    assert "characters.json.bak was unreadable (its checksum does not match" in store.status, store.status
    assert "the box started empty" in store.status
    assert read(path + ".bak.corrupt") == bytes(backup) and not exists(path + ".bak")

def test_a_file_from_before_the_checks_loads_once_and_is_rewritten_with_one():
    where = fresh_dir()
    old = b'{"format": 1, "clock": 1, "seq": 0, "revisions": {"Mara": 1}, "settings": {}, "characters": [' + \
        __import__("json").dumps(sheet("Mara")).encode() + b']}\n'
    write(where + "/" + FILE, old)
    store = Store(where)
    assert store.names() == ["Mara"] and store.status == "ok"
    data = read(where + "/" + FILE)
    assert data[-TAIL:-11] == b', "crc": "'
    assert int(data[-11:-3], 16) == binascii.crc32(data[:-TAIL]) & 0xFFFFFFFF
    assert Store(where).characters["Mara"].to_dict() == store.characters["Mara"].to_dict()


def test_a_file_whose_checksum_key_was_changed_is_not_taken_for_an_old_one():
    where = saved_twice()
    path = where + "/" + FILE
    data = bytearray(read(path))
    data[data.rindex(b'"crc"') + 2] ^= 0x01     # "cbc": the tail no longer names a checksum
    write(path, bytes(data))
    store = Store(where)
    assert store.names() == ["Mara"] and "characters.json was unreadable" in store.status


def _mixed():
    """A saved file (its characters in the order of their names) whose systems
    alternate: Approaches, New Beginning, Approaches, New Beginning, Axiom; the
    backup holds the first four put."""
    store = Store(fresh_dir())
    for data in (ash("Ash"), sheet("Bram"), ash("Cal"), sheet("Dell"), vex("Vex")):
        store.put(store.check(data))
    return store.directory


def test_a_load_checks_one_systems_characters_together():
    # From .mpy files a check's time is mostly its rules' import: one system's
    # characters are checked with its rules brought into RAM once.
    from fatebox_fw import memory
    where = _mixed()
    unloads = []
    real = memory.unload
    memory.unload = lambda keep: unloads.append(keep) or real(keep)
    try:
        store = Store(where)
    finally:
        memory.unload = real
    assert len(unloads) == 3                    # Approaches, New Beginning, Axiom: a run each
    assert dict((c.name, c.system) for c in store.characters.values()) == {
        "Ash": "approaches", "Bram": "new-beginning", "Cal": "approaches", "Dell": "new-beginning", "Vex": "axiom"}
    assert store.status == "ok" and store.backup_status == "ok"


def test_a_bad_character_is_named_by_its_place_in_the_file():
    where = _mixed()
    path = where + "/" + FILE
    text = read(path).decode()
    text = text[:text.rindex(', "crc"')] + "}\n"            # as a file from before the checks
    body = __import__("json").loads(text)
    assert [c["name"] for c in body["characters"]] == ["Ash", "Bram", "Cal", "Dell", "Vex"]
    body["characters"][3]["traits"] = "lots"               # Dell, the fourth (checked after Cal)
    write(path, (__import__("json").dumps(body) + "\n").encode())
    store = Store(where)
    assert "characters.json was unreadable (characters[3].traits" in store.status, store.status
    assert store.names() == ["Ash", "Bram", "Cal", "Dell"]     # the backup


def test_a_backup_with_its_checksum_is_checked_by_it_not_made_again():
    # The box wrote it from checked characters: a changed byte is what can be
    # wrong with it, and its CRC finds that (the tests above).
    from shared_rules import roster
    where = _mixed()
    made = []
    real = roster.from_dict
    roster.from_dict = lambda data: made.append(data["name"]) or real(data)
    try:
        store = Store(where)
    finally:
        roster.from_dict = real
    assert sorted(made) == store.names() and len(made) == 5     # characters.json's, not the backup's four
    assert store.backup_status == "ok"


def test_a_number_past_the_wires_range_in_the_characters_file_is_kept_aside():
    # issue 35, item 5: the box keeps no number it could not send. A file
    # whose `seq` or `clock` is past the wire's range (with a good CRC) does
    # not read: kept aside, the backup played, and said.
    from shared_rules import wire
    from fatebox_fw.storage.files import crc_more
    for key in (b'"seq": ', b'"clock": '):
        where = saved_twice()
        path = where + "/" + FILE
        data = read(path)
        body = data[:-TAIL]
        at = body.index(key) + len(key)
        end = at
        while body[end:end + 1].isdigit():
            end += 1
        body = body[:at] + b"%d" % (wire.INT_LIMIT + 5) + body[end:]
        write(path, body + b', "crc": "%08x"}\n' % crc_more(body, 0))
        store = Store(where)
        assert store.names() == ["Mara"], key
        assert store.seq <= wire.INT_LIMIT and store.clock <= wire.INT_LIMIT, key
        assert "characters.json was unreadable" in store.status and "kept as characters.json.corrupt" in store.status


def test_a_file_the_heap_cannot_hold_while_read_is_kept_aside_and_the_backup_used():
    # Thousands of nested lists fill a Pico's heap while json reads them: a
    # MemoryError there means a file the box never wrote, not a crash at boot.
    # CPython only: MicroPython's json module cannot be patched (its Pico run:
    # tests/pico/test_image_state_files.py, `deep`).
    import json
    import sys
    if sys.implementation.name == "micropython":
        return
    where = saved_twice()
    path = where + "/" + FILE
    deep = b'{"format": 1, "characters": [' + b"[" * 50 + b"]" * 50 + b"]}"
    write(path, deep)
    real = json.load

    def no_room(f, *args, **kwargs):
        data = f.read()
        if b"[[[[[[" in data:
            raise MemoryError("memory allocation failed, allocating 32768 bytes")
        return json.loads(data)

    json.load = no_room
    try:
        store = Store(where)
    finally:
        json.load = real
    assert store.names() == ["Mara"]
    assert "characters.json was unreadable (it does not fit in the heap to be read" in store.status
    assert read(where + "/" + FILE + ".corrupt") == deep
