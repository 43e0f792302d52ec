# docs/systems.md's table of systems and a section a system (tools/docs.py): from
# the registry's rows, each system's words (DOC, its odds options), help table and sheet.
import importlib
import os

from shared_rules import registry

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _help(row):
    return importlib.import_module("%s_help" % row.play).HELP


def examples(name):
    """The example sheets of system `name` in examples/, by file name."""
    import tomllib
    folder = os.path.join(ROOT, "examples")
    out = []
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".toml") or file == "table.toml":
            continue
        with open(os.path.join(folder, file), "rb") as f:
            if tomllib.load(f).get("system", registry.DEFAULT) == name:
                out.append(file)
    return out


def _usage(command):
    """`--dice N [--easy] [--hard]`: a `fatebox odds` command's options as typed."""
    import click
    made = click.command(command.name)(command.options(lambda **given: None))
    parts = []
    for param in made.params:
        flag = param.opts[0]
        if getattr(param, "is_flag", False):
            parts.append("[%s]" % flag)
            continue
        value = "N" if param.type.name == "integer" else param.name.upper()
        text = "%s %s" % (flag, value) + (" ..." if getattr(param, "multiple", False) else "")
        parts.append(text if param.required else "[%s]" % text)
    return " ".join(parts)


def _commands(row):
    """The `fatebox odds` commands of a row: its object's, then its host module's."""
    from fatebox.systems import host_module
    from fatebox.odds.command import system_command
    out = []
    command = system_command(registry.rules(row.name))
    if command is not None:
        out.append(command)
    out.extend(getattr(host_module(row.name), "COMMANDS", ()))
    return out


def table():
    from fatebox.systems import words_module
    lines = ["| system | set-up steps | on the result | example sheet |", "| --- | --- | --- | --- |"]
    for row in registry.ROWS:
        doc = words_module(row.name).DOC
        lines.append("| [%s](#%s) | %s | %s | %s |" % (
            row.words, anchor(row), doc["steps"], doc["on-result"],
            ", ".join("`%s`" % e for e in examples(row.name)) or "-"))
    return "\n".join(lines)


def slug(title):
    """A heading's anchor as GitHub makes it from its title."""
    return "".join(c for c in title.lower().replace(" ", "-") if c.isalnum() or c in "-_")


def anchor(row):
    return slug("%s %s" % (row.words, row.name))


def section(row):
    from fatebox.systems import words_module
    words = words_module(row.name)
    doc = words.DOC
    lines = ["### %s `%s`" % (row.words, row.name), "", _help(row)["tagline"], ""]
    lines.append("- Sheet (%s): %s; `pull` writes back %s." % (
        ", ".join("`examples/%s`" % e for e in examples(row.name)) or "no example", doc["sheet"], doc["pull"]))
    lines.append("- `list` shows %s." % (", ".join("`%s`" % key for key, _ in row.summary) or "the common keys only"))
    for command in _commands(row):
        lines.append("- `fatebox odds %s %s` (and `simulate`, `roll`)." % (command.name, _usage(command)))
    lines.append("- The `roll` op's `setup`: %s. Its `result`: %s." % (doc["setup"], doc["result"]))
    if row.op is not None:
        lines.append("- Its own op: `%s` (docs/protocol.md), the `roll` op's alias." % row.op)
    lines.append("- The character dict: %s; what play on the box changes: %s." % (doc["character"], doc["changes"]))
    lines.append("- Rulings: [docs/rulings.md, %s](rulings.md#%s)." % (doc["rulings"], slug(doc["rulings"])))
    lines.append("- Outcomes: %s; the odds meter's pass: %s." % (
        ", ".join("`%s`" % o for o in row.outcomes), ", ".join("`%s`" % o for o in row.passed)))
    return "\n".join(lines)


def sections():
    return "\n\n".join(section(row) for row in registry.ROWS)


REGIONS = {"systems-table": table, "systems": sections}
