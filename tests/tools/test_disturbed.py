"""The `disturbed` record (format version 5): what disturbed a pass's
repetitions, read by report; refused in an older format or with a count
that is not a number."""

from common import expect_refused, tool, write_temp
from bblib.records import make_record


def _log(version=5, redone="1"):
    body = [("boot", version, "GenuineIntel", 6, 94, 3, "Skylake", "tsc", 0, "lfence", "qemu",
             "bench=smi_once warmup=0"),
            ("bench", "smi_once", "-", "writes APM port 0xB2 once"),
            ("pass", "smi_once", 0, "TSC"),
            ("result", "smi_once", "TSC", "tsc", "TSC", 0, "ticks", 5, 100,
             "1.00", "2.00", "2.00", "3.00", "2.00"),
            ("disturbed", "smi_once", 0, redone, 0, "smi 1; pending interrupt 2")]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def test_report_says_what_was_redone():
    code, out, err = tool("report", write_temp(_log(), "disturbed.log"))
    assert code == 0 and ("smi_once pass 0: 1 repetition(s) measured again, 0 kept disturbed "
                          "(smi 1; pending interrupt 2)") in out, out


def test_older_or_damaged_refused():
    expect_refused(_log(version=4), "disturbed record in a format version 4 run", 5)
    expect_refused(_log(redone="one"), "redone 'one' is not a number", 5)
