"""The layering docs/development.md describes ("Layout: the layers", "Building:
ISA, mode, platform"), checked over the tree as it is: includes written from
the top of the tree, no folder including a layer above it, every folder of a
layer one of the build's axes, no ISA or platform folder included by code that
every build shares, no mode folder included by an ISA's mode-neutral code, and
no circle of units (x.c with x.h) that depend on one another, between folders
or inside one. It reads the tree on disk, so an export without .git passes
too."""

import os
import re

from common import ROOT

# Bottom up. A file may include its own layer and the layers below it.
LAYERS = ["lib", "kernel", "pmu", "bench", "app"]
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def fragments(folder):
    """The names of the Makefile fragments (mk/<folder>/<name>.mk): the values
    of one axis of the build."""
    path = os.path.join(ROOT, "mk", folder)
    return sorted(f[:-3] for f in os.listdir(path) if f.endswith(".mk")) if os.path.isdir(path) \
        else []


# The build's axes as the Makefile reads them: ISA -> its modes, and the platforms.
MODES = {isa: fragments("isa/" + isa) for isa in fragments("isa")}
PLATFORMS = fragments("platform")


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


def axes(path):
    """The axis folders a file of a layer sits in, outermost first:
    pmu/x86/p6.c -> ["x86"], kernel/x86/32/a.c -> ["x86", "32"], and a
    platform's own ISA folder: kernel/linux/x86/a.c -> ["linux", "x86"]."""
    parts = path.split("/")[1:-1]
    found = []
    if parts and parts[0] in PLATFORMS:
        found.append(parts.pop(0))
    if parts and parts[0] in MODES:
        found.append(parts[0])
        if len(parts) > 1 and parts[1] in MODES.get(parts[0], ()):
            found.append(parts[1])
    return found


def axis_violations(pairs):
    """The includes (file, included) that reach into a folder of an axis the
    including file is not built for: shared code including an ISA's or a
    platform's folder, one ISA's code another's, an ISA's mode-neutral code
    one of its modes."""
    return ["%s -> %s" % (p, inc) for p, inc in pairs
            if layer_of(p) is not None and layer_of(inc) is not None
            and not _within(axes(inc), axes(p))]


def _within(theirs, mine):
    """Whether code built for the axes `mine` is built for `theirs` too: an
    ISA's folder (and its modes) from the ISA's own code or a platform's
    folder for that ISA; a platform's folder only from that platform's."""
    if theirs and theirs[0] in PLATFORMS:
        return mine[:len(theirs)] == theirs
    isa = [a for a in mine if a not in PLATFORMS]
    return isa[:len(theirs)] == theirs


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


def test_the_axes_are_read_from_the_makefile_fragments():
    assert "x86" in MODES and MODES["x86"] and PLATFORMS, (MODES, PLATFORMS)


def test_every_folder_of_a_layer_is_an_axis_of_the_build():
    # a folder no axis names is never compiled: pmu/x68/ would pass every
    # other check here and build nowhere
    bad = []
    for layer in LAYERS:
        for top, dirs, _ in os.walk(os.path.join(ROOT, layer)):
            for d in dirs:
                rel = os.path.relpath(os.path.join(top, d), ROOT)
                parts = rel.split("/")
                if parts[-1] != "payloads" and axes(rel + "/x") != parts[1:]:
                    bad.append(rel)
    assert not bad, "folders of no ISA, mode or platform of mk/: %s" % bad


def test_no_code_includes_a_folder_of_another_axis():
    bad = axis_violations((p, inc) for p in sources() for inc in includes(p))
    assert not bad, "code including the code of an axis it is not built for: %s" % bad[:5]


def test_an_include_across_axes_is_found():
    # the check itself, on the axes mk/ has: shared code into an ISA folder,
    # one ISA into another, an ISA's mode-neutral code into one of its modes
    one, other = sorted(MODES)[:2]
    isa, mode = next((i, modes[0]) for i, modes in sorted(MODES.items()) if modes)
    pairs = [("pmu/core.c", "pmu/%s/p.h" % one),
             ("app/%s/a.c" % one, "pmu/%s/p.h" % other),
             ("bench/%s/w.c" % isa, "bench/%s/%s/w.h" % (isa, mode)),
             ("bench/%s/%s/w.c" % (isa, mode), "kernel/%s/k.h" % isa),
             ("app/%s/a.c" % one, "kernel/%s/k.h" % one), ("app/a.c", "pmu/p.h")]
    assert axis_violations(pairs) == ["%s -> %s" % p for p in pairs[:3]], axis_violations(pairs)


def test_a_platform_folder_is_its_own():
    # a platform's ISA folder may use that ISA's code; shared code and the
    # ISA's code may not use the platform's, nor a platform's neutral code
    # its ISA folder
    platform = next(p for p in PLATFORMS if p != "metal")
    isa = sorted(MODES)[0]
    allowed = [("app/%s/%s/a.c" % (platform, isa), "kernel/%s/k.h" % isa),
               ("app/%s/%s/a.c" % (platform, isa), "kernel/%s/k.h" % platform),
               ("app/%s/a.c" % platform, "kernel/k.h")]
    refused = [("kernel/%s/a.c" % isa, "kernel/%s/k.h" % platform),
               ("app/a.c", "kernel/%s/k.h" % platform),
               ("kernel/%s/a.c" % platform, "kernel/%s/%s/k.h" % (platform, isa))]
    assert axis_violations(allowed + refused) == ["%s -> %s" % p for p in refused], \
        axis_violations(allowed + refused)


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
