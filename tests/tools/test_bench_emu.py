"""`make bench-emu` (tools/bench_emu.py): the figures from the fastest boots,
the count check, the table's structure, and the script run on small guests
under Debian's QEMU and the counting QEMU. No timing is checked: a guest's
speed is the machine's."""

import os
import shutil
import tempfile

from common import ROOT, Skip, tool
from bblib import launch

import bench_emu

SCRIPT = os.path.join(ROOT, "tools", "bench_emu.py")


def test_time_per_instruction_from_two_sizes():
    # 90 iterations more took 0.9 s more: 10 instructions an iteration
    assert abs(bench_emu.ns_per_insn({10: (1.0, None), 100: (1.9, None)}) - 1e6) < 1e-3
    assert bench_emu.ns_per_insn({10: (1.0, None), 100: (0.9, None)}) is None


def test_counts_must_differ_by_the_loop():
    bench_emu.check_count("c", {10: (1.0, 112), 100: (1.9, 1012)})
    for counts in ((112, 1013), (112, None)):
        try:
            bench_emu.check_count("c", {10: (1.0, counts[0]), 100: (1.9, counts[1])})
        except SystemExit as e:
            assert "not 900" in str(e), e
        else:
            raise AssertionError("counts %s accepted" % (counts,))


def test_table_rows_and_ratios():
    best = {10: (1.0, None), 100: (2.0, None)}
    text = bench_emu.table([("a", 2.0, best), ("b", 3.0, best), ("c", None, best)])
    lines = text.splitlines()
    assert lines[0] == "| QEMU | ns per guest instruction | vs a | seconds, 100 / 10 iterations |"
    assert lines[2:] == ["| a | 2.000 | 1.00x | 2.00 / 1.00 |",
                         "| b | 3.000 | 1.50x | 2.00 / 1.00 |",
                         "| c | - | - | 2.00 / 1.00 |"], lines


def test_script_boots_each_qemu():
    if launch.counting_problem():
        raise Skip(launch.counting_problem())
    if not shutil.which("qemu-system-i386"):
        raise Skip("no qemu-system-i386 (Debian's qemu-system-x86)")
    work = tempfile.mkdtemp(prefix="bb-bench-emu-")
    try:
        code, out, err = tool("--iterations", "1000", "--runs", "1", "-o", work,
                              program=SCRIPT)
        assert code == 0, "exit %d: %s%s" % (code, out, err)
        with open(os.path.join(work, "bench-emu.md")) as f:
            assert f.read() == out
        names = [l.split(" | ")[0][2:] for l in out.splitlines()[2:]]
        assert names == [c[0] for c in bench_emu.CONFIGS], names
        code, _, err = tool("--iterations", "5", program=SCRIPT)
        assert code == 2 and "at least 10" in err, err
    finally:
        shutil.rmtree(work, ignore_errors=True)
