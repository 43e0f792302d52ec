# One command line (README, Exit codes): every usage error is one `fatebox:`
# line naming the choices, exit 2, never click's "Usage: ... Error: ..." lines.
import pytest

from shared_rules import registry

SYSTEMS = [row.name for row in registry.ROWS]


def one_line(result):
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("fatebox: "), result.stderr
    assert "Usage:" not in result.stderr and "Error:" not in result.stderr and "Try '" not in result.stderr
    return lines[0]


@pytest.mark.parametrize("group", ["roll", "odds", "simulate"])
def test_an_unknown_system_names_every_system(run, group):
    line = one_line(run(group, "fitd"))
    assert line.startswith("fatebox: %s: no system named 'fitd'; the systems are " % group), line
    for name in SYSTEMS:
        assert name in line, (name, line)


def test_an_unknown_command_names_the_commands_and_the_nearest(run):
    line = one_line(run("rol"))
    assert line.startswith("fatebox: no command named 'rol' (did you mean roll?)"), line
    for name in ("draw", "list", "pull", "push", "roll", "sync", "table"):
        assert name in line


def test_a_bad_choice_names_the_choices(run):
    line = one_line(run("sync", "--prefer", "x"))
    assert line.startswith("fatebox: sync: --prefer: ") and "'box'" in line and "'sheet'" in line, line


def test_an_unknown_option_names_the_nearest_and_where_the_rest_are(run):
    line = one_line(run("roll", "approaches", "--dic", "3"))
    assert "--dic" in line and "did you mean --dice?" in line and "fatebox roll approaches --help" in line, line


def test_a_missing_option_a_bad_number_and_an_extra_argument_are_one_line_each(run):
    assert "--black" in one_line(run("roll", "new-beginning", "-w", "2"))
    line = one_line(run("roll", "axiom", "--favorable", "x"))
    assert line.startswith("fatebox: roll axiom: --favorable: 'x' is not a valid integer"), line
    assert "extra" in one_line(run("list", "extra"))


def commands(group, path=()):
    """(path, command) for every command under `group`, groups included."""
    import click
    for name, command in sorted(group.commands.items()):
        yield path + (name,), command
        if isinstance(command, click.Group):
            yield from commands(command, path + (name,))


def test_dash_c_is_character_in_every_command():
    from fatebox.cli.main import main
    seen = []
    for path, command in commands(main):
        for param in command.params:
            if "-c" in param.opts:
                assert param.name == "character", (" ".join(path), param.opts)
                seen.append(" ".join(path))
    assert "draw" in seen and "roll colour-tokens" in seen and "roll new-beginning" in seen



def test_draw_and_roll_new_beginning_take_the_same_options():
    from fatebox.cli.main import main

    def options(command):
        return sorted((tuple(sorted(p.opts)), p.required, p.multiple, p.is_flag if hasattr(p, "is_flag") else None)
                      for p in command.params)
    assert options(main.commands["draw"]) == options(main.commands["roll"].commands["new-beginning"])


def test_draw_and_roll_new_beginning_ask_for_the_same_things_when_they_are_left_out(run):
    for args in (("-w", 2, "-k", 1), ("-b", 3, "-k", 1)):
        said = [one_line(run(*(command + args))).split(": ", 2)[-1].split("; `")[0]
                for command in (("draw",), ("roll", "new-beginning"))]
        assert said[0] == said[1], said


@pytest.mark.parametrize("args", [("roll", "axiom", "-a"), ("list", "--port"), ("odds", "colour-tokens", "--colour")])
def test_an_option_without_its_value_names_the_command_it_belongs_to(run, args):
    # click raises it from its parser with no context: the line still says where,
    # and whose --help says what it takes.
    line = one_line(run(*args))
    where = " ".join(args[:-1])
    assert line == "fatebox: %s: option %r requires an argument; `fatebox %s --help` says what it takes" \
        % (where, args[-1], where), line
