# Click's usage errors as the one `fatebox:` line every trouble is (README, Exit
# codes), naming the choices: reworded here only, never click's four lines.
import difflib

import click

from shared_rules import registry


def line(exc):
    """The one line (without `fatebox: `) for a click.UsageError."""
    ctx = exc.ctx
    where = " ".join(ctx.command_path.split()[1:]) if ctx is not None else ""
    head = where + ": " if where else ""
    command = ctx.command if ctx is not None else None
    unknown = getattr(exc, "command_name", None) or _quoted(exc.format_message(), "No such command ")
    if unknown is not None and isinstance(command, click.Group):
        choices = command.list_commands(ctx)
        noun = "system" if any(c in registry.BY_NAME for c in choices) else "command"
        return "%sno %s named %r%s; the %ss are %s" % (head, noun, unknown, _nearest(unknown, choices), noun,
                                                     ", ".join(choices))
    helping = "`%s --help`" % (ctx.command_path if ctx is not None else "fatebox")
    if isinstance(exc, click.exceptions.NoSuchOption):
        names = [o for p in (command.params if command is not None else []) for o in p.opts if o.startswith("-")]
        return "%sno option %s%s; %s lists its options" % (head, exc.option_name, _nearest(exc.option_name, names),
                                                          helping)
    if isinstance(exc, click.BadParameter) and not isinstance(exc, click.MissingParameter) \
            and exc.param is not None and exc.message:
        return "%s%s: %s" % (head, _option(exc.param), _sentence(exc.message))
    return "%s%s; %s says what it takes" % (head, _sentence(exc.format_message()), helping)


def _option(param):
    """How a person names a parameter: its long option, else its first, else its name in capitals."""
    opts = getattr(param, "opts", None) or []
    longs = [o for o in opts if o.startswith("--")]
    if longs:
        return longs[0]
    if opts and isinstance(param, click.Option):
        return opts[0]
    return (param.name or "?").upper()


def _nearest(given, choices):
    near = difflib.get_close_matches(given, choices, 1)
    return " (did you mean %s?)" % near[0] if near else ""


def _quoted(message, prefix):
    """The 'name' in click's "No such command 'name'." (click before 8.4 says no more)."""
    if not message.startswith(prefix):
        return None
    rest = message[len(prefix):]
    if len(rest) >= 2 and rest[0] in "'\"":
        end = rest.find(rest[0], 1)
        if end > 0:
            return rest[1:end]
    return None


def _sentence(text):
    """Click's sentence as a clause of ours: lower case first, no full stop."""
    text = text.strip().rstrip(".")
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text
