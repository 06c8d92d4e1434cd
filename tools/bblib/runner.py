"""Boot one image on many emulated CPU models in parallel, one serial log each.

Every boot goes through launch.py (same command lines as `make run` and the
boot tests); this module only schedules them and checks each log's records.
"""

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from . import launch, records


@dataclass
class Target:
    """An emulator and a CPU model; `name` also names the log file."""

    emulator: str
    model: str
    name: str


# A target's name is its log's file name in the -o folder: no folders, no "..".
_NAME = re.compile(r"[A-Za-z0-9_+-][A-Za-z0-9_.+-]*\Z")


def parse_targets(emulator, specs):
    """Targets from whitespace-separated model lists. QEMU models may carry
    commas (qemu32,family=15,...), hence no comma lists; "NAME:MODEL" names one.
    ValueError for a name that is not a plain file name."""
    out = []
    for spec in specs:
        for item in spec.split():
            name, _, model = item.rpartition(":")
            if not name:
                name = "%s-%s" % (emulator, re.sub(r"[^A-Za-z0-9_.-]+", "_", model))
            if not _NAME.match(name):
                raise ValueError("target name %r: a log's file name takes letters, digits and "
                                 "_.+- and does not start with '.'" % name)
            out.append(Target(emulator, model, name))
    return out


def same_names(targets):
    """The names more than one target has (their logs would overwrite each other)."""
    names = [t.name for t in targets]
    return sorted({n for n in names if names.count(n) > 1})


# The GRUB modules every barebench ISO carries; the Makefile's ISO rule reads
# the same file.
GRUB_MODULES_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "iso", "grub-modules")


def _with_modules(line, modules):
    """A multiboot(2) line followed by a module(2) line per payload module."""
    command = "module2" if line.lstrip().startswith("multiboot2") else "module"
    indent = line[:len(line) - len(line.lstrip())]
    return line + "".join("\n%s%s /boot/%s" % (indent, command, os.path.basename(m))
                          for m in modules)


# GRUB hands the kernel a quote or a backslash escaped with a backslash
# (grub_create_loader_cmdline); a control byte would end the menu's line.
_GRUB_ALTERS = re.compile(r"['\"\\\x00-\x1f\x7f]")


def grub_words(append):
    """The boot options as GRUB script words: each in single quotes, so that
    $, ;, #, | and the like reach the kernel as typed. RuntimeError for the
    characters that cannot reach it through GRUB."""
    bad = sorted(set(_GRUB_ALTERS.findall(append)))
    if bad:
        raise RuntimeError("boot options through GRUB cannot hold %s (GRUB alters them); "
                           "the QEMU -kernel boot can" % " ".join(repr(c) for c in bad))
    return " ".join("'%s'" % word for word in append.split())


def iso_with_options(kernel, grub_cfg, append, work, modules=()):
    """Builds work/options.iso whose first menu entry passes `append` to the
    kernel (and loads `modules`, payload modules, after it): Bochs boots only
    ISOs, and has no -append."""
    words = grub_words(append)
    with open(grub_cfg) as f:
        cfg = f.read()
    cfg, n = re.subn(r"^(\s*multiboot2?\s+\S+).*$",
                     lambda m: _with_modules("%s %s" % (m.group(1), words), modules),
                     cfg, count=1, flags=re.M)
    if not n:
        raise RuntimeError("%s has no multiboot line to put the boot options on" % grub_cfg)
    root = os.path.join(work, "isodir")
    os.makedirs(os.path.join(root, "boot", "grub"), exist_ok=True)
    shutil.copy(kernel, os.path.join(root, "boot", "barebench.elf"))
    for m in modules:
        shutil.copy(m, os.path.join(root, "boot", os.path.basename(m)))
    with open(os.path.join(root, "boot", "grub", "grub.cfg"), "w") as f:
        f.write(cfg)
    iso = os.path.join(work, "options.iso")
    with open(GRUB_MODULES_FILE) as f:
        modules = f.read().strip()
    proc = subprocess.run(["grub-mkrescue", "-o", iso, root, "--locales=", "--fonts=",
                           "--themes=", "--install-modules=" + modules],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("grub-mkrescue failed: " + proc.stderr[-500:])
    return iso


def iso_with_options_of(iso, append, work):
    """Like iso_with_options(), from an ISO rather than a kernel: the kernel
    and the menu are taken out of `iso` (xorriso, which grub-mkrescue needs
    anyway), so the image booted is the one the user named, with `append` on
    its first entry."""
    files = {"/boot/barebench.elf": os.path.join(work, "from-iso.elf"),
             "/boot/grub/grub.cfg": os.path.join(work, "from-iso.cfg")}
    for inside, outside in files.items():
        proc = subprocess.run(["xorriso", "-osirrox", "on", "-indev", iso,
                               "-extract", inside, outside], capture_output=True, text=True)
        if proc.returncode != 0 or not os.path.exists(outside):
            raise RuntimeError("cannot take %s out of %s: %s"
                               % (inside, iso, proc.stderr.strip()[-300:]))
        os.chmod(outside, 0o644)  # extracted read-only, like the ISO
    return iso_with_options(files["/boot/barebench.elf"], files["/boot/grub/grub.cfg"], append,
                            work)


@dataclass
class Outcome:
    """What one target's boot gave: the launcher's verdict, the log's, and
    the kernel's error records ("where: message"), which fail the target
    unless errors are allowed."""

    target: Target
    log: str
    boot: launch.Boot
    log_problems: list
    records: int
    errors: list
    allow_errors: bool = False

    @property
    def ok(self):
        return (self.boot.passed and not self.log_problems
                and (self.allow_errors or not self.errors))

    def summary(self):
        state = "ok" if self.ok else "FAILED"
        errors = ["error record: " + e for e in self.errors[:3]]
        if len(self.errors) > 3:
            errors.append("and %d more error records" % (len(self.errors) - 3))
        why = "; ".join(self.boot.problems + self.log_problems[:3] + errors)
        return "%-28s %-6s %6.2f s  %4d records  %s%s" % (
            self.target.name, state, self.boot.seconds, self.records, self.log,
            ("  (" + why + ")") if why else "")


def _boot(target, out_dir, kernel, iso, append, icount, timeout, counting, modules, allow_errors,
          long_mode, netboot):
    log = os.path.join(out_dir, target.name + ".log")
    if target.emulator == "qemu":
        boot = launch.boot_qemu(kernel, cpu=target.model, append=append, icount=icount,
                                timeout=timeout, log=log, counting=counting, modules=modules,
                                long_mode=long_mode, netboot=netboot)
    else:
        boot = launch.boot_bochs(iso, target.model, timeout=timeout, log=log)
    return _outcome(target, log, boot, allow_errors)


# The hosted run's target: its log is OUT/hosted.log.
HOSTED = Target("hosted", "this machine", "hosted")


def run_hosted(out_dir, program, append="", timeout=60, allow_errors=False, name=None):
    """Runs the hosted program once on this machine; its standard output goes
    to OUT/NAME.log (NAME: `hosted` unless given) and is checked as a boot's
    serial log is. Returns the Outcome."""
    target = HOSTED if name is None else Target(HOSTED.emulator, HOSTED.model, name)
    os.makedirs(out_dir, exist_ok=True)
    log = os.path.join(out_dir, target.name + ".log")
    return _outcome(target, log, launch.run_hosted(program, append, timeout, log=log),
                    allow_errors)


def _outcome(target, log, boot, allow_errors):
    """The Outcome of a boot (or hosted run) whose console text is in boot and log."""
    try:
        runs = records.check_log(boot.serial, log)
    except records.LogError as e:
        return Outcome(target, log, boot, e.problems, 0, [], allow_errors)
    errors = ["%s: %s" % (r.fields["where"], r.fields["message"])
              for run in runs for r in run.of_type("error")]
    return Outcome(target, log, boot, [], sum(r.sequenced for r in runs), errors,
                   allow_errors)


def _report(future, progress):
    """Calls progress with a finished boot's outcome; a boot cancelled or
    stopped (by a signal) has none."""
    if not future.cancelled() and not future.exception():
        progress(future.result())


def run_all(targets, out_dir, kernel=None, iso=None, append="", icount=False, timeout=60,
            jobs=2, progress=None, counting=False, modules=(), allow_errors=False,
            long_mode=False, netboot=None):
    """Boots every target, at most `jobs` at a time; returns Outcomes in the
    order of `targets`, calling progress(outcome) as each one finishes.
    `counting`: QEMU targets boot under the counting QEMU; `modules`: payload
    modules QEMU targets get through -initrd (Bochs's ISO must carry them);
    `allow_errors`: a target whose kernel wrote error records is still ok;
    `long_mode`: QEMU targets boot qemu-system-x86_64, whose models have
    long mode; `netboot`: (folder, script) QEMU targets boot from over the
    network (netboot.folder), which carries the options and modules."""
    os.makedirs(out_dir, exist_ok=True)
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    try:
        futures = [pool.submit(_boot, t, out_dir, kernel, iso, append, icount, timeout, counting,
                               modules, allow_errors, long_mode, netboot)
                   for t in targets]
        if progress:
            for f in futures:
                f.add_done_callback(lambda f: _report(f, progress))
        return [f.result() for f in futures]
    finally:
        # Stopped by a signal (launch.stop_on_signals): no queued boot starts.
        pool.shutdown(cancel_futures=True)
