#!/usr/bin/env python3
"""Runs the host-tool tests: every test_* function of every tests/tools/test_*.py.

Prints one line per test, "PASS: name", "FAIL: name: why" or "SKIP: name: why"
(the lines `make check` counts), then a summary; exits 1 on any failure.
A test passes by returning, skips by raising Skip, fails by raising anything
else. `run.py PATTERN` runs only tests whose name contains PATTERN.
"""

import importlib
import os
import sys
import traceback

# Leave no __pycache__ in the source tree.
sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from common import Skip  # noqa: E402


def _broken(exc):
    def test():
        raise exc
    return test


def _tests():
    for name in sorted(os.listdir(HERE)):
        if name.startswith("test_") and name.endswith(".py"):
            try:
                module = importlib.import_module(name[:-3])
            except Exception as e:  # a module that does not load is one failing test
                yield "%s.import" % name[5:-3], _broken(e)
                continue
            for attr, value in list(vars(module).items()):
                if attr.startswith("test_") and callable(value):
                    yield "%s.%s" % (name[5:-3], attr[5:]), value


def _why(exc):
    text = str(exc).strip() or type(exc).__name__
    if not isinstance(exc, AssertionError):
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        text = "%s: %s (%s:%d)" % (type(exc).__name__, text, os.path.basename(frame.filename),
                                   frame.lineno)
    return " / ".join(line.strip() for line in text.splitlines() if line.strip())


def main():
    pattern = sys.argv[1] if len(sys.argv) > 1 else ""
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    for name, func in _tests():
        if pattern not in name:
            continue
        try:
            func()
            verdict = "PASS: %s" % name
        except Skip as e:
            verdict = "SKIP: %s: %s" % (name, e)
        except Exception as e:  # a failing test must not stop the others
            verdict = "FAIL: %s: %s" % (name, _why(e))
        counts[verdict[:4]] += 1
        print(verdict, flush=True)
    print("tests/tools: %d passed, %d failed, %d skipped"
          % (counts["PASS"], counts["FAIL"], counts["SKIP"]))
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main())
