# The three-way merge sync is built on: the box, the sheet and the base (the
# state both last agreed on) compared field by field (docs/sync.md).
MISSING = object()
# Counted by the box alone (docs/sync.md): when both sides differ, the box's count stands.
BOX_COUNTS = ("trials", "history")


def merge3(base, box, sheet, path="", conflicts=None, prefer=None):
    """The merged value of one field; conflicts (path, box value, sheet value) appended.

    A change on one side only wins; the same change on both is no conflict; tables
    merge key by key and lists of one length item by item, so two changes to
    different traits of one list both go through.
    """
    if box == sheet:
        return box
    if base is not MISSING and box == base:
        return sheet
    if base is not MISSING and sheet == base:
        return box
    if path in BOX_COUNTS:
        return box
    if isinstance(box, dict) and isinstance(sheet, dict):
        base_d = base if isinstance(base, dict) else {}
        out = {}
        for key in list(box) + [k for k in sheet if k not in box]:
            value = merge3(base_d.get(key, MISSING) if base is not MISSING else MISSING,
                           box.get(key, MISSING), sheet.get(key, MISSING), _join(path, key), conflicts, prefer)
            if value is not MISSING:
                out[key] = value
        return out
    if isinstance(box, list) and isinstance(sheet, list) and len(box) == len(sheet) and \
            (base is MISSING or (isinstance(base, list) and len(base) == len(box))):
        return [merge3(base[i] if base is not MISSING else MISSING, box[i], sheet[i], "%s[%d]" % (path, i),
                       conflicts, prefer) for i in range(len(box))]
    if prefer == "sheet":
        return sheet
    if prefer == "box":
        return box
    conflicts.append((path, box, sheet))
    return box


def _join(path, key):
    return key if not path else "%s.%s" % (path, key)


def differences(old, new, path=""):
    """The fields (paths) where `new` differs from `old`."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for key in list(old) + [k for k in new if k not in old]:
            out.extend(differences(old.get(key, MISSING), new.get(key, MISSING), _join(path, key)))
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        out = []
        for i in range(len(old)):
            out.extend(differences(old[i], new[i], "%s[%d]" % (path, i)))
        return out
    return [path or "everything"]


def shown(value):
    if value is MISSING:
        return "(absent)"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."
