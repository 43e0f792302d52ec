# Small helpers the two-interpreter suites share (no pytest under MicroPython).

# A hang guard: how long a test waits for anything (a process to start, answer
# or end; a line; a file) before it fails, far above the normal time of any of
# them even on a loaded machine. Never a measure: the wait ends at the event.
HANG_S = 60


def raises(kind, fn, *args, **kwargs):
    """Call fn and return the exception of type `kind` it raised; fail otherwise."""
    try:
        fn(*args, **kwargs)
    except kind as exc:
        return exc
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), kind.__name__))


def fraction(num, den):
    """A fraction as (num, den) in lowest terms, for comparing odds."""
    from shared_rules.exact import reduce
    return reduce(num, den)
