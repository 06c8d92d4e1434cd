"""A report (results.py) as JUnit XML, the test-result format GitLab, Jenkins and
most CI systems read: one <testsuite> per target (boot), and in it one
<testcase> per result, per skipped benchmark (<skipped>), per faulted one
(<failure type="fault">), per error record (<error>), and the boot's verdict
(a testcase named `status`, failed when the run ended with status fail).

A result's case is named `BENCH.EVENT` (the event label of keyed_results,
which tells repeated events apart); its <system-out> carries the values, the
median first with its unit. The layout follows the JUnit schema that
Jenkins and GitLab document (testsuites/testsuite/testcase with skipped,
failure, error, system-out); nothing else is added to the elements.
"""

import xml.etree.ElementTree as ET

from . import records, results

VERDICT = "status"


def case_name(bench, label):
    """The test case name of one result: benchmark and event label."""
    return "%s.%s" % (bench, label)


def _values(r):
    parts = ["median %s %s" % (results.fixed2(r["median"]), r["unit"])]
    parts += ["%s %s" % (k, results.fixed2(r[k])) for k in records.STATS if k != "median"]
    parts += ["%s %s" % (k, r[k]) for k in ("counter", "encoding", "pass", "reps", "unroll")]
    if r.get("cycles_calibrated") is not None:
        parts.append("cycles_calibrated %s (%s)" % (results.fixed2(r["cycles_calibrated"]),
                                                    results.CALIBRATED))
    return "; ".join(parts)


def cases(target):
    """(name, kind, message, text) per test case of one target, in log order;
    kind is pass, skip, fail (a fault, or the verdict) or error."""
    out = []
    keyed = results.keyed_results(target)
    for b in target["benches"]:
        for (bench, label), r in keyed.items():
            if bench == b["name"]:
                out.append((case_name(bench, label), "pass", "", _values(r)))
        if b["skip"] is not None:
            out.append((b["name"], "skip", b["skip"], ""))
        if b["fault"] is not None:
            f = b["fault"]
            out.append((b["name"], "fail", "%s (vector %d) error %s at eip %s" % (
                f["mnemonic"], f["vector"], f["error_code"], f["eip"]), ""))
    for n, e in enumerate(target["errors"]):
        out.append(("error.%d" % n, "error", "%s: %s" % (e["where"], e["message"]), ""))
    verdict = "pass" if target["status"] == "pass" else "fail"
    out.append((VERDICT, verdict, "" if verdict == "pass" else "the run ended with status %s"
                % target["status"], "%d records, status %s" % (target["records"],
                                                               target["status"])))
    return out


def to_junit(report):
    root = ET.Element("testsuites", name="barebench")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for t in report["targets"]:
        suite = ET.SubElement(root, "testsuite", name=t["target"])
        props = ET.SubElement(suite, "properties")
        for key in ("vendor", "family", "model", "stepping", "brand", "pmu", "environment",
                    "serialize", "cmdline"):
            ET.SubElement(props, "property", name=key, value=str(t[key]))
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        for name, kind, message, text in cases(t):
            case = ET.SubElement(suite, "testcase", name=name, classname="barebench." + t["target"],
                                 time="0")
            counts["tests"] += 1
            if kind == "skip":
                ET.SubElement(case, "skipped", message=message)
                counts["skipped"] += 1
            elif kind == "fail":
                ET.SubElement(case, "failure", message=message,
                              type="fault" if name != VERDICT else "status")
                counts["failures"] += 1
            elif kind == "error":
                ET.SubElement(case, "error", message=message, type="error record")
                counts["errors"] += 1
            if text:
                ET.SubElement(case, "system-out").text = text
        for k, v in counts.items():
            suite.set(k, str(v))
            totals[k] += v
    for k, v in totals.items():
        root.set(k, str(v))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
