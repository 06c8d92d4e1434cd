#!/usr/bin/env python3
"""Builds the libFuzzer targets (tests/fuzz/fuzz_*.c) and runs each for a while.

Each target is compiled with clang, -fsanitize=fuzzer,address,undefined,
together with the portable sources it tests, into BUILD/fuzz/. A run starts
from the seeds in tests/fuzz/corpus/<target>/ with a fixed -seed, a per-input
time limit (the hang check) and -max_total_time, and prints one line that
tests/run-checks counts:
  PASS: fuzz <target>: N executions, no crash/hang/leak
  FAIL: fuzz <target>: <what broke> (input: <file>)
A failing input is kept in BUILD/fuzz/artifacts/; `BUILD/fuzz/<target> FILE`
replays it. Without clang's libFuzzer runtime the targets are skipped.

  run_fuzz.py [--seconds N] [--keep-corpus] [--build DIR] [TARGET...]

Without --seconds (make check) the whole run, builds included, keeps to
about BUDGET seconds: each target fuzzes for what the builds left of it, at
most SHORT_SECONDS and at least MIN_SECONDS.

--keep-corpus grows BUILD/fuzz/corpus/<target>/ across runs (make fuzz); by
default a run starts from the seeds only, so a short run is repeatable.
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "tests", "fuzz")
CC = os.environ.get("FUZZ_CC", "clang")
# Line tables are enough for the sanitizers' stack traces and build faster.
CFLAGS = ["-std=c11", "-O1", "-gline-tables-only", "-fno-omit-frame-pointer", "-Wall", "-Wextra", "-Werror",
          "-DBAREBENCH_HOST", "-I."]
SANITIZE = "address,undefined"
BUDGET, SHORT_SECONDS, MIN_SECONDS = 30, 10, 3
RUN_OVERHEAD = 2  # seconds per target around -max_total_time: start, leak check

# Target -> the portable sources it exercises (plus tools/hostlib/*.c).
TARGETS = {
    "fuzz_options": ["lib/options.c", "lib/fmt.c", "lib/strutil.c", "lib/cpuinfo.c", "kernel/console.c"],
    # Every architecture's backends, listed by tools/hostlib/registry.c, as
    # the Makefile's host programs have them (not each kernel's registry).
    "fuzz_pmu": sorted(glob.glob(os.path.join(ROOT, "pmu", "*.c")))
    + sorted(p for p in glob.glob(os.path.join(ROOT, "pmu", "*", "*.c"))
             if os.path.basename(p) != "registry.c")
    + ["lib/fmt.c", "lib/strutil.c", "lib/cpuinfo.c", "kernel/console.c"],
    "fuzz_module": ["bench/module.c", "lib/crc32.c", "lib/fmt.c", "lib/strutil.c",
                    "kernel/console.c"],
}

# The event-spec language's punctuation. Words come from the PMU layer:
# event and unit mask names from `pmu-encode --list`, modifiers and aliases
# from the short lowercase string literals of pmu/*.c, so the dictionary
# follows the tables and backends as they change.
PMU_SYNTAX = [":", ",", "=", "=0x", "cpu/", "/u", "/k", "event=0x", "umask=0x", "r"]


def sources(target, build_dir):
    """The target's sources, tools/hostlib's, and what the synthetic CPUs
    need: the CPU rows of the tables generated from libpfm4, and for the PMU
    layer the tables themselves, which `make` wrote into the build."""
    names = [os.path.relpath(p, ROOT) if os.path.isabs(p) else p for p in TARGETS[target]]
    hostlib = sorted(glob.glob(os.path.join(ROOT, "tools", "hostlib", "*.c")))
    pmu = any(n.startswith("pmu/") for n in names)
    extra = ([os.path.relpath(os.path.join(os.path.dirname(build_dir), "gen", "pmu", "x86",
                                           "events_pfm.c"), ROOT)] if pmu
             else ["pmu/x86/pfm_cpus.c"])
    return names + extra + [os.path.relpath(p, ROOT) for p in hostlib
                            if pmu or os.path.basename(p) != "registry.c"]


def stale(obj):
    """True unless obj is newer than everything its depfile (-MMD) lists."""
    try:
        built = os.path.getmtime(obj)
        with open(obj + ".d") as f:
            deps = f.read().replace("\\\n", " ").split(":", 1)[1].split()
        return any(os.path.getmtime(os.path.join(ROOT, d)) > built for d in deps)
    except (OSError, IndexError):
        return True


def compile_one(src, obj, extra):
    """Compiles src into obj when it is stale; returns an error text or None."""
    if not stale(obj):
        return None
    os.makedirs(os.path.dirname(obj), exist_ok=True)
    cmd = [CC] + CFLAGS + extra + ["-MMD", "-MF", obj + ".d", "-c", "-o", obj, src]
    proc = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if proc.returncode:
        lines = proc.stdout.decode("utf-8", "replace").strip().splitlines()
        return "%s: %s" % (src, "\n".join(lines[:8]))
    return None


def build(target, build_dir):
    """Builds BUILD/fuzz/<target>; returns an error text or None."""
    # Instrumented for coverage and the sanitizers; main comes at the link.
    extra = ["-fsanitize=fuzzer-no-link,%s" % SANITIZE, "-fno-sanitize-recover=undefined"]
    jobs = [(src, os.path.join(build_dir, "obj", src + ".o"))
            for src in sources(target, build_dir) + ["tests/fuzz/%s.c" % target]]
    with ThreadPoolExecutor(max_workers=2) as pool:
        errors = [e for e in pool.map(lambda j: compile_one(j[0], j[1], extra), jobs)
                  if e]
    if errors:
        return errors[0]
    binary = os.path.join(build_dir, target)
    cmd = [CC, "-fsanitize=fuzzer,%s" % SANITIZE, "-o", binary] + [j[1] for j in jobs]
    proc = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if proc.returncode:
        return "link: " + proc.stdout.decode("utf-8", "replace").strip()
    return None


def pmu_words(build_root):
    """Event, unit mask and modifier names and aliases of the PMU layer."""
    words = set()
    for path in glob.glob(os.path.join(ROOT, "pmu", "*.c")):
        with open(path) as f:
            words |= set(re.findall(r'"([a-z][a-z0-9-]{0,15})"', f.read()))
    tool = os.path.join(build_root, "host", "pmu-encode")
    if not os.access(tool, os.X_OK):
        return sorted(words)
    usage = subprocess.run([tool], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    cpus = re.search(r"PMU names:(.*)", usage.stderr.decode()).group(1).split()
    for cpu in cpus:
        out = subprocess.run([tool, "--pmu", cpu, "--list"], stdout=subprocess.PIPE)
        for line in out.stdout.decode("utf-8", "replace").splitlines():
            word = line.split()[0].lstrip(":") if line.strip() else ""
            if re.fullmatch(r"[A-Za-z0-9_]+", word):
                words.add(word)
    return sorted(words)


def write_dict(target, build_dir, build_root):
    """The libFuzzer dictionary of a target, or None when it has none."""
    static = os.path.join(HERE, target + ".dict")
    entries = []
    if os.path.exists(static):
        with open(static) as f:
            entries = [line.rstrip("\n") for line in f if line.strip()]
    if target == "fuzz_pmu":
        entries += ['"%s"' % w for w in PMU_SYNTAX + pmu_words(build_root)]
    if not entries:
        return None
    path = os.path.join(build_dir, target + ".dict")
    with open(path, "w") as f:
        f.write("\n".join(entries) + "\n")
    return path


def failure(log):
    """The first line that says what broke, from a libFuzzer log."""
    patterns = [r"fuzz property failed: .*", r"ERROR: AddressSanitizer: .*",
                r"runtime error: .*", r"ERROR: LeakSanitizer: .*", r"ERROR: libFuzzer: .*"]
    for pattern in patterns:
        m = re.search(pattern, log)
        if m:
            return m.group(0).strip()
    return "libFuzzer failed"


def run(target, seconds, args, build_dir):
    binary = os.path.join(build_dir, target)
    # A short run starts afresh in its own folder: the grown corpus stays.
    work = os.path.join(build_dir, "corpus" if args.keep_corpus else "short-corpus", target)
    if not args.keep_corpus:
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work, exist_ok=True)
    artifacts = os.path.join(build_dir, "artifacts")
    os.makedirs(artifacts, exist_ok=True)
    cmd = [binary, "-seed=1", "-max_total_time=%d" % seconds, "-timeout=5",
           "-max_len=1024", "-rss_limit_mb=1024", "-print_final_stats=1",
           "-artifact_prefix=%s/%s-" % (artifacts, target)]
    dictionary = write_dict(target, build_dir, os.path.dirname(build_dir))
    if dictionary:
        cmd.append("-dict=" + dictionary)
    cmd += [work, os.path.join(HERE, "corpus", target)]
    try:
        proc = subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=seconds + 120)
        log, code = proc.stdout.decode("utf-8", "replace"), proc.returncode
    except subprocess.TimeoutExpired as e:
        log, code = (e.stdout or b"").decode("utf-8", "replace"), -1
        log += "\nERROR: libFuzzer: did not stop after -max_total_time"
    log_path = os.path.join(build_dir, target + ".log")
    with open(log_path, "w") as f:
        f.write(log)
    runs = re.search(r"stat::number_of_executed_units: (\d+)", log)
    if code == 0 and runs:
        print("PASS: fuzz %s: %s executions, no crash/hang/leak (%d s)" % (target, runs.group(1),
                                                                             seconds))
        return True
    unit = re.search(r"Test unit written to (\S+)", log)
    where = " (input: %s)" % os.path.relpath(unit.group(1), ROOT) if unit else ""
    print("FAIL: fuzz %s: %s%s; log %s" % (target, failure(log), where,
                                           os.path.relpath(log_path, ROOT)))
    return False


def have_libfuzzer():
    if not shutil.which(CC):
        return False
    proc = subprocess.run([CC, "--print-runtime-dir"], stdout=subprocess.PIPE)
    runtime = proc.stdout.decode().strip()
    return os.path.exists(os.path.join(runtime, "libclang_rt.fuzzer-x86_64.a"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, help="fuzzing time per target (default: "
                        "share a %d s budget, at most %d s each)" % (BUDGET, SHORT_SECONDS))
    parser.add_argument("--keep-corpus", action="store_true", help="grow the corpus across runs")
    parser.add_argument("--build", default=os.environ.get("BUILD", "build"),
                        help="build folder (the Makefile's BUILD, as tests/run-checks passes it)")
    parser.add_argument("targets", nargs="*", default=sorted(TARGETS))
    args = parser.parse_args()
    if not have_libfuzzer():
        print("SKIP: fuzz: %s with libFuzzer is not installed (make deps)" % CC)
        return 0
    start = time.monotonic()
    build_dir = os.path.join(ROOT, args.build, "fuzz")
    ok, built = True, []
    for target in args.targets:
        error = build(target, build_dir) if target in TARGETS else "no such target (%s)" % (
            ", ".join(sorted(TARGETS)))
        if error:
            print("FAIL: fuzz %s: build: %s" % (target, error))
            ok = False
        else:
            built.append(target)
    for i, target in enumerate(built):
        seconds = args.seconds
        if seconds is None:
            left = BUDGET - (time.monotonic() - start) - RUN_OVERHEAD * (len(built) - i)
            seconds = min(SHORT_SECONDS, max(MIN_SECONDS, int(left / (len(built) - i))))
        ok &= run(target, seconds, args, build_dir)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
