"""The documentation's pmu-encode examples print what they show: in a
``` block of README.md or docs/*.md, a "$ build/host/pmu-encode ..." line
is run (through the shell, stderr with stdout) and its output must be the
lines after it, up to the next "$ " line or the end of the block."""

import glob
import os
import re
import subprocess

from common import ROOT, Skip

ENCODE = os.path.join(ROOT, "build", "host", "pmu-encode")


def _examples():
    """(file, command, expected output) for every pmu-encode example."""
    for path in [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs",
                                                                                  "*.md"))):
        with open(path, encoding="utf-8") as f:
            blocks = re.findall(r"^```\n(.*?)^```$", f.read(), re.M | re.S)
        for block in blocks:
            for example in re.split(r"^(?=\$ )", block, flags=re.M):
                command, _, output = example.partition("\n")
                if command.startswith("$ build/host/pmu-encode "):
                    yield os.path.basename(path), command[2:], output


def test_pmu_encode_examples_print_what_they_show():
    if not os.access(ENCODE, os.X_OK):
        raise Skip("%s is not built (make)" % ENCODE)
    examples = list(_examples())
    assert examples, "no pmu-encode example found"
    for doc, command, expected in examples:
        got = subprocess.run(command + " 2>&1", shell=True, cwd=ROOT, capture_output=True,
                             text=True).stdout
        assert got == expected, "%s: %s prints:\n%s" % (doc, command, got)
