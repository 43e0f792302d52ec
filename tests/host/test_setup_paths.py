# A system's object names a refused set-up field by its path (`setup.dice`),
# whether its shape is wrong (SetupError) or the rules refuse its value
# (RulesError): every registry row, from its words' example set-up.
import importlib

import pytest

from shared_rules import registry
from shared_rules.errors import RulesError
from shared_rules.game import SetupError, in_setup

TOO_FEW, TOO_MANY = -1, 10 ** 6


def _example(row):
    rules = registry.rules(row.name)
    return rules, importlib.import_module(rules.words_module).SETUP_EXAMPLE


@pytest.mark.parametrize("row", registry.ROWS, ids=lambda row: row.name)
def test_its_example_set_up_is_taken(row):
    rules, example = _example(row)
    checked = rules.check(dict(example))
    assert set(example) <= set(checked)
    rules.odds(checked)


@pytest.mark.parametrize("row", registry.ROWS, ids=lambda row: row.name)
def test_a_number_out_of_range_is_refused_naming_its_set_up_path(row):
    rules, example = _example(row)
    numbers = [key for key, value in example.items() if isinstance(value, int) and not isinstance(value, bool)]
    assert numbers, "its example sets no number to push out of range"
    refused = []
    for key in numbers:
        for value in (TOO_FEW, TOO_MANY):
            setup = dict(example)
            setup[key] = value
            try:
                rules.check(setup)
            except RulesError as exc:
                assert exc.field.startswith("setup."), (key, value, exc.field)
                refused.append(exc.field)
    assert refused, "no number out of range was refused"
    assert set(refused) <= set("setup." + key for key in example) | {"setup.supply"}


@pytest.mark.parametrize("row", registry.ROWS, ids=lambda row: row.name)
def test_a_field_of_the_wrong_shape_is_refused_naming_its_set_up_path(row):
    rules, example = _example(row)
    for key in example:
        setup = dict(example)
        setup[key] = object()
        with pytest.raises(SetupError) as refused:
            rules.check(setup)
        assert refused.value.field == "setup." + key


def test_a_field_already_a_path_is_kept():
    assert in_setup(RulesError("dice", "too many")).field == "setup.dice"
    kept = RulesError("setup.gold", "not that much")
    assert in_setup(kept) is kept
