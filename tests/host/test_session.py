# One Session per `fatebox` run (mpremote's state): the global options, and the
# board and the records opened only when a command asks for them.
import json

from fatebox.cli import session


def test_a_command_that_needs_no_board_never_opens_one(run, tmp_path):
    missing = tmp_path / "no-such-port"
    records = tmp_path / "records.sqlite3"
    result = run("--port", missing, "--db", records, "odds", "approaches", "--dice", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)
    assert not records.exists()                 # the records were not opened either


def test_a_board_command_connects_through_the_runs_session(run, board, tmp_path):
    result = run("--port", board.path, "--db", tmp_path / "r.sqlite3", "list", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"characters": []}


def test_the_board_a_command_means(tmp_path):
    run = session.Session(port="a0")
    assert run.spec() == "a0" and run.spec("u1") == "u1"
    assert session.Session().spec() == "auto"
    assert session.Session(db=str(tmp_path / "x")).db == str(tmp_path / "x")


def test_a_commands_port_help_says_auto_finds_the_virtual_gadget_too(run):
    # After `make run` a newcomer reads `fatebox list --help`: auto must not read as USB only.
    import click
    from fatebox.cli.main import main
    commands, checked = list(main.commands.items()), []
    for name, command in commands:
        if isinstance(command, click.Group):  # roll SYSTEM
            commands += [("%s %s" % (name, sub), c) for sub, c in command.commands.items()]
            continue
        port = [p for p in command.params if p.name == "port" and "auto (" in p.help]
        if not port or name == "deploy":       # deploy never goes to the virtual gadget
            continue
        checked.append(name)
        assert "fatebox sim" in port[0].help, name
    assert "list" in checked and "roll approaches" in checked
