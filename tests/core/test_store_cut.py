# A save cut short by a power cut leaves characters.json.tmp: the next start
# never reads it and removes it (the emulated Pico cuts real saves in
# tests/pico/test_power_cut.py).
from fatebox_fw.storage import Store
from tests.core.fakeboard import exists, fresh_dir, write
from tests.core.sheets import character


def test_a_half_written_temporary_file_is_removed_at_the_next_start():
    d = fresh_dir()
    store = Store(d)
    store.put(character("Mara"))
    write(d + "/characters.json.tmp", b'{"format": 1, "settings": {}, "characters": [{"na')
    again = Store(d)
    assert again.names() == ["Mara"] and again.status == "ok"
    assert not exists(d + "/characters.json.tmp")
    assert exists(d + "/characters.json")
