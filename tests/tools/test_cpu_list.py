"""One CPU list: the synthetic CPUs pmu-encode takes are the table in
tools/hostlib/cpus.c and one CPU per table generated from libpfm4, which
`pmu-encode --list-cpus` prints; the list docs/events.md gives must be that
list, in its order. The README's list of generated tables is what
`pmu-encode --list-tables` prints."""

import os
import re
import subprocess

from common import ROOT, Skip

ENCODE = os.path.join(ROOT, os.environ.get("BUILD") or "build", "host", "pmu-encode")
DOC = os.path.join(ROOT, "docs", "events.md")


def documented():
    """The names after "`--pmu` takes one of the names `--list-cpus` prints"."""
    with open(DOC, encoding="utf-8") as f:
        m = re.search(r"`--pmu` takes one of the names `--list-cpus` prints, `([^`]*)`", f.read())
    assert m, "docs/events.md no longer lists the names --pmu takes"
    return m.group(1).split()


def test_docs_list_every_synthetic_cpu():
    if not os.access(ENCODE, os.X_OK):
        raise Skip("%s is not built (make)" % ENCODE)
    listed = subprocess.run([ENCODE, "--list-cpus"], capture_output=True, text=True,
                            check=True).stdout.split()
    assert listed, "pmu-encode --list-cpus printed nothing"
    assert documented() == listed, "docs/events.md lists %s; pmu-encode --list-cpus prints %s" % (
        " ".join(documented()), " ".join(listed))


README = os.path.join(ROOT, "README.md")


def test_readme_lists_the_generated_tables():
    """The README's list of the tables generated from libpfm4 is what
    `pmu-encode --list-tables` prints from the same source."""
    if not os.access(ENCODE, os.X_OK):
        raise Skip("%s is not built (make)" % ENCODE)
    printed = subprocess.run([ENCODE, "--list-tables"], capture_output=True, text=True,
                             check=True).stdout
    with open(README, encoding="utf-8") as f:
        m = re.search(r"<!-- pmu-encode --list-tables -->\n(.*?)<!-- end of the list -->",
                      f.read(), re.S)
    assert m, "README.md no longer has the list of generated tables"
    assert "| `skl` |" in printed and "| `amd64_fam19h_zen4` |" in printed, printed
    assert m.group(1) == printed, "README.md's list differs from pmu-encode --list-tables:\n" + printed
