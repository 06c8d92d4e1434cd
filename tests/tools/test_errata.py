"""The `erratum` mark (format version 5): after a result a known erratum of
the CPU makes suspect; report shows it, and the tools refuse it anywhere
else or in an older format."""

from common import expect_refused, tool, write_temp
from bblib import records, results
from bblib.records import make_record

NAME = "E-core erratum SRF7 (Sierra Forest)"


def _log(version=5, before=False):
    result = ("result", "nop", "INST_RETIRED", "r4300c0", "FIXED0", 0, "events", 3, 100,
              "1.00", "1.00", "1.00", "1.00", "1.00")
    mark = ("erratum", "nop", "INST_RETIRED", NAME)
    body = [("boot", version, "GenuineIntel", 6, 175, 3, "Xeon 6700E", "arch", 1, "lfence", "hw",
             "ring=3"),
            ("bench", "nop", "1", "nop chain"), ("pass", "nop", 0, "INST_RETIRED")]
    body += [mark, result] if before else [result, mark]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def test_report_marks_the_result():
    target = results.target_of(records.check_log(_log())[0], "t", "-")
    assert target["benches"][0]["results"][0]["erratum"] == NAME, target
    code, out, err = tool("report", write_temp(_log(), "erratum.log"))
    assert code == 0 and "| 1.00 (erratum) |" in out and "nop, INST_RETIRED: suspect, %s" % NAME \
        in out, out


def test_misplaced_or_older_mark_refused():
    expect_refused(_log(before=True), "erratum record of nop, INST_RETIRED before its result", 4)
    expect_refused(_log(version=4), "erratum record in a format version 4 run", 5)
