# issue 20, finding 7: every number a sheet gives is checked by the host to the
# box's own limits (one definition: shared_rules.limits and the wire's), so a
# sheet the box would refuse is a bad sheet (exit 2, file and line), never a
# refusal by the box (exit 1).
import pytest

from shared_rules import limits, roster, wire
from shared_rules.errors import SheetError
from tests.core.sheets import rue, sheet

HUGE = 10 ** 23


@pytest.mark.parametrize("text", [
    'name = "Rue"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\ntrials = %d\n' % HUGE,
    'name = "Rue"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\ntrials = %d\n' % (limits.COUNT_LIMIT + 1),
    'name = "Mara"\narchetype = "Smuggler"\nqualities = ["Agile", "Persuasive", "Stubborn"]\n'
    'skills = ["Climber", "Lockpicking", "Sailing", "Haggling"]\npending-misfortunes = %d\n' % HUGE,
    'name = "Rue"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n'
    'history = [{outcome = "no-effect", gold = %d}]\n' % HUGE,
])
def test_a_number_past_the_boxs_limits_is_a_bad_sheet(board, run, tmp_path, text):
    path = tmp_path / "big.toml"
    path.write_text(text)
    result = run("--port", board.path, "push", path)
    assert result.exit_code == 2, result.output
    assert "big.toml:" in result.stderr and "Traceback" not in result.output
    assert "put" not in board.ops() and "stage" not in board.ops()


def test_the_box_and_the_host_share_the_count_limit():
    # The one definition: roster (run by both) takes COUNT_LIMIT and refuses one more.
    roster.from_dict(rue(trials=limits.COUNT_LIMIT))
    with pytest.raises(SheetError):
        roster.from_dict(rue(trials=limits.COUNT_LIMIT + 1))
    with pytest.raises(SheetError):
        roster.from_dict(sheet(**{"pending-misfortunes": limits.COUNT_LIMIT + 1}))
    assert limits.COUNT_LIMIT < wire.INT_LIMIT
