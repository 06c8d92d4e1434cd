"""The instruction table's generator and table (docs/itable.md): from NASM's
insns.dat (tools/nasm-insns.sh) at least 1000 forms of every instruction-set
family the issue names are generated, none privileged, control flow or
system; each payload declares exactly the instructions and branches its
source has; every form not generated says why; and the table's arithmetic
(latency, helper, throughput, calibration, merge) gives the figures a run's
records mean."""

import json
import os
import re
import subprocess

from common import ROOT, Skip, tool, write_temp
from bblib import itable, itable_table

_text = {}


def _insns_text():
    if "text" not in _text:
        proc = subprocess.run([os.path.join(ROOT, "tools", "nasm-insns.sh")],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise Skip("NASM's insns.dat is not here and cannot be fetched: %s"
                       % proc.stderr.strip().splitlines()[-1:])
        with open(proc.stdout.strip(), encoding="latin-1") as f:
            _text["text"] = f.read()
    return _text["text"]


_gen = {}


def _generated(mode):
    if mode not in _gen:
        _gen[mode] = itable.generate(_insns_text(), mode)
    return _gen[mode]


# A form of each family the issue names, which the 64-bit table generates.
FAMILIES = {
    "integer": "IMUL r32, r32", "x87": "FMUL st(i), st(0)", "MMX": "PADDB mm, mm",
    "SSE": "ADDPS xmm, xmm", "SSE2": "PADDD xmm, xmm", "SSE3": "HADDPS xmm, xmm",
    "SSSE3": "PSHUFB xmm, xmm", "SSE4.1": "PMULLD xmm, xmm", "SSE4.2": "CRC32 r32, r32",
    "BMI1": "ANDN r32, r32, r32", "BMI2": "PDEP r64, r64, r64", "AES": "AESENC xmm, xmm",
    "CLMUL": "PCLMULQDQ xmm, xmm, i8", "SHA": "SHA256RNDS2 xmm, xmm, xmm0",
    "AVX": "VADDPS ymm, ymm, ymm", "AVX2": "VPADDD ymm, ymm, ymm",
    "FMA": "VFMADD231PS ymm, ymm, ymm", "AVX-512": "VPADDD zmm, zmm, zmm",
}


def test_a_thousand_forms_of_every_family():
    gen = _generated(64)
    made = {f["form"]: f for f in gen.forms if not f["skipped"]}
    assert len(made) >= 1000, "only %d forms generated" % len(made)
    missing = ["%s (%s)" % (family, form) for family, form in FAMILIES.items()
               if form not in made or not made[form]["latency"] or not made[form]["throughput"]]
    assert not missing, "no latency and throughput payloads for: %s" % ", ".join(missing)


def test_the_32_bit_table_has_no_long_mode_form():
    gen = _generated(32)
    made = [f["form"] for f in gen.forms if not f["skipped"]]
    assert len(made) >= 1000, "only %d forms generated in 32-bit mode" % len(made)
    assert not [f for f in made if re.search(r"\br64\b", f)], "a 64-bit register in 32-bit mode"


def test_never_privileged_control_flow_or_system():
    bad = itable.CONTROL | itable.SYSTEM
    for mode in (32, 64):
        made = [f["form"].split()[0] for f in _generated(mode).forms if not f["skipped"]]
        wrong = sorted({m for m in made if m in bad or itable.STACK.match(m)})
        assert not wrong, "generated in %d-bit mode: %s" % (mode, wrong)
    lines = [f for f in itable.parse(_insns_text()) if "PRIV" in f.flags]
    priv = {itable.form_text(f, itable._plan(f, 64)[0]) for f in lines}
    made = {f["form"] for f in _generated(64).forms if not f["skipped"]}
    assert not priv & made, "privileged forms generated: %s" % sorted(priv & made)[:5]


def test_every_form_not_generated_says_why():
    for mode in (32, 64):
        silent = [f["form"] for f in _generated(mode).forms
                  if not f["skipped"] and not f["latency"] and not f["throughput"]]
        assert not silent, "forms with neither payload nor reason: %s" % silent[:5]
        unexplained = [f["form"] for f in _generated(mode).forms
                       if not f["skipped"] and not f["latency"] and not f.get("latency_skipped")]
        assert not unexplained, "no latency and no reason: %s" % unexplained[:5]


def test_declared_counts_are_the_source_lines():
    """Each PAYLOAD's instruction count is 1 + LOOP x (its lines + 2), its
    branches LOOP: counted here from the NASM source, not from the generator's
    own arithmetic."""
    source = itable.nasm_source(_generated(64), 64)
    blocks = re.findall(r"^PAYLOAD (\w+), \"[^\"]*\", (\d+), [^\n]*\n(.*?)^ENDPAYLOAD", source,
                        re.M | re.S)
    assert len(blocks) == len(_generated(64).payloads), "%d blocks" % len(blocks)
    wrong = []
    for name, insns, body in blocks:
        code = [line for line in body.splitlines()
                if line.strip() and not line.strip().startswith(("BRANCHES", "FEATURE", "%$"))]
        branches = [line for line in code if line.strip().startswith("j")]
        declared = re.search(r"BRANCHES (\d+)", body)
        if name.startswith(itable.CALIBRATION):
            ok = int(insns) == len(code) and not branches and not declared
        else:
            loop = int(re.search(r"mov \w+, (\d+)", code[0]).group(1))
            ok = int(insns) == 1 + loop * (len(code) - 1) and len(branches) == 1 and \
                declared and int(declared.group(1)) == loop
        if not ok:
            wrong.append(name)
    assert not wrong, "payloads whose counts are not their source's: %s" % wrong[:5]


def test_each_form_has_its_own_name_and_encoding():
    """A form's name is the table's key (the CSV and markdown have one line a
    form): the EVEX encoding of an instruction VEX also encodes is named with
    NASM's {evex} prefix, and its payloads carry the prefix, since NASM
    otherwise encodes xmm0-15 with VEX."""
    gen = _generated(64)
    names = [f["form"] for f in gen.forms]
    twice = sorted({n for n in names if names.count(n) > 1})
    assert not twice, "forms named twice: %s" % twice[:5]
    by = {f["form"]: f for f in gen.forms}
    vex, evex = by["VADDSD xmm, xmm, xmm"], by["{evex} VADDSD xmm, xmm, xmm"]
    assert (vex["encoding"], evex["encoding"]) == ("vex", "evex"), (vex, evex)
    payloads = {p.name: p for p in gen.payloads}
    assert all(line.startswith("{evex} vaddsd ") for line in payloads[evex["latency"]].lines)
    assert not any("{evex}" in line for line in payloads[vex["latency"]].lines)
    assert "EVEX form of xmm or ymm" in by["{evex} VPADDD ymm, ymm, ymm"]["skipped"]
    assert not by["VPADDD ymm, ymm, ymm"]["skipped"]


def test_memory_forms_address_the_prepared_buffer():
    """Each register-or-memory form is generated a second time with memory
    there, throughput only, at the base the set-ups point into their
    buffer; copies that write memory write apart; x87 arithmetic with memory
    chains through st(0); a bit offset into memory is skipped."""
    gen = _generated(64)
    by = {f["form"]: f for f in gen.forms}
    payloads = {p.name: p for p in gen.payloads}
    for form in ("ADD r32, m32", "ADD m32, r32", "VADDPS zmm, zmm, m512", "PADDD xmm, m128"):
        f = by[form]
        assert not f["skipped"] and f["throughput"] and not f["latency"] and \
            f["latency_skipped"] == itable.MEMORY_LATENCY, f
    stores = payloads[by["ADD m32, r32"]["throughput"]].lines
    slots = [re.search(r"\[rsi([+-]\d+)?\]", line).group(1) or "0" for line in stores]
    offsets = sorted({int(o) for o in slots})
    assert len(offsets) == itable.COPIES and all(b - a >= 4 for a, b in zip(offsets, offsets[1:]))
    assert max(abs(o) for o in offsets) < itable.MEMORY_BYTES // 2, offsets
    assert by["FADD m32"]["latency"] and not by["FADD m32"]["throughput"], by["FADD m32"]
    assert "bit offset into memory" in by["BT m32, r32"]["skipped"]
    base_used = [line for p in gen.payloads for line in p.lines
                 if re.search(r"\b[re]?si\b", re.sub(r"\[[^]]*\]", "", line))]
    assert not base_used, "the base register given to a form: %s" % base_used[:3]


def _manifest():
    return {"source": "test", "mode": 64, "links": 8, "loop": 16,
            "calibration": {"payloads": ["itcal", "itcal1"], "links": 1536},
            "helpers": {"ith_vec_gpr": ["vec", "gpr"]},
            "forms": [
                {"form": "IMUL r32, r32", "skipped": None, "latency": "l1", "throughput": "t1",
                 "copies": 48},
                {"form": "MOVD r32, xmm", "skipped": None, "latency": "l2", "throughput": None,
                 "helper": "ith_vec_gpr", "throughput_skipped": "test"},
                {"form": "JMP r64", "skipped": "control flow", "latency": None,
                 "throughput": None}]}


def _bench(name, ticks=None, skip=None):
    results = [] if ticks is None else [{"event": "TSC", "unit": "ticks",
                                         "median": "%.2f" % ticks}]
    return {"name": name, "results": results, "skip": skip, "fault": None}


def _target(brand, per_cycle, imul_lat, imul_tp):
    """A run whose TSC ticks per_cycle ticks a cycle: IMUL's chain imul_lat
    cycles a link, its copies imul_tp each; MOVD + helper 6 cycles a link,
    the helper's round trip 4 a pair."""
    turn = 16
    return {"vendor": "GenuineIntel", "family": 6, "model": 0x55, "brand": brand,
            "benches": [_bench("itcal", 1536 * per_cycle),
                        _bench("l1", 8 * turn * imul_lat * per_cycle),
                        _bench("t1", 48 * turn * imul_tp * per_cycle),
                        _bench("l2", 4 * turn * 6 * per_cycle),
                        _bench("ith_vec_gpr", 8 * turn * 2 * per_cycle)]}


def test_table_arithmetic():
    rows = itable_table.rows_of(_target("cpu A", 2, 3, 0.5), _manifest())
    by = {r["form"]: r for r in rows}
    assert (by["IMUL r32, r32"]["latency"], by["IMUL r32, r32"]["throughput"]) == (3.0, 0.5), \
        by["IMUL r32, r32"]
    assert by["MOVD r32, xmm"]["latency"] == 4.0, "6 a link, helper 2: %s" % by["MOVD r32, xmm"]
    assert by["JMP r64"]["skipped"] == "control flow" and by["JMP r64"]["latency"] is None


def test_the_clock_is_taken_from_the_chains_around_a_payload():
    """The core's clock moves against the TSC during a run: a payload's
    ticks are taken at the ratio interpolated between the calibration
    chains before and after it in the run (2 ticks a cycle first, 4 last)."""
    target = _target("cpu A", 2, 3, 0.5)
    turn, benches = 16, target["benches"]
    # Run order: itcal, l1, t1, l2, helper, itcal1; l1 at position 1 of 5.
    benches[1] = _bench("l1", 8 * turn * 3 * 2.4)
    benches.append(_bench("itcal1", 1536 * 4))
    by = {r["form"]: r for r in itable_table.rows_of(target, _manifest())}
    assert by["IMUL r32, r32"]["latency"] == 3.0, by["IMUL r32, r32"]
    # Without chains, the run's own two-decimal record serves every payload.
    target["benches"] = [b for b in benches if not b["name"].startswith("itcal")]
    target["ticks_per_cycle"] = "2.40"
    by = {r["form"]: r for r in itable_table.rows_of(target, _manifest())}
    assert by["IMUL r32, r32"]["latency"] == 3.0, by["IMUL r32, r32"]


def test_calibration_chains_run_throughout():
    gen = _generated(64)
    names = [p.name for p in gen.payloads]
    chains = [i for i, p in enumerate(gen.payloads) if p.kind == "calibration"]
    gaps = [b - a - 1 for a, b in zip(chains, chains[1:])]
    assert chains[0] == 0 and chains[-1] == len(names) - 1, (chains[:3], chains[-3:])
    assert max(gaps) == itable.CALIBRATE_EVERY and len(set(names)) == len(names), gaps[:5]


def _count(name, event, median, unmodelled=None):
    return {"event": event, "unit": "events", "median": "%d.00" % median,
            "unmodelled": unmodelled}


def test_events_per_instruction_take_the_loop_off():
    """A chain of 8 links a turn, 16 turns: 1 + 16 x 10 instructions and 16
    branches; the loop alone 1 + 16 x 2 and 16. Per instruction of the form
    that is 1 and 0; an event the emulator does not count is left out."""
    manifest = dict(_manifest(), loop_only="itloop")
    target = _target("cpu A", 2, 3, 0.5)
    benches = {b["name"]: b for b in target["benches"]}
    benches["l1"]["results"] += [_count("l1", "INSTRUCTIONS", 161), _count("l1", "BRANCHES", 16),
                                 _count("l1", "UOPS_RETIRED", 0, "not modelled")]
    target["benches"].append({"name": "itloop", "skip": None, "fault": None, "results": [
        _count("itloop", "INSTRUCTIONS", 33), _count("itloop", "BRANCHES", 16),
        _count("itloop", "UOPS_RETIRED", 0, "not modelled")]})
    benches["t1"]["results"] = []  # no throughput: the chain's counts are the row's
    row = itable_table.rows_of(target, manifest)[0]
    assert row["events"] == {"INSTRUCTIONS": 1.0, "BRANCHES": 0.0}, row
    assert itable_table.unmodelled(target) == ["UOPS_RETIRED: not modelled"]
    md = itable_table.table_md(itable_table.rows_of(target, manifest), "test",
                               itable_table.unmodelled(target))
    assert "| IMUL r32, r32 | 1.00 | 0.00 |" in md and "- UOPS_RETIRED: not modelled" in md, md
    # Without the loop alone, no count is given rather than one with the loop in it.
    del target["benches"][-1]
    assert itable_table.rows_of(target, manifest)[0]["events"] == {}


def test_skipped_payloads_give_the_reason():
    target = _target("cpu A", 2, 3, 0.5)
    target["benches"][1] = _bench("l1", skip="the CPU has no bmi2")
    target["benches"][2] = _bench("t1", skip="the CPU has no bmi2")
    row = itable_table.rows_of(target, _manifest())[0]
    assert row["latency"] is None and "the CPU has no bmi2" in row["skipped"], row


def test_merge_puts_a_column_per_cpu():
    rows = itable_table.rows_of(_target("cpu A", 2, 3, 0.5), _manifest()) + \
        itable_table.rows_of(_target("cpu B", 1, 4, 1), _manifest())
    a, b = write_temp(json.dumps(rows[:3]), "a.json"), write_temp(json.dumps(rows[3:]), "b.json")
    out = os.path.join(os.path.dirname(a), "merged")
    code, stdout, stderr = tool("itable", "--merge", a, b, "-o", out)
    assert code == 0, stderr
    merged = json.load(open(os.path.join(out, "itable.json")))
    assert all({"form", "latency", "throughput", "skipped"} <= set(r) for r in merged)
    header = open(os.path.join(out, "itable.csv")).readline()
    assert header.count("latency ") == 2, header
    md = open(os.path.join(out, "itable.md")).read()
    assert "| IMUL r32, r32 | 3.00 | 4.00 | 0.50 | 1.00 |" in md, md


def test_bad_merge_input_refused():
    path = write_temp(json.dumps({"targets": []}), "report.json")
    code, _, stderr = tool("itable", "--merge", path, "-o", path + ".out")
    assert code == 1 and "not an itable.json" in stderr, stderr


def test_netboot_needs_the_stock_qemu():
    out = write_temp("", "x") + ".d"
    code, _, stderr = tool("itable", "--netboot", "-o", out)
    assert code == 1 and "--netboot boots QEMU's NIC: it needs --qemu MODEL" in stderr, stderr
    code, _, stderr = tool("itable", "--qemu", "pentium3", "--netboot", "--counting", "-o", out)
    assert code == 1 and "without user-mode networking" in stderr, stderr


def test_forms_matching_nothing_refused():
    code, _, stderr = tool("itable", "--hosted", "--forms", "NOSUCH *", "-o",
                           write_temp("", "x") + ".d")
    if "hosted program" in stderr or "NASM's insns.dat:" in stderr:
        raise Skip(stderr.strip())
    assert code == 1 and "no form of insns.dat matches" in stderr, stderr



PUBLISHED = """mnemonic,operands,latency_cycles,throughput_cycles,notes
IMUL,"R32, R32",3,1.00,x
MOVD,"R32, XMM",7,0.50,x
VPADDD,"ZMM, K, ZMM, ZMM",2,0.35,masked only
PMAXSD,"XMM, XMM",1,0.30,x
VPMAXSD,"XMM, XMM, XMM",2,0.31,x
MOVAPS,"XMM, XMM",0,0.25,x
PMINUW,"XMM, XMM",1,0.33,x
VADDSD,"XMM, XMM, XMM",3,0.50,x
"""


def test_beside_a_published_table():
    from bblib import itable_compare
    published = itable_compare.load(write_temp(PUBLISHED, "published.csv"))
    rows = [{"form": "IMUL r32, r32", "latency": 3.02, "throughput": 0.95, "notes": []},
            {"form": "MOVD r32, xmm", "latency": 4.5, "throughput": 0.5,
             "notes": ["latency with the helper ith_vec_gpr taken off"]},
            {"form": "VPADDD zmm, zmm, zmm", "latency": 2.0, "throughput": 0.25, "notes": []},
            {"form": "PMAXSD xmm, xmm", "latency": 2.0, "throughput": 0.25, "notes": []},
            {"form": "MOVAPS xmm, xmm", "latency": 0.4, "throughput": 0.25, "notes": []},
            {"form": "PMINUW xmm, xmm", "latency": 2.0, "throughput": 0.33, "notes": []},
            {"form": "{evex} VADDSD xmm, xmm, xmm", "latency": 3.0, "throughput": 0.5,
             "notes": []},
            {"form": "JMP r64", "latency": None, "throughput": None, "notes": []},
            {"form": "KADDW k, k, k", "latency": 1.0, "throughput": 0.5, "notes": []}]
    got = itable_compare.compare(rows, published, [])
    assert (got["compared_latency"], got["agree_latency"]) == (7, 3), got
    assert (got["compared_throughput"], got["agree_throughput"]) == (7, 5), got
    assert got["unmatched"] == 1, "KADDW has no published figure: %s" % got
    why = {(d["form"], d["kind"]): d["why"] for d in got["disagreements"]}
    assert "helper" in why["MOVD r32, xmm", "latency"], why
    assert "another width or encoding of this operation 2 cycles" in \
        why["PMAXSD xmm, xmm", "latency"], why
    # No vector result measured under 2 cycles (MOVAPS, eliminated, aside).
    assert "no vector result here is ready in under 2 cycles: the least of the 4" in \
        why["PMINUW xmm, xmm", "latency"], why
    assert "eliminates" in why["MOVAPS xmm, xmm", "latency"], why
    assert "decoded-instruction cache" in why["VPADDD zmm, zmm, zmm", "throughput"], why
    text = itable_compare.markdown(got, "published.csv", "cpu A")
    assert "Latency agrees within 0.1 cycle for 3 of 7 (43 %) forms" in text, text


def test_published_table_without_its_columns_refused():
    from bblib import itable_compare
    path = write_temp("form,lat\nADD,1\n", "bad.csv")
    try:
        itable_compare.load(path)
    except ValueError as e:
        assert "no column latency_cycles" in str(e), e
    else:
        raise AssertionError("a CSV without the columns was read")
