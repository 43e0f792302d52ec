# `fatebox entropy` and `fatebox info`'s health counts against the real box on a
# virtual board (docs/entropy.md, Take the bytes to a test battery): the bytes
# go through ent's statistics (tests/ent.py), a file is whole or absent.
import os

from fatebox.cli import entropy as cli_entropy
from tests.ent import failures, statistics

MEGABYTE = 1 << 20


def test_a_megabyte_of_the_virtual_gadgets_conditioned_bytes_passes_ents_statistics(realbox, run, tmp_path):
    box = realbox(seed=None)        # the operating system's generator, as `fatebox sim` draws
    out = tmp_path / "conditioned.bin"
    result = run("--port", box.path, "entropy", "--bytes", MEGABYTE, "-o", out)
    assert result.exit_code == 0, result.output
    assert "1048576 conditioned random bytes" in result.stderr and "source: os" in result.stderr
    data = out.read_bytes()
    assert len(data) == MEGABYTE
    assert failures(statistics(data)) == []


def test_the_bytes_are_the_seeded_source_the_draws_read(realbox, run, tmp_path):
    from shared_rules.randomness import SeededBytes
    box = realbox(seed="battery")
    raw = tmp_path / "raw.bin"
    conditioned = tmp_path / "conditioned.bin"
    assert run("--port", box.path, "entropy", "--bytes", 3000, "--raw", "-o", raw).exit_code == 0
    assert run("--port", box.path, "entropy", "--bytes", 1500, "--conditioned", "-o", conditioned).exit_code == 0
    expected = SeededBytes("battery")
    # Three pages of raw (1024, 1024, 952), then the conditioned bytes after them.
    assert raw.read_bytes() == expected(3000)
    assert conditioned.read_bytes() == expected(1500)


def test_a_refused_page_leaves_no_file(realbox, run, tmp_path, monkeypatch):
    box = realbox(seed=None)
    out = tmp_path / "cut.bin"
    calls = []
    real = cli_entropy._page

    def cut_after_two(link, want, raw):
        calls.append(want)
        if len(calls) == 3:
            raise KeyboardInterrupt()      # Ctrl-C half way
        return real(link, want, raw)
    monkeypatch.setattr(cli_entropy, "_page", cut_after_two)
    result = run("--port", box.path, "entropy", "--bytes", 5000, "-o", out)
    assert result.exit_code == 130, result.output
    assert "interrupted" in result.stderr
    assert len(calls) == 3
    assert os.listdir(tmp_path) == ["flash"]        # no file, no temporary file


def test_an_existing_file_stays_whole_when_the_read_fails(realbox, run, tmp_path, monkeypatch):
    box = realbox(seed=None)
    out = tmp_path / "keep.bin"
    out.write_bytes(b"before")
    monkeypatch.setattr(cli_entropy, "BUSY_TRIES", 2)
    monkeypatch.setattr(cli_entropy, "BUSY_WAIT_S", 0)
    from fatebox.errors import DeviceError
    from fatebox.board.link import Link
    real = Link.request
    asked = []

    def busy(link, op, **args):
        if op != "entropy":
            return real(link, op, **args)
        asked.append(op)
        raise DeviceError("busy", "a result is being played on the box; ask again once it shows", op)
    monkeypatch.setattr("fatebox.board.link.Link.request", busy)
    result = run("--port", box.path, "entropy", "--bytes", 10, "-o", out)
    assert result.exit_code == 1
    assert "a result is being played" in result.stderr and "Traceback" not in result.output
    assert asked == ["entropy", "entropy"]          # asked again once, then gave up
    assert out.read_bytes() == b"before"
    assert sorted(os.listdir(tmp_path)) == ["flash", "keep.bin"]


def test_info_shows_the_source(realbox, run):
    box = realbox(seed=None)
    result = run("--port", box.path, "info")
    assert result.exit_code == 0, result.output
    assert "entropy: the operating system's generator" in result.stdout


def test_info_line_counts_the_health_tests():
    line = cli_entropy.health_line({"source": "rosc", "health": "failed", "blocks": 812, "restarts": 0,
                                    "rejected": {"repetition-count": 1, "adaptive-proportion": 0,
                                                 "lag-repetition": 0, "repeated-block": 0, "source": 0}})
    assert line == ("entropy: the ring oscillator (ROSC), health-tested and SHA-256 conditioned; health failed; "
                    "since boot: 812 blocks tested, 1 rejected by the repetition count test, 0 by the adaptive "
                    "proportion test, 0 by the others, 0 restarts")
    # A hostile box's words are shown, never acted on.
    assert "\x1b" not in cli_entropy.health_line({"source": "\x1b]0;x\x07"})


def test_a_reply_that_is_not_the_bytes_asked_for_writes_no_file(realbox, run, tmp_path, monkeypatch):
    from fatebox.errors import DeviceError
    box = realbox(seed=None)
    out = tmp_path / "bad.bin"
    replies = [{"ok": True, "data": "not base64!", "raw": False},
               {"ok": True, "data": "AAAA", "raw": False},                 # 3 bytes, not 10
               {"ok": True, "data": "AAAAAAAAAAAAAA==", "raw": True}]      # raw, not conditioned
    from fatebox.board.link import Link
    real = Link.request

    def answering(reply):
        return lambda link, op, **args: reply if op == "entropy" else real(link, op, **args)
    for reply in replies:
        monkeypatch.setattr("fatebox.board.link.Link.request", answering(reply))
        result = run("--port", box.path, "entropy", "--bytes", 10, "-o", out)
        assert result.exit_code == 1 and "a reply fatebox cannot use" in result.stderr, reply
        assert os.listdir(tmp_path) == ["flash"]

    def old_box(link, op, **args):
        if op != "entropy":
            return real(link, op, **args)
        raise DeviceError("unknown-op", "unknown op 'entropy'", op)
    monkeypatch.setattr("fatebox.board.link.Link.request", old_box)
    result = run("--port", box.path, "entropy", "--bytes", 10, "-o", out)
    assert result.exit_code == 1 and "older than the `entropy` op" in result.stderr
    assert os.listdir(tmp_path) == ["flash"]
