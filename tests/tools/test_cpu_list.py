"""One CPU list: the synthetic CPUs pmu-encode takes are the table in
tools/hostlib/cpus.c, which `pmu-encode --list-cpus` prints; the list
docs/events.md gives must be that list, in its order."""

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
