# The fuzzing and fault suite, bounded for `make test` (about 100 s on one free
# core; `make fuzz` runs it for longer): seeded, so a failure reproduces with its seed.
import pytest

from tests.fuzz import engine

SEED = "make-test"


def _check(tally, unit):
    print(tally.line(unit))
    assert tally.tried > 0
    assert tally.held(), "\n".join([tally.line(unit)] + tally.notes)


def test_protocol_frames_of_every_shape_never_crash_hang_or_change_the_box_when_refused():
    _check(engine.run_frames(SEED, 3000), "frames")


def test_corrupt_state_files_are_kept_aside_and_the_box_starts_on_a_good_generation():
    _check(engine.run_state(SEED, 60), "files")


def test_kill_9_during_saves_loses_no_acknowledged_save():
    _check(engine.run_saves(SEED, 6), "kills")


def test_kill_9_during_pull_and_push_loses_no_sheet_and_the_next_pull_cleans_up():
    _check(engine.run_pull(SEED, 4), "kills")


# One test per system: each its own box and seed stream, so a parallel run
# (pytest-xdist) spreads the systems over the workers.
@pytest.mark.parametrize("system", engine.SYSTEMS)
def test_random_interleavings_of_presses_and_host_requests_keep_every_system_whole(system):
    # Model-based (engine.run_play): 1,200 steps per system, presses, waits,
    # menu visits and host requests (put, delete, get, list, state, trial) in a
    # seeded random order; after each: the box answered once, every character
    # checks out with no count negative or past its maximum, and what the host
    # was told (put, delete) is what the box holds, on flash too at the end.
    _check(engine.run_play(SEED, 1200, system), "steps")
