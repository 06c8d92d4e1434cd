"""The front door's packages: every package a barebench script may install
(tools/packages.list, printed by `tools/deps.sh --list`) goes in beside all
the others in one apt transaction on this Debian, as a new user's machine
would take them. apt's simulation answers that without installing anything."""

import shutil
import subprocess

from common import ROOT, Skip

DEPS = "tools/deps.sh"


def listed():
    out = subprocess.run([DEPS, "--list"], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def test_list_prints_one_package_a_line_once_each():
    pkgs = listed()
    assert pkgs, "tools/deps.sh --list printed nothing"
    bad = [p for p in pkgs if not p or " " in p or p.startswith("#")]
    assert not bad, "not one package name a line: %r" % bad[:5]
    assert len(pkgs) == len(set(pkgs)), "packages listed twice: %s" % sorted(
        p for p in set(pkgs) if pkgs.count(p) > 1)


def test_list_holds_every_group():
    # the lava dispatcher, QEMU's build tools and debootstrap come from
    # other scripts than make deps; the list must hold them too
    pkgs = listed()
    for pkg in ("nasm", "lava-dispatcher", "meson", "debootstrap"):
        assert pkg in pkgs, "%s is not in tools/deps.sh --list" % pkg


def test_an_unknown_group_is_refused():
    proc = subprocess.run([DEPS, "nosuchgroup"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode != 0 and "no group 'nosuchgroup'" in proc.stderr, proc.stderr


def test_every_package_installs_together():
    if not shutil.which("apt-get"):
        raise Skip("no apt-get: not a Debian machine")
    proc = subprocess.run(["apt-get", "install", "-s", "-q", "--no-install-recommends"] + listed(),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        # apt's own verdict, without its lines on what is already there
        said = [line for line in (proc.stdout + proc.stderr).splitlines()
                if line.strip() and "already the newest" not in line
                and "set to manually installed" not in line]
        raise AssertionError("apt cannot install the packages together: " + " / ".join(said[-12:]))
