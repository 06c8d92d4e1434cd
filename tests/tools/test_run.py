"""`barebench run`: parallel boots through launch.py, one checked log each."""

import os
import shutil
import tempfile

from common import BOOT, ISO, KERNEL, Skip, launch, records, tool, write_temp
from bblib import runner


def test_target_names():
    t = runner.parse_targets("qemu", ["pentium3  p4:qemu32,family=15,model=2", "athlon"])
    assert [(x.model, x.name) for x in t] == [
        ("pentium3", "qemu-pentium3"), ("qemu32,family=15,model=2", "p4"),
        ("athlon", "qemu-athlon")], t


def test_qemu_matrix_in_parallel():
    if not os.path.exists(KERNEL):
        raise Skip("no kernel image %s" % KERNEL)
    out = tempfile.mkdtemp(prefix="bb-run-")
    try:
        code, stdout, err = tool("run", "--qemu", "pentium3 coreduo", "--icount", "-j", "2",
                                 "--timeout", "60", "--kernel", KERNEL, "-o", out)
        assert code == 0, "run exited %d: %s%s" % (code, stdout, err)
        for name in ("qemu-pentium3", "qemu-coreduo"):
            runs = records.read_log(os.path.join(out, name + ".log"))
            assert len(runs) == 1 and runs[0].boot["environment"] == "qemu", name
        assert "2 targets, 2 ok, 0 failed" in stdout, stdout
    finally:
        shutil.rmtree(out, ignore_errors=True)


def test_error_records_fail_a_target_unless_allowed():
    # A bad option: the kernel ends with PASS but writes an error record,
    # and run must not call that target ok.
    if not os.path.exists(KERNEL):
        raise Skip("no kernel image %s" % KERNEL)
    out = tempfile.mkdtemp(prefix="bb-run-")
    try:
        args = ("run", "--qemu", "pentium3", "--icount", "--append", "bench=nop reps=abc",
                "--kernel", KERNEL, "-o", out)
        code, stdout, err = tool(*args)
        assert code == 1 and "1 targets, 0 ok, 1 failed: qemu-pentium3" in stdout, stdout + err
        assert "error record: options: option 'reps=abc'" in stdout, stdout
        code, stdout, err = tool(*(args + ("--allow-errors",)))
        assert code == 0 and "1 targets, 1 ok, 0 failed" in stdout, stdout + err
    finally:
        shutil.rmtree(out, ignore_errors=True)


def test_bochs_target():
    if not os.path.exists(ISO):
        raise Skip("no ISO %s (make iso)" % ISO)
    out = tempfile.mkdtemp(prefix="bb-run-")
    try:
        code, stdout, err = tool("run", "--bochs", "p3_katmai", "--timeout", "120", "--iso", ISO,
                                 "-o", out)
        assert code == 0, "run exited %d: %s%s" % (code, stdout, err)
        log = os.path.join(out, "bochs-p3_katmai.log")
        runs = records.read_log(log)
        assert runs[0].boot["environment"] == "bochs", runs[0].boot
        with open(log, "rb") as f:
            assert b"\x1b[" in f.read(), "no GRUB escape codes: the noise case was not exercised"
    finally:
        shutil.rmtree(out, ignore_errors=True)


def test_grub_console_log_accepted():
    # QEMU booting the ISO: GRUB's own screen output precedes the records.
    if not os.path.exists(ISO):
        raise Skip("no ISO %s (make iso)" % ISO)
    boot = launch.boot_qemu(iso=ISO, timeout=60)
    assert "\x1b[" in boot.serial, "no GRUB escape codes in the console"
    runs = records.check_log(boot.serial, "qemu-iso")
    assert len(runs) == 1 and runs[0].status == "pass", boot.problems


def test_missing_kernel_named():
    code, _, err = tool("run", "--qemu", "pentium3", "--kernel", "/nonexistent.elf")
    assert code != 0 and "/nonexistent.elf not found" in err, err


def test_boot_options_reach_qemu_and_bochs():
    if not os.path.exists(KERNEL):
        raise Skip("no kernel image %s" % KERNEL)
    out = tempfile.mkdtemp(prefix="bb-run-")
    try:
        code, stdout, err = tool("run", "--qemu", "pentium3", "--bochs", "p3_katmai", "--icount",
                                 "--append", "bench=nop", "--kernel", KERNEL, "-o", out)
        assert code == 0, "run exited %d: %s%s" % (code, stdout, err)
        for name in ("qemu-pentium3", "bochs-p3_katmai"):
            run = records.read_log(os.path.join(out, name + ".log"))[0]
            benches = [r.fields["name"] for r in run.of_type("bench")]
            assert "bench=nop" in run.boot["cmdline"] and benches == ["nop"], (name, benches)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def test_append_through_grub_arrives_as_typed():
    # GRUB reads the menu as a script: unquoted, $x was expanded, ; and #
    # ended the line, a quote left GRUB at its prompt until the timeout.
    if not os.path.exists(ISO):
        raise Skip("no ISO %s (make iso)" % ISO)
    options = "bench=nop x=a$y;z#w|v&u<t>s{r}q"
    log = write_temp("", "grub-append.log")
    code, _, err = tool("qemu", "--iso", ISO, "--quiet", "--timeout", "60", "--append", options,
                        "--log", log, program=BOOT)
    assert code == 0, err
    assert records.read_log(log)[0].boot["cmdline"] == options, records.read_log(log)[0].boot
    for quote in ("x='a'", 'x="a"', "x=a\\b"):
        code, _, err = tool("qemu", "--iso", ISO, "--quiet", "--timeout", "60", "--append",
                            "bench=nop " + quote, program=BOOT)
        assert code == 1 and "through GRUB cannot hold" in err, (quote, err)


def test_uefi_iso_boot_shows_no_grub_error():
    # A newcomer's `make run-iso UEFI=1` printed nine GRUB "error:" lines:
    # partition modules missing from the ISO, no display for a video mode.
    if not os.path.exists(ISO) or not os.path.exists(launch.OVMF):
        raise Skip("no ISO %s or no OVMF %s" % (ISO, launch.OVMF))
    boot = launch.boot_qemu(iso=ISO, uefi=True, timeout=90)
    assert boot.passed, boot.problems
    errors = [line for line in boot.serial.splitlines() if "error:" in line]
    assert not errors, "GRUB said:\n" + "\n".join(errors)
