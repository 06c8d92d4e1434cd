#!/usr/bin/env python3
"""The README's example payload, built into the image with `make PAYLOAD=`,
is listed and measures exactly its instruction count under -icount."""

import os
import re
import subprocess
import tempfile

import bootcheck as bc


def readme_example():
    text = open(os.path.join(bc.ROOT, "README.md")).read()
    m = re.search(r"<!-- example-payload.*?```nasm\n(.*?)```", text, re.S)
    return m.group(1) if m else None


def main():
    source = readme_example()
    if not bc.report(source is not None, "README.md has the example payload block"):
        return bc.summary()
    name = re.search(r"^PAYLOAD (\w+), .*, (\d+)", source, re.M)
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
        bc.report(re.search(r"^  \* %s +%s " % (name.group(1), name.group(2)), listing.serial,
                            re.M) is not None, "the new payload is in bench=list")
        boot = bc.launch.boot_qemu(kernel, "pentium3", "bench=" + name.group(1), icount=True)
    run = bc.records(boot)
    if run:
        results = run.of_type("result")
        want = "%s.00" % name.group(2)
        bc.report(len(results) == 1 and all(results[0].fields[s] == want for s in
                                            ("min", "median", "max")),
                  "%s measures exactly %s instructions per iteration" % (name.group(1), want))
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
