# Where a field sits in a TOML text: the line of `skills[1].level` and the
# like, so a sheet error can point at it (STYLE.md 8: file and line).
import bisect
import re

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_FIELD = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def field_path(field):
    """'skills[1].level' -> ('skills', 1, 'level'), as SheetError names fields."""
    path = []
    for key, index in _FIELD.findall(field):
        path.append(int(index) if index else key)
    return tuple(path)


def find_line(text, field):
    """The 1-based line where `field` is written, or of its nearest written parent.

    Returns (line, exact): exact is False when only a parent was found;
    (None, False) when nothing of the path is in the text (a missing field).
    Best effort: the text has already been parsed, so it is valid TOML.
    """
    lines = key_lines(text)
    path = field_path(field)
    exact = True
    while path:
        if path in lines:
            return lines[path], exact
        path = path[:-1]
        exact = False
    return None, False


def key_lines(text):
    """{path: line} for every key, table header and array element in `text`."""
    scan = _Scan(text)
    try:
        scan.document()
    except (IndexError, ValueError):
        pass   # keep what was found before the surprise
    return scan.found


class _Scan:
    def __init__(self, text):
        self.text = text
        self.i = 0
        self.found = {}
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, at):
        return bisect.bisect_right(self.starts, at)

    def record(self, path, at):
        self.found.setdefault(path, self.line(at))

    def at(self, s):
        return self.text.startswith(s, self.i)

    def blank(self, newlines=True):
        # Spaces, comments and (when allowed) newlines.
        text = self.text
        while self.i < len(text):
            c = text[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.i += 1
            elif c == "#":
                end = text.find("\n", self.i)
                self.i = len(text) if end < 0 else end
            else:
                break

    def document(self):
        prefix = ()
        counts = {}
        while True:
            self.blank()
            if self.i >= len(self.text):
                return
            start = self.i
            if self.at("[["):
                self.i += 2
                header = self.key()
                self.i = self.text.index("]]", self.i) + 2
                index = counts.get(header, 0)
                counts[header] = index + 1
                self.record(header, start)
                prefix = header + (index,)
                self.record(prefix, start)
            elif self.at("["):
                self.i += 1
                prefix = self.key()
                self.i = self.text.index("]", self.i) + 1
                self.record(prefix, start)
            else:
                path = prefix + self.key()
                self.record(path, start)
                self.blank(newlines=False)
                self.i += 1   # '='
                self.value(path)

    def key(self):
        """A dotted key: bare or quoted parts joined by dots."""
        parts = []
        while True:
            self.blank(newlines=False)
            c = self.text[self.i]
            if c in "\"'":
                start = self.i
                self.string()
                parts.append(self.text[start + 1:self.i - 1])
            else:
                m = _BARE.match(self.text, self.i)
                if not m:
                    raise ValueError("no key at %d" % self.i)
                parts.append(m.group())
                self.i = m.end()
            self.blank(newlines=False)
            if not self.at("."):
                return tuple(parts)
            self.i += 1

    def value(self, path):
        self.blank(newlines=False)
        c = self.text[self.i]
        if c == "[":
            self.i += 1
            index = 0
            while True:
                self.blank()
                if self.at("]"):
                    self.i += 1
                    return
                self.record(path + (index,), self.i)
                self.value(path + (index,))
                self.blank()
                if self.at(","):
                    self.i += 1
                    index += 1
        elif c == "{":
            self.i += 1
            while True:
                self.blank()
                if self.at("}"):
                    self.i += 1
                    return
                start = self.i
                key = path + self.key()
                self.record(key, start)
                self.blank()
                self.i += 1   # '='
                self.value(key)
                self.blank()
                if self.at(","):
                    self.i += 1
        elif c in "\"'":
            self.string()
        else:
            m = re.compile(r"[^,\]}\n#]*").match(self.text, self.i)
            self.i = m.end()

    def string(self):
        text = self.text
        quote = text[self.i]
        if text.startswith(quote * 3, self.i):
            end = self.i + 3
            while True:
                end = text.index(quote * 3, end)
                if quote == "'" or not _escaped(text, end):
                    break
                end += 1
            # A closing run may hold up to two extra quotes of content.
            while text.startswith(quote, end + 3):
                end += 1
            self.i = end + 3
            return
        end = self.i + 1
        while True:
            end = text.index(quote, end)
            if quote == "'" or not _escaped(text, end):
                break
            end += 1
        self.i = end + 1


def _escaped(text, at):
    # A quote is escaped when an odd number of backslashes precede it.
    count = 0
    while at - count - 1 >= 0 and text[at - count - 1] == "\\":
        count += 1
    return count % 2 == 1


def unclosed_string(text):
    """(line, column, quote) of the first string in `text` left open (both
    1-based; quote as written: ", ', \"\"\" or '''): a one-line string at the
    end of its line, a multi-line one at the end of the text; None when every
    string is closed. tomlkit reports the first as a control character (the
    newline) in a string, the second as the text ending early."""
    i, line, start = 0, 1, 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line, start = line + 1, i + 1
        elif c == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            where = (line, i - start + 1, quote)
            i += len(quote)
            while True:
                if i >= n:
                    return where
                if text[i] == "\\" and quote[0] == '"':
                    i += 2
                    continue
                if text.startswith(quote, i):
                    i += len(quote)
                    # a multi-line string may end in one or two more quotes of its own
                    while len(quote) == 3 and i < n and text[i] == quote[0]:
                        i += 1
                    break
                if text[i] == "\n":
                    if len(quote) == 1:
                        return where
                    line, start = line + 1, i + 1
                i += 1
            continue
        i += 1
    return None
