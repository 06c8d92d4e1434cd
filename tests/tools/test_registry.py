"""One registry: each architecture lists its PMU backends once, in detection
order, in pmu/<arch>/registry.h (PMU_<ARCH>_BACKENDS, then
PMU_<ARCH>_TIME_COUNTERS), and both its kernel registry (pmu/<arch>/registry.c)
and the host's (tools/hostlib/registry.c) expand those lists. A backend
defined but left out of its list compiles and is never chosen; these tests
read the tree to catch that. The architectures are the folders of pmu/ that
have a registry."""

import os
import re

from common import ROOT

DEFINED = re.compile(r"^const struct pmu_backend pmu_(\w+)_backend\s*=", re.M)
HOST_REGISTRY = os.path.join("tools", "hostlib", "registry.c")


def read(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


def architectures():
    pmu = os.path.join(ROOT, "pmu")
    found = sorted(d for d in os.listdir(pmu)
                   if os.path.exists(os.path.join(pmu, d, "registry.h")))
    assert found, "no pmu/<arch>/registry.h"
    return found


def lists(arch):
    """The names of PMU_<ARCH>_BACKENDS and PMU_<ARCH>_TIME_COUNTERS."""
    text = read(os.path.join("pmu", arch, "registry.h"))
    found = {}
    for kind in ("BACKENDS", "TIME_COUNTERS"):
        macro = "PMU_%s_%s" % (arch.upper(), kind)
        m = re.search(r"#define %s\(X\)((?:.*\\\n)*.*)" % macro, text)
        assert m, "pmu/%s/registry.h defines no %s(X)" % (arch, macro)
        found[macro] = re.findall(r"\bX\((\w+)\)", m.group(1))
    return found


def defined(arch):
    folder = os.path.join("pmu", arch)
    names = []
    for name in sorted(os.listdir(os.path.join(ROOT, folder))):
        if name.endswith(".c"):
            names += DEFINED.findall(read(os.path.join(folder, name)))
    return names


def test_every_backend_is_listed_once():
    for arch in architectures():
        listed = [n for names in lists(arch).values() for n in names]
        dupes = sorted({n for n in listed if listed.count(n) > 1})
        assert not dupes, "pmu/%s/registry.h lists %s twice" % (arch, ", ".join(dupes))
        missing = sorted(set(defined(arch)) - set(listed))
        assert not missing, ("pmu/%s defines pmu_%s_backend, which pmu/%s/registry.h does not "
                             "list: it would never be chosen" % (arch, "_backend, pmu_".join(missing),
                                                                  arch))
        unknown = sorted(set(listed) - set(defined(arch)))
        assert not unknown, "pmu/%s/registry.h lists %s, defined nowhere in pmu/%s" % (
            arch, ", ".join(unknown), arch)
        assert lists(arch)["PMU_%s_TIME_COUNTERS" % arch.upper()], (
            "pmu/%s/registry.h has no time counter, the last resort" % arch)


def expands(text, macro):
    return re.search(r"\b%s\(BACKEND\)" % macro, text) is not None


def test_kernel_registries_expand_their_lists():
    for arch in architectures():
        text = read(os.path.join("pmu", arch, "registry.c"))
        for macro in lists(arch):
            assert expands(text, macro), "pmu/%s/registry.c does not expand %s" % (arch, macro)


def test_host_registry_expands_every_list():
    text = read(HOST_REGISTRY)
    for arch in architectures():
        assert '#include "pmu/%s/registry.h"' % arch in text, (
            "%s does not include pmu/%s/registry.h" % (HOST_REGISTRY, arch))
        for macro in lists(arch):
            assert expands(text, macro), "%s does not expand %s" % (HOST_REGISTRY, macro)
