# Characters on flash: an atomic save (temporary file, close, rename), load
# validated, a corrupt file moved aside and reported, capacity, failed writes.
from shared_rules import names as N
from fatebox_fw.storage import Store, StoreError, FILE
from tests.core.fakeboard import fresh_dir, make_dir, write_json, FailingFile, read, write, exists
from tests.core.sheets import character, sheet
from tests.helpers import raises


def test_a_new_box_starts_empty_and_ok():
    store = Store(fresh_dir())
    assert store.characters == {} and store.status == "ok"


def test_put_saves_and_a_restarted_box_finds_it():
    where = fresh_dir()
    assert Store(where).put(character("Mara")) is True
    again = Store(where)
    assert again.names() == ["Mara"]
    assert again.characters["Mara"].to_dict() == character("Mara").to_dict()


def test_put_of_an_existing_name_replaces_it():
    store = Store(fresh_dir())
    store.put(character("Mara"))
    assert store.put(character("Mara", misfortunes=[])) is False
    assert Store(store.directory).characters["Mara"].sheet.misfortunes == []


def test_the_save_leaves_no_temporary_file():
    store = Store(fresh_dir())
    store.put(character("Mara"))
    assert exists(store.path) and not exists(store.path + ".tmp")


def test_the_store_keeps_its_own_copy():
    store = Store(fresh_dir())
    mara = character("Mara")
    store.put(mara)
    mara.trials = 99
    assert store.characters["Mara"].trials == 0


def test_delete_saves_and_an_unknown_name_is_not_found():
    store = Store(fresh_dir())
    store.put(character("Mara"))
    store.put(character("Ilo"))
    store.delete("Mara")
    assert Store(store.directory).names() == ["Ilo"]
    assert raises(StoreError, store.delete, "Mara").code == N.E_NOT_FOUND


def test_capacity_is_eight_and_the_ninth_is_full():
    store = Store(fresh_dir())
    for i in range(8):
        store.put(character("Hero %d" % i))
    before = read(store.path)
    err = raises(StoreError, store.put, character("Ninth"))
    assert err.code == N.E_FULL and "8" in err.message
    assert len(store.characters) == 8 and read(store.path) == before
    store.put(character("Hero 3", misfortunes=[]))     # replacing needs no room


def test_a_corrupt_file_is_moved_aside_and_the_box_starts_empty():
    where = fresh_dir()
    write(where + "/" + FILE, b'{"format": 1, "characters": [{"name": "Mara"')
    store = Store(where)
    assert store.characters == {}
    assert read(where + "/" + FILE + ".corrupt") == b'{"format": 1, "characters": [{"name": "Mara"'
    assert not exists(where + "/" + FILE)
    assert "kept as characters.json.corrupt" in store.status and "started empty" in store.status


def test_an_invalid_character_on_flash_is_corrupt_and_says_where():
    where = fresh_dir()
    bad = sheet("Mara")
    del bad["archetype"]
    write_json(where + "/" + FILE, {"format": 1, "characters": [sheet("Ilo"), bad]})
    store = Store(where)
    assert store.characters == {} and "characters[1]" in store.status and "archetype" in store.status


def test_an_older_corrupt_file_is_never_overwritten():
    where = fresh_dir()
    write(where + "/" + FILE + ".corrupt", b"first")
    write(where + "/" + FILE, b"second")
    store = Store(where)
    assert read(where + "/" + FILE + ".corrupt") == b"first"
    assert read(where + "/" + FILE + ".corrupt.2") == b"second"
    assert "corrupt.2" in store.status


def test_the_corrupt_report_stays_after_new_characters_are_saved():
    where = fresh_dir()
    write(where + "/" + FILE, b"not json")
    store = Store(where)
    store.put(character("Mara"))
    assert "unreadable" in store.status
    assert Store(where).status == "ok"     # the next start finds a good file


def test_a_save_writes_and_closes_its_file_then_keeps_the_old_one_as_backup_then_renames():
    # DESIGN.md, atomic saves: the new file whole and closed (littlefs commits
    # a file at its close; no rp2 runtime has fsync), then the last good file
    # becomes the backup, then the new one takes its place; never the other way.
    from fatebox_fw import storage as store_module
    store = Store(fresh_dir())
    store.put(character("Mara"))              # a characters file to keep as the backup
    calls = []

    def base(path):
        return path.rsplit("/", 1)[-1]

    class File:
        def __init__(self, path, mode):
            self.real = open(path, mode)
            self.name = base(path)

        def write(self, data):
            if not calls or calls[-1] != ("write", self.name):
                calls.append(("write", self.name))
            return self.real.write(data)

        def close(self):
            calls.append(("close", self.name))
            self.real.close()

    real_os = store_module.os

    class Os:
        def __getattr__(self, name):
            return getattr(real_os, name)

        def rename(self, src, dst):
            calls.append(("rename", base(src), base(dst)))
            real_os.rename(src, dst)

    if hasattr(real_os, "replace"):
        def replace(self, src, dst):
            calls.append(("rename", base(src), base(dst)))
            real_os.replace(src, dst)
        Os.replace = replace
    store.opener = File
    store_module.os = Os()
    try:
        store.put(character("Ilo"))
    finally:
        store_module.os = real_os
    assert calls == [("write", "characters.json.tmp"), ("close", "characters.json.tmp"),
                     ("rename", "characters.json", "characters.json.bak"),
                     ("rename", "characters.json.tmp", "characters.json")], calls
    assert Store(store.directory).names() == ["Ilo", "Mara"]

def test_a_failed_write_keeps_the_old_file_and_changes_nothing_in_memory():
    store = Store(fresh_dir())
    store.put(character("Mara"))
    before = read(store.path)
    store.opener = FailingFile
    err = raises(StoreError, store.put, character("Ilo"))
    assert err.code == N.E_STORAGE and "nothing was changed" in err.message
    assert store.names() == ["Mara"]
    assert read(store.path) == before and not exists(store.path + ".tmp")
    assert "save failed" in store.status
    err = raises(StoreError, store.delete, "Mara")
    assert err.code == N.E_STORAGE and store.names() == ["Mara"]
    store.opener = open
    store.put(character("Ilo"))
    assert store.status == "ok" and Store(store.directory).names() == ["Ilo", "Mara"]


def test_a_temporary_path_that_cannot_be_written_is_a_storage_error():
    store = Store(fresh_dir())
    store.put(character("Mara"))
    make_dir(store.path + ".tmp")           # open(tmp, "wb") must now fail
    assert raises(StoreError, store.put, character("Ilo")).code == N.E_STORAGE
    assert store.names() == ["Mara"] and Store(store.directory).names() == ["Mara"]


def test_a_save_opens_its_file_with_the_room_kept_for_it_given_back():
    # memory.Room: a run of heap held for the file buffer, let go for the
    # open, held again once the file is closed, even when the save fails.
    store = Store(fresh_dir())
    assert isinstance(store.room.block, bytearray) and len(store.room.block) == store.room.size
    seen = []

    def opener(path, mode):
        seen.append(store.room.block)
        return open(path, mode)

    store.opener = opener
    store.put(character("Mara"))
    assert seen == [None] and isinstance(store.room.block, bytearray)
    store.opener = FailingFile
    raises(StoreError, store.put, character("Ilo"))
    assert isinstance(store.room.block, bytearray)
