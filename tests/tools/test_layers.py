"""The layering docs/development.md describes ("Layout: the layers"), checked over the
tree as it is: includes written from the top of the tree, no folder including
a layer above it, no architecture folder included by code that every
architecture shares, and no two units (x.c with x.h) that depend on each
other."""

import os
import re
import subprocess

from common import ROOT

# Bottom up. A file may include its own layer and the layers below it.
LAYERS = ["lib", "kernel", "pmu", "bench", "app"]
ARCH_DIRS = ["x86", "ppc"]
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def sources():
    out = subprocess.run(["git", "ls-files", "*.c", "*.h"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    return [p for p in out if os.path.exists(os.path.join(ROOT, p))]


def includes(path):
    with open(os.path.join(ROOT, path)) as f:
        return INCLUDE.findall(f.read())


def layer_of(path):
    top = path.split("/")[0]
    return LAYERS.index(top) if top in LAYERS else None


def is_arch(path):
    parts = path.split("/")
    return len(parts) > 2 and parts[1] in ARCH_DIRS


def test_includes_are_written_from_the_top():
    bad = ["%s: \"%s\"" % (p, inc) for p in sources() for inc in includes(p)
           if not os.path.exists(os.path.join(ROOT, inc))]
    assert not bad, "includes not written from the top of the tree: %s" % bad[:5]


def test_no_folder_includes_a_layer_above_it():
    bad = []
    for p in sources():
        mine = layer_of(p)
        for inc in includes(p):
            theirs = layer_of(inc)
            if mine is not None and theirs is not None and theirs > mine:
                bad.append("%s -> %s" % (p, inc))
    assert not bad, "upward includes: %s" % bad[:5]


def test_shared_code_includes_no_architecture_folder():
    bad = ["%s -> %s" % (p, inc) for p in sources() for inc in includes(p)
           if layer_of(p) is not None and not is_arch(p) and is_arch(inc)]
    assert not bad, "shared code including architecture code: %s" % bad[:5]


def test_no_two_units_depend_on_each_other():
    def unit(path):
        return os.path.splitext(path)[0]
    edges = {}
    for p in sources():
        for inc in includes(p):
            if unit(inc) != unit(p):
                edges.setdefault(unit(p), set()).add(unit(inc))
    cycles = []
    for a, targets in edges.items():
        for b in targets:
            if a < b and a in edges.get(b, ()):
                cycles.append("%s <-> %s" % (a, b))
    assert not cycles, "units that include each other: %s" % cycles
