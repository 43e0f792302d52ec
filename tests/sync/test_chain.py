# The roll journal's chain on the host (issue 20, item 3; docs/sync.md, A chain
# that does not link): every page checked, a break recorded and kept apart,
# `fatebox verify` against the box's journal and the host's records.
import json
import os
import shutil
import zlib

import pytest

from fatebox.board.link import Link
from tests.helpers import HANG_S


def trials(box, n, name="Mara"):
    with Link.connect(box.path, timeout=HANG_S) as link:
        for _ in range(n):
            link.trial(2, 3, 2, None, [], name)


def lines(state):
    with open(os.path.join(state, "journal.0"), "rb") as f:
        return f.read().split(b"\n")[:-1]


def save_lines(state, found):
    with open(os.path.join(state, "journal.0"), "wb") as f:
        f.write(b"".join(line + b"\n" for line in found))


def forged(line, old=b"total-failure", new=b"total-success"):
    """`line` with a result changed and its CRC made good again (an evil box's edit)."""
    body = line[:-9]
    for a, b in ((old, new), (new, old), (b"partial-failure", b"partial-success"),
                 (b"partial-success", b"partial-failure")):
        if a in body:
            body = body.replace(a, b, 1)
            break
    else:
        raise AssertionError("no outcome in %r" % line)
    return body + b" %08x" % (zlib.crc32(body) & 0xFFFFFFFF)


def started(realbox, run, table, n):
    box = realbox()
    assert run("--port", box.path, "push", table / "mara.toml").exit_code == 0
    trials(box, n)
    return box


def test_sync_keeps_the_chain_and_a_verify_of_an_untouched_box_is_intact(realbox, run, table):
    box = started(realbox, run, table, 5)
    assert run("--port", box.path, "sync", table).exit_code == 0
    trials(box, 3)
    synced = run("--port", box.path, "sync", table)
    assert synced.exit_code == 0 and "does not link" not in synced.output
    results = json.loads(run("history", "--json").stdout)["results"]
    assert [r["seq"] for r in results] == list(range(1, 9)) and all(r["verified"] for r in results)
    verified = run("--port", box.path, "verify")
    assert verified.exit_code == 0, verified.output
    assert verified.stdout.startswith("intact: 8 results (1..8)")
    report = json.loads(run("--port", box.path, "verify", "--json").stdout)
    assert report["intact"] is True and report["first-bad"] is None and report["checked"] == 8


def test_verify_of_a_box_with_no_results_yet_says_so_in_words(realbox, run, table):
    # Not "0 results (1..0)": a newcomer's fresh box, before the first roll.
    box = started(realbox, run, table, 0)
    verified = run("--port", box.path, "verify")
    assert verified.exit_code == 0, verified.output
    assert verified.stdout.startswith("intact: the box's journal holds no results yet")
    trials(box, 1)
    assert run("--port", box.path, "verify").stdout.startswith("intact: 1 result (1)")


def test_a_page_that_does_not_link_is_recorded_with_the_break_and_left_out_of_stats(realbox, run, table):
    box = started(realbox, run, table, 4)
    assert run("--port", box.path, "sync", table).exit_code == 0
    box.stop()
    found = lines(box.state)
    found[3] = forged(found[3])            # result 4, which the host has, changed on the box
    save_lines(box.state, found)
    box.restart()
    trials(box, 3)                         # 5 chains to the changed 4
    synced = run("--port", box.path, "sync", table)
    breaks = [line for line in synced.stderr.splitlines() if "does not link" in line]
    assert len(breaks) == 1 and "results from 5 on are kept apart as unverified" in breaks[0], synced.stderr
    results = json.loads(run("history", "--json").stdout)["results"]
    assert [(r["seq"], r["verified"]) for r in results] == [(1, True), (2, True), (3, True), (4, True),
                                                           (5, False), (6, False), (7, False)]
    counted = json.loads(run("stats", "--json").stdout)["systems"][0]["results"]
    assert counted == 4
    assert json.loads(run("stats", "--json", "--include-unverified").stdout)["systems"][0]["results"] == 7
    verified = run("--port", box.path, "verify", "--json")
    assert verified.exit_code == 1
    report = json.loads(verified.stdout)
    assert report["intact"] is False and report["first-bad"] == 4
    assert (4, "changed") in [(p["seq"], p["kind"]) for p in report["problems"]]


def test_verify_names_a_result_changed_removed_or_replayed_by_its_number(realbox, run, table):
    box = started(realbox, run, table, 6)
    assert run("--port", box.path, "sync", table).exit_code == 0
    box.stop()
    found = lines(box.state)
    found[1] = forged(found[1])                            # 2 changed
    del found[3]                                           # 4 removed
    found.append(found[4])                                 # 6 replayed at the end
    save_lines(box.state, found)
    box.restart()
    said = run("--port", box.path, "verify")
    assert said.exit_code == 1
    assert "the box's journal is not intact from result 2" in said.stderr
    kinds = [line.split(": ")[:2] for line in said.stdout.splitlines()]
    assert ["2", "changed"] in kinds and ["4", "removed"] in kinds and ["6", "replayed"] in kinds, said.stdout


def test_a_box_restored_from_an_older_flash_image_shows_as_a_rollback(realbox, run, table, tmp_path):
    box = started(realbox, run, table, 3)
    box.stop()
    image = tmp_path / "image"
    shutil.copytree(box.state, image)
    box.restart()
    trials(box, 3)
    assert run("--port", box.path, "sync", table).exit_code == 0        # the host has 1..6
    box.stop()
    shutil.rmtree(box.state)
    shutil.copytree(image, box.state)
    box.restart()
    said = run("--port", box.path, "verify", "--json")
    assert said.exit_code == 1
    report = json.loads(said.stdout)
    assert report["first-bad"] == 4 and report["problems"][0]["kind"] == "rollback"


def test_a_damaged_state_file_is_said_by_the_next_command_and_a_damaged_result_by_sync(realbox, run, table):
    box = started(realbox, run, table, 3)
    assert run("--port", box.path, "sync", table).exit_code == 0
    trials(box, 2)
    box.stop()
    path = os.path.join(box.state, "characters.json.bak")
    data = bytearray(open(path, "rb").read())
    data[data.index(b'"Mara"') + 2] ^= 0x01
    open(path, "wb").write(bytes(data))
    found = lines(box.state)
    found[3] = bytearray(found[3])
    found[3][20] ^= 0x08                    # result 4, not yet synced, damaged on flash
    found[3] = bytes(found[3])
    save_lines(box.state, found)
    box.restart()
    listed = run("--port", box.path, "list")
    assert listed.exit_code == 0
    assert "fatebox: the box's storage:" not in listed.stderr    # the characters file is good: played as it is
    # The next command, whichever it is, says the damaged backup: which file, what was lost, what is used instead.
    said = [line for line in listed.stderr.splitlines() if line.startswith("fatebox: the box's backup: ")]
    assert said == ["fatebox: the box's backup: characters.json.bak was unreadable (its checksum does not match: "
                    "it changed on flash); it was kept as characters.json.bak.corrupt; the next save makes a new "
                    "backup. Lost: the save before the last, kept to fall back on; used instead: the last save, "
                    "which checks out (no character changed)"], listed.stderr
    assert "Mara" in listed.stdout
    state = run("--port", box.path, "state")
    assert "backup: characters.json.bak was unreadable (its checksum does not match" in state.stdout
    synced = run("--port", box.path, "sync", table)
    assert synced.exit_code == 0
    assert "the box's journal: result 4 damaged on the box's flash (its check fails): lost" in synced.stderr
    assert "does not link" not in synced.stderr
    assert [r["seq"] for r in json.loads(run("history", "--json").stdout)["results"]] == [1, 2, 3, 5]


def test_a_changed_characters_file_is_said_by_every_command(realbox, run, table):
    box = started(realbox, run, table, 1)
    run("--port", box.path, "push", table / "tobin.toml")
    box.stop()
    path = os.path.join(box.state, "characters.json")
    data = bytearray(open(path, "rb").read())
    data[data.index(b'"Tobin"') + 2] ^= 0x01
    open(path, "wb").write(bytes(data))
    box.restart()
    for command in (("list",), ("info",)):
        said = run("--port", box.path, *command)
        assert said.exit_code == 0
        assert "fatebox: the box's storage: characters.json was unreadable (its checksum does not match: it " \
            "changed on flash); it was kept as characters.json.corrupt; the box is playing on the last good " \
            "save, characters.json.bak" in said.stderr, said.stderr


def test_pull_checks_the_chain_of_the_pages_it_reads_too(realbox, run, table, tmp_path):
    box = started(realbox, run, table, 2)
    assert run("--port", box.path, "sync", table).exit_code == 0
    box.stop()
    found = lines(box.state)
    found[1] = forged(found[1])
    save_lines(box.state, found)
    box.restart()
    trials(box, 1)
    (tmp_path / "out").mkdir()
    pulled = run("--port", box.path, "pull", "--dir", tmp_path / "out")
    breaks = [line for line in pulled.stderr.splitlines() if "does not link" in line]
    assert len(breaks) == 1 and "results from 3 on are kept apart" in breaks[0], pulled.stderr


def test_verify_compares_the_results_a_host_kept_before_the_chain_by_their_content():
    from fatebox.records import chain
    line = '1 {"name": "Mara", "system": "new-beginning", "result": {"outcome": "total-success"}}'
    results = [{"seq": 1, "line": line}]
    kept = {1: {"hash": None, "result": {"outcome": "total-success"}}}
    assert chain.audit(results, 1, 1, kept, 1) == []
    kept[1]["result"] = {"outcome": "total-failure"}
    assert [(s, k) for s, k, _ in chain.audit(results, 1, 1, kept, 1)] == [(1, "changed")]


def test_verify_names_two_results_swapped_on_flash_as_reordered_and_none_as_removed(realbox, run, table):
    box = started(realbox, run, table, 5)
    assert run("--port", box.path, "sync", table).exit_code == 0
    box.stop()
    found = lines(box.state)
    found[2], found[3] = found[3], found[2]                # 3 and 4 swapped: each line as it was
    save_lines(box.state, found)
    box.restart()
    said = run("--port", box.path, "verify")
    assert said.exit_code == 1
    assert "the box's journal is not intact from result 3" in said.stderr
    kinds = [line.split(": ")[:2] for line in said.stdout.splitlines()]
    assert ["3", "reordered"] in kinds, said.stdout
    # Both are still there, each as the host kept it: nothing was removed or changed.
    assert all(kind not in ("removed", "changed") for _, kind in kinds), said.stdout
    report = json.loads(run("--port", box.path, "verify", "--json").stdout)
    assert report["first-bad"] == 3 and [p["kind"] for p in report["problems"]] == ["reordered"]


def test_sync_notices_the_box_serving_the_hosts_last_result_again(realbox, run, table):
    # The host has 1..6; the box serves 6 again after it (a replay of the tip),
    # then a new 7: sync's walk says so, not only `fatebox verify`.
    box = started(realbox, run, table, 6)
    assert run("--port", box.path, "sync", table).exit_code == 0
    box.stop()
    found = lines(box.state)
    found.append(found[5])                                 # 6 again, after 6
    save_lines(box.state, found)
    box.restart()
    trials(box, 1)
    synced = run("--port", box.path, "sync", table)
    breaks = [line for line in synced.stderr.splitlines() if "does not link" in line]
    assert len(breaks) == 1 and "replayed at 6" in breaks[0], synced.stderr
    results = json.loads(run("history", "--json").stdout)["results"]
    assert [(r["seq"], r["verified"]) for r in results] == [(1, True), (2, True), (3, True), (4, True),
                                                           (5, True), (6, True), (7, False)]


def renumbered(line, seq):
    """`line` numbered `seq`, its CRC made good again (an evil box's edit)."""
    body = line[:-9]
    body = b"%d" % seq + body[body.index(b" "):]
    return body + b" %08x" % (zlib.crc32(body) & 0xFFFFFFFF)


def test_a_first_line_renumbered_is_said_as_an_edit_not_as_results_the_journal_wrapped_away(realbox, run, table):
    # issue 35, item 12: line 1 renumbered 2. The box's oldest result is then 2,
    # but that line starts the chain (no `prev`): nothing was wrapped away
    # before it, so sync may not say a result was lost to a wrap.
    box = started(realbox, run, table, 3)
    box.stop()
    found = lines(box.state)
    found[0] = renumbered(found[0], 2)
    save_lines(box.state, found)
    box.restart()
    synced = run("--port", box.path, "sync", table)
    assert "lost before the host saw them" not in synced.stderr, synced.stderr
    breaks = [line for line in synced.stderr.splitlines() if "does not link" in line]
    assert len(breaks) == 1 and "removed at 2: result 1 is not in the box's journal" in breaks[0], synced.stderr
    assert "not wrapped away" in breaks[0] and "replayed at 2" in breaks[0], breaks[0]
    with __import__("fatebox.records.db", fromlist=["Records"]).Records() as records:
        assert records.last_seq(records.boxes()[0]["id"])[1] == 0          # none counted lost to a wrap
    said = run("--port", box.path, "verify")
    assert said.exit_code == 1
    kinds = [line.split(": ")[:2] for line in said.stdout.splitlines()]
    assert ["2", "removed"] in kinds and ["2", "replayed"] in kinds, said.stdout


def test_one_result_wrapped_away_is_said_in_the_singular(realbox, run, table, tmp_path):
    # A journal whose oldest line links to one no longer there: a wrap, and
    # one result lost to it ("1 result ... was lost", not "were").
    from fatebox_fw.storage.journal import Journal
    state = tmp_path / "flash"
    state.mkdir()
    journal = Journal(str(state))
    journal.tip = "0123456789abcdef"        # the hash of result 1, wrapped away
    entry = {"name": None, "system": "new-beginning", "result": {"outcome": "total-success", "tokens": "w",
                                                                 "white": 2, "black": 3}}
    journal.append([(2, dict(entry)), (3, dict(entry))])
    box = realbox(state)
    synced = run("--port", box.path, "sync", table)
    assert "1 result played on the box was lost before the host saw them" in synced.stderr, synced.stderr
    assert "does not link" not in synced.stderr


def test_a_line_numbered_past_the_wires_range_is_reported_and_the_host_keeps_talking(realbox, run, table):
    # issue 35, item 5, as found: the last line renumbered 4294967301 with a
    # good CRC. The box takes no such number: hello still reads, and sync says
    # the line was damaged, as it says any line that fails its check.
    box = started(realbox, run, table, 3)
    box.stop()
    found = lines(box.state)
    found[2] = renumbered(found[2], 4294967301)
    save_lines(box.state, found)
    box.restart()
    listed = run("--port", box.path, "list")
    assert listed.exit_code == 0, listed.output
    synced = run("--port", box.path, "sync", table)
    assert synced.exit_code == 0, synced.output
    assert "the box's journal: a result damaged on the box's flash (its check fails): lost" in synced.stderr
    trials(box, 1)                         # numbered after the characters file's 3
    assert [r["seq"] for r in json.loads(run("history", "--json").stdout)["results"]][:2] == [1, 2]
    assert run("--port", box.path, "sync", table).exit_code == 0


def relinked(found, at, change):
    """`found` with line `at` changed by `change` (a function of its entry) and
    every later line relinked, each carrying `was`, the hash the host kept, as
    the box's own rewrite of old lines does (docs/flash.md, Old state files):
    what a forger who read the docs would write."""
    import hashlib
    out = list(found)
    prev = None
    for i in range(at, len(out)):
        body = out[i][:-9]
        space = body.index(b" ")
        entry = json.loads(body[space + 1:])
        entry["was"] = hashlib.sha256(out[i]).hexdigest()[:16]
        if i == at:
            change(entry)
        else:
            entry["prev"] = prev
        body = body[:space + 1] + json.dumps(entry).encode()
        out[i] = body + b" %08x" % (zlib.crc32(body) & 0xFFFFFFFF)
        prev = hashlib.sha256(out[i]).hexdigest()[:16]
    return out


def _setup(entry):
    entry["setup"]["white"] = 5


def _clock(entry):
    entry["ms"] = (entry["ms"] + 60000) % 2 ** 29


def _result(entry):
    entry["result"]["tokens"] = entry["result"]["tokens"][::-1] + "w"


@pytest.mark.parametrize("change", (_setup, _clock, _result), ids=("setup", "ms", "result"))
def test_verify_compares_everything_the_host_saw_of_a_line_whatever_its_was_says(realbox, run, table, change):
    # issue 35, item 6: a synced line whose set-up (or `ms`) was changed, `was`
    # set to the hash the host kept and every later line relinked, passed
    # verify. Whatever `was` says, the line is compared with the one the host kept.
    box = started(realbox, run, table, 4)
    assert run("--port", box.path, "sync", table).exit_code == 0
    box.stop()
    save_lines(box.state, relinked(lines(box.state), 1, change))
    box.restart()
    said = run("--port", box.path, "verify", "--json")
    assert said.exit_code == 1, said.output
    report = json.loads(said.stdout)
    assert [(p["seq"], p["kind"]) for p in report["problems"]] == [(2, "changed")], report



def test_a_first_line_numbered_past_the_wires_range_is_said_once_as_damage(realbox, run, table):
    # issue 35, item 5, on line 1: the host names the damaged line (sync and
    # verify), and does not count it again as a result lost to a wrap.
    box = started(realbox, run, table, 3)
    box.stop()
    found = lines(box.state)
    found[0] = renumbered(found[0], 4294967301)
    save_lines(box.state, found)
    box.restart()
    synced = run("--port", box.path, "sync", table)
    assert synced.exit_code == 0, synced.output
    assert "the box's journal: a result damaged on the box's flash (its check fails): lost" in synced.stderr
    assert "lost before the host saw them" not in synced.stderr and "does not link" not in synced.stderr, \
        synced.stderr
    said = run("--port", box.path, "verify", "--json")
    assert said.exit_code == 1
    assert [p["kind"] for p in json.loads(said.stdout)["problems"]] == ["damaged"], said.stdout
