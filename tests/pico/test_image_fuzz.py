# The fuzzing suite's frames on the real rp2 port, a bounded slice
# (tests/fuzz/pico.py): 100 seeded frames of every shape to Fatebox's image on
# the emulated Pico and its virtual twin get the same answers, and both hold
# the same characters at the end; no crash, no reset, nothing lost.
from tests.fuzz.pico import run_pico_frames
from tests.pico.conftest import image_path


def test_fuzzed_frames_get_the_same_answers_from_the_image_and_its_twin():
    tally = run_pico_frames("make-test", 100, firmware=image_path())
    print(tally.line("frames"))
    assert tally.tried == 100
    assert tally.held(), "\n".join([tally.line("frames")] + tally.notes)
