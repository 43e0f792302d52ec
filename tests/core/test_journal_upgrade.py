# Old state files without checksums load once and are rewritten with them
# (issue 20 item 1; docs/flash.md, Old state files): journal lines from before
# the CRC and the chain (`<seq> <json>`) are rewritten on load with a CRC and a
# chain that starts at the first line rewritten, the same results and numbers,
# and checked lines after them relinked, each changed line with the hash it
# had (`was`); a power cut at any write of the rewrite leaves a journal that
# reads the same.
import json

from shared_rules import new_beginning as NB
from fatebox_fw.storage import journal as J
from fatebox_fw.storage.files import crc_more, line_hash
from tests.core.fakeboard import exists, fresh_dir, read, write


def old_line(seq, outcome=NB.TOTAL_SUCCESS):
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
        assert entry.pop("was") == line_hash(old_line(seq))     # the hash it had before
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
    journal.append([(4, {"name": "Mara", "system": "new-beginning", "result": {"outcome": NB.TOTAL_FAILURE}})])
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


def checked_line(seq, prev):
    """A line as the first checked firmware wrote it after old ones: `prev`, a CRC."""
    entry = json.loads(old_line(seq)[old_line(seq).find(b" ") + 1:])
    entry["prev"] = prev
    line = b"%d " % seq + json.dumps(entry).encode()
    return line + b" %08x" % crc_more(line, 0)


def mixed_journal(directory, segments):
    """segments: {file index: [(seq, old?)]}: old lines, then checked ones
    linked to them as they were (a box that ran the first checked firmware)."""
    tip = None
    for index in sorted(segments, key=lambda i: segments[i][0][0]):
        data = b""
        for seq, old in segments[index]:
            line = old_line(seq) if old else checked_line(seq, tip)
            tip = line_hash(line)
            data += line + b"\n"
        write(directory + "/" + J.FILES[index], data)


def assert_relinked(directory, seqs, was):
    """Every line checked and linked to the one before as it is now; `was`:
    {seq: the hash the line had before the rewrite}, for each line it changed."""
    lines = stored(directory)
    assert [checked(line)[0] for line in lines] == seqs
    tip = None
    for line in lines:
        seq, entry = checked(line)
        assert entry.get("prev") == tip, (seq, entry)
        assert entry.get("was") == was.get(seq), (seq, entry)
        assert entry["setup"] == {"draw": seq} and entry["result"] == {"outcome": NB.TOTAL_SUCCESS}
        tip = line_hash(line)
    for name in J.FILES:
        assert not exists(directory + "/" + name + J.NEW)


def test_old_lines_followed_by_checked_ones_are_rewritten_and_the_checked_ones_relinked():
    directory = fresh_dir()
    mixed_journal(directory, {0: [(1, True), (2, True), (3, False), (4, False)]})
    before = stored(directory)
    journal = J.Journal(directory)
    assert journal.last == 4
    # every line changed: the old ones have a CRC and a chain, the checked
    # ones link to the old ones as rewritten; each keeps its hash before
    assert_relinked(directory, [1, 2, 3, 4], dict((i + 1, line_hash(line)) for i, line in enumerate(before)))
    after = read(directory + "/" + J.FILES[0])
    J.Journal(directory)                                  # the next start: nothing to rewrite
    assert read(directory + "/" + J.FILES[0]) == after
    # The next result links to the last line as rewritten.
    journal.append([(5, {"name": "Mara", "system": "new-beginning", "result": {"outcome": NB.TOTAL_FAILURE}})])
    lines = stored(directory)
    assert checked(lines[-1])[1]["prev"] == line_hash(lines[-2]) and "was" not in checked(lines[-1])[1]


def test_checked_lines_before_the_old_ones_stay_as_they_are():
    directory = fresh_dir()
    mixed_journal(directory, {0: [(1, False), (2, False), (3, True), (4, False)]})
    before = stored(directory)
    J.Journal(directory)
    lines = stored(directory)
    assert lines[:2] == before[:2]
    assert_relinked(directory, [1, 2, 3, 4], {3: line_hash(before[2]), 4: line_hash(before[3])})


def test_a_line_that_does_not_link_is_not_relinked():
    # A break the journal had (here: 4 links to nothing that was there) stays
    # a break: the rewrite relinks only what linked to a line it changed.
    directory = fresh_dir()
    data = old_line(1) + b"\n" + old_line(2) + b"\n" + checked_line(3, line_hash(old_line(2))) + b"\n" + \
        checked_line(4, "0123456789abcdef") + b"\n"
    write(directory + "/" + J.FILES[0], data)
    J.Journal(directory)
    lines = stored(directory)
    assert checked(lines[2])[1]["prev"] == line_hash(lines[1])
    assert lines[3] == checked_line(4, "0123456789abcdef")


def test_a_page_after_a_relinked_line_carries_that_line_as_its_anchor():
    directory = fresh_dir()
    mixed_journal(directory, {0: [(1, True), (2, False), (3, False)]})
    journal = J.Journal(directory)
    lines = stored(directory)
    page, more = journal.page(2)
    assert [r["seq"] for r in page] == [3] and journal.anchor == lines[1].decode()
    journal.page(0)
    assert journal.anchor is None
    journal.append([(4, {"name": "Mara", "system": "new-beginning", "result": {"outcome": NB.TOTAL_FAILURE}})])
    journal.page(3)
    assert journal.anchor == lines[2].decode()
    journal.page(4)
    assert journal.anchor is None                         # a line no rewrite changed


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
    cut_everywhere(lambda directory: old_journal(directory, {1: [1, 2], 0: [3, 4]}),
                   lambda directory, before: assert_rewritten(directory, [1, 2, 3, 4]))


def test_a_power_cut_at_any_write_of_a_relinking_rewrite_leaves_the_same_journal():
    # The older segment ends in old lines, the current one holds checked lines
    # only: cut between the two renames, no old line is left, and the next
    # start still finishes (the current segment links to the other as it was).
    cut_everywhere(lambda directory: mixed_journal(directory, {1: [(1, True), (2, True)], 0: [(3, False), (4, False)]}),
                   lambda directory, before: assert_relinked(
                       directory, [1, 2, 3, 4], dict((i + 1, line_hash(line)) for i, line in enumerate(before))))


def cut_everywhere(make, check):
    writes = 0
    while True:
        directory = fresh_dir()
        make(directory)
        before = stored(directory)
        cut = Cut(writes)
        J.Journal(directory, opener=cut)                  # cut after `writes` writes
        # Wherever it was cut, the journal reads the same results in the same order...
        page, _ = NoRewrite(directory).page(0)
        assert [r["seq"] for r in page] == [1, 2, 3, 4] and all("damaged" not in r for r in page)
        assert [r["setup"]["draw"] for r in page] == [1, 2, 3, 4]
        journal = J.Journal(directory)                    # ...and the next start finishes the rewrite
        check(directory, before)
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


class Counting:
    """An opener that counts the files opened for writing."""

    def __init__(self):
        self.writes = 0

    def __call__(self, path, mode):
        if "w" in mode or "a" in mode:
            self.writes += 1
        return open(path, mode)


def test_a_damaged_line_that_ends_as_an_old_one_writes_nothing_at_each_start():
    # Nothing in it reads: there is nothing to rewrite, and no start writes.
    directory = fresh_dir()
    entry = json.loads(old_line(2)[2:])
    entry["prev"] = line_hash(old_line(1))
    line = b"2 " + json.dumps(entry).encode()
    data = checked_line(1, None) + b"\n" + line[:-9] + b"}\n"
    write(directory + "/" + J.FILES[0], data)
    for _ in range(2):
        opener = Counting()
        journal = J.Journal(directory, opener=opener)
        assert opener.writes == 0 and read(directory + "/" + J.FILES[0]) == data
    page, _ = journal.page(0)
    assert [r["seq"] for r in page] == [1, 2] and "damaged" not in page[0]
