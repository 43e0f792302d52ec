# Entropy on the real rp2 port: Fatebox's image on the emulated Pico with its
# ROSC as a chosen source. A stuck, a biased and a periodic source are caught
# (a long GO draws nothing and the ring shows the random source's error
# pattern, decoded from the data pin); a healthy one draws.
import pytest

from fatebox_fw import ring as R
from fatebox_fw.profile import PICO
from tests.pico.conftest import image_path

DRAW_MS = 2500     # a long GO, then the draw's animation or the error


def entropy_pattern():
    ring = R.Ring(PICO["neopixel"]["count"], PICO["brightness"])
    ring.error(R.ENTROPY, True)
    return bytes(ring.buf)


def long_go(tmp_path, picos, source):
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"), rosc=source)
    chip.wait_frame(step="the image's first frame")
    start = len(chip.frames)
    chip.press("go", 700)
    chip.run_for(DRAW_MS)
    frames = [rgb for _, rgb in chip.frames[start:]]
    reads = chip.ping()["rosc_reads"]
    return frames, reads


@pytest.mark.parametrize("source", ["stuck:0", "stuck:1", "absent", "biased:0.9:3", "periodic:01",
                                    "periodic:0010111"])
def test_a_bad_rosc_is_caught_and_the_ring_shows_the_entropy_error(tmp_path, picos, source):
    frames, reads = long_go(tmp_path, picos, source)
    assert entropy_pattern() in frames
    # from the refusal on, nothing but the error pattern (blinking: it and dark
    # frames): no spinner, no result
    after = frames[frames.index(entropy_pattern()):]
    assert set(after) == {entropy_pattern(), bytes(len(after[0]))}
    assert reads < 2000      # refused at the check or in the start-up tests, never past them


def test_a_healthy_rosc_draws(tmp_path, picos):
    frames, reads = long_go(tmp_path, picos, "random")
    assert entropy_pattern() not in frames
    assert len(set(frames)) > 5                   # the spinner, the reveal, the result
    assert reads >= 1024 + 2 * 1240               # the start-up, then a block


# -- `fatebox entropy` on the real rp2 port (docs/entropy.md, Take the bytes to a test battery)

# The emulated chip makes about 100 conditioned bytes a second of wall time
# (docs/entropy.md): a megabyte would take hours, so it gives 4 KiB, against
# thresholds computed for 4 KiB.
PICO_BYTES = 4096


def entropy_file(tmp_path, picos, source, raw):
    from click.testing import CliRunner
    from fatebox.cli import main
    from tests.pico.conftest import REPLY_TIMEOUT
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"), rosc=source)
    chip.wait_usb()
    out = tmp_path / "bytes.bin"
    result = CliRunner().invoke(main, ["--timeout", REPLY_TIMEOUT, "--port", chip.port_path, "entropy", "--bytes",
                                       str(PICO_BYTES), "--raw" if raw else "--conditioned", "-o", str(out)])
    assert result.exit_code == 0, result.output
    info = CliRunner().invoke(main, ["--timeout", REPLY_TIMEOUT, "--port", chip.port_path, "info", "--json"])
    assert info.exit_code == 0, info.output
    import json
    return out.read_bytes(), json.loads(info.stdout)["entropy"]


def test_a_healthy_roscs_conditioned_bytes_pass_ents_statistics(tmp_path, picos):
    from tests.ent import failures, statistics
    data, health = entropy_file(tmp_path, picos, "seeded:8", raw=False)
    assert len(data) == PICO_BYTES
    assert failures(statistics(data)) == []
    # The start-up block and one block per 32 bytes, every one tested, none rejected.
    assert health["source"] == "rosc" and health["health"] == "ok"
    assert health["blocks"] == 1 + PICO_BYTES // 32
    assert set(health["rejected"].values()) == {0} and health["restarts"] == 0


def test_a_biased_roscs_raw_bits_fail_ents_statistics(tmp_path, picos):
    from tests.ent import failures, statistics
    data, health = entropy_file(tmp_path, picos, "biased:0.6:3", raw=True)
    assert len(data) == PICO_BYTES
    failed = failures(statistics(data))
    # 60 % ones: too few bits per byte, a lopsided histogram, a mean near
    # 153, a wrong pi (the serial correlation alone stays near zero).
    assert [f.split()[0] for f in failed] == ["entropy", "chi-square", "mean", "Monte"], failed
    assert health["blocks"] == 0          # raw bits go through no test and no hash
