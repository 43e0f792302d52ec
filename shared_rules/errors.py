# The two errors every system raises: a set-up the rules refuse, a character
# sheet that is wrong. Generic: no system owns them (issue 9).


class RulesError(ValueError):
    """A set-up the rules do not allow; `field` names what is wrong."""

    def __init__(self, field, message):
        super().__init__(message)
        self.field = field
        self.message = message


class SheetError(ValueError):
    """What is wrong with a character: `field` is a path like 'skills[2].level'."""

    def __init__(self, field, message):
        super().__init__("%s: %s" % (field, message))
        self.field = field
        self.message = message
