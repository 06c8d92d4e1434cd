#!/usr/bin/env python3
"""The example payloads of docs/payloads.md, built into the image with
`make PAYLOAD=`, are listed and each measures exactly its instruction count
under -icount; one of them has an inner loop on a `%$` label, the way
docs/payloads.md says a label inside a body is written."""

import os
import re
import subprocess
import tempfile

import bootcheck as bc


# The file whose example-payload block the boot tests build and run.
EXAMPLE_DOC = "docs/payloads.md"


def doc_example():
    text = open(os.path.join(bc.ROOT, EXAMPLE_DOC)).read()
    m = re.search(r"<!-- example-payload.*?```nasm\n(.*?)```", text, re.S)
    return m.group(1) if m else None


def main():
    source = doc_example()
    if not bc.report(source is not None, "%s has the example payload block" % EXAMPLE_DOC):
        return bc.summary()
    payloads = re.findall(r"^PAYLOAD (\w+), .*, (\d+)\s*$", source, re.M)
    bc.report(len(payloads) >= 2 and re.search(r"^%\$(\w+):$", source, re.M) is not None and
              re.search(r"^\s+j\w+ %\$\w+$", source, re.M) is not None,
              "the example has several payloads, one with an inner loop on a %%$ label (%s)"
              % ", ".join(n for n, _ in payloads))
    if not payloads:
        return bc.summary()
    names = "+".join(n for n, _ in payloads)
    with tempfile.TemporaryDirectory(prefix="bb-payload-") as work:
        path = os.path.join(work, "example.asm")
        with open(path, "w") as f:
            f.write(source)
        build = os.path.join(work, "build")
        make = subprocess.run(["make", "-s", "BUILD=" + build, "PAYLOAD=" + path,
                               os.path.join(build, "barebench.elf")], cwd=bc.ROOT,
                              capture_output=True, text=True)
        if not bc.report(make.returncode == 0, "make PAYLOAD=example.asm builds the image (%s)"
                         % make.stderr.strip()[-300:]):
            return bc.summary()
        kernel = os.path.join(build, "barebench.elf")
        listing = bc.launch.boot_qemu(kernel, "pentium3", "bench=list", icount=True)
        for name, insns in payloads:
            bc.report(re.search(r"^  \* %s +%s " % (name, insns), listing.serial,
                                re.M) is not None, "the new payload %s is in bench=list" % name)
        boot = bc.launch.boot_qemu(kernel, "pentium3", "bench=" + names, icount=True)
    run = bc.records(boot)
    if run:
        results = run.of_type("result")
        for name, insns in payloads:
            mine = [r for r in results if r.fields["bench"] == name]
            want = "%s.00" % insns
            bc.report(len(mine) == 1 and all(mine[0].fields[s] == want for s in
                                             ("min", "median", "max")),
                      "%s measures exactly %s instructions per iteration (%s)"
                      % (name, want, [mine[0].fields[s] for s in ("min", "median", "max")]
                         if mine else "no result"))
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
