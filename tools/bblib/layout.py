"""struct payload and its flags as bench/payload.def declares them, for the
readers that cannot include a C file: NASM (the payload_layout.mac that
bench/x86/payload.mac includes) and the module tool (module.py).

    python3 tools/bblib/layout.py OUT.mac

writes the NASM include (make does, into build/gen/). The C compiler checks
what this reader cannot see: that every field is one 32-bit word and every
flag one bit of its own (bench/payload.c). A pointer field is a word of
the mode's size (BITS 32 or 64), an integer field 32 bits, with no padding
between them.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEF = os.path.join(ROOT, "bench", "payload.def")
NASM_NAME = "payload_layout.mac"

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_ENTRY = re.compile(r"(PAYLOAD_FIELD|PAYLOAD_NEED|PAYLOAD_FLAG)\(\s*([^,()]+?)\s*,\s*(\w+)\s*\)\Z")


class LayoutError(Exception):
    """A line of the declaration this reader does not understand."""


def read(path=DEF):
    """(fields, flags): the field names in order, and (assembler name, value)
    for every flag, the needs first as NEEDS_name."""
    fields, flags = read_typed(path)
    return [name for name, _ in fields], flags


def read_typed(path=DEF):
    """As read, but each field is (name, C type)."""
    with open(path, encoding="ascii") as f:
        text = _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), f.read())
    fields, flags = [], []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        m = _ENTRY.match(line)
        if not m:
            raise LayoutError("%s:%d: not PAYLOAD_FIELD(type, name), PAYLOAD_NEED(name, bit) "
                              "or PAYLOAD_FLAG(name, bit): %s" % (path, number, line))
        kind, first, second = m.groups()
        if kind == "PAYLOAD_FIELD":
            fields.append((second, first))
        else:
            flags.append(("NEEDS_" + first if kind == "PAYLOAD_NEED" else first, int(second, 0)))
    return fields, flags


def nasm(path=DEF):
    """The NASM include: the flags as equ, and PAYLOAD_DESCRIPTOR, one word a
    field from the %$field_NAME values the caller's context defines: dd for
    an integer, PAYLOAD_PTR (dd in BITS 32, dq in BITS 64) for a pointer."""
    fields, flags = read_typed(path)
    out = ["; Written from bench/payload.def by tools/bblib/layout.py: edit that file."]
    out += ["%-15s equ 0x%02x" % (name, value) for name, value in flags]
    out += ["", "; A pointer is a word of the mode's size; the descriptor is aligned to it.",
            "%if __?BITS?__ == 64", "    %define PAYLOAD_PTR dq", "    %define PAYLOAD_ALIGN 8",
            "%else", "    %define PAYLOAD_PTR dd", "    %define PAYLOAD_ALIGN 4", "%endif"]
    out += ["", "%macro PAYLOAD_DESCRIPTOR 0"]
    out += ["    %s %%$field_%s" % ("PAYLOAD_PTR" if "*" in ctype else "dd", name)
            for name, ctype in fields]
    out += ["%endmacro", ""]
    return "\n".join(out)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: layout.py OUT.mac\n")
        return 2
    try:
        text = nasm()
    except (OSError, LayoutError) as e:
        sys.stderr.write("layout.py: %s\n" % e)
        return 1
    # Written whole or not at all: make must not take half a file as done.
    tmp = argv[1] + ".tmp"
    with open(tmp, "w", encoding="ascii") as f:
        f.write(text)
    os.replace(tmp, argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
