# Writing what the box counted back into a sheet's tomlkit document in place:
# only values that differ change, so comments, order and layout survive.
import tomlkit
from tomlkit.items import AoT, Array, InlineTable, Table

from shared_rules import registry

class Mismatch(ValueError):
    """The sheet and the box disagree in a way a pull must not paper over."""


_TRAIT_DEFAULTS = {"level": 1, "placed": False}
_SCALAR_DEFAULTS = {"system": None, "pending-misfortunes": 0, "trials": 0}


def plain(value):
    """A tomlkit value as plain Python (dicts, lists, str, int, bool)."""
    return value.unwrap() if hasattr(value, "unwrap") else value


def normal_trait(value):
    """A trait as the box writes it, whether the sheet says "Agile" or a table."""
    value = plain(value)
    if isinstance(value, str):
        value = {"name": value}
    if not isinstance(value, dict):
        return value
    return {"name": value.get("name"), "level": value.get("level", 1), "placed": value.get("placed", False)}


def trait_item(trait, inline=False, padded=False):
    """The shortest way to write a trait: "Agile", or {name = ..., level = 2, placed = true}."""
    extra = [k for k in ("level", "placed") if trait[k] != _TRAIT_DEFAULTS[k]]
    if not extra and not inline:
        return trait["name"]
    return inline_table([("name", trait["name"])] + [(k, trait[k]) for k in extra], padded)


def inline_table(pairs, padded=False):
    """An inline table written as the sheet writes them: `{ a = 1 }` or `{a = 1}`.

    Built from text: tomlkit spaces keys added to an inline table unevenly.
    """
    return tomlkit.parse("t = " + _inline_text(pairs, padded))["t"]


def _inline_text(pairs, padded):
    # A null in a table means "not said" (a bonus for any attribute): TOML says it by leaving the key out.
    body = ", ".join("%s = %s" % (tomlkit.key(k).as_string(), _value_text(v, padded)) for k, v in pairs
                     if v is not None)
    return "{ %s }" % body if padded else "{%s}" % body


def _value_text(value, padded=False):
    # Tables inside an inline value stay inline: {name = "Scout", bonuses = [{...}]}.
    if isinstance(value, dict):
        return _inline_text(list(value.items()), padded)
    if isinstance(value, (list, tuple)):
        return "[%s]" % ", ".join(_value_text(v, padded) for v in value)
    return _scalar(value).as_string()


def _scalar(value):
    """tomlkit's item for a plain value; Mismatch (one clear line) for one TOML cannot hold."""
    if value is None:
        raise Mismatch("the box holds an empty value (null) where a sheet needs one; TOML cannot write it")
    try:
        return tomlkit.item(value)
    except (TypeError, ValueError) as exc:
        raise Mismatch("the box holds a value a sheet cannot hold (%s)" % exc)


def value_item(value, padded=False):
    """A value for a sheet key: tables inline, lists one item per line, the rest as is."""
    if isinstance(value, dict):
        return inline_table(list(value.items()), padded)
    if isinstance(value, (list, tuple)):
        return array_of(list(value), padded)
    return _scalar(value)


def _padded(document):
    # Follow the sheet's own habit for braces; `{ name = ... }` wins a tie.
    text = document.as_string()
    spaced = text.count("{ ")
    return spaced * 2 >= text.count("{")


def array_of(items, padded=False):
    """A TOML array, one item per line when it holds anything."""
    array = tomlkit.array()
    for item in items:
        array.append(_item(item, padded))
    if items:
        array.multiline(True)
    return array


def _item(value, padded=False):
    if isinstance(value, dict) and not isinstance(value, InlineTable):
        return inline_table(list(value.items()), padded)
    return value if isinstance(value, InlineTable) else _scalar(value)


def update(document, character, old=None):
    """Bring `document` in line with `character`; return what changed, in words.

    A system whose object names its sheet's fields (New Beginning's, trait by
    trait) merges them field by field. The other systems compare what the box
    holds with `old`, the character the sheet describes (its own to_dict(), every
    default filled in): only keys whose meaning differs are written, so a value a
    sheet leaves to its default (Light and Dark's hp, Approaches' value) stays
    unwritten until play changes it.
    """
    fields = registry.rules(character.system).sheet_fields()
    if fields is not None:
        return _Update(document).run(character.to_dict(), fields)
    return _Update(document).hero(old, character.to_dict())


class _Update:
    def __init__(self, document):
        self.document = document
        self.padded = _padded(document)
        self.changes = []

    def run(self, data, fields):
        for key in fields:
            if key not in data:
                continue    # lessons, rewards: a character writes them only when it has some
            value = data[key]
            if key == "archetype":
                self.trait_at(self.document, key, value)
            elif key in ("qualities", "skills", "traits"):
                self.traits(key, value)
            elif key in ("misfortunes", "history", "lessons", "rewards"):
                self.sequence(key, value)
            else:
                self.scalar(key, value)
        return self.changes

    def put(self, parent, key, item):
        """parent[key] = item; a key new to the sheet goes after its last top-level key.

        tomlkit would put it just before the first [table], below the comments
        that introduce that table; after the last key they stay with their table.
        """
        if parent is not self.document or key in parent or not hasattr(parent, "_insert_after"):
            parent[key] = item
            return
        last = None
        for k, value in parent.body:
            if isinstance(value, (Table, AoT)):
                break
            if k is not None:
                last = k.key
        if last is None:
            parent[key] = item
        else:
            parent._insert_after(last, key, item)   # tomlkit 0.13-0.15: Container._insert_after

    def hero(self, old, new):
        for key in new:
            if key in old and old[key] == new[key]:
                continue
            if key == "history":
                self.sequence(key, new[key])
            elif key == "traits" and isinstance(self.document.get(key), (Array, AoT)):
                # A Colour tokens sheet names its traits; the box only counts them.
                raise Mismatch("the box counts %d traits for %s but the sheet names %d; name them "
                               "on the sheet and push it again" % (new[key], new["name"], old.get(key)))
            else:
                self.value_at(self.document, key, key, old.get(key), new[key])
        for key in old:
            if key not in new and key in self.document:
                del self.document[key]
                self.changes.append("%s removed" % key)
        return self.changes

    def value_at(self, parent, key, where, old, new):
        """One value of a dice or colour system's sheet: tables key by key, the rest whole."""
        current = parent.get(key) if key in parent else None
        if isinstance(new, dict) and isinstance(old, dict) and isinstance(current, (Table, InlineTable)):
            if isinstance(current, InlineTable) and [k for k in new if k not in current and old.get(k) != new[k]]:
                merged = dict((k, plain(v)) for k, v in current.items())
                merged.update(new)
                parent[key] = inline_table(list(merged.items()), current.as_string().startswith("{ "))
                self.changes.extend(_value_words(where, old, new))
                return
            for k in new:
                if old.get(k) != new[k]:
                    self.value_at(current, k, "%s.%s" % (where, k), old.get(k), new[k])
            return
        self.put(parent, key, value_item(new, self.padded))
        self.changes.extend(_value_words(where, old, new))

    def scalar(self, key, value):
        document = self.document
        if key not in document and key == "system":
            return   # the system defaults to new-beginning; leave it implicit
        old = plain(document.get(key, _SCALAR_DEFAULTS.get(key)))
        if old == value:
            return   # also: a missing count that is still 0 stays missing
        self.put(document, key, _scalar(value))
        if key == "pending-misfortunes":
            self.changes.append("pending misfortunes %s -> %s (name them under misfortunes)" % (old, value))
        else:
            self.changes.append("%s %s -> %s" % (key, old, value))

    def trait_at(self, parent, key, new):
        """Merge one trait into parent[key] (a document key or an array index)."""
        current = parent[key] if _has(parent, key) else None
        old = normal_trait(current) if current is not None else None
        if old == new:
            return
        self.changes.extend(_trait_words(old, new))
        if isinstance(current, Table):
            for k in ("name", "level", "placed"):
                if plain(current.get(k, _TRAIT_DEFAULTS.get(k))) != new[k]:
                    current[k] = new[k]
        elif isinstance(current, InlineTable):
            pairs = [(k, plain(v)) for k, v in current.items()]
            for k in ("name", "level", "placed"):
                if plain(current.get(k, _TRAIT_DEFAULTS.get(k))) != new[k]:
                    pairs = [(a, new[k] if a == k else b) for a, b in pairs]
                    if k not in current:
                        pairs.append((k, new[k]))
            parent[key] = inline_table(pairs, current.as_string().startswith("{ "))
        else:
            inline = isinstance(parent, tomlkit.TOMLDocument)
            self.put(parent, key, trait_item(new, inline=inline, padded=self.padded))

    def traits(self, key, new_list):
        current = self.document.get(key)
        if not isinstance(current, (Array, AoT)):
            if not new_list and current is None:
                return
            self.put(self.document, key, array_of([trait_item(t, padded=self.padded) for t in new_list], self.padded))
            self.changes.extend("new trait %s" % t["name"] for t in new_list)
            return
        for i, new in enumerate(new_list):
            if i < len(current):
                self.trait_at(current, i, new)
                continue
            if isinstance(current, AoT):
                table = tomlkit.table()
                for k, v in trait_item(new, inline=True).items():
                    table[k] = plain(v)
                current.append(table)
            else:
                current.append(trait_item(new, padded=self.padded))
            self.changes.append("new trait %s" % new["name"])
        while len(current) > len(new_list):
            gone = normal_trait(current[len(current) - 1])
            del current[len(current) - 1]
            self.changes.append("trait %s removed" % (gone.get("name") if isinstance(gone, dict) else gone))

    def sequence(self, key, new_list):
        """Misfortunes and history: keep the old items that are still there, add the new."""
        current = self.document.get(key)
        old = plain(current) if current is not None else []
        old = old if isinstance(old, list) else []
        if old == new_list:
            return
        if not isinstance(current, (Array, AoT)):
            self.put(self.document, key, array_of(new_list, self.padded))
            dropped, added = old, new_list
        else:
            # The box keeps the newest HISTORY_LIMIT trials: the old list may have
            # lost its head. Find where the old tail meets the new head.
            cut = 0
            while old[cut:] != new_list[:len(old) - cut]:
                cut += 1
            dropped, added = old[:cut], new_list[len(old) - cut:]
            for _ in range(cut):
                del current[0]
            was_empty = len(current) == 0
            for item in added:
                if isinstance(current, AoT):
                    table = tomlkit.table()
                    table.update(dict((k, v) for k, v in item.items() if v is not None))
                    current.append(table)
                else:
                    current.append(_item(item, self.padded))
            if was_empty and added and isinstance(current, Array):
                current.multiline(True)
        if key == "history":
            self.history_words(dropped, added, len(new_list))
        elif key != "misfortunes":
            self.changes.append("%s: %d" % (key, len(new_list)))
        else:
            self.changes.extend("misfortune added: %s" % m for m in new_list if m not in old)
            self.changes.extend("misfortune removed: %s" % m for m in old if m not in new_list)

    def history_words(self, dropped, added, kept):
        if added:
            self.changes.append("history: %d new trial%s (%s)" % (
                len(added), "" if len(added) == 1 else "s", "; ".join(_trial_words(e) for e in added)))
        if dropped:
            self.changes.append("history: %d oldest trial%s dropped (the box keeps the last %d)" % (
                len(dropped), "" if len(dropped) == 1 else "s", kept))


def _has(parent, key):
    if isinstance(key, int):
        return key < len(parent)
    return key in parent


def _trait_words(old, new):
    name = new["name"]
    if old is None or not isinstance(old, dict):
        return ["new trait %s" % name]
    words = []
    if old["name"] != name:
        words.append("trait %s is now %s" % (old["name"], name))
    if old["level"] != new["level"]:
        words.append("%s: level %s -> %s" % (name, old["level"], new["level"]))
    if old["placed"] != new["placed"]:
        words.append("%s: %s" % (name, "token placed" if new["placed"] else "placed token used"))
    return words


def _value_words(where, old, new):
    if isinstance(new, dict) and isinstance(old, dict):
        out = []
        for k in new:
            if old.get(k) != new[k]:
                out.extend(_value_words("%s.%s" % (where, k), old.get(k), new[k]))
        return out
    return ["%s %s -> %s" % (where, _short(old), _short(new))]


def _short(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


# What a history entry shows of the roll, per system (docs/protocol.md, History).
_TRIAL_DETAIL = ("tokens", "faces", "light", "dark", "dice", "kept")


def _trial_words(entry):
    detail = []
    for key in _TRIAL_DETAIL:
        value = entry.get(key)
        if isinstance(value, list):
            value = "-".join(str(v) for v in value)
        if value:
            detail.append(str(value) if key in ("tokens", "dice", "faces") else "%s %s" % (key, value))
    words = " ".join([str(entry.get("outcome", "?"))] + detail)
    return words + (", exit" if entry.get("exit") else "")
