"""`barebench payload`: a NASM source becomes a version-2 module whose
header, CRC and descriptors say what the source says, in either mode (the
header says which, and the bodies are that mode's code), with the kernel's
set-up a payload names by number and its FEATURE as a string; a payload the
module format cannot carry (a prepare function of its own, an absolute
address in its body) is refused with its name, and so is a source nasm
rejects."""

import os
import struct
import zlib

from common import KERNEL, tool, write_temp
from bblib import module

HEADER = struct.Struct("<4sHHIIIIHHI")
DESC = struct.Struct("<IIIIiiIIII")

GOOD = """%include "payload.mac"
PAYLOAD two_adds, "two dependent ADDs", 2, NEEDS_TSC
    add eax, 1
    add eax, 1
ENDPAYLOAD
PAYLOAD spin3, "inner loop of 3", VARIABLE
    mov ecx, 3
%$l:
    dec ecx
    jnz %$l
ENDPAYLOAD
"""


def _build(source, name, *more):
    src = write_temp(source, name + ".asm")
    out = src[:-4] + ".bbp"
    code, stdout, stderr = tool("payload", src, "-o", out, *more)
    return code, stdout + stderr, out


def _cstr(data, at):
    return data[at:data.index(b"\0", at)].decode()


def _module_of(mode, loop):
    code, said, out = _build(GOOD, "good%d" % mode, "--mode", str(mode))
    assert code == 0, said
    data = open(out, "rb").read()
    magic, version, hlen, length, crc, count, table, dlen, mode_field, _ = HEADER.unpack_from(data)
    assert (magic, version, hlen, dlen) == (b"BBPM", 2, 32, 40)
    assert mode_field == (64 if mode == 64 else 0), "mode field %d" % mode_field
    assert length == len(data) and crc == zlib.crc32(data[16:]), "length or CRC wrong"
    descs = [DESC.unpack_from(data, table + 40 * i) for i in range(count)]
    got = [(_cstr(data, d[0]), _cstr(data, d[1]), data[d[2]:d[2] + d[3]], d[4], d[5], d[6],
            d[7], d[8] and _cstr(data, d[8]), d[9]) for d in descs]
    assert got == [("two_adds", "two dependent ADDs", bytes.fromhex("83c00183c001"), 2, 0, 0x20,
                    0, 0, 0),
                   ("spin3", "inner loop of 3", bytes.fromhex("b903000000" + loop),
                    -1, -1, 0, 0, 0, 0)], got


def test_module_says_what_the_source_says():
    _module_of(32, "4975fd")


def test_a_64_bit_module_says_so_and_holds_64_bit_code():
    _module_of(64, "ffc975fc")  # DEC ECX, JNZ: 49 is a REX prefix in 64-bit mode


def test_prepare_function_refused_by_name():
    src = GOOD + """extern prepare_chase
PAYLOAD with_prep, "needs prepare", 1, 0, prepare_chase
    nop
ENDPAYLOAD
"""
    code, said, out = _build(src, "prep")
    assert code != 0 and "with_prep has a prepare function" in said, said
    assert not os.path.exists(out), "a refused source leaves no module"


def test_kernel_setup_and_feature_carried():
    src = GOOD + """extern itable_sse
PAYLOAD with_setup, "starts from the SSE set-up", 1, NEEDS_SSE2, itable_sse
    FEATURE "sse4.1"
    pmulld xmm0, xmm1
ENDPAYLOAD
"""
    code, said, out = _build(src, "setup")
    assert code == 0, said
    data = open(out, "rb").read()
    table = HEADER.unpack_from(data)[6]
    d = DESC.unpack_from(data, table + 40 * 2)
    assert _cstr(data, d[0]) == "with_setup", _cstr(data, d[0])
    assert d[7] == module.SETUPS.index("itable_sse") + 1, "set-up number %d" % d[7]
    assert _cstr(data, d[8]) == "sse4.1", "feature %r" % _cstr(data, d[8])


def test_bad_feature_name_refused():
    src = GOOD + """PAYLOAD shouty, "feature in capitals", 1
    FEATURE "SSE4.1"
    nop
ENDPAYLOAD
"""
    code, said, _ = _build(src, "shouty")
    assert code != 0 and "shouty: the feature name" in said, said


def test_absolute_address_refused_by_name():
    src = GOOD + """section .data
value: dd 0
PAYLOAD load_abs, "loads a label", 1
    mov eax, [value]
ENDPAYLOAD
"""
    code, said, _ = _build(src, "abs")
    assert code != 0 and "load_abs uses an absolute address" in said, said


def test_nasm_error_reported():
    code, said, _ = _build('%include "payload.mac"\nPAYLOAD bad, "x", 1\n    movx eax\n'
                           'ENDPAYLOAD\n', "bad")
    assert code != 0 and "nasm failed" in said, said


def test_limits_refused():
    big = GOOD.replace("    add eax, 1\n    add eax, 1\n", "    nop\n" * (module.MAX_BODY + 1))
    code, said, _ = _build(big, "big")
    assert code != 0 and "two_adds: the body has %d bytes" % (module.MAX_BODY + 1) in said, said


def test_what_the_kernel_refuses_is_refused_here():
    # bench/module.c and app/modules.c refuse these; a module must not get
    # as far as a boot that then runs without it.
    one = '%include "payload.mac"\nPAYLOAD {name}, "{desc}", {count}\n    nop\nENDPAYLOAD\n'
    cases = [
        (one.format(name="twice", desc="d", count=1) + one.format(name="TWICE", desc="d", count=1)
         .replace('%include "payload.mac"\n', ""), "TWICE: the name is used twice"),
        (one.format(name="add_latency", desc="d", count=1), "add_latency: a built-in payload"),
        (one.format(name="NOP", desc="d", count=1), "NOP: a built-in payload"),
        (one.format(name="c_sum16", desc="d", count=1), "c_sum16: a built-in payload"),
        (one.format(name="caf\xe9", desc="d", count=1), "caf\xe9: a name has 1 to 31 characters"),
        (one.format(name="accent", desc="caf\xe9", count=1), "accent: the description has"),
        (one.format(name="at", desc="mail @BB,1", count=1), "at: the description has"),
        (one.format(name="minus", desc="d", count=-5), "minus: instructions per iteration is -5"),
        (one.format(name="huge", desc="d", count=100001), "huge: instructions per iteration"),
        (one.format(name="flags", desc="d", count="1, 0x10000"), "flags: unknown flags 0x10000"),
    ]
    for n, (source, phrase) in enumerate(cases):
        code, said, out = _build(source, "refused%d" % n)
        assert code != 0 and phrase in said, (phrase, said)
        assert not os.path.exists(out), "a refused source left a module: " + phrase
    # run --payload refuses it too, before booting (it used to report the boot ok).
    code, _, err = tool("run", "--qemu", "pentium3", "--kernel", KERNEL, "--payload",
                        write_temp(cases[0][0], "twice.asm"))
    assert code != 0 and "TWICE: the name is used twice" in err, err
    src = write_temp(GOOD, "own.asm")
    code, _, err = tool("payload", src, "-o", src)
    assert code != 0 and "the output is the source itself" in err, err
    assert open(src).read() == GOOD, "the source was overwritten"
