"""One record schema: the fields of each record type are FIELD_NAMES in
tools/bblib/records.py. The kernel's writers (every record_begin("type") ...
record_end() in app/ and bench/, the layers that may include bench/record.h)
must write that many fields, the table of docs/records.md must name them in
that order, and the format version must be the same on both sides. Nothing
boots: the C is read, not run."""

import os
import re

from common import ROOT, records

WRITERS = ("app", "bench")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
BEGIN = re.compile(r"\brecord_begin(?:_attached)?\s*\(\s*([^)]*)\)")
END = re.compile(r"\brecord_end\s*\(\s*\)")
# One field: record_field, record_fieldf, record_field_x100. A call right
# after `else` (or `else {`, as clang-format's InsertBraces writes it) is the
# other branch of the field before it, not another one.
FIELD = re.compile(r"\brecord_field\w*\s*\(")
DOC = os.path.join(ROOT, "docs", "records.md")


def read(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


def writers():
    """(file:line, type, number of fields) of every record the C writes."""
    found = []
    for top in WRITERS:
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs.sort()
            for name in sorted(f for f in files if f.endswith(".c")):
                path = os.path.relpath(os.path.join(folder, name), ROOT)
                found += writers_in(path, COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()),
                                                      read(path)))
    return found


def writers_in(path, text):
    found = []
    for begin in BEGIN.finditer(text):
        where = "%s:%d" % (path, text.count("\n", 0, begin.start()) + 1)
        arg = begin.group(1).strip()
        if arg.startswith("const char"):  # its definition, in bench/record.c
            continue
        literal = re.fullmatch(r'"(\w+)"', arg)
        assert literal, "%s: record_begin(%s): the type must be a literal" % (where, arg)
        end = END.search(text, begin.end())
        assert end, "%s: a record_begin without a record_end after it" % where
        body = text[begin.end():end.start()]
        assert not BEGIN.search(body), "%s: another record_begin before record_end" % where
        fields = [m for m in FIELD.finditer(body)
                  if not re.search(r"\belse\s*\{?\s*$", body[:m.start()])]
        found.append((where, literal.group(1), len(fields)))
    return found


def test_the_kernel_writes_the_fields_the_tools_read():
    found = writers()
    assert found, "no record writer found in %s" % ", ".join(WRITERS)
    for where, kind, n in found:
        assert kind in records.FIELD_NAMES, (
            "%s: record type %r is not in FIELD_NAMES (tools/bblib/records.py)" % (where, kind))
        names = records.FIELD_NAMES[kind]
        assert n == len(names), "%s: a %s record of %d fields; FIELD_NAMES has %d: %s" % (
            where, kind, n, len(names), ", ".join(names))
    unwritten = sorted(set(records.FIELD_NAMES) - {kind for _, kind, _ in found})
    assert not unwritten, "FIELD_NAMES has types no writer in %s writes: %s" % (
        ", ".join(WRITERS), ", ".join(unwritten))


def documented():
    """{type: [field names]} from the table of docs/records.md."""
    with open(DOC, encoding="utf-8") as f:
        rows = re.findall(r"^\| `(\w+)` \| ([^|]*) \|", f.read(), re.M)
    return {kind: re.findall(r"`(\w+)`", fields) for kind, fields in rows}


def test_docs_table_names_every_field():
    table = documented()
    assert table, "docs/records.md has no table of record types"
    assert sorted(table) == sorted(records.FIELD_NAMES), (
        "docs/records.md lists the types %s; FIELD_NAMES %s" % (
            ", ".join(sorted(table)), ", ".join(sorted(records.FIELD_NAMES))))
    for kind, names in records.FIELD_NAMES.items():
        assert table[kind] == list(names), "docs/records.md: `%s` has %s; FIELD_NAMES %s" % (
            kind, ", ".join(table[kind]), ", ".join(names))


def test_one_format_version():
    m = re.search(r"#define RECORD_FORMAT_VERSION\s+(\d+)", read(os.path.join("bench", "record.h")))
    assert m, "bench/record.h defines no RECORD_FORMAT_VERSION"
    assert m.group(1) == records.FORMAT_VERSION == records.FORMAT_VERSIONS[-1], (
        "the kernel writes format %s, the tools write %s and read up to %s"
        % (m.group(1), records.FORMAT_VERSION, records.FORMAT_VERSIONS[-1]))
    assert "## The machine record format (version %s)" % m.group(1) in read(DOC), (
        "docs/records.md does not describe format version %s" % m.group(1))
