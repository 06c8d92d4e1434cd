#!/usr/bin/env python3
"""LAVA: lava/job-qemu.yaml runs under Debian's lava-dispatcher (`lava-run`,
no server) on the QEMU device of lava/device-qemu.yaml. Its test action turns
the kernel's records into LAVA test cases; the cases LAVA recorded must be
the ones `tools/barebench report` reads from the same serial log, with the
same values, and the run's verdict must be pass (a kernel that says FAIL fails
this check, since LAVA itself passes a job whose cases fail). The real-board
jobs (iPXE, GRUB) pass lava-run --validate on their device dictionaries with
the lab's infrastructure (TFTP server, console command) stubbed.
Skipped without lava-dispatcher (`make check-lava` installs it)."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import bootcheck as bc
from bblib import results

LAVA = os.path.join(bc.ROOT, "lava")
TOOL = os.path.join(bc.ROOT, "tools", "barebench")
BOARD_JOBS = {"job-x86-ipxe.yaml": "device-x86-ipxe.yaml",
              "job-x86-grub.yaml": "device-x86-grub.yaml"}
# What --validate runs in place of lava-run: the lab's TFTP folder and
# binaries (in.tftpd, the console's telnet) do not exist on this machine.
STUBBED_VALIDATE = """
import runpy, sys
import lava_dispatcher.utils.filesystem as fs
tftp = sys.argv.pop(1)
fs.tftpd_dir = lambda: tftp
sys.argv[0] = "lava-run"
runpy.run_path("/usr/bin/lava-run", run_name="__main__")
"""


def _yaml():
    try:
        import yaml
    except ImportError:
        sys.path.append("/usr/lib/python3/dist-packages")  # Debian's, with lava-dispatcher
        import yaml
    return yaml


def lava_case(text):
    """LAVA's test case name for a captured test_case_id (its monitor
    lowercases the id and turns each run of non-word characters into _)."""
    return re.sub(r"\W+", "_", text.strip().lower())


def expected_cases(report):
    """(definition, case, result, measurement, units) per record, from the
    report of the serial log, in log order."""
    out = []
    target = report["targets"][0]
    for b in target["benches"]:
        for r in b["results"]:
            out.append(("barebench", lava_case("%s,%s" % (b["name"], r["event"])), "pass",
                        results.fixed2(r["median"]), r["unit"]))
        if b["skip"] is not None:
            out.append(("barebench", lava_case(b["name"]), "skip", None, None))
        if b["fault"] is not None:
            out.append(("barebench", lava_case(b["name"]), "fail", None, None))
    out.append(("barebench-verdict", "end", target["status"], None, None))
    return out


def as_root(cmd):
    """lava-run works in /var/lib/lava: root, or sudo without a password."""
    return cmd if os.geteuid() == 0 else ["sudo", "-n"] + cmd


def with_urls(text, urls):
    for old, new in urls.items():
        text = text.replace(old, new)
    return text


def run_qemu_job(work):
    # fault_ud (test-only, by name) adds a fault record: a failed case.
    job = with_urls(open(os.path.join(LAVA, "job-qemu.yaml")).read(),
                    {"file:///srv/barebench/barebench.elf": "file://" + bc.KERNEL,
                     '-append "bench=default"': '-append "bench=default+fault_ud"'})
    path = os.path.join(work, "job.yaml")
    with open(path, "w") as f:
        f.write(job)
    start = time.monotonic()
    proc = subprocess.run(as_root(["lava-run", "--job-id", "bb%d" % os.getpid(), "--output-dir",
                                   os.path.join(work, "out"), "--device",
                                   os.path.join(LAVA, "device-qemu.yaml"), path]),
                          capture_output=True, text=True, timeout=300)
    return proc, time.monotonic() - start


def parse_log(stderr):
    """LAVA's log lines (one YAML mapping each): the console text and results."""
    yaml = _yaml()
    serial, cases, job = [], [], None
    for line in stderr.splitlines():
        try:
            entry = yaml.safe_load(line)
        except yaml.YAMLError:
            continue
        if not isinstance(entry, dict):
            continue
        msg = entry.get("msg")
        if entry.get("lvl") == "target" and isinstance(msg, str):
            serial.append(msg)
        elif entry.get("lvl") == "results" and isinstance(msg, dict):
            if msg.get("definition") in ("barebench", "barebench-verdict"):
                cases.append((msg["definition"], msg["case"], msg["result"],
                              msg.get("measurement") if msg.get("measurement") != "null"
                              else None, msg.get("units") if msg.get("units") != "null"
                              else None))
            elif msg.get("case") == "job":
                job = msg.get("result")
    return "\n".join(serial) + "\n", cases, job


def check_same_test_action():
    yaml = _yaml()
    actions = {}
    for name in ["job-qemu.yaml"] + sorted(BOARD_JOBS):
        job = yaml.safe_load(open(os.path.join(LAVA, name)))
        actions[name] = [a["test"] for a in job["actions"] if "test" in a]
    first = actions["job-qemu.yaml"]
    bc.report(len(first) == 1 and all(a == first for a in actions.values()),
              "every LAVA job carries the same test action (%s)" % ", ".join(actions))


def validate_board_jobs(work):
    tftp, stubs = os.path.join(work, "tftp"), os.path.join(work, "bin")
    os.makedirs(tftp)
    os.makedirs(stubs)
    for name in ("in.tftpd", "telnet"):
        with open(os.path.join(stubs, name), "w") as f:
            f.write("#!/bin/sh\nexit 0\n")
        os.chmod(os.path.join(stubs, name), 0o755)
    module = os.path.join(work, "example.bbp")
    from bblib import module as mod
    src = os.path.join(work, "nop2.asm")
    with open(src, "w") as f:
        f.write('%include "payload.mac"\nPAYLOAD nop2, "two NOPs", 2\n    nop\n    nop\n'
                'ENDPAYLOAD\n')
    mod.build(src, module)
    env = dict(os.environ, PATH=stubs + os.pathsep + os.environ["PATH"])
    for n, (job_name, device) in enumerate(sorted(BOARD_JOBS.items())):
        job = with_urls(open(os.path.join(LAVA, job_name)).read(), {
            "https://artifacts.example.org/barebench/barebench.elf": "file://" + bc.KERNEL,
            "https://artifacts.example.org/barebench/my_payloads.bbp": "file://" + module})
        path = os.path.join(work, job_name)
        with open(path, "w") as f:
            f.write(job)
        proc = subprocess.run(as_root(["/usr/bin/python3", "-c", STUBBED_VALIDATE, tftp,
                                       "--validate", "--job-id", "bbv%d%d" % (os.getpid(), n),
                                       "--output-dir", os.path.join(work, "v%d" % n),
                                       "--device", os.path.join(LAVA, device), path]),
                              capture_output=True, text=True, timeout=120, env=env)
        _, _, result = parse_log(proc.stderr)
        errors = re.findall(r'"error_msg": "([^"]*)"', proc.stderr)
        bc.report(proc.returncode == 0 and result == "pass",
                  "lava-run --validate accepts %s on %s%s" % (job_name, device,
                                                             " (%s)" % errors[0] if errors else ""))


def main():
    if not shutil.which("lava-run"):
        bc.skip("lava: lava-dispatcher is not installed (make check-lava installs it)")
        return bc.summary()
    if os.geteuid() != 0 and subprocess.run(["sudo", "-n", "true"],
                                            capture_output=True).returncode != 0:
        bc.skip("lava: lava-run needs root (or sudo without a password)")
        return bc.summary()
    check_same_test_action()
    with tempfile.TemporaryDirectory(prefix="bb-lava-") as work:
        proc, seconds = run_qemu_job(work)
        serial, cases, job = parse_log(proc.stderr)
        bc.report(proc.returncode == 0 and job == "pass",
                  "lava-run finishes the QEMU job, job result %s (%.1f s)" % (job, seconds))
        log = os.path.join(work, "serial.log")
        with open(log, "w", encoding="latin-1") as f:
            f.write(serial)
        out = os.path.join(work, "report.json")
        rep = subprocess.run([sys.executable, TOOL, "report", log, "--json", out],
                             capture_output=True, text=True)
        if bc.report(rep.returncode in (0, 2) and os.path.exists(out),
                     "barebench report accepts the serial log LAVA captured (%s)"
                     % rep.stderr.strip()[-200:]):
            want = expected_cases(json.load(open(out)))
            bc.report(cases == want, "LAVA recorded the cases barebench report reads from the "
                      "same log, same names, results, medians and units (%d cases: %d results, "
                      "%d skips, %d faults)" % (len(cases), sum(c[2] == "pass" and c[3] is not None
                                                                for c in cases),
                                                sum(c[2] == "skip" for c in cases),
                                                sum(c[2] == "fail" and c[0] == "barebench"
                                                    for c in cases)))
            if cases != want:
                missing = [c for c in want if c not in cases][:3]
                extra = [c for c in cases if c not in want][:3]
                print("    report has, LAVA lacks: %s\n    LAVA has, report lacks: %s"
                      % (missing, extra))
        verdict = [c for c in cases if c[0] == "barebench-verdict"]
        bc.report(verdict == [("barebench-verdict", "end", "pass", None, None)],
                  "the run's verdict case says pass (%s)" % verdict)
        validate_board_jobs(work)
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
