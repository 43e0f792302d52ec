# A request the box answers with a typed error (docs/protocol.md, Errors):
# raised by the ops in fatebox_fw.protocol and fatebox_fw.protocol.ops alike.
from shared_rules import names as N


class Refused(Exception):
    """A request answered with a typed error; nothing was changed."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def name_of(request):
    """The character a request names (`name`), or Refused."""
    name = request.get("name")
    if not isinstance(name, str) or not name:
        raise Refused(N.E_REQUEST, "`name` must be a character's name (a non-empty string)")
    return name
