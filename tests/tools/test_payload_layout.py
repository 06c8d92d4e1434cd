"""One payload layout: bench/payload.def declares struct payload and its
flags once. tools/bblib/layout.py, which writes NASM's payload_layout.mac and
tells module.py the descriptor, reads the fields and flags the C
preprocessor reads; a NASM PAYLOAD and a C initializer of the same payload
give the same words, field by field, in both modes; a line layout.py cannot read is
refused with its line number."""

import os
import subprocess
import tempfile

from common import ROOT, write_temp
from bblib import layout, module

# The declaration as every reader sees it, through the C preprocessor.
LISTING = """#define PAYLOAD_FIELD(type, name) field name
#define PAYLOAD_NEED(name, bit) flag NEEDS_##name bit
#define PAYLOAD_FLAG(name, bit) flag name bit
#include "bench/payload.def"
"""

# One payload, written with each language's macros; its body has the same
# length in both modes.
NASM = """%include "payload.mac"
extern probe_prepare
PAYLOAD probe, "one payload, two languages", 3, NEEDS_TSC | NOT_DEFAULT, probe_prepare
    BRANCHES 1
    sub ecx, 1
    jnz %$next
%$next:
    nop
ENDPAYLOAD
"""
C = """#include "bench/payload.h"
extern const uint8_t probe_body[];
const char *probe_prepare(struct payload_regs *regs, const struct payload_env *env);
const struct payload probe __attribute__((section(".payloads"))) = {
    .name = "probe", .description = "one payload, two languages", .body = probe_body,
    .body_len = 6, .insns = 3, .branches = 1, .flags = PAYLOAD_NEEDS_TSC | PAYLOAD_NOT_DEFAULT,
    .prepare = probe_prepare};
"""


def _run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, **kw)
    assert proc.returncode == 0, "%s failed: %s" % (cmd[0], proc.stderr[-1000:])
    return proc.stdout


def test_layout_reads_what_the_compiler_reads():
    words = _run(["gcc", "-E", "-P", "-I", ROOT, "-x", "c", "-"], input=LISTING).split()
    c_fields, c_flags = [], []
    while words:
        if words[0] == "field":
            c_fields.append(words[1])
            words = words[2:]
        else:
            c_flags.append((words[1], int(words[2], 0)))
            words = words[3:]
    fields, flags = layout.read()
    assert fields == c_fields, "fields: layout.py reads %s, the compiler %s" % (fields, c_fields)
    assert flags == c_flags, "flags: layout.py reads %s, the compiler %s" % (flags, c_flags)


def _descriptor(obj):
    """Field name -> the word in .payloads, or "address" where a relocation fills it."""
    elf = module.Elf(obj)
    table = elf.index(".payloads")
    relocated = {off for sec, off, _, _, _ in elf.relocations() if sec == table}
    raw = elf.content(table)
    entry, offsets = module.descriptor_layout(elf.mode)
    assert len(raw) == entry.size, "%d bytes of descriptor, not %d" % (len(raw), entry.size)
    return {f: "address" if at in relocated else v
            for f, at, v in zip(module.FIELDS, offsets, entry.unpack(raw))}


def _same_descriptor(mode):
    with tempfile.TemporaryDirectory(prefix="bb-layout-") as work:
        from_nasm = _descriptor(module.assemble(write_temp(NASM, "probe.asm"), work, mode))
        c_obj = os.path.join(work, "probe.o")
        _run(["gcc", "-m%d" % mode, "-std=c11", "-ffreestanding", "-I", ROOT, "-c", "-x", "c",
              "-o", c_obj, "-"], input=C)
        with open(c_obj, "rb") as f:
            from_c = _descriptor(f.read())
    for field in module.FIELDS:
        assert from_nasm[field] == from_c[field], "%d-bit struct payload.%s: payload.mac gives " \
            "%s, C %s" % (mode, field, from_nasm[field], from_c[field])


def test_nasm_and_c_make_the_same_descriptor_in_32_bit_mode():
    _same_descriptor(32)


def test_nasm_and_c_make_the_same_descriptor_in_64_bit_mode():
    _same_descriptor(64)


def test_an_unreadable_line_is_refused_with_its_number():
    bad = write_temp("/* a comment\n   of two lines */\nPAYLOAD_FIELD(uint32_t, ok)\n"
                     "PAYLOAD_NEED(FOO 0x80)\n", "bad.def")
    try:
        layout.read(bad)
    except layout.LayoutError as e:
        assert ":4: " in str(e) and "PAYLOAD_NEED(FOO 0x80)" in str(e), str(e)
    else:
        raise AssertionError("layout.py read a line with no comma")
