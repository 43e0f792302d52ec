# Old state files without checksums load once and are rewritten with them
# (issue 20 item 1; docs/flash.md, Old state files): journal lines from before
# the CRC and the chain (`<seq> <json>`) are rewritten on load with a CRC and a
# chain that starts at the first line rewritten, the same results and numbers;
# a power cut at any write of the rewrite leaves a journal that reads the same.
import json

from shared_rules import names as N
from fatebox_fw import journal as J
from fatebox_fw.check import crc_more, line_hash
from tests.core.fakeboard import exists, fresh_dir, read, write


def old_line(seq, outcome=N.TOTAL_SUCCESS):
    entry = {"name": "Mara", "system": "new-beginning", "result": {"outcome": outcome}, "setup": {"draw": seq}}
    return b"%d " % seq + json.dumps(entry).encode()


def old_journal(directory, segments):
    """segments: {file index: [seq, ...]}, each line as a box before the checks wrote it."""
    for index in segments:
        write(directory + "/" + J.FILES[index], b"".join(old_line(s) + b"\n" for s in segments[index]))


def stored(directory):
    """Every whole line of both segments, in the order they were played."""
    found = []
    for name in J.FILES:
        if exists(directory + "/" + name):
            found += [line for line in read(directory + "/" + name).split(b"\n") if line]
    found.sort(key=lambda line: int(line[:line.find(b" ")].decode()))
    return found


def checked(line):
    """(seq, entry) of a line that ends in the CRC-32 of what is before it."""
    assert line[-9:-8] == b" " and line[-8:] == b"%08x" % crc_more(line[:-9], 0), line
    return int(line[:line.find(b" ")].decode()), json.loads(line[line.find(b" ") + 1:-9])


def assert_rewritten(directory, seqs):
    lines = stored(directory)
    assert [checked(line)[0] for line in lines] == seqs
    tip = None
    for line in lines:
        seq, entry = checked(line)
        assert entry.get("prev") == tip, (seq, entry)       # the chain starts at the first line
        prev = entry.pop("prev", None)
        assert json.dumps(entry).encode() == old_line(seq)[old_line(seq).find(b" ") + 1:] or \
            entry == json.loads(old_line(seq)[old_line(seq).find(b" ") + 1:])
        tip = line_hash(line)
        assert prev is None or prev != tip
    for name in J.FILES:
        assert not exists(directory + "/" + name + J.NEW)


def test_an_old_journal_is_rewritten_once_with_crcs_and_a_chain():
    directory = fresh_dir()
    old_journal(directory, {0: [1, 2, 3]})
    journal = J.Journal(directory)
    assert journal.last == 3
    assert_rewritten(directory, [1, 2, 3])
    before = read(directory + "/" + J.FILES[0])
    J.Journal(directory)                                  # the next start: nothing to rewrite
    assert read(directory + "/" + J.FILES[0]) == before
    # The next result links to the last line as rewritten.
    journal.append([(4, {"name": "Mara", "system": "new-beginning", "result": {"outcome": N.TOTAL_FAILURE}})])
    lines = stored(directory)
    assert checked(lines[-1])[1]["prev"] == line_hash(lines[-2])
    page, more = J.Journal(directory).page(0)
    assert [r["seq"] for r in page] == [1, 2, 3, 4] and not more
    assert all("damaged" not in r for r in page)


def test_both_segments_are_rewritten_the_older_first_in_one_chain():
    directory = fresh_dir()
    old_journal(directory, {1: [1, 2], 0: [3, 4, 5]})     # journal.1 the older, journal.0 the current
    J.Journal(directory)
    assert_rewritten(directory, [1, 2, 3, 4, 5])
    assert read(directory + "/" + J.FILES[1]).count(b"\n") == 2


def test_old_lines_followed_by_checked_ones_are_left_as_they_are():
    # Checked lines already link to the old lines as they were: rewriting these
    # would change what they link to; the old lines age out as the journal wraps.
    directory = fresh_dir()
    entry = json.loads(old_line(3)[2:])
    entry["prev"] = line_hash(old_line(2))
    line = b"3 " + json.dumps(entry).encode()
    data = old_line(1) + b"\n" + old_line(2) + b"\n" + line + b" %08x\n" % crc_more(line, 0)
    write(directory + "/" + J.FILES[0], data)
    assert J.Journal(directory).last == 3
    assert read(directory + "/" + J.FILES[0]) == data


class NoRewrite(J.Journal):
    """The journal as read before the rewrite (a start that does not finish it)."""

    def scan(self, upgrade=True):
        J.Journal.scan(self, False)


class Cut:
    """An opener whose files stop taking writes after `left` more (a power cut):
    what was written before stays on the flash, as on littlefs."""

    def __init__(self, left):
        self.left = left

    def __call__(self, path, mode):
        f = open(path, mode)
        if "w" not in mode and "a" not in mode:
            return f
        cut = self

        class File:
            def write(self, data):
                if cut.left <= 0:
                    raise OSError(5, "cut")
                cut.left -= 1
                return f.write(data)

            def close(self):
                f.close()
        return File()


def test_a_power_cut_at_any_write_of_the_rewrite_leaves_the_same_journal():
    writes = 0
    while True:
        directory = fresh_dir()
        old_journal(directory, {1: [1, 2], 0: [3, 4]})
        cut = Cut(writes)
        J.Journal(directory, opener=cut)                  # cut after `writes` writes
        # Wherever it was cut, the journal reads the same results in the same order...
        page, _ = NoRewrite(directory).page(0)
        assert [r["seq"] for r in page] == [1, 2, 3, 4] and all("damaged" not in r for r in page)
        assert [r["setup"]["draw"] for r in page] == [1, 2, 3, 4]
        journal = J.Journal(directory)                    # ...and the next start finishes the rewrite
        assert_rewritten(directory, [1, 2, 3, 4])
        page, more = journal.page(0)
        assert [r["seq"] for r in page] == [1, 2, 3, 4] and not more
        if cut.left > 0:
            break                                         # the rewrite finished before the cut
        writes += 1
    assert writes >= 4


def test_a_rewritten_segment_whose_rename_was_cut_on_fat_is_taken_in():
    # FAT's rename will not replace: the old segment is removed first; a cut
    # between the two leaves only the whole new segment beside its name.
    directory = fresh_dir()
    old_journal(directory, {0: [1, 2]})
    J.Journal(directory)
    path = directory + "/" + J.FILES[0]
    rewritten = read(path)
    write(path + J.NEW, rewritten)
    import os as _os
    _os.remove(path)
    journal = J.Journal(directory)
    assert journal.last == 2 and read(path) == rewritten and not exists(path + J.NEW)
