"""Every subcommand of tools/barebench, and tools/boot, against bad input
files (missing, a directory, empty, binary, truncated, huge, a JSON report
with keys missing) and bad output paths (under a regular file, a directory,
a full device): each ends with a line naming the file and a non-zero exit,
never with a traceback, and no emulator boots on a file it cannot use."""

import json
import os
import shutil
import subprocess
import tempfile
import time
import zlib

import synth
from common import BAREBENCH, BOOT, ISO, KERNEL, Skip, tool, write_temp

GOOD_SOURCE = """%include "payload.mac"
PAYLOAD two_adds, "two dependent ADDs", 2
    add eax, 1
    add eax, 1
ENDPAYLOAD
"""
# What a QR page carries for scan to write.
RECORDS = synth.conditions_log().encode()
# Seconds an emulator may run in a case (bad input must be refused before),
# and the most a case may take.
TIMEOUT = "20"
CASE_SECONDS = 10


def _bad_inputs(folder):
    """{kind: path} of input files no subcommand can use."""
    paths = {kind: os.path.join(folder, kind) for kind in (
        "missing", "directory", "empty", "binary", "truncated", "huge", "keyless.json")}
    os.mkdir(paths["directory"])
    contents = {"empty": b"", "binary": bytes(range(256)) * 64,
                "truncated": synth.conditions_log().encode()[:300],
                "huge": b"noise " * (1 << 20) + b"\n",
                "keyless.json": json.dumps({"format": "barebench-report", "version": 1,
                                            "targets": [{"target": "t"}]}).encode()}
    for kind, data in contents.items():
        with open(paths[kind], "wb") as f:
            f.write(data)
    return paths


def _bad_outputs(folder):
    """{kind: path} of output paths nothing can be written to."""
    plain = os.path.join(folder, "plain-file")
    with open(plain, "w") as f:
        f.write("a regular file\n")
    return {"under a file": os.path.join(plain, "out"), "directory": folder, "full": "/dev/full"}


def _input_cases(bad, good_log, out):
    """(what, argv, program) per subcommand reading the file `bad`; outputs
    go to the folder `out`."""
    qemu = ["run", "--qemu", "pentium3", "--timeout", TIMEOUT, "-o", out]
    return [
        ("report", ["report", bad], None),
        ("check", ["check", bad], None),
        ("compare A", ["compare", bad, good_log], None),
        ("compare B", ["compare", good_log, bad], None),
        ("plot", ["plot", bad], None),
        ("scan", ["scan", bad], None),
        ("payload", ["payload", bad, "-o", os.path.join(out, "out.bbp")], None),
        ("run --payload", qemu + ["--kernel", KERNEL, "--payload", bad], None),
        ("run --kernel", qemu + ["--kernel", bad], None),
        ("run --bochs --iso", ["run", "--bochs", "p3_katmai", "--timeout", TIMEOUT, "--iso", bad,
                               "-o", out], None),
        ("boot qemu", ["qemu", "--timeout", TIMEOUT, "--quiet", bad], BOOT),
        ("boot qemu --iso", ["qemu", "--timeout", TIMEOUT, "--quiet", "--iso", bad], BOOT),
        ("boot bochs", ["bochs", "--timeout", TIMEOUT, "--quiet", bad], BOOT),
    ]


def _output_cases(kind, bad, good_log, good_source):
    """(what, argv, program) per subcommand writing to `bad`, of `kind`."""
    cases = [("report --%s" % ext, ["report", good_log, "--" + ext, bad], None)
             for ext in ("md", "csv", "json", "svg", "junit")]
    cases += [
        ("compare -o", ["compare", good_log, good_log, "-o", bad], None),
        ("plot -o", ["plot", good_log, "-o", bad], None),
        ("payload -o", ["payload", good_source, "-o", bad], None),
        ("boot --log", ["qemu", "--timeout", TIMEOUT, "--quiet", "--log", bad, KERNEL], BOOT),
    ]
    if kind == "under a file":  # report -o PREFIX writes PREFIX.md: only this kind fails
        cases.append(("report -o", ["report", good_log, "-o", bad], None))
    if kind != "directory":  # run -o names a folder
        cases.append(("run -o", ["run", "--qemu", "pentium3", "--timeout", TIMEOUT, "--kernel",
                                 KERNEL, "-o", bad], None))
    if shutil.which("qrencode"):
        page = write_temp("", "bad-output-page.png")
        subprocess.run(["qrencode", "-8", "-o", page], input=b"BBQR 1/1 %08x\n%s" % (
            zlib.crc32(RECORDS), RECORDS), check=True)
        cases.append(("scan -o", ["scan", page, "-o", bad], None))
    return cases


def _problems(cases, named):
    """What is wrong with how each case ended; `named` is the file its
    last line must name."""
    out = []
    for what, argv, program in cases:
        start = time.monotonic()
        code, stdout, stderr = tool(*argv, program=program or BAREBENCH)
        seconds = time.monotonic() - start
        said = (stdout + stderr).strip()
        last = said.splitlines()[-1] if said else "nothing"
        if "Traceback" in said or code == 0 or named not in last or seconds > CASE_SECONDS:
            out.append("%s on %s: exit %d after %.1f s, said %r"
                       % (what, os.path.basename(named), code, seconds, last))
    return out


def test_every_subcommand_refuses_bad_input_cleanly():
    if not os.path.exists(KERNEL):
        raise Skip("no kernel image %s (make)" % KERNEL)
    folder = tempfile.mkdtemp(prefix="bb-bad-input-")
    try:
        good_log = os.path.join(folder, "good.log")
        with open(good_log, "w") as f:
            f.write(synth.conditions_log())
        good_source = os.path.join(folder, "good.asm")
        with open(good_source, "w") as f:
            f.write(GOOD_SOURCE)
        problems, count = [], 0
        for bad in _bad_inputs(folder).values():
            cases = _input_cases(bad, good_log, os.path.join(folder, "out"))
            problems += _problems(cases, bad)
            count += len(cases)
        for kind, bad in _bad_outputs(os.path.join(folder, "directory")).items():
            cases = _output_cases(kind, bad, good_log, good_source)
            problems += _problems(cases, bad)
            count += len(cases)
        assert not problems, "%d of %d cases:\n%s" % (len(problems), count, "\n".join(problems))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_run_target_names_and_threshold_refused():
    # Target names are log file names in -o: none may leave it or clash.
    log = write_temp(synth.conditions_log(), "threshold.log")
    cases = [(["run", "--qemu", "../up:pentium3", "--kernel", KERNEL], "'../up'"),
             (["run", "--qemu", "a/b:pentium3", "--kernel", KERNEL], "'a/b'"),
             (["run", "--qemu", "..:pentium3", "--kernel", KERNEL], "'..'"),
             (["run", "--qemu", "x:pentium3 x:coreduo", "--kernel", KERNEL], "named x "),
             (["compare", log, log, "--threshold", "nan"], "'nan'"),
             (["compare", log, log, "--threshold", "-1"], "'-1'")]
    for argv, phrase in cases:
        code, out, err = tool(*argv)
        assert code != 0 and phrase in err and "Traceback" not in err, (argv, code, out + err)


def test_wrong_file_type_refused_before_booting():
    if not os.path.exists(KERNEL) or not os.path.exists(ISO):
        raise Skip("no kernel image or ISO (make all iso)")
    module = write_temp("BBPM" + "\0" * 60, "built.bbp")
    readme = os.path.join(os.path.dirname(BOOT), "..", "README.md")
    cases = [(["qemu", ISO], BOOT, "is an ISO image, but QEMU's -kernel needs an x86 ELF file"),
             (["qemu", readme], BOOT, "neither an ELF file nor an ISO image"),
             (["qemu", "--iso", KERNEL], BOOT, "is an x86 ELF file, but --iso needs an ISO image"),
             (["bochs", KERNEL], BOOT, "is an x86 ELF file, but Bochs needs an ISO image"),
             (["ppc", KERNEL], BOOT, "is an x86 ELF file, but the PowerPC boot needs a PowerPC "
              "ELF file"),
             (["ppc", ISO], BOOT, "is an ISO image, but the PowerPC boot needs"),
             (["run", "--qemu", "pentium3", "--kernel", ISO], BAREBENCH, "is an ISO image"),
             (["run", "--qemu", "pentium3", "--kernel", readme], BAREBENCH, "neither an ELF"),
             (["run", "--bochs", "p3_katmai", "--iso", KERNEL], BAREBENCH, "is an x86 ELF file"),
             (["run", "--qemu", "pentium3", "--kernel", KERNEL, "--payload", module], BAREBENCH,
              "is a payload module (.bbp); --payload takes the NASM source")]
    for argv, program, phrase in cases:
        start = time.monotonic()
        code, out, err = tool(*argv, "--timeout", "60", program=program)
        assert code != 0 and phrase in err, (argv, code, out + err)
        assert time.monotonic() - start < 10, "%s took the boot's time to refuse" % argv
