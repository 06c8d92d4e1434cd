"""A first build stays built: in a fresh copy of the tree (no build folder,
no .git, as an export is), `make` compiles everything once and a second
`make` compiles nothing, for each architecture. A change of the payload
layout (bench/payload.def) rewrites NASM's payload_layout.mac and rebuilds
what uses it, and is then built too."""

import os
import shutil
import subprocess
import tempfile

from common import ROOT


def fresh_copy(dest):
    def skip(top, names):
        return [n for n in names if n.startswith(".") or (top == ROOT and n == "build")]
    shutil.copytree(ROOT, dest, ignore=skip, symlinks=True)


def compiles(tree, arch):
    """The compiler and assembler runs of one `make ARCH=arch`."""
    proc = subprocess.run(["make", "-j2", "ARCH=" + arch], cwd=tree, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, "make ARCH=%s failed: %s" % (arch, proc.stderr[-2000:])
    return [line for line in proc.stdout.splitlines()
            if " -c -o " in line or line.startswith(("nasm ", "python3 "))]


def test_a_second_make_compiles_nothing():
    with tempfile.TemporaryDirectory(prefix="bb-build-") as tmp:
        tree = os.path.join(tmp, "barebench")
        fresh_copy(tree)
        for arch in ("x86", "ppc"):
            first = compiles(tree, arch)
            assert first, "the first make ARCH=%s compiled nothing" % arch
            again = compiles(tree, arch)
            assert not again, "the second make ARCH=%s compiled %d files again, first: %s" % (
                arch, len(again), again[0])
        os.utime(os.path.join(tree, "bench", "payload.def"))
        changed = compiles(tree, "x86")
        for what in ("tools/bblib/layout.py", "bench/x86/32/payloads/core.asm", "bench/payload.c"):
            assert any(what in line for line in changed), \
                "a changed bench/payload.def did not rebuild %s" % what
        assert not any("lib/fmt.c" in line for line in changed), \
            "a changed bench/payload.def recompiled lib/fmt.c, which does not use it"
        again = compiles(tree, "x86")
        assert not again, "after a change of bench/payload.def, make compiled %s twice" % again[0]
