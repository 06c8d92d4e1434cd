"""The conditions of a run (`cond` records, format version 2): read from
real and synthetic logs, shown per target by `report`, compared by
`compare`, which warns when two runs were measured under different
conditions; format version 1 logs, which have none, are still read."""

import json

import synth
from common import REAL_CPUS, expect_refused, real_log, real_log_file, records, tool, write_temp
from bblib import compare, report, results

KEYS = ("serialize", "mode", "xcr0", "lfence", "smm_freeze", "invariant_tsc", "turbo", "event_table",
        "caches",
        "microcode_source", "firmware_source", "smbios_source", "disturbances",
        "cycles_per_tsc_before", "cycles_per_tsc_after")


def test_real_log_has_every_condition():
    run = records.check_log(real_log())[0]
    assert run.boot["version"] == records.FORMAT_VERSION, run.boot["version"]
    got = [r.fields["key"] for r in run.of_type("cond")]
    assert got == list(KEYS), got
    cond = {r.fields["key"]: r.fields for r in run.of_type("cond")}
    assert cond["serialize"]["value"] == run.boot["serialize"], (cond["serialize"], run.boot)
    # The provenance is in the boot record; its sources say how it was read.
    assert run.boot["firmware"] == "bios" and cond["firmware_source"]["value"] == "read", (
        run.boot, cond["firmware_source"])
    assert run.boot["system_vendor"] != "-" and cond["smbios_source"]["value"] == "read" and \
        cond["smbios_source"]["detail"].startswith("SMBIOS "), (run.boot, cond["smbios_source"])
    # Stock QEMU counts nothing: the ratio is not measured, and says why.
    for when in ("before", "after"):
        c = cond["cycles_per_tsc_" + when]
        assert c["value"] == "-" and c["detail"] == "not measured: counters do not count", c


def test_version_1_log_still_read():
    text = synth.failed_run_log()
    assert records.check_log(text)[0].boot["version"] == "1"
    path = write_temp(text, "v1.log")
    code, out, err = tool("report", path)
    assert code == 2, "a v1 log with status fail: exit %d: %s" % (code, err)
    row = next(l for l in out.splitlines() if l.startswith("| v1 | not recorded"))
    assert row.count("not recorded") == len(report.CONDITIONS), row


def test_report_shows_conditions_per_target():
    logs = [real_log_file(cpu) for cpu in REAL_CPUS]
    code, out, err = tool("report", *logs)
    assert code == 0, "exit %d: %s" % (code, err)
    data = results.load(logs)
    for t in data["targets"]:
        cells = [t["conditions"][k]["value"] for k in report.CONDITIONS]
        row = "| %s | %s | %s |" % (t["target"], " | ".join(cells),
                                    t["conditions"]["serialize"]["detail"])
        assert row in out, "no row %r in:\n%s" % (row, out)
        cells = [t["provenance"][k] for k in records.PROVENANCE]
        row = "| %s | %s |" % (t["target"], " | ".join(cells))
        assert row in out, "no provenance row %r in:\n%s" % (row, out)


def test_json_keeps_conditions():
    path = write_temp(synth.conditions_log(), "cond.log")
    code, out, _ = tool("report", path, "--json", "-")
    target = json.loads(out)["targets"][0]
    assert target["conditions"]["smm_freeze"] == {
        "value": "on", "detail": "IA32_DEBUGCTL bit 14 set; read back 0x4000"}, target
    assert target["conditions"]["cycles_per_tsc_after"]["value"] == "1.00"


def test_compare_warns_on_different_conditions():
    a = write_temp(synth.conditions_log(), "turbo-on.log")
    b = write_temp(synth.conditions_log(turbo="off", after="1.20"), "turbo-off.log")
    code, out, err = tool("compare", a, b)
    assert code == 0, "without --threshold compare exits 0 (%d): %s" % (code, err)
    for what in ("turbo is on in A, off in B", "cycles_per_tsc_after is 1.00 in A, 1.20 in B"):
        assert "Warning: turbo-on vs turbo-off: measured under different conditions: %s." % what \
            in out, out
        assert "warning: turbo-on vs turbo-off: measured under different conditions: %s" % what \
            in err, err


def test_compare_warns_on_other_microcode_or_firmware():
    def log(microcode, firmware):
        return synth.conditions_log(version=6, provenance={
            "microcode": microcode, "firmware": firmware, "system_vendor": "Dell Inc."})
    a = write_temp(log("0xf0", "uefi"), "ucode6-a.log")
    b = write_temp(log("0xf4", "bios"), "ucode6-b.log")
    code, out, err = tool("compare", a, b)
    for what in ("microcode is 0xf0 in A, 0xf4 in B", "firmware is uefi in A, bios in B"):
        assert "measured under different conditions: %s" % what in err, err
    assert "system_vendor" not in err, err
    code, out, err = tool("report", a, "--md", "-")
    assert "| ucode6-a | 0xf0 | uefi | - | - | - | Dell Inc. |" in out, out
    code, out, err = tool("report", a, "--json", "-")
    target = json.loads(out)["targets"][0]
    assert target["provenance"]["microcode"] == "0xf0" and target["provenance"]["bios_date"] == "-", \
        target["provenance"]


def test_version_5_provenance_still_read():
    """Format version 5 wrote the provenance as `cond` records: it reads as
    the same provenance, and compares with a version 6 run's."""
    def log(microcode, firmware):
        return synth.conditions_log(version=5, extra=(
            ("cond", "microcode", microcode, "IA32_BIOS_SIGN_ID bits 63:32 after CPUID (MSR 0x8b)"),
            ("cond", "firmware", firmware, "multiboot2 passed the 64-bit EFI system table")))
    a = write_temp(log("0xf0", "uefi"), "ucode-a.log")
    b = write_temp(log("0xf4", "bios"), "ucode-b.log")
    code, out, err = tool("compare", a, b)
    for what in ("microcode is 0xf0 in A, 0xf4 in B", "firmware is uefi in A, bios in B"):
        assert "measured under different conditions: %s" % what in err, err
    code, out, err = tool("report", a, "--md", "-")
    assert "| ucode-a | 0xf0 | uefi |" in out, out
    same = write_temp(synth.conditions_log(version=6, provenance={
        "microcode": "0xf0", "firmware": "uefi"}), "ucode-6.log")
    code, out, err = tool("compare", a, same)
    assert "microcode" not in err and "firmware" not in err, err


def test_compare_quiet_when_conditions_agree():
    a = write_temp(synth.conditions_log(), "same-a.log")
    b = write_temp(synth.conditions_log(after="1.02"), "same-b.log")  # within 5 %
    code, out, err = tool("compare", a, b)
    assert code == 0 and "Warning" not in out and "warning" not in err, (out, err)


def test_compare_real_models_differ_in_serializer():
    # pentium3 has no SSE2 (CPUID serializes), Skylake-Client LFENCE.
    a, b = (results.load([real_log_file(cpu)]) for cpu in REAL_CPUS)
    warned = compare.condition_warnings(a, b)
    assert any("serialize is cpuid in A, lfence in B" in w for w in warned), warned


def test_compare_names_a_side_without_conditions():
    a = write_temp(synth.failed_run_log(), "old.log")
    b = write_temp(synth.conditions_log(), "new.log")
    warned = compare.condition_warnings(results.load([a]), results.load([b]))
    assert warned == ["old vs new: the conditions are recorded in B only (a format version 1 "
                      "log on the other side)"], warned


def test_cond_record_in_version_1_run_refused():
    text = synth.conditions_log(version=1)
    expect_refused(text, "cond record in a format version 1 run", 2)


def test_bad_ratio_refused():
    text = synth.conditions_log(after="fast")
    expect_refused(text, "cycles_per_tsc_after 'fast' is neither a two-decimal number nor '-'",
                   len(text.splitlines()) - 1)
