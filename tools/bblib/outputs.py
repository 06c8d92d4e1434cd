"""The output formats of `barebench report`, one entry each.

The command line (`--KIND FILE`), what `-o PREFIX` writes and the default
(Markdown to stdout) are all read from FORMATS, so a new format is its writer
(a function from a report, see results.py, to text) plus one entry here;
tests/tools/test_docs.py checks that docs/tools.md names every option.
"""

from collections import namedtuple

from . import junit, report, svg

# kind: the option (--KIND) and the file extension; write: report -> text;
# in_prefix: whether `-o PREFIX` writes PREFIX.KIND as well.
Format = namedtuple("Format", "kind write help in_prefix")

FORMATS = (
    Format("md", report.to_markdown, "Markdown tables", True),
    Format("csv", report.to_csv, "CSV, a row per target x benchmark x event", True),
    Format("json", report.to_json, "JSON, every record's values as the kernel wrote them", True),
    Format("svg", svg.chart, "an SVG bar chart of the most measured event", True),
    Format("junit", junit.to_junit,
           "JUnit XML (a test case per result, skip and fault, and the boot's verdict)", False),
)

DEFAULT = "md"


def by_kind(kind):
    return next(f for f in FORMATS if f.kind == kind)


def chosen(options, prefix):
    """{kind: path} from the --KIND options given and -o PREFIX; Markdown to
    stdout when nothing is asked."""
    paths = {f.kind: options[f.kind] for f in FORMATS if options.get(f.kind)}
    if prefix:
        for f in FORMATS:
            if f.in_prefix:
                paths.setdefault(f.kind, "%s.%s" % (prefix, f.kind))
    return paths or {DEFAULT: "-"}
