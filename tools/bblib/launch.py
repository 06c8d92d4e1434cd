"""Boot a barebench image under QEMU or Bochs and capture its serial console;
run the hosted program (a Linux process) and capture its standard output.

One place builds the emulator command lines, so `make run`, the boot tests and
`barebench run` all boot the same way. Facts behind the options are in
docs/emulators.md: QEMU's isa-debug-exit turns a guest write of v to
port 0xf4 into exit status (v << 1) | 1; Bochs cannot choose its exit status,
so the final serial line is the verdict there.
"""

import errno
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tty
from dataclasses import dataclass, field

from . import files

# The kernel writes 0 (pass) or 1 (fail) to port 0xf4.
QEMU_EXIT_PASS = (0 << 1) | 1
QEMU_EXIT_FAIL = (1 << 1) | 1
# The hosted program's exit status on PASS (app/linux: exit(0), any other: FAIL).
HOSTED_EXIT_PASS = 0
FINAL_PASS = "barebench: finished, status PASS"
FINAL_FAIL = "barebench: finished, status FAIL"

OVMF = "/usr/share/ovmf/OVMF.fd"

# The counting QEMUs that `make emu` builds (Debian's QEMU with the PMU models
# of emu/qemu/patches); BAREBENCH_COUNTING_QEMU and BAREBENCH_COUNTING_QEMU_PPC
# name other binaries.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COUNTING_QEMU = os.environ.get("BAREBENCH_COUNTING_QEMU") or os.path.join(
    ROOT, os.environ.get("BUILD", "build"), "emu", "qemu-system-i386")
# The x86-64 build of the same series, whose CPUs have long mode.
COUNTING_QEMU_64 = os.environ.get("BAREBENCH_COUNTING_QEMU_64") or os.path.join(
    os.path.dirname(COUNTING_QEMU), "qemu-system-x86_64")
COUNTING_QEMU_PPC = os.environ.get("BAREBENCH_COUNTING_QEMU_PPC") or os.path.join(
    ROOT, os.environ.get("BUILD", "build"), "emu", "qemu-system-ppc")


def counting_cpu(cpu):
    """-cpu MODEL with the model's PMU switched on (QEMU's `pmu` property),
    unless the model string already says."""
    return cpu if "pmu=" in cpu else cpu + ",pmu=on"


def counting_problem(binary=None):
    """Why the counting QEMU (qemu-system-i386 unless `binary`) cannot be
    used, or None."""
    binary = binary or COUNTING_QEMU
    if not os.access(binary, os.X_OK):
        return "no counting QEMU at %s: run 'make emu' first" % binary
    return None

BOCHS_RC = """megs: 64
romimage: file=/usr/share/bochs/BIOS-bochs-latest
vgaromimage: file=/usr/share/vgabios/vgabios.bin
cpu: model={model}, count=1, ips={ips}, reset_on_triple_fault=0, ignore_bad_msrs=0{msrs}
ata0: enabled=1, ioaddr1=0x1f0, ioaddr2=0x3f0, irq=14
ata0-master: type=cdrom, path={iso}, status=inserted
boot: cdrom
display_library: term
com1: enabled=1, mode=file, dev={serial}
port_e9_hack: enabled=1
log: {log}
clock: sync=none, time0=946684800
speaker: enabled=0
sound: driver=dummy
"""


@dataclass
class Boot:
    """What one boot did: the serial text and a verdict."""

    target: str
    serial: str
    exit_code: int
    seconds: float
    timed_out: bool = False
    problems: list = field(default_factory=list)
    stderr: str = ""

    @property
    def final_line(self):
        lines = [l.strip("\r") for l in self.serial.splitlines() if l.strip()]
        return lines[-1] if lines else ""

    @property
    def passed(self):
        return not self.problems


def qemu_command(kernel=None, cpu="max", append="", iso=None, uefi=False, icount=False,
                 memory=64, counting=False, modules=(), netboot=None, extra=(),
                 long_mode=False):
    """The QEMU argv for the fast -kernel path, or for booting the ISO;
    `counting`: under the counting QEMU, with the CPU model's PMU on;
    `modules`: files QEMU hands the kernel as multiboot modules (-initrd,
    -kernel path only); `netboot` = (folder, script): boot from the NIC's
    iPXE ROM, served by QEMU's own DHCP and TFTP (user-mode network,
    restrict=on: the guest reaches nothing outside QEMU); `extra`: more
    arguments (-smbios ...); `long_mode`: qemu-system-x86_64, whose CPU
    models have long mode where the real ones do (qemu-system-i386 hides
    it from every model)."""
    if counting and uefi:
        raise ValueError("the counting QEMU is built for i386 only: no UEFI boot")
    binary = "qemu-system-x86_64" if uefi or long_mode else "qemu-system-i386"
    if counting:
        binary, cpu = COUNTING_QEMU_64 if long_mode else COUNTING_QEMU, counting_cpu(cpu)
    cmd = [binary, "-display", "none", "-nodefaults", "-no-reboot", "-m", str(memory),
           "-serial", "stdio", "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    if uefi:
        # A display, as every UEFI machine has (GOP): without one GRUB says
        # "no suitable video mode found" for the kernel's framebuffer request.
        cmd += ["-machine", "q35", "-bios", OVMF, "-vga", "std"]
    else:
        cmd += ["-cpu", cpu]
    if icount:
        cmd += ["-icount", "shift=0,sleep=off"]
    if netboot:
        folder, script = netboot
        cmd += ["-netdev", "user,id=n0,restrict=on,tftp=%s,bootfile=%s" % (folder, script),
                "-device", "e1000,netdev=n0", "-boot", "n"]
    elif iso:
        cmd += ["-cdrom", iso, "-boot", "d"]
    else:
        cmd += ["-kernel", kernel]
        if append:
            cmd += ["-append", append]
        if modules:
            # QEMU splits -initrd at commas: one module per file.
            if any("," in m for m in modules):
                raise ValueError("a module path with a comma cannot pass through -initrd")
            cmd += ["-initrd", ",".join(modules)]
    return cmd + list(extra)


def _judge(boot, pass_code=None):
    final = boot.final_line
    if boot.timed_out:
        boot.problems.append("timed out")
    if final not in (FINAL_PASS, FINAL_FAIL):
        boot.problems.append("last serial line is not the final status: %r" % final[-120:])
    elif final == FINAL_FAIL:
        boot.problems.append("kernel reported failure")
    if pass_code is not None and boot.exit_code != pass_code and not boot.timed_out:
        boot.problems.append("exit status %d" % boot.exit_code)
    said = [l for l in boot.stderr.splitlines() if l.strip() and "warning:" not in l]
    if boot.problems and said:
        who = "the program" if boot.target == "hosted" else "the emulator"
        boot.problems.append("%s said: %s" % (who, said[-1][-200:]))
    return boot


# The emulators running now, each the leader of its own process group (a
# terminal's ^C reaches only the tool), and whether the tool is stopping.
_running = set()
_stopping = False


def _kill(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def stop_on_signals(tool):
    """Makes SIGTERM, SIGINT and SIGHUP kill every emulator's process group
    and end the tool with a line saying so; the SystemExit raised runs the
    finally blocks that remove temporary folders, and boots not yet started
    do not start."""
    def stop(signum, _frame):
        global _stopping
        _stopping = True
        for proc in list(_running):
            _kill(proc)
        print("%s: stopped by %s; emulators killed" % (tool, signal.Signals(signum).name),
              file=sys.stderr)
        raise SystemExit(128 + signum)
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, stop)


def _run(cmd, timeout, tee, watch=None):
    """Runs cmd, streaming its standard output when tee; the emulator's own
    messages (stderr) are kept apart from the guest's serial console.
    watch(stderr file), when given, is called as often as the output is
    read. Returns (serial text, stderr text, exit code, timed out, seconds)."""
    if _stopping:
        raise RuntimeError("stopped by a signal")
    start = time.monotonic()
    err = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=err, start_new_session=True)
    _running.add(proc)
    if _stopping:  # a signal came between the check above and the add: not seen there
        _kill(proc)
    chunks = []
    timed_out = False
    try:
        deadline = start + timeout
        os.set_blocking(proc.stdout.fileno(), False)
        while True:
            data = proc.stdout.read()
            if data:
                chunks.append(data)
                if tee:
                    sys.stdout.write(data.decode("latin-1"))
                    sys.stdout.flush()
            if proc.poll() is not None:
                rest = proc.stdout.read()
                if rest:
                    chunks.append(rest)
                    if tee:
                        sys.stdout.write(rest.decode("latin-1"))
                break
            if watch:
                watch(err)
            if time.monotonic() > deadline:
                timed_out = True
                break
            time.sleep(0.02)
    finally:
        if proc.poll() is None:
            _kill(proc)
            proc.wait()
        _running.discard(proc)
        if watch:
            watch(None)
    err.seek(0)
    stderr = err.read().decode("latin-1")
    err.close()
    return (b"".join(chunks).decode("latin-1"), stderr, proc.returncode, timed_out,
            time.monotonic() - start)


def run_timed(cmd, timeout):
    """Runs an emulator's command line as a boot runs (stopped on a signal or
    after timeout seconds): (serial text, stderr text, exit code, timed out,
    seconds)."""
    return _run(cmd, timeout, False)


def boot_qemu(kernel=None, cpu="max", append="", iso=None, uefi=False, icount=False,
              timeout=60, tee=False, log=None, counting=False, modules=(), netboot=None,
              extra=(), long_mode=False, memory=64):
    """Boots under QEMU and judges the run by exit status and final line."""
    cmd = qemu_command(kernel, cpu, append, iso, uefi, icount, memory=memory, counting=counting,
                       modules=modules, netboot=netboot, extra=extra, long_mode=long_mode)
    text, stderr, code, timed_out, secs = _run(cmd, timeout, tee)
    if log:
        files.write(log, text.encode("latin-1"))
    target = "%s%s:%s%s" % ("qemu-pmu" if counting else "qemu", "64" if long_mode else "",
                            "uefi" if uefi else cpu,
                          "+iso" if iso else "+ipxe" if netboot else "")
    boot = Boot(target, text, code, secs, timed_out, stderr=stderr)
    return _judge(boot, QEMU_EXIT_PASS)


def hosted_problem(program):
    """Why this machine cannot run the hosted program natively, or None. A
    kernel refuses a program of a mode it does not run ("Exec format error":
    an i386 one with IA32 emulation off, a 64-bit one on a 32-bit kernel),
    and no figure of this machine's core can come of it (tools/run-hosted
    runs an i386 one under qemu-i386 then, saying so)."""
    try:
        subprocess.run([program, "bench=list"], capture_output=True, timeout=5)
    except subprocess.TimeoutExpired:
        return None  # it started: the kernel runs it
    except OSError as e:
        if e.errno == errno.ENOEXEC:
            return ("%s: this kernel does not run programs of its mode (an i386 one with IA32 "
                    "emulation off?), so the hosted program cannot run natively here; make "
                    "HOSTED=1 builds one in this machine's mode" % program)
        return "%s: %s" % (program, e.strerror)
    return None


def run_hosted(program, append="", timeout=60, tee=False, log=None):
    """Runs the hosted program (make HOSTED=1: barebench as a Linux process on
    this machine, no emulator) with the boot options as its arguments, one a
    word, and judges it as a QEMU boot: the final line, and exit status 0 on
    PASS."""
    text, stderr, code, timed_out, secs = _run([program] + append.split(), timeout, tee)
    if log:
        files.write(log, text.encode("latin-1"))
    return _judge(Boot("hosted", text, code, secs, timed_out, stderr=stderr), HOSTED_EXIT_PASS)


class _BochsScreen:
    """Reads what Bochs's term display writes. A Bochs built with its
    debugger (Debian's is) puts the screen on a pseudo-terminal of its own
    and names it on stderr ('Bochs connected to screen "/dev/pts/N"');
    nobody reads it, so after some pages of guest output its buffer is full
    and Bochs blocks in the write, idle, for good. This reads it empty each
    time the launcher looks (raw mode: no line buffer, no echo back)."""

    SAID = re.compile(rb'Bochs connected to screen "([^"]+)"')

    def __init__(self):
        self.fd = None

    def __call__(self, err):
        if err is None:
            if self.fd is not None:
                os.close(self.fd)
                self.fd = None
            return
        if self.fd is None:
            m = self.SAID.search(os.pread(err.fileno(), 1 << 16, 0))
            if not m:
                return
            self.fd = os.open(m.group(1), os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
            tty.setraw(self.fd)
        try:
            while os.read(self.fd, 65536):
                pass
        except OSError:  # empty for now (EAGAIN), or Bochs is gone (EIO)
            pass


def boot_bochs(iso, model, msrs=None, timeout=120, tee=False, log=None, ips=4000000):
    """Boots the ISO under Bochs (headless, term display) and judges the final line."""
    work = tempfile.mkdtemp(prefix="bb-bochs-")
    try:
        serial = os.path.join(work, "serial.txt")
        rc = os.path.join(work, "bochsrc")
        cmds = os.path.join(work, "cmds")
        with open(rc, "w") as f:
            f.write(BOCHS_RC.format(model=model, ips=ips, iso=os.path.abspath(iso), serial=serial,
                                    log=os.path.join(work, "bochs.log"),
                                    msrs=', msrs="%s"' % os.path.abspath(msrs) if msrs else ""))
        with open(cmds, "w") as f:
            f.write("c\n")
        cmd = ["bochs", "-f", rc, "-q", "-rc", cmds]
        _, stderr, code, timed_out, secs = _run(cmd, timeout, False, _BochsScreen())
        text = open(serial, encoding="latin-1").read() if os.path.exists(serial) else ""
        if tee:
            sys.stdout.write(text)
        if log:
            files.write(log, text.encode("latin-1"))
        return _judge(Boot("bochs:" + model, text, code, secs, timed_out, stderr=stderr))
    finally:
        shutil.rmtree(work, ignore_errors=True)
