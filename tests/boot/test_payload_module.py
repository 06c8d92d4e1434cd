#!/usr/bin/env python3
"""Payload modules: the example payloads of docs/payloads.md, assembled into
a module with `tools/barebench payload` and given to the stock kernel as a multiboot1
module (QEMU -initrd), measure exactly what the same source built in with
`make PAYLOAD=` measures under -icount, record for record; through GRUB's
`module2` (multiboot2) too. Damaged, truncated, oversized and hostile copies
are each refused with their file named, and the built-in payloads still run.
`tools/barebench run --payload` does it in one step."""

import os
import re
import struct
import subprocess
import sys
import tempfile

import bootcheck as bc
from bblib import module, records, runner
from test_user_payload import EXAMPLE_DOC, doc_example

TOOL = os.path.join(bc.ROOT, "tools", "barebench")


def comparable(run, names):
    """The bench, pass and result records of those payloads, without the
    sequence numbers (the boot records' command lines differ)."""
    return [(r.type, tuple(sorted(r.fields.items()))) for r in run.records
            if r.type in ("bench", "pass", "result") and r.fields.get("bench",
                                                                        r.fields.get("name"))
            in names]


def damaged_copies(good, work):
    """(file, what the kernel must say) for each way a module can be bad."""
    copies = {
        "truncated.bbp": (good[:-3], "truncated"),
        "flipped.bbp": (good[:-2] + bytes([good[-2] ^ 0x10]) + good[-1:], "CRC mismatch"),
        "oversized.bbp": (module.seal(good + bytes(module.MAX_BYTES)), "more than the 1048576"),
        "version9.bbp": (good[:4] + struct.pack("<H", 9) + good[6:], "format version 9"),
        "hostile.bbp": (module.seal(good[:32] + struct.pack("<I", 0xfffffff0) + good[36:]),
                        "name offset 4294967280 is outside the module"),
        "notamodule.bbp": (b"GRUB would load any file here\n" * 4, "no BBPM magic"),
    }
    out = []
    for name, (data, says) in copies.items():
        path = os.path.join(work, name)
        with open(path, "wb") as f:
            f.write(data)
        out.append((path, says))
    return out


def hostile_but_sound(work):
    """A module whose payloads break what a body and a description must not:
    one writes ESP (xor esp, esp) and one's description reads as a record.
    Built with module.pack and patched, so the tool's own checks do not stop
    them before the kernel sees them."""
    record = "@BB,0,end,0,pass*00000000"

    def payload(name, body, insns, description="d"):
        return {"name": name, "description": description, "body": body,
                "body_len": len(body), "insns": insns, "branches": 0, "flags": 0}
    data = module.pack([payload("esp_zero", b"\x31\xe4", 1),  # xor esp, esp
                        payload("esp_push", b"\x31\xe4\x50\x58", 3),  # and push, pop on it
                        payload("says_record", b"\x90", 1, "x" * len(record))])
    path = os.path.join(work, "hostile_but_sound.bbp")
    with open(path, "wb") as f:
        f.write(module.seal(data.replace(b"x" * len(record), record.encode())))
    boot = bc.qemu("pentium3", "bench=esp_zero+esp_push+says_record", icount=True, timeout=30,
                   modules=[path])
    run = bc.records(boot)
    medians = {r.fields["bench"]: r.fields["median"] for r in run.of_type("result")} if run else {}
    bc.report(boot.passed and medians == {"esp_zero": "1.00", "esp_push": "3.00",
                                          "says_record": "1.00"},
              "a body that writes ESP is contained: the run ends, every payload measured "
              "exactly (%s; %s)" % (medians, "; ".join(boot.problems)))
    human = [line for line in boot.serial.splitlines()
             if records.PREFIX in line and not line.startswith(records.PREFIX)]
    bc.report(run is not None and not human and "says_record: @bb,0,end" in boot.serial,
              "a description holding a record's prefix is shown without it, and the log is "
              "sound (%s)" % human[:1])


def check_modes(asm, bbp, names, work):
    """A module runs in the mode it was built for: the long-mode kernel of
    the image refuses a 32-bit one, the 32-bit kernel a 64-bit one, each
    with the reason on record; built with --mode 64 the same source runs in
    long mode, each payload exactly its count."""
    bbp64 = os.path.join(work, "example64.bbp")
    tool = subprocess.run([sys.executable, TOOL, "payload", asm, "-o", bbp64, "--mode", "64"],
                          capture_output=True, text=True, cwd=bc.ROOT)
    header = open(bbp64, "rb").read()[:32] if tool.returncode == 0 else b""
    bc.report(len(header) == 32 and struct.unpack_from("<H", header, 26)[0] == 64,
              "barebench payload --mode 64 builds the example into a module whose header says 64 "
              "(%s)" % tool.stderr.strip()[-200:])
    spec = "bench=" + "+".join(names)
    wrong_mode, in_32, in_64 = bc.in_parallel(lambda job: job(), [
        lambda: bc.launch.boot_qemu(bc.KERNEL, "max", spec + "+nop", icount=True, modules=[bbp],
                                    long_mode=True),
        lambda: bc.launch.boot_qemu(bc.KERNEL, "pentium3", spec + "+nop", icount=True,
                                    modules=[bbp64]),
        lambda: bc.launch.boot_qemu(bc.KERNEL, "max", spec, icount=True, modules=[bbp64],
                                    long_mode=True)])
    for boot, said in ((wrong_mode, "its bodies are 32-bit code and this kernel runs 64-bit "
                                    "payloads: boot with mode=32"),
                       (in_32, "its bodies are 64-bit code and this kernel runs 32-bit payloads: "
                               "they need long mode")):
        bc.report(said in boot.serial and re.search(r"^@BB,\d+,error,module,", boot.serial, re.M)
                  and boot.passed, "%s: a module of the other mode is refused (%s), the run goes on"
                  % (boot.target, said))
    run = bc.records(in_64)
    want = {r.fields["name"]: r.fields["expected"] for r in run.of_type("bench")} if run else {}
    got = {r.fields["bench"]: r.fields["median"] for r in run.of_type("result")} if run else {}
    bc.report(run and all(got.get(n) == "%s.00" % want.get(n) for n in names),
              "the 64-bit module's payloads run in long mode, each exactly its count (%s)" % got)


def main():
    source = doc_example()
    if not bc.report(source is not None, "%s has the example payload block" % EXAMPLE_DOC):
        return bc.summary()
    names = re.findall(r"^PAYLOAD (\w+),", source, re.M)
    with tempfile.TemporaryDirectory(prefix="bb-module-") as work:
        asm = os.path.join(work, "example.asm")
        with open(asm, "w") as f:
            f.write(source)
        bbp = os.path.join(work, "example.bbp")
        tool = subprocess.run([sys.executable, TOOL, "payload", asm, "-o", bbp],
                              capture_output=True, text=True, cwd=bc.ROOT)
        if not bc.report(tool.returncode == 0 and os.path.exists(bbp),
                         "barebench payload builds the docs' example into a module (%s)"
                         % "; ".join((tool.stdout + tool.stderr).split("\n")).strip("; ")[-300:]):
            return bc.summary()
        good = open(bbp, "rb").read()
        bc.report(good[:4] == b"BBPM" and len(good) == struct.unpack_from("<I", good, 8)[0],
                  "the module starts with its magic and states its length (%d bytes)" % len(good))

        build = os.path.join(work, "build")
        make = subprocess.run(["make", "-s", "-j2", "BUILD=" + build, "PAYLOAD=" + asm,
                               os.path.join(build, "barebench.elf")], cwd=bc.ROOT,
                              capture_output=True, text=True)
        bc.report(make.returncode == 0, "make PAYLOAD=example.asm builds the reference image")
        check_modes(asm, bbp, names, work)
        spec = "bench=" + "+".join(names) + "+nop"
        built_in, loaded = bc.in_parallel(lambda job: job(), [
            lambda: bc.launch.boot_qemu(os.path.join(build, "barebench.elf"), "pentium3", spec,
                                        icount=True),
            lambda: bc.qemu("pentium3", spec, icount=True, modules=[bbp])])
        ref, mine = bc.records(built_in), bc.records(loaded)
        bc.report(re.search(r"^module %s: %d payload\(s\): %s" % (re.escape(bbp), len(names),
                                                                   " ".join(names)) + r"\r?$",
                            loaded.serial, re.M) is not None,
                  "the kernel names the module and the payloads it took from it")
        if ref and mine:
            want = comparable(ref, set(names) | {"nop"})
            got = comparable(mine, set(names) | {"nop"})
            bc.report(want and got == want,
                      "the module's payloads give the same bench, pass and result records as "
                      "make PAYLOAD= (%d records)" % len(got))
            for name in names:
                res = [r.fields for r in mine.of_type("result") if r.fields["bench"] == name]
                bc.report(len(res) == 1 and res[0]["min"] == res[0]["max"],
                          "%s from the module measures exactly, zero spread (%s)"
                          % (name, res[0]["median"] if res else "no result"))
            bc.report(mine.status == "pass", "the run with the module passes")

        bad = damaged_copies(good, work)
        boot = bc.qemu("pentium3", "bench=%s+nop" % names[0], icount=True,
                       modules=[p for p, _ in bad] + [bbp])
        for path, says in bad:
            bc.report(re.search(r"^module: %s: refused: .*%s" % (re.escape(path), re.escape(says)),
                                boot.serial, re.M) is not None,
                      "%s is refused by name: %s" % (os.path.basename(path), says))
        run = bc.records(boot)
        if run:
            errors = [r.fields for r in run.of_type("error")]
            bc.report(len(errors) == len(bad) and all(
                e["where"] == "module" and e["message"].startswith(path + ": refused: ")
                for e, (path, _) in zip(errors, bad)),
                "each refusal is also an error record naming the module (%d records)"
                % len(errors))
            benches = [r.fields["bench"] for r in run.of_type("result")]
            bc.report(benches == [names[0], "nop"] and run.status == "pass",
                      "after the refusals the good module's %s and the built-in nop run, status "
                      "pass (%s)" % (names[0], benches))

        # Asking for a payload of a refused module runs nothing else instead.
        flipped = [p for p, says in bad if says == "CRC mismatch"]
        boot = bc.qemu("pentium3", "bench=%s" % names[0], icount=True, modules=flipped)
        run = bc.records(boot)
        if run:
            errors = [(r.fields["where"], r.fields["message"]) for r in run.of_type("error")]
            bc.report(run.of_type("bench") == [] and ("bench", "'%s' matches no benchmark "
                      "(bench=list shows them); skipped" % names[0]) in errors,
                      "bench= naming a payload of a refused module measures nothing, with an "
                      "error record (%s)" % errors)

        hostile_but_sound(work)

        clash, clash_bbp = os.path.join(work, "clash.asm"), os.path.join(work, "clash.bbp")
        source = '%%include "payload.mac"\nPAYLOAD %s, "not the real nop", 1\n    nop\nENDPAYLOAD\n'
        with open(clash, "w") as f:
            f.write(source % "nop")
        try:
            module.build(clash, clash_bbp)
            said = "built"
        except module.ModuleError as e:
            said = str(e)
        bc.report("a built-in payload has this name" in said,
                  "barebench payload refuses a payload named like a built-in one (%s)" % said)
        # The kernel must refuse it too: the module of xop, renamed nop.
        with open(clash, "w") as f:
            f.write(source % "xop")
        module.build(clash, clash_bbp)
        with open(clash_bbp, "rb") as f:
            data = f.read()
        with open(clash_bbp, "wb") as f:
            f.write(module.seal(data.replace(b"xop\0", b"nop\0")))
        boot = bc.qemu("pentium3", "bench=nop", icount=True, modules=[clash_bbp])
        bc.report(re.search(r"^module: %s: refused: payload nop already exists"
                            % re.escape(clash_bbp), boot.serial, re.M) is not None and
                  boot.passed, "a module payload named like a built-in one is refused, run passes")

        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      "bench=" + "+".join(names), work, [bbp])
        boot = bc.launch.boot_qemu(iso=iso, cpu="pentium3", icount=True)
        run = bc.records(boot)
        bc.report(run is not None and "multiboot2" in boot.serial and
                  sorted(r.fields["bench"] for r in run.of_type("result")) == sorted(names),
                  "GRUB's module2 (multiboot2) hands the module over and its payloads run")

        out = os.path.join(work, "runs")
        proc = subprocess.run([sys.executable, TOOL, "run", "--payload", asm, "--qemu", "pentium3",
                               "--icount", "--append", "bench=" + names[-1], "-o", out],
                              capture_output=True, text=True, cwd=bc.ROOT)
        log = os.path.join(out, "qemu-pentium3.log")
        text = open(log, encoding="latin-1").read() if os.path.exists(log) else ""
        bc.report(proc.returncode == 0 and re.search(r"@BB,\d+,result,%s," % names[-1], text),
                  "barebench run --payload assembles and boots in one step (%s)"
                  % proc.stdout.strip().splitlines()[-1:])
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
