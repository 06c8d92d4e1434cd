"""`make bench-hosted` (tools/bench_hosted.py): the table's structure on
synthetic hosted logs (a row per payload, the calibrated column, the key
figures, the published figure found by CPUID signature, its source cited),
the published data itself, and the script run with a stand-in program. No
timing is checked: the values are the synthetic logs'."""

import glob
import os
import re
import shutil
import tempfile

import synth
from common import ROOT, tool, write_temp
from bblib import hosted_bench, published, results

SCRIPT = os.path.join(ROOT, "tools", "bench_hosted.py")
ZEN5 = ("AuthenticAMD", 26, 2, 0)
SKYLAKE = ("GenuineIntel", 6, 94, 3)
NETBURST = ("GenuineIntel", 15, 2, 9)


def _logs(signature=ZEN5, scales=("0.61", "0.62", "0.64"), calibrated=True):
    """Three runs' logs; each calibrated at its own scale (or not: '-')."""
    return [write_temp(synth.hosted_log(signature=signature, scale=s,
                                        before=s if calibrated else "-",
                                        after=s if calibrated else "-"),
                       "run%d-%s.log" % (n, signature[2]))
            for n, s in enumerate(scales, 1)]


def _table(*args, **kw):
    code, out, err = tool("--logs", *_logs(*args, **kw), program=SCRIPT)
    assert code == 0, "exit %d: %s" % (code, err)
    return out


def _row(text, first):
    """The cells of the table row whose first cell is `first`."""
    line = next((l for l in text.splitlines() if l.startswith("| %s |" % first)), None)
    assert line, "no row %r in:\n%s" % (first, text)
    return [c.strip() for c in line.strip("|").split("|")]


def test_every_payload_in_ticks_and_calibrated_cycles():
    out = _table()
    assert "Microarchitecture: Zen 5" in out and results.CALIBRATED in out, out
    header = _row(out, "payload")
    assert header == ["payload", "ticks", "spread", "cycles (calibrated)", "spread",
                      "published (cycles)"], header
    for name, _, cycles in synth.HOSTED_CYCLES:
        cells = _row(out, name)
        # Each run's median in ticks, then the same over its calibration.
        assert len(cells[1].split(" / ")) == 3, cells
        assert cells[3] == " / ".join([cycles] * 3), cells
    assert _row(out, "cost_rdmsr")[1] == "skip", out


def test_key_figures_and_published_figures_with_sources():
    out = _table()
    ratio = _row(out, "IMUL/ADD latency ratio")
    assert ratio[1] == "3.00 / 3.00 / 3.00" and ratio[3].startswith("3.00 ("), ratio
    for name, want in (("chase_l1", "4"), ("chase_l2", "14")):
        cells = _row(out, "%s (cycles, calibrated)" % name)
        assert cells[3].split(" ")[0] == want, cells
        number = re.search(r"\[(\d+)\]", cells[3]).group(1)
        source = next(l for l in out.splitlines() if l.startswith("[%s] " % number))
        assert "Zen5" in source and "58455" in source, source
    # No published DIV figure (operand-dependent): said as "-", not guessed.
    assert _row(out, "div_latency")[5] == "-", out


def test_published_figure_found_by_cpuid_signature():
    out = _table(signature=SKYLAKE)
    assert "Microarchitecture: Skylake (client)" in out, out
    assert _row(out, "chase_l2 (cycles, calibrated)")[3].startswith("12 ["), out
    assert _row(out, "chase_l1 (cycles, calibrated)")[3].startswith("4 ["), out
    for vendor, family, model, name in (("AuthenticAMD", 0x17, 0x71, "Zen 2"),
                                        ("AuthenticAMD", 0x19, 0x61, "Zen 4"),
                                        ("AuthenticAMD", 0x19, 0x21, "Zen 3"),
                                        ("GenuineIntel", 6, 0x8C, "Sunny Cove"),
                                        ("GenuineIntel", 6, 0x97, "Golden Cove"),
                                        ("GenuineIntel", 6, 0xBA, "Raptor Cove")):
        uarch = published.lookup(vendor, str(family), str(model))
        assert uarch and uarch.name.startswith(name), (family, model, uarch)


def test_no_published_figure_and_no_calibration():
    # NetBurst: no ADD-chain calibration (ADD is not latency 1 there) and no
    # published figures.
    out = _table(signature=NETBURST, calibrated=False)
    assert "Microarchitecture: %s" % published.NONE in out, out
    cells = _row(out, "chase_l2")
    assert cells[3] == "- / - / -" and cells[5] == "-", cells
    assert _row(out, "IMUL/ADD latency ratio")[3] == "-", out


def test_published_data_is_sound():
    def payloads(folder):
        names = set()
        for path in glob.glob(os.path.join(ROOT, "bench", "x86", folder, "*.asm")):
            with open(path) as f:
                names |= set(re.findall(r"^PAYLOAD (\w+),", f.read(), re.M))
        return names

    # A figure's payload is built in every mode: the ISA's, or each mode's own form of it.
    names = payloads("payloads") | (payloads("32/payloads") & payloads("64/payloads"))
    assert {"add_latency", "chase_l2"} <= names, names
    seen = {}
    for u in published.UARCHES:
        for payload, fig in u.figures.items():
            assert payload in names, "%s: %s is no built-in payload" % (u.name, payload)
            assert fig.figure > 0 and fig.source, (u.name, payload, fig)
        for lo, hi in u.models:
            for model in range(lo, hi + 1):
                key = (u.vendor, u.family, model)
                assert key not in seen, "%s and %s both claim %s" % (seen.get(key), u.name, key)
                seen[key] = u.name
    # The minimum: Zen 1 to 5, Skylake, Ice/Tiger Lake, Golden/Raptor Cove.
    for name in ("Zen/Zen+", "Zen 2", "Zen 3", "Zen 4", "Zen 5", "Skylake (client)",
                 "Sunny Cove", "Golden Cove", "Raptor Cove"):
        assert any(u.name.startswith(name) for u in published.UARCHES), name


def test_spread_of_runs():
    assert hosted_bench.spread(["1.00", "1.10", "0.90"]) == "0.20 (20.0%)"
    assert hosted_bench.spread(["1.00", None]) == "-"


def test_script_runs_the_program_and_writes_the_table():
    work = tempfile.mkdtemp(prefix="bb-bench-hosted-")
    try:
        program = synth.stand_in(os.path.join(work, "barebench"))
        out = os.path.join(work, "out")
        code, stdout, err = tool("--program", program, "--runs", "2", "--append", "bench=nop",
                                 "-o", out, program=SCRIPT)
        assert code == 0, "exit %d: %s%s" % (code, stdout, err)
        assert sorted(os.listdir(out)) == ["bench-hosted.md", "run1.log", "run2.log"], out
        with open(os.path.join(out, "bench-hosted.md")) as f:
            assert f.read() == stdout
        assert "Runs: 2 (run1, run2)" in stdout, stdout
        program = synth.stand_in(os.path.join(work, "failing"), status="fail")
        code, _, err = tool("--program", program, "-o", out, program=SCRIPT)
        assert code == 1 and "run 1 failed" in err, err
        code, _, err = tool("--program", os.path.join(work, "none"), program=SCRIPT)
        assert code == 1 and "not found (make HOSTED=1)" in err, err
    finally:
        shutil.rmtree(work, ignore_errors=True)
