# The roll journal that cannot be quietly changed (issue 20, item 3; docs/protocol.md,
# The roll journal; docs/flash.md): each line carries a CRC-32 of itself and the hash
# of the line before it (`prev`), and a page serves each line as stored.
import binascii
import hashlib
import json

from shared_rules import new_beginning as NB
from fatebox_fw import journal as J
from fatebox_fw.check import crc_more, crc_python
from tests.core.fakeboard import fresh_dir, read, write


def entry(outcome=NB.TOTAL_SUCCESS):
    return {"name": "Mara", "system": "new-beginning", "result": {"outcome": outcome}}


def chain_hash(line):
    return binascii.hexlify(hashlib.sha256(line.encode()).digest())[:16].decode()


def filled(n, directory=None):
    directory = directory or fresh_dir()
    journal = J.Journal(directory)
    for seq in range(1, n + 1):
        journal.append([(seq, entry())])
    return directory


def everything(journal, after=0):
    out = []
    while True:
        page, more = journal.page(after)
        out.extend(page)
        if not more:
            return out
        after = page[-1]["seq"]


def test_each_entry_carries_the_hash_of_the_line_before_it_as_stored():
    directory = filled(5)
    pages = everything(J.Journal(directory))
    assert [r["seq"] for r in pages] == [1, 2, 3, 4, 5]
    assert "prev" not in pages[0]              # the first line of a box has none before it
    for i in range(1, 5):
        assert pages[i]["prev"] == chain_hash(pages[i - 1]["line"])
    # `line` is the line as stored, its newline left out.
    stored = read(directory + "/" + J.FILES[0]).split(b"\n")
    assert [r["line"].encode() for r in pages] == stored[:5]


def test_each_line_ends_in_the_crc_32_of_what_comes_before_it():
    directory = filled(2)
    for line in read(directory + "/" + J.FILES[0]).split(b"\n")[:2]:
        body, crc = line[:-9], line[-8:]
        assert line[-9:-8] == b" "
        assert int(crc, 16) == binascii.crc32(body) & 0xFFFFFFFF


def test_the_chain_goes_on_across_a_restart_and_a_wrap():
    directory = filled(3)
    journal = J.Journal(directory)             # as after a restart
    for seq in range(4, J.SEGMENT + 10):
        journal.append([(seq, entry())])
    pages = everything(J.Journal(directory))
    assert [r["seq"] for r in pages] == list(range(1, J.SEGMENT + 10))
    for i in range(1, len(pages)):
        assert pages[i]["prev"] == chain_hash(pages[i - 1]["line"]), pages[i]["seq"]


def test_a_line_changed_on_flash_is_served_as_damaged_never_as_a_result():
    directory = filled(4)
    path = directory + "/" + J.FILES[0]
    data = bytearray(read(path))
    at = data.index(b"total-success", data.index(b"\n3 ") + 1)
    data[at] ^= 0x01                           # one bit of result 3's outcome
    write(path, bytes(data))
    pages = everything(J.Journal(directory))
    assert [r["seq"] for r in pages] == [1, 2, 3, 4]
    damaged = pages[2]
    assert "damaged" in damaged and "result" not in damaged and "line" not in damaged
    assert pages[3]["result"]["outcome"] == NB.TOTAL_SUCCESS


def test_a_flipped_sequence_number_is_not_taken_as_the_newest():
    directory = filled(3)
    path = directory + "/" + J.FILES[0]
    data = bytearray(read(path))
    data[0] = ord("9")                         # result 1 claims to be 9
    write(path, bytes(data))
    journal = J.Journal(directory)
    assert journal.last == 3 and journal.first() == 2


def test_a_line_from_before_the_checks_is_rewritten_with_its_crc_and_the_next_links_to_it():
    directory = fresh_dir()
    old = b'1 {"name": "Mara", "system": "new-beginning", "result": {"outcome": "total-success"}}'
    write(directory + "/" + J.FILES[0], old + b"\n")
    journal = J.Journal(directory)
    assert journal.last == 1
    journal.append([(2, entry())])
    pages = everything(J.Journal(directory))
    assert [r["seq"] for r in pages] == [1, 2]
    now = pages[0]["line"].encode()                   # the first line rewritten: the chain starts there
    assert now[-8:] == b"%08x" % crc_more(now[:-9], 0)
    rewritten = json.loads(now[2:-9])
    assert rewritten.pop("was") == chain_hash(old.decode())     # the hash it had before
    assert rewritten == json.loads(old[2:])
    assert pages[0]["result"]["outcome"] == NB.TOTAL_SUCCESS
    assert pages[1]["prev"] == chain_hash(now.decode())


def test_a_damaged_line_after_the_host_s_last_is_served_even_when_its_number_is_unreadable():
    directory = filled(3)
    path = directory + "/" + J.FILES[0]
    data = bytearray(read(path))
    at = data.index(b"\n2 ") + 1
    data[at] = ord("x")                        # result 2's number no longer reads
    write(path, bytes(data))
    pages = everything(J.Journal(directory), after=1)
    assert len(pages) == 2 and "damaged" in pages[0] and pages[1]["seq"] == 3


def test_the_crc_without_binascii_is_the_same_crc():
    for data in (b"", b"a", b"123456789", bytes(range(256))):
        assert crc_python(data, 0) == binascii.crc32(data) & 0xFFFFFFFF
        assert crc_python(data[3:], crc_python(data[:3], 0)) == crc_more(data, 0)


def test_a_line_torn_by_a_power_cut_is_left_out_of_the_chain():
    directory = filled(1)
    f = open(directory + "/" + J.FILES[0], "ab")
    f.write(b'2 {"name": "Ma')                                 # a power cut mid-write
    f.close()
    J.Journal(directory).append([(2, entry())])
    pages = everything(J.Journal(directory))
    assert [r["seq"] for r in pages] == [1, 2] and "damaged" not in pages[1]
    assert pages[1]["prev"] == chain_hash(pages[0]["line"])


def forged(seq, entry_dict):
    """A journal line as a hostile hand would write it: any number, a good CRC."""
    line = b"%d " % seq + json.dumps(entry_dict).encode()
    return line + b" %08x" % crc_more(line, 0) + b"\n"


def test_a_line_numbered_past_the_wires_range_is_damage_never_the_newest():
    # issue 35, item 5: a line numbered 4294967301 with a good CRC was taken as
    # the newest, and `hello` carried a number the wire refuses.
    from shared_rules import wire
    for seq in (wire.INT_LIMIT + 5, -7, 0):
        directory = filled(3)
        path = directory + "/" + J.FILES[0]
        write(path, read(path) + forged(seq, entry()))
        journal = J.Journal(directory)
        assert journal.last == 3 and journal.first() == 1, seq
        pages = everything(journal)
        assert [p.get("seq") for p in pages] == [1, 2, 3, None], seq
        assert "damaged" in pages[3] and wire.check({"results": pages}) is None, seq
        journal.append([(4, entry())])              # numbered on from the last good line
        assert J.Journal(directory).last == 4


def test_a_line_holding_a_value_the_wire_refuses_is_served_as_damaged():
    from shared_rules import wire
    for bad in ({"ms": 2 ** 40}, {"setup": {"white": -(2 ** 33)}}, {"result": {"outcome": "x\ud800"}}):
        directory = filled(2)
        path = directory + "/" + J.FILES[0]
        e = entry()
        e.update(bad)
        write(path, read(path) + forged(3, e))
        pages = everything(J.Journal(directory))
        assert [p.get("seq") for p in pages] == [1, 2, 3], bad
        assert "damaged" in pages[2] and "result" not in pages[2], bad
        assert wire.check({"results": pages}) is None, bad
