"""Running the counting QEMU's own tests (tests/tcg of the patched tree that
`make emu` built it from) outside QEMU's build, which lacks the cross
compilers its check-tcg wants: find the tree, build a test as its Makefile
does, boot it, and judge its output by its "ok:"/"FAIL:" lines and its
final PASS."""

import os
import subprocess
import tempfile

import bootcheck as bc


def patched_source(binary, test):
    """The patched QEMU source beside the build a counting binary lives in
    (build.sh: <cache>/qemu-<version>-<sha>/{src,build-<targets>}), if it
    holds the QEMU-side test at path test; else None."""
    src = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(binary))), "src")
    return src if os.path.isfile(os.path.join(src, test)) else None


def build(steps):
    """Runs the compiler commands in order: None, or the first failure's
    complaint (its last line)."""
    for cmd in steps:
        try:
            r = subprocess.run(cmd, capture_output=True, text=True)
        except FileNotFoundError:
            return "no %s (make deps)" % cmd[0]
        if r.returncode:
            return r.stderr.strip().splitlines()[-1] if r.stderr.strip() else cmd[0] + " failed"
    return None


def output(command, timeout=60):
    """The test's output: command(path) is the QEMU command line that writes
    it to the file at path."""
    with tempfile.NamedTemporaryFile("r", suffix=".out") as out:
        try:
            subprocess.run(command(out.name), capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "(timed out after %d s)" % timeout
        return out.read()


def judge(what, lines, missing):
    """Reports one run: it passes when its last line is PASS, it printed an
    "ok:" line and no "FAIL:" line, and nothing is missing (the caller's
    list of what it lacks)."""
    ok = sum(1 for line in lines if line.startswith("ok:"))
    failed = [line for line in lines if line.startswith("FAIL:")] + list(missing)
    passed = lines[-1:] == ["PASS"] and not failed
    bc.report(passed and ok > 0,
              "%s: PASS, %d checks%s" %
              (what, ok, "" if passed else
               "; not: %s" % ("; ".join(failed[:4]) or (lines[-1] if lines else "no output"))))


def main(name, binary, test, compiler, build_test, check, items):
    """A whole unit: the counting binary is built and lies beside its
    patched source; the test at path test builds (build_test(src, out):
    None, or the complaint; the image is out/<the test's name>); and
    check(image, item) judges one run per item, two at a time."""
    why = bc.launch.counting_problem(binary)
    if not bc.report(why is None, "the counting %s is built (%s)" %
                     (os.path.basename(binary), why or "make emu")):
        return bc.summary()
    src = patched_source(binary, test)
    if src is None:
        bc.skip("%s: the counting QEMU at %s is not a build.sh build beside its patched source"
                % (name, binary))
        return bc.summary()
    with tempfile.TemporaryDirectory() as out:
        why = build_test(src, out)
        if not bc.report(why is None, "the %s builds with %s (%s)" %
                         (name, compiler, why or os.path.join(src, test))):
            return bc.summary()
        image = os.path.join(out, os.path.splitext(os.path.basename(test))[0])
        bc.in_parallel(lambda item: check(image, item), items)
    return bc.summary()
