# Is a text in Unicode's composed form, NFC (UAX #15)? The name rule's check
# (shared_rules/charname.py), the same on the box, which has no unicodedata,
# and on the host: tables in nfc_table.py, imported only for text past U+02FF.

FAST = 0x300            # every code point below it is a starter that NFC leaves as it is

# Hangul syllables compose and decompose by arithmetic (Unicode, section 3.12).
_S, _L, _V, _T = 0xAC00, 0x1100, 0x1161, 0x11A7
_LCOUNT, _VCOUNT, _TCOUNT = 19, 21, 28
_NCOUNT = _VCOUNT * _TCOUNT
_SCOUNT = _LCOUNT * _NCOUNT


def first_change(text):
    """-1 when `text` is in NFC; else the index of a character NFC changes
    (the first that is never in NFC, or where NFC(text) first differs)."""
    for char in text:
        if ord(char) >= FAST:
            break
    else:
        return -1
    from shared_rules import nfc_table as table
    codes = [ord(c) for c in text]
    # The quick check (UAX #15, NFC_Quick_Check): a code point never in NFC,
    # or non-starters out of canonical order, is a no; only a character that
    # may join the one before it ("maybe") needs the composition itself.
    maybe = False
    last = 0
    for i in range(len(codes)):
        code = codes[i]
        klass = ccc(table, code)
        if klass and last > klass or _in_runs(table.NO, code):
            return i
        if not maybe and code >= FAST and (_V <= code < _V + _VCOUNT or _T < code < _T + _TCOUNT or
                                           table.SECONDS.find(chr(code)) >= 0):
            maybe = True
        last = klass
    if not maybe:
        return -1
    made = _compose(table, _reorder(table, _decompose(table, codes)))
    for i in range(len(codes)):
        if i >= len(made) or made[i] != codes[i]:
            return i
    return -1 if len(made) == len(codes) else len(codes)


def _in_runs(runs, code):
    # NO: 6-byte runs (first, last), in order; a binary search.
    low, high = 0, len(runs) // 6
    while low < high:
        mid = (low + high) // 2
        at = mid * 6
        first = runs[at] << 16 | runs[at + 1] << 8 | runs[at + 2]
        if code < first:
            high = mid
        elif code > (runs[at + 3] << 16 | runs[at + 4] << 8 | runs[at + 5]):
            low = mid + 1
        else:
            return True
    return False


def ccc(table, code):
    """The canonical combining class of `code` (0: a starter)."""
    if code < FAST:
        return 0
    runs = table.CCC
    low, high = 0, len(runs) // 5
    while low < high:
        mid = (low + high) // 2
        at = mid * 5
        first = runs[at] << 16 | runs[at + 1] << 8 | runs[at + 2]
        if code < first:
            high = mid
        elif code > first + runs[at + 3]:
            low = mid + 1
        else:
            return runs[at + 4]
    return 0


def _decompose(table, codes):
    out = []
    for code in codes:
        _decompose_one(table, code, out)
    return out


def _decompose_one(table, code, out):
    if _S <= code < _S + _SCOUNT:
        index = code - _S
        out.append(_L + index // _NCOUNT)
        out.append(_V + (index % _NCOUNT) // _TCOUNT)
        if index % _TCOUNT:
            out.append(_T + index % _TCOUNT)
        return
    if code >= 0xC0:        # the first composite (U+00C0)
        char = chr(code)
        made = table.COMPOSED
        for k in range(len(made)):
            j = made[k].find(char)
            if j >= 0:
                _decompose_one(table, ord(table.FIRSTS[k][j]), out)
                out.append(ord(table.SECONDS[k]))
                return
    out.append(code)


def _reorder(table, codes):
    # The canonical order: each run of non-starters sorted by class, stably.
    classes = [ccc(table, c) for c in codes]
    for i in range(1, len(codes)):
        j = i
        while j > 0 and classes[j] and classes[j - 1] > classes[j]:
            classes[j - 1], classes[j] = classes[j], classes[j - 1]
            codes[j - 1], codes[j] = codes[j], codes[j - 1]
            j -= 1
    return codes


def _composite(table, first, second):
    """The primary composite of `first` then `second`, or None."""
    if _L <= first < _L + _LCOUNT and _V <= second < _V + _VCOUNT:
        return _S + ((first - _L) * _VCOUNT + second - _V) * _TCOUNT
    if _S <= first < _S + _SCOUNT and (first - _S) % _TCOUNT == 0 and _T < second < _T + _TCOUNT:
        return first + second - _T
    k = table.SECONDS.find(chr(second))
    if k < 0:
        return None
    j = table.FIRSTS[k].find(chr(first))
    return ord(table.COMPOSED[k][j]) if j >= 0 else None


def _compose(table, codes):
    # Canonical composition: each character joins the last starter unless a
    # character between them blocks it (class 0, or a class not below its own).
    out = []
    starter = -1
    last = 0            # the class of the last character kept after the starter
    for code in codes:
        klass = ccc(table, code)
        if starter >= 0 and (len(out) - 1 == starter or 0 < last < klass):
            made = _composite(table, out[starter], code)
            if made is not None:
                out[starter] = made
                continue
        if klass == 0:
            starter = len(out)
        last = klass
        out.append(code)
    return out
