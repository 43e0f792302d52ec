# The MicroPython side of tests/mp/run.mjs: imports each test module, calls
# every test_* function, records every import, and prints one summary line.
import builtins
import sys

_imported = []
_real_import = builtins.__import__


def _recording_import(name, *args):
    # args: globals, locals, fromlist, level. A relative import (level > 0) names
    # a module inside a package already recorded by its absolute name.
    level = args[3] if len(args) > 3 else 0
    if level == 0 and name not in _imported:
        _imported.append(name)
    return _real_import(name, *args)


def main(modules, allowed, product):
    builtins.__import__ = _recording_import
    print("MicroPython %s" % sys.version)
    passed = failed = 0
    for name in modules:
        try:
            module = __import__(name, None, None, ["x"])
        except Exception as exc:
            failed += 1
            print("FAIL %s (import)" % name)
            sys.print_exception(exc)
            continue
        tests = sorted(n for n in dir(module) if n.startswith("test_"))
        for test in tests:
            try:
                getattr(module, test)()
            except Exception as exc:
                failed += 1
                print("FAIL %s.%s" % (name, test))
                sys.print_exception(exc)
            else:
                passed += 1
        print("%s: %d tests" % (name, len(tests)))
    builtins.__import__ = _real_import
    ours = tuple(product) + ("tests", "runner")
    bad = []
    for name in _imported:
        top = name.split(".")[0]
        if top in ours or top == "":
            continue
        if top not in allowed and top not in bad:
            bad.append(top)
    if bad:
        print("forbidden imports: %s (the rp2 MicroPython firmware does not have them)" % ", ".join(bad))
    print("%d passed, %d failed" % (passed, failed))
