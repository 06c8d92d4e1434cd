"""The layering docs/development.md describes ("Layout: the layers"), checked over the
tree as it is: includes written from the top of the tree, no folder including
a layer above it, no architecture folder included by code that every
architecture shares, and no circle of units (x.c with x.h) that depend on
one another, between folders or inside one. It reads the tree on disk, so an
export without .git passes too."""

import os
import re

from common import ROOT

# Bottom up. A file may include its own layer and the layers below it.
LAYERS = ["lib", "kernel", "pmu", "bench", "app"]
ARCH_DIRS = ["x86", "ppc"]
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def sources():
    """Every C file of the tree, but the build folders and hidden ones."""
    found = []
    for top, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                         and not (top == ROOT and d == "build"))
        found += [os.path.relpath(os.path.join(top, f), ROOT) for f in sorted(files)
                  if f.endswith((".c", ".h"))]
    return found


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


def unit_graph():
    """unit -> the units it includes, where a unit is x.c with x.h."""
    def unit(path):
        return os.path.splitext(path)[0]
    edges = {}
    for p in sources():
        for inc in includes(p):
            if unit(inc) != unit(p):
                edges.setdefault(unit(p), set()).add(unit(inc))
    return edges


def circles(edges):
    """The strongly connected components of more than one unit (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_circle_of_units():
    found = circles(unit_graph())
    assert not found, "units that include one another in a circle: %s" % [
        " -> ".join(c) for c in found]


def test_a_circle_inside_one_folder_is_found():
    # the check itself: a circle of three files of one folder, as the P4
    # backend's p4.c, p4_place.c and p4_resolve.c once were
    edges = {"pmu/x86/a": {"pmu/x86/b"}, "pmu/x86/b": {"pmu/x86/c"},
             "pmu/x86/c": {"pmu/x86/a"}, "pmu/x86/d": {"pmu/x86/a"}}
    assert circles(edges) == [["pmu/x86/a", "pmu/x86/b", "pmu/x86/c"]], circles(edges)
