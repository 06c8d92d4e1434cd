"""Instruction tables, generated: every register form of NASM's insns.dat
becomes a latency payload and a throughput payload, with its exact
instruction and branch count (docs/itable.md).

Why NASM's insns.dat: it is the table of the assembler the project already
builds with, so every form generated assembles, and the version is the
installed NASM's own (Debian's source package, `apt-get source nasm`, one
megabyte); each line gives the mnemonic, the operand types (with their
sizes and register files), the encoding (legacy, VEX or EVEX) and the
instruction set flags. LLVM's X86 TableGen records need llvm-tblgen and a
source tree of a hundred megabytes; Intel XED's data files are not packaged
by Debian. insns.dat does not say which operands are read and which
written; the generator does not need it to: a chain alternates the first
two operands of one register file (OP a, b; OP b, a), which is a dependency
chain whether the first operand is also read or only written, and the forms
whose roles break that (two outputs, implicit operands, flags-only results,
x87 stack changes) are named below and skipped with their reason.

A latency payload is a chain of LINKS links through the first operand; when
the first source operand is of another register file (MOVD r32, xmm), each
link is the form and a helper back (MOVD xmm, r32), and the helper's
latency, half of the helper pair's round trip measured in the same run, is
subtracted. A throughput payload is COPIES (or as many as the registers
allow) independent copies writing different registers from one shared
source. Every payload starts from a kernel set-up (bench/x86/
module_setups.c): general registers 1, the x87 stack full of 1.0, vector
lanes 1.0.
"""

import collections
import json
import os
import re
import tempfile

from . import files, module

# Links of a latency chain, and independent copies of a throughput body,
# which it repeats ROUNDS times. Either runs LOOP times in a loop: a body
# of a few hundred bytes stays in the decoded-instruction cache, where
# thousands of copies unrolled would be fetched and decoded again, and
# modern cores decode fewer instructions a cycle than they execute.
LINKS = 8
COPIES = 12
ROUNDS = 4
# A memory form's copies are longer (a base and a displacement each): half
# the rounds keep the table's modules within the kernel's 2 MiB.
MEMORY_ROUNDS = 2
LOOP = 16
# The loop's counter, which no form is given.
COUNTER = {64: "r15", 32: "ebp"}
# The base of every memory operand, which no form is given either: the
# kernel's set-ups point it at the middle of a buffer of 1.0 singles
# (MEMORY_BYTES, bench/x86/module_setups.c, the ESI slot of struct
# payload_regs).
BASE = {64: "rsi", 32: "esi"}
MEMORY_BYTES = 4096


def memory_slots(kind):
    """Offsets from the base for operands of a memory kind, 0 first: as far
    apart as the operand is wide (16 bytes at least), so that copies that
    write memory are independent, and alternately below and above the
    base, so that most take a one-byte displacement."""
    step = max(16, int(kind[1:] or 0) // 8)
    out = [0]
    n = 1
    while len(out) < 16:
        out += [-n * step, n * step]
        n += 1
    return [o for o in out if -MEMORY_BYTES // 2 <= o <= MEMORY_BYTES // 2 - step]
# Where no cycle event counts, TSC ticks become cycles by a dependent ADD
# chain of this many links, unrolled (no loop beside it), which the
# generator adds to every table: CALIBRATION's payloads. The core's clock
# moves against the TSC during a run (by 6 % within one hosted run on a
# hypervisor), so the chain runs again after every CALIBRATE_EVERY
# payloads, and each payload's ticks are taken at the clock of the chains
# around it (itable_table.py).
CALIBRATION_LINKS = 384
CALIBRATION = "itcal"
CALIBRATE_EVERY = 64
# The loop alone (its turns with no body): what each event counts for the
# loop, taken off a form's counts per instruction (itable_table.py), as
# uops.info and nanoBench take off an empty measurement.
LOOP_ONLY = "itloop"

Form = collections.namedtuple("Form", "mnemonic operands flags code line")
# A payload to generate: its name, the form's text, kind "latency",
# "throughput" or "helper", its instruction lines, and what it needs.
Payload = collections.namedtuple("Payload", "name form kind lines needs feature setup note")

_LINE = re.compile(r"^(\S+)\s+(\S+)\s+(\[.*\]|ignore)\s+(\S+)\s*$")


def parse(text):
    """The forms of an insns.dat text, in its order."""
    forms = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith(";"):
            continue
        m = _LINE.match(line.strip())
        if not m or m.group(3) == "ignore":
            continue
        mnemonic, operands, code, flags = m.groups()
        ops = [] if operands == "void" else operands.split(",")
        forms.append(Form(mnemonic, ops, set(flags.split(",")), code, number))
    return forms


# --- what is never generated, by mnemonic ------------------------------------

CONTROL = {"CALL", "JMP", "JMPE", "Jcc", "JCXZ", "JECXZ", "JRCXZ", "LOOP", "LOOPE", "LOOPNE",
           "LOOPZ", "LOOPNZ", "RET", "RETF", "RETN", "RETD", "RETQ", "RETW", "RETFD", "RETFQ",
           "RETFW", "RETND", "RETNQ", "RETNW", "IRET", "IRETD", "IRETQ", "IRETW", "INT", "INT1",
           "INT3", "INT01", "INT03", "INTO", "ICEBP", "SYSCALL", "SYSENTER", "SYSEXIT",
           "SYSRET", "UD0", "UD1", "UD2", "UD2A", "UD2B", "HLT", "BOUND", "ENTER", "LEAVE",
           "XBEGIN", "XEND", "XABORT", "CALLF", "JMPF"}
STACK = re.compile(r"^(PUSH|POP)(A|AD|AW|F|FD|FQ|FW)?$")
SYSTEM = {"CPUID", "RDTSC", "RDTSCP", "RDPMC", "RDMSR", "WRMSR", "IN", "INSB", "INSW", "INSD",
          "OUT", "OUTSB", "OUTSW", "OUTSD", "CLI", "STI", "LAR", "LSL", "VERR", "VERW", "SLDT",
          "SMSW", "STR", "SGDT", "SIDT", "ARPL", "LMSW", "RDRAND", "RDSEED", "RDPID", "RDPKRU",
          "WRPKRU", "XGETBV", "XSETBV", "MONITOR", "MONITORX", "MWAIT", "MWAITX", "WAIT",
          "FWAIT", "FNINIT", "FINIT", "FNCLEX", "FCLEX", "FLDCW", "FNSTCW", "FSTCW", "FNSTSW",
          "FSTSW", "FNSTENV", "FSTENV", "FLDENV", "FNSAVE", "FSAVE", "FRSTOR", "LDMXCSR",
          "STMXCSR", "VLDMXCSR", "VSTMXCSR", "FEMMS", "CLAC", "STAC", "SERIALIZE", "UMONITOR",
          "UMWAIT", "TPAUSE", "HRESET", "RDFSBASE", "RDGSBASE", "WRFSBASE", "WRGSBASE",
          "SALC", "SETALC", "XTEST", "ENDBR32", "ENDBR64", "RDSSPD", "RDSSPQ", "INCSSPD",
          "INCSSPQ", "LFENCE", "MFENCE", "SFENCE", "FNOP", "FSETPM", "FNENI", "FENI",
          "FNDISI", "FDISI", "LOCK", "REP", "REPE", "REPNE", "REPZ", "REPNZ", "XACQUIRE",
          "XRELEASE", "BND", "NOP", "PAUSE", "SWAPGS", "SKINIT", "INVLPGA", "GETSEC", "PTWRITE",
          "PCONFIG", "WBNOINVD", "CLZERO", "LDS", "LES", "LFS", "LGS", "LSS", "FXSAVE",
          "FXSAVE64", "FXRSTOR", "FXRSTOR64", "XSAVE", "XSAVE64", "XSAVEC", "XSAVEC64",
          "XSAVEOPT", "XSAVEOPT64", "XSAVES", "XSAVES64", "XRSTOR", "XRSTOR64", "XRSTORS",
          "XRSTORS64"}
IMPLICIT = {"MUL", "DIV", "IDIV", "CBW", "CWDE", "CDQE", "CWD", "CDQ", "CQO", "AAA", "AAS",
            "AAD", "AAM", "DAA", "DAS", "LAHF", "SAHF", "XLAT", "XLATB", "CMPXCHG",
            "CMPXCHG8B", "CMPXCHG16B", "MOVSB", "MOVSW", "MOVSD", "MOVSQ", "CMPSB", "CMPSW",
            "CMPSD", "CMPSQ", "SCASB", "SCASW", "SCASD", "SCASQ", "LODSB", "LODSW", "LODSD",
            "LODSQ", "STOSB", "STOSW", "STOSD", "STOSQ", "PCMPESTRI", "PCMPESTRM",
            "PCMPISTRI", "PCMPISTRM", "VPCMPESTRI", "VPCMPESTRM", "VPCMPISTRI", "VPCMPISTRM",
            "MASKMOVQ", "MASKMOVDQU", "VMASKMOVDQU", "STD", "MULX", "XCHG", "XADD",
            "VP2INTERSECTD", "VP2INTERSECTQ", "FXCH", "FST", "FPTAN", "FPATAN", "FYL2X",
            "FYL2XP1", "FSINCOS", "FXTRACT", "FINCSTP", "FDECSTP", "LEA", "SMINT", "SMINTOLD"}
# An implicit-operand mnemonic with a reason of its own.
WHY = {"MUL": "writes EDX:EAX implicitly", "DIV": "divide: its latency depends on the operand values, and EDX:EAX is implicit",
       "IDIV": "divide: its latency depends on the operand values, and EDX:EAX is implicit",
       "MULX": "writes two registers and reads EDX implicitly",
       "XCHG": "writes both of its operands", "XADD": "writes both of its operands",
       "VP2INTERSECTD": "writes a pair of mask registers",
       "VP2INTERSECTQ": "writes a pair of mask registers",
       "LEA": "its operand is an address, not a register or a memory access",
       "FXCH": "writes both of its operands", "FST": "copies st(0): no chain through it",
       "STD": "sets the direction flag, which the code around the window expects clear",
       "FPTAN": "pushes or pops the x87 stack", "FPATAN": "pushes or pops the x87 stack",
       "FYL2X": "pushes or pops the x87 stack", "FYL2XP1": "pushes or pops the x87 stack",
       "FSINCOS": "pushes or pops the x87 stack", "FXTRACT": "pushes or pops the x87 stack",
       "FINCSTP": "moves the x87 stack top", "FDECSTP": "moves the x87 stack top"}
# Whose register operand is a destination address, not a value (Intel SDM
# vol. 2, MOVDIR64B, ENQCMD).
ADDRESS_REGISTER = {"MOVDIR64B", "ENQCMD", "ENQCMDS"}
# Bit-string instructions (Intel SDM vol. 2, BT: a register bit offset
# selects a bit anywhere from -2^31 to 2^31 - 1 bits of the memory operand).
BIT_STRING = {"BT", "BTC", "BTR", "BTS"}
# x87 forms that push or pop: the stack the set-up fills would overflow or empty.
X87_STACK = re.compile(r"^F(I?LD|BLD|.*P|FREE|FREEP)$")
# x87 forms without operands act on ST(0) (and ST(1)); they chain through ST(0).
X87_VOID_CHAIN = {"F2XM1", "FCOS", "FSIN", "FPREM", "FPREM1", "FSCALE", "FRNDINT", "FABS",
                  "FCHS", "FSQRT"}
# Forms with no register result: latency has no chain to run through.
FLAGS_ONLY = {"CMP", "TEST", "BT", "PTEST", "VPTEST", "VTESTPS", "VTESTPD", "COMISS", "COMISD",
              "UCOMISS", "UCOMISD", "VCOMISS", "VCOMISD", "VUCOMISS", "VUCOMISD", "VCOMISH",
              "VUCOMISH", "KORTESTB", "KORTESTW", "KORTESTD", "KORTESTQ", "KTESTB", "KTESTW",
              "KTESTD", "KTESTQ", "FCOM", "FCOMI", "FUCOM", "FUCOMI", "FTST", "FXAM"}
# Forms whose register result comes from the flags or an immediate alone:
# no register chain runs through them.
NO_REGISTER_SOURCE = {"SETcc", "MOV"}
# x87 arithmetic with a memory operand: ST(0) <- ST(0) op m (Intel SDM
# vol. 2, FADD, FSUB, FSUBR, FMUL, FDIV, FDIVR and their FI forms).
X87_MEMORY_ARITHMETIC = {"FADD", "FSUB", "FSUBR", "FMUL", "FDIV", "FDIVR", "FIADD", "FISUB",
                         "FISUBR", "FIMUL", "FIDIV", "FIDIVR"}
# Why a memory form has no latency payload: the register form's chain runs
# through registers, and one through memory would need the operands' read
# and write roles, which insns.dat does not give.
MEMORY_LATENCY = ("a memory form: only its throughput is measured (a chain through memory "
                  "needs read and write roles, which insns.dat does not give)")
# Forms that read the carry flag and write it: their copies chain through it.
CARRY_CHAIN = {"ADC", "SBB", "RCL", "RCR", "ADCX", "ADOX"}
# Whose latency depends on the values: measured with the set-up's 1.0.
VALUE_DEPENDENT = re.compile(r"^V?(DIV|SQRT|RSQRT|RCP)|^FDIV|^FSQRT|^VRSQRT|^VRCP|^VSQRT|^VDIV")

# --- instruction set flags: what the kernel checks before a payload runs --------

# insns.dat flag -> (NEEDS_* flags, feature name as lib/cpuinfo.c prints it).
EXTENSIONS = {
    "MMX": ("NEEDS_MMX", None), "SSE": ("NEEDS_SSE", None), "SSE2": ("NEEDS_SSE2", None),
    "SSE3": ("NEEDS_SSE2", "sse3"), "SSSE3": ("NEEDS_SSE2", "ssse3"),
    "SSE41": ("NEEDS_SSE2", "sse4.1"), "SSE42": ("NEEDS_SSE2", "sse4.2"),
    "SSE4A": ("NEEDS_SSE2", "sse4a"),
    "AVX": ("NEEDS_AVX", None), "AVX2": ("NEEDS_AVX2", None), "FMA": ("NEEDS_FMA", None),
    "BMI1": (None, "bmi1"), "BMI2": (None, "bmi2"), "SHA": ("NEEDS_SSE2", "sha"),
    "AVX512": ("NEEDS_AVX512F", None), "AVX512BW": ("NEEDS_AVX512F", "avx512bw"),
    "AVX512DQ": ("NEEDS_AVX512F", "avx512dq"), "AVX512CD": ("NEEDS_AVX512F", "avx512cd"),
    "AVX512IFMA": ("NEEDS_AVX512F", "avx512ifma"),
    "AVX512VBMI": ("NEEDS_AVX512F", "avx512vbmi"),
    "AVX512VBMI2": ("NEEDS_AVX512F", "avx512vbmi2"),
    "AVX512VNNI": ("NEEDS_AVX512F", "avx512vnni"),
    "AVX512BITALG": ("NEEDS_AVX512F", "avx512bitalg"),
    "AVX512VPOPCNTDQ": ("NEEDS_AVX512F", "avx512vpopcntdq"),
    "AVX512FP16": ("NEEDS_AVX512F", "avx512fp16"),
    "AVX512BF16": ("NEEDS_AVX512F", "avx512bf16"),
    "GFNI": (None, "gfni"), "VAES": (None, "vaes"), "VPCLMULQDQ": (None, "vpclmulqdq"),
}
# Flags that say where an instruction came from, not what the CPU must report.
GENERATIONS = {"8086", "186", "286", "386", "486", "PENT", "P6", "KATMAI", "WILLAMETTE",
               "PRESCOTT", "NEHALEM", "WESTMERE", "SANDYBRIDGE", "FUTURE", "X86_64", "LONG",
               "NOLONG", "FPU", "SM", "SM2", "SB", "SW", "SD", "SQ", "SO", "SY", "SZ", "SX",
               "AR0", "AR1", "AR2", "AR3", "ND", "LOCK", "NOHLE", "HLE", "OPT", "SIZE",
               "ANYSIZE", "LATEVEX", "AVX512VL", "MIB", "SIB", "BND", "NOAPX", "AMD", "CYRIX"}
# The extensions insns.dat files under a generation flag: the CPUID bit is
# the mnemonic's (Intel SDM Vol. 2, each instruction's CPUID feature flag).
BY_MNEMONIC = {
    "POPCNT": (None, "popcnt"), "LZCNT": (None, "lzcnt"), "TZCNT": (None, "bmi1"),
    "CRC32": (None, "sse4.2"), "MOVBE": (None, "movbe"), "ADCX": (None, "adx"),
    "ADOX": (None, "adx"), "PCLMULQDQ": ("NEEDS_SSE2", "pclmulqdq"),
    "VPCLMULQDQ": ("NEEDS_AVX", "pclmulqdq"), "VCVTPH2PS": ("NEEDS_AVX", "f16c"),
    "VCVTPS2PH": ("NEEDS_AVX", "f16c"), "CMOVcc": ("NEEDS_CMOV", None),
    "FCMOVB": ("NEEDS_CMOV", None), "FCMOVE": ("NEEDS_CMOV", None),
    "FCMOVBE": ("NEEDS_CMOV", None), "FCMOVU": ("NEEDS_CMOV", None),
    "FCMOVNB": ("NEEDS_CMOV", None), "FCMOVNE": ("NEEDS_CMOV", None),
    "FCMOVNBE": ("NEEDS_CMOV", None), "FCMOVNU": ("NEEDS_CMOV", None),
    "FCOMI": ("NEEDS_CMOV", None), "FUCOMI": ("NEEDS_CMOV", None),
    "CLFLUSHOPT": (None, "clflushopt"), "CLWB": (None, "clwb"), "CLDEMOTE": (None, "cldemote"),
    "MOVDIRI": (None, "movdiri"),
}
_AES = re.compile(r"^V?AES")
_MASK_SUFFIX = {"W": None, "B": "avx512dq", "D": "avx512bw", "Q": "avx512bw"}
_MASK_FEATURE = {"KADDW": "avx512dq", "KTESTW": "avx512dq", "KUNPCKBW": None,
                 "KUNPCKWD": "avx512bw", "KUNPCKDQ": "avx512bw"}

# --- operands -----------------------------------------------------------------

# insns.dat operand type (decorations after '|' and '*' removed) -> kind.
GPR = {"reg8": "r8", "reg16": "r16", "reg32": "r32", "reg64": "r64", "rm8": "r8",
       "rm16": "r16", "rm32": "r32", "rm64": "r64", "reg32na": "r32"}
FIXED = {"reg_al": "al", "reg_ax": "ax", "reg_eax": "eax", "reg_rax": "rax", "reg_cl": "cl",
         "reg_cx": "cx", "reg_ecx": "ecx", "reg_rcx": "rcx", "reg_dx": "dx", "reg_edx": "edx",
         "xmm0": "xmm0"}
VECTOR = {"xmm": "xmm", "ymm": "ymm", "zmm": "zmm"}
IMMEDIATE = {"imm", "imm8", "imm16", "imm32", "imm64", "sbyteword", "sbytedword",
             "sbyteword16", "sbytedword32", "sbytedword64", "udword", "sdword"}


def operand_kind(op):
    """(kind, None) or (None, why it is not generated). Kinds: r8..r64, mm,
    xmm, ymm, zmm, k, st0, sti, imm, one (the constant 1), m8..m512 (memory of
    that size) and m (of the size its register operands give), or a fixed
    register name."""
    base = op.split("|")[0].rstrip("*")
    if base in GPR:
        return GPR[base], None
    if base in FIXED:
        return "=" + FIXED[base], None
    if base in IMMEDIATE:
        return "imm", None
    if base == "unity":
        return "one", None
    if base == "fpureg":
        return "sti", None
    if base == "fpu0":
        return "st0", None
    if base in ("mmxreg", "mmxrm", "mmxrm64"):
        return "mm", None
    for prefix, kind in VECTOR.items():
        if base.startswith(prefix + "reg") or base.startswith(prefix + "rm"):
            return kind, None
    if base.startswith("kreg") or base.startswith("krm"):
        return "k", None
    if base == "mem_offs":
        return None, "an absolute memory offset (the accumulator's MOV)"
    if base[1:4] == "mem":
        return None, "a vector-indexed memory operand (gather or scatter)"
    if any(d in ("far", "near") for d in op.split("|")[1:]):
        return None, "a far or near pointer in memory"
    if base.startswith("mem"):
        return "m" + base[3:], None
    if base.startswith("tmm"):
        return None, "AMX tile register operand"
    return None, "system register operand (%s)" % base


# The register file of each kind: a chain runs within one.
FILE = {"r8": "gpr", "r16": "gpr", "r32": "gpr", "r64": "gpr", "mm": "mm", "xmm": "vec",
        "ymm": "vec", "zmm": "vec", "k": "k", "st0": "x87", "sti": "x87",
        **{"m%s" % b: "mem" for b in ("", 8, 16, 32, 64, 80, 128, 256, 512)}}
# Memory operand sizes as NASM writes them.
SIZE_WORD = {"8": "byte", "16": "word", "32": "dword", "64": "qword", "80": "tword",
             "128": "oword", "256": "yword", "512": "zword"}
# The size a register operand gives a memory operand of no size of its own.
REGISTER_BITS = {"r8": 8, "r16": 16, "r32": 32, "r64": 64, "mm": 64, "xmm": 128, "ymm": 256,
                 "zmm": 512}


def is_memory(kind):
    return kind is not None and FILE.get(kind) == "mem"


# insns.dat's register-or-memory operands and the memory operand of each:
# a form with one is generated a second time with memory there.
_RM = re.compile(r"^(rm|mmxrm|xmmrm|ymmrm|zmmrm|krm)(\d*)$")
_RM_BITS = {"mmxrm": "64", "xmmrm": "128", "ymmrm": "256", "zmmrm": "512"}
_NAMES_64 = ["rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp"] + ["r%d" % i for i in range(8, 16)]
_NAMES_32 = ["eax", "ebx", "ecx", "edx", "esi", "edi", "ebp"]
_LOW8 = {"rax": "al", "rbx": "bl", "rcx": "cl", "rdx": "dl", "rsi": "sil", "rdi": "dil",
         "rbp": "bpl", "eax": "al", "ebx": "bl", "ecx": "cl", "edx": "dl"}
_LOW16 = {"rax": "ax", "rbx": "bx", "rcx": "cx", "rdx": "dx", "rsi": "si", "rdi": "di",
          "rbp": "bp", "eax": "ax", "ebx": "bx", "ecx": "cx", "edx": "dx", "esi": "si",
          "edi": "di", "ebp": "bp"}


def gpr_name(reg, kind):
    """The name of general register reg (as in the pool) in the width of kind."""
    if reg.startswith("r") and reg[1:].isdigit():
        return reg + {"r8": "b", "r16": "w", "r32": "d", "r64": ""}[kind]
    base32 = "e" + reg[1:] if reg.startswith("r") else reg
    return {"r8": _LOW8.get(reg), "r16": _LOW16.get(reg), "r32": base32, "r64": reg}[kind]


class Registers:
    """The registers of each file a mode's payload may use."""

    def __init__(self, mode, evex):
        self.mode = mode
        gprs = [r for r in (_NAMES_64 if mode == 64 else _NAMES_32)
                if r not in (COUNTER[mode], BASE[mode])]
        vectors = 32 if mode == 64 and evex else (16 if mode == 64 else 8)
        self.pool = {"gpr": gprs, "vec": list(range(vectors)), "mm": list(range(8)),
                     "k": list(range(1, 8)), "x87": list(range(1, 8))}

    def free(self, file, kind, taken):
        """The registers of file usable for kind, those in taken left out;
        for memory, the offsets from the base."""
        regs = memory_slots(kind) if file == "mem" else self.pool[file]
        if kind == "r8" and self.mode == 32:
            regs = regs[:4]  # AL..DL: AH..BH are other registers
        return [r for r in regs if r not in taken]


def name_of(kind, reg, mode):
    if FILE[kind] == "gpr":
        return gpr_name(reg, kind)
    if FILE[kind] == "mem":
        where = "[%s%+d]" % (BASE[mode], reg) if reg else "[%s]" % BASE[mode]
        return "%s %s" % (SIZE_WORD[kind[1:]], where) if kind[1:] else where
    return {"mm": "mm%d", "xmm": "xmm%d", "ymm": "ymm%d", "zmm": "zmm%d", "k": "k%d",
            "sti": "st%d", "st0": "st%d"}[kind] % reg


def _fixed_reg(name, mode):
    """The pool register a fixed operand occupies (cl -> rcx or ecx)."""
    if name == "xmm0":
        return ("vec", 0)
    full = {"al": "ax", "ax": "ax", "eax": "ax", "rax": "ax", "cl": "cx", "cx": "cx",
            "ecx": "cx", "rcx": "cx", "dx": "dx", "edx": "dx"}[name]
    return ("gpr", ("r" if mode == 64 else "e") + full)


def form_text(form, kinds):
    """The form as the table writes it: IMUL r32, r32; VPADDD zmm, zmm, zmm."""
    shown = []
    sized = [REGISTER_BITS[k] for k in kinds if k in REGISTER_BITS]
    for op, kind in zip(form.operands, kinds):
        if kind == "m":
            shown.append("m%s" % (sized[0] if sized else ""))
        elif kind is None:
            base = op.split("|")[0].rstrip("*")
            shown.append("m" + re.sub(r"\D", "", base) if "mem" in base else base)
        elif kind == "imm":
            shown.append("i%s" % _imm_bits(form.code))
        elif kind == "one":
            shown.append("1")
        elif kind == "st0":
            shown.append("st(0)")
        elif kind == "sti":
            shown.append("st(i)")
        elif kind.startswith("="):
            shown.append(kind[1:])
        else:
            shown.append(kind)
    return (form.mnemonic + " " + ", ".join(shown)).strip()


def _imm_bits(code):
    for tag, bits in ((" ib", 8), (" iw", 16), (" id", 32), (" iq", 64)):
        if tag in code:
            return bits
    return 8


def _encoding(form):
    if "evex." in form.code:
        return "evex"
    if "vex." in form.code:
        return "vex"
    return "legacy"


def needs_of(form):
    """(NEEDS_* flags, feature name) or raises ValueError(why)."""
    flags = set()
    feature = None
    if form.mnemonic in BY_MNEMONIC:
        need, feature = BY_MNEMONIC[form.mnemonic]
        flags.add(need)
    elif _AES.match(form.mnemonic):
        flags.add("NEEDS_AVX" if form.mnemonic.startswith("V") else "NEEDS_SSE2")
        feature = "vaes" if "ymm" in form.operands[0] or "zmm" in form.operands[0] else "aes"
    if any(op.startswith("kreg") or op.startswith("krm") for op in form.operands):
        # insns.dat gives the mask instructions no extension flag: Intel SDM
        # Vol. 2, each K instruction's CPUID flag, by its width suffix.
        flags.add("NEEDS_AVX512F")
        if form.mnemonic.startswith("K"):
            feature = _MASK_FEATURE.get(form.mnemonic, _MASK_SUFFIX[form.mnemonic[-1]])
    if "KATMAI" in form.flags and "MMX" in form.flags:
        flags.add("NEEDS_SSE")  # the MMX instructions SSE brought
    if "WILLAMETTE" in form.flags and "MMX" in form.flags:
        flags.add("NEEDS_SSE2")
    known = set(EXTENSIONS) | GENERATIONS
    unknown = sorted(form.flags - known)
    if form.mnemonic not in BY_MNEMONIC:
        # insns.dat marks AMD's and Cyrix's own instructions (LWP, PadLock,
        # 3DNow! ...) with these: no CPUID bit is named for them.
        unknown += sorted(form.flags & {"AMD", "CYRIX"})
    if unknown:
        raise ValueError("needs %s, which this generator does not map to a CPUID bit"
                         % "+".join(unknown))
    specific = sorted(f for f in form.flags if f in EXTENSIONS)
    for f in specific:
        need, name = EXTENSIONS[f]
        flags.add(need)
        if name and feature is None:
            feature = name
        elif name and name != feature:
            raise ValueError("needs both %s and %s (one feature name a payload)"
                             % (feature, name))
    flags.discard(None)
    return sorted(flags), feature


def setup_of(needs):
    if "NEEDS_AVX512F" in needs:
        return "itable_avx512"
    if needs & {"NEEDS_AVX", "NEEDS_AVX2", "NEEDS_FMA"}:
        return "itable_avx"
    if needs & {"NEEDS_SSE", "NEEDS_SSE2"}:
        return "itable_sse"
    return "itable_x87"


# Helpers that close a chain between register files: (to, from) -> how to
# write a register of `to` from one of `from`, given their names.
def _helper(to_file, from_file, vex, mode):
    mov = "vmovd" if vex else "movd"
    movq = "vmovq" if vex else "movq"

    def gpr_of(reg):  # a helper reads or writes the full 32 or 64 bits
        return gpr_name(reg, "r64" if mode == 64 else "r32")

    table = {
        ("vec", "gpr"): lambda t, f: "%s xmm%d, %s" % (movq if mode == 64 else mov, t, gpr_of(f)),
        ("gpr", "vec"): lambda t, f: "%s %s, xmm%d" % (movq if mode == 64 else mov, gpr_of(t), f),
        ("mm", "gpr"): lambda t, f: "movd mm%d, %s" % (t, gpr_name(f, "r32")),
        ("gpr", "mm"): lambda t, f: "movd %s, mm%d" % (gpr_name(t, "r32"), f),
        ("k", "gpr"): lambda t, f: "kmovw k%d, %s" % (t, gpr_name(f, "r32")),
        ("gpr", "k"): lambda t, f: "kmovw %s, k%d" % (gpr_name(t, "r32"), f),
        ("vec", "mm"): lambda t, f: "movq2dq xmm%d, mm%d" % (t, f),
        ("mm", "vec"): lambda t, f: "movdq2q mm%d, xmm%d" % (t, f),
    }
    return table.get((to_file, from_file))


def _helper_needs(pair):
    return {("vec", "gpr"): ["NEEDS_SSE2"], ("gpr", "vec"): ["NEEDS_SSE2"],
            ("mm", "gpr"): ["NEEDS_MMX"], ("gpr", "mm"): ["NEEDS_MMX"],
            ("k", "gpr"): ["NEEDS_AVX512F"], ("gpr", "k"): ["NEEDS_AVX512F"],
            ("vec", "mm"): ["NEEDS_MMX", "NEEDS_SSE2"],
            ("mm", "vec"): ["NEEDS_MMX", "NEEDS_SSE2"]}[pair]


class Generated:
    """What generate() makes: payloads, every form with its outcome, and the
    helper pairs used."""

    def __init__(self):
        self.payloads = []
        self.forms = []  # {"form", "line", "latency", "throughput", "skipped", "needs", ...}
        self.helpers = {}


# NASM's prefix for the EVEX encoding of an instruction VEX also encodes.
EVEX_PREFIX = "{evex} "


def _line(form, kinds, assign, mode):
    """One instruction of the form: conditional mnemonics (CMOVcc, SETcc)
    take the condition Z."""
    mnemonic = form.mnemonic[:-2] + "Z" if form.mnemonic.endswith("cc") else form.mnemonic
    names = _names(kinds, assign, mode, _imm_bits(form.code))
    line = ("%s %s" % (mnemonic, ", ".join(names))).lower() if names else mnemonic.lower()
    # Without the prefix NASM encodes xmm0-15 with VEX where it can.
    return EVEX_PREFIX + line if _encoding(form) == "evex" else line


def _plan(form, mode):
    """(kinds, why) for the form's operands in the mode."""
    kinds = []
    for op in form.operands:
        kind, why = operand_kind(op)
        if why:
            return [operand_kind(o)[0] for o in form.operands], why
        kinds.append(kind)
    return kinds, None


def _skip_reason(form, mode, kinds):
    m = form.mnemonic
    if form.flags & {"PRIV", "PROT", "SMM", "VMX", "SGX", "CET", "MPX", "UINTR", "ENQCMD",
                     "PCONFIG", "WBNOINVD", "SERIALIZE", "MSRLIST", "WRMSRNS", "INVPCID",
                     "TSXLDTRK", "RTM", "IA64", "NEVER"}:
        return "privileged or system instruction"
    if m in CONTROL:
        return "control flow"
    if STACK.match(m):
        return "moves the stack pointer"
    if m in SYSTEM:
        return "system or state-control instruction"
    if "ND" in form.flags:
        return "an alternative encoding of a form listed before it"
    if form.flags & {"UNDOC", "OBSOLETE"}:
        return "undocumented or obsolete"
    if mode == 64 and "NOLONG" in form.flags:
        return "not in long mode"
    if mode == 32 and (form.flags & {"LONG", "X86_64"} or "r64" in kinds):
        return "long mode only"
    if X87_STACK.match(m):
        return "pushes or pops the x87 stack"
    if any("|to" in op for op in form.operands):
        return "FOP TO st(i) is the form FOP st(i), st(0)"
    if m in IMPLICIT:
        return WHY.get(m, "implicit operands")
    if m in ADDRESS_REGISTER:
        return "its register operand is a memory address"
    if m in BIT_STRING and any(is_memory(k) for k in kinds) and \
            any(k and FILE.get(k) == "gpr" for k in kinds):
        return ("a register bit offset into memory: it addresses up to 2^31 bits beyond the "
                "operand")
    if m in ("MUL", "IMUL") and len(form.operands) == 1:
        return "writes EDX:EAX implicitly"
    if any(k is not None and k.startswith("=") and k[1:] in ("al", "ax", "eax", "rax")
           for k in kinds):
        return "the accumulator's short encoding of a general form"
    if any(k is not None and k.startswith("=") and k[1:] in ("dx", "edx") for k in kinds):
        return "implicit operands"
    if "AVX512VL" in form.flags:
        return "an EVEX form of xmm or ymm registers (the zmm form is generated)"
    return None


def _calibration(index):
    """The index-th calibration chain: itcal, itcal1, itcal2, ..."""
    a, b = _NAMES_32[0], _NAMES_32[1]
    lines = ["add %s, %s" % ((a, b) if n % 2 == 0 else (b, a)) for n in range(CALIBRATION_LINKS)]
    return Payload(CALIBRATION + ("%d" % index if index else ""), "ADD r32, r32", "calibration",
                   lines, [], None, "itable_x87", None)


def _calibrated(payloads):
    """The payloads with a calibration chain first, after every
    CALIBRATE_EVERY of them, and last."""
    out, chains = [_calibration(0)], 1
    for i, p in enumerate(payloads, 1):
        out.append(p)
        if i % CALIBRATE_EVERY == 0 or i == len(payloads):
            out.append(_calibration(chains))
            chains += 1
    return out


def _loop_only():
    return Payload(LOOP_ONLY, "the loop alone", "loop", [], [], None, "itable_x87", None)


def memory_variant(form):
    """The form with its register-or-memory operand as memory (ADD reg32,
    rm32 -> ADD reg32, mem32), or None where it has none."""
    for i, op in enumerate(form.operands):
        base, _, decorations = op.partition("|")
        m = _RM.match(base.rstrip("*"))
        if not m:
            continue
        bits = m.group(2) or _RM_BITS.get(m.group(1))
        if not bits:
            return None
        ops = list(form.operands)
        ops[i] = "mem" + bits + ("|" + decorations if decorations else "")
        return form._replace(operands=ops)
    return None


def generate(text, mode, include=None, refused=None):
    """Payloads for the forms of an insns.dat text in a mode (32 or 64).
    include: a predicate on a form's text to take only some (tests);
    refused: {form text: why} for forms NASM would not assemble (assembled()
    finds them), skipped with that reason."""
    refused = refused or {}
    out = Generated()
    out.payloads.append(_loop_only())
    seen = {}
    planned = []
    for form in [f for form in parse(text) for f in (form, memory_variant(form)) if f]:
        kinds, why = _plan(form, mode)
        planned.append((form, kinds, why, form_text(form, kinds), _encoding(form)))
    vex_texts = {text_ for _, _, _, text_, encoding in planned if encoding != "evex"}
    for form, kinds, why, text_, encoding in planned:
        if encoding == "evex" and text_ in vex_texts:
            text_ = EVEX_PREFIX + text_  # one name for each of the two encodings
        if include and not include(text_):
            continue
        key = (text_, encoding)
        if key in seen:
            continue
        seen[key] = True
        entry = {"form": text_, "line": form.line, "encoding": encoding, "skipped": None,
                 "latency": None, "throughput": None, "features": None}
        out.forms.append(entry)
        why = _skip_reason(form, mode, kinds) or why
        if not why and text_ in refused:
            why = refused[text_]
        if not why:
            try:
                needs, feature = needs_of(form)
            except ValueError as e:
                needs, feature, why = [], None, str(e)
        if why:
            entry["skipped"] = why
            continue
        entry["features"] = (needs, feature)
        _emit(out, form, kinds, text_, needs, feature, mode, encoding, entry)
    out.payloads = _calibrated(out.payloads)
    return out


def _emit(out, form, kinds, text_, needs, feature, mode, encoding, entry):
    index = len(out.forms)
    regs = Registers(mode, encoding == "evex")
    setup = setup_of(set(needs))
    m = form.mnemonic
    note = "operands 1.0: the latency may depend on the values" \
        if VALUE_DEPENDENT.match(m) else None
    lat_lines, lat_why, helper = _latency_lines(form, kinds, regs, mode, encoding)
    if lat_lines:
        name = "it%04dl" % index
        lat_needs = sorted(set(needs) | set(_helper_needs(helper) if helper else []))
        out.payloads.append(Payload(name, text_, "latency", lat_lines, lat_needs, feature, setup,
                                    note))
        entry["latency"] = name
        if helper:
            entry["helper"] = _helper_pair(out, helper, mode)
    else:
        entry["latency_skipped"] = lat_why
    tp_lines, tp_why = _throughput_lines(form, kinds, regs, mode)
    if tp_lines:
        name = "it%04dt" % index
        out.payloads.append(Payload(name, text_, "throughput", tp_lines, needs, feature, setup,
                                    note))
        entry["throughput"] = name
        entry["copies"] = len(tp_lines)
        entry["registers"] = len(set(tp_lines))
        if m in CARRY_CHAIN:
            entry["throughput_note"] = "every copy reads the carry flag the one before wrote"
    else:
        entry["throughput_skipped"] = tp_why
    if not lat_lines and not tp_lines:
        entry["skipped"] = lat_why


def _fixed_taken(kinds, mode):
    taken = collections.defaultdict(set)
    for k in kinds:
        if k and k.startswith("="):
            file, reg = _fixed_reg(k[1:], mode)
            taken[file].add(reg)
    return taken


STRICT = {8: "1", 16: "strict word 1", 32: "strict dword 1", 64: "strict qword 1"}
# NASM takes a sign-extended 32-bit immediate of a 64-bit operation as qword.
STRICT_R64 = {**STRICT, 32: "strict qword 1"}


def _names(kinds, assign, mode, imm_bits=8):
    """The operand texts: assign maps operand index -> register. An
    immediate is 1, written in the form's width so that NASM does not pick
    the shorter encoding of another form."""
    names = []
    strict = STRICT_R64 if kinds[0] == "r64" and kinds[1:2] == ["imm"] else STRICT
    for i, kind in enumerate(kinds):
        if kind == "imm":
            names.append(strict[imm_bits])
        elif kind == "one":
            names.append("1")
        elif kind.startswith("="):
            names.append(kind[1:])
        else:
            names.append(name_of(kind, assign[i], mode))
    return names


def _others(kinds, fixed, regs, skip, taken):
    """Registers for the operands not in skip: one each, distinct."""
    assign = {}
    for i, kind in enumerate(kinds):
        if i in skip or kind in ("imm", "one") or kind.startswith("="):
            continue
        file = FILE[kind]
        if kind == "st0":
            assign[i] = 0
            continue
        free = regs.free(file, kind, taken[file] | fixed[file])
        if not free:
            return None
        # A memory source at the base itself: the shortest encoding.
        assign[i] = free[0] if file == "mem" else free[-1]
        taken[file].add(assign[i])
    return assign


def _latency_lines(form, kinds, regs, mode, encoding):
    """(lines, why not, helper pair or None)."""
    m = form.mnemonic
    if m in FLAGS_ONLY:
        return None, "writes only flags: no register result to chain through", None
    fixed = _fixed_taken(kinds, mode)
    if any(is_memory(k) for k in kinds):
        if m in X87_MEMORY_ARITHMETIC:
            # ST(0) <- ST(0) op memory: a chain through ST(0).
            return [_line(form, kinds, {0: 0}, mode)] * LINKS, None, None
        return None, MEMORY_LATENCY, None
    if not kinds:
        if m in X87_VOID_CHAIN:
            return [m.lower()] * LINKS, None, None
        return None, "no operands", None
    out_kind = kinds[0]
    if out_kind in ("imm", "one") or out_kind.startswith("="):
        return None, "its first operand is not a register it writes", None
    out_file = FILE[out_kind]
    if m in NO_REGISTER_SOURCE and not any(FILE.get(k) == out_file for k in kinds[1:]):
        return None, "its result comes from the flags or an immediate: no register source", None
    if out_file == "x87":
        # x87 arithmetic writes its first operand and reads it: repeat it.
        taken = collections.defaultdict(set)
        assign = _others(kinds, fixed, regs, set(), taken)
        return [_line(form, kinds, assign, mode)] * LINKS, None, None
    if len(kinds) == 1:
        taken = collections.defaultdict(set)
        assign = _others(kinds, fixed, regs, set(), taken)
        if assign is None:
            return None, "not enough registers", None
        return [_line(form, kinds, assign, mode)] * LINKS, None, None
    # The first register source of the output's file, else of another file.
    sources = [i for i, k in enumerate(kinds[1:], 1)
               if k not in ("imm", "one") and not k.startswith("=")]
    same = [i for i in sources if FILE[kinds[i]] == out_file]
    if same:
        j = same[0]
        free = regs.free(out_file, out_kind, fixed[out_file])
        free = [r for r in free if r in regs.free(out_file, kinds[j], fixed[out_file])]
        if len(free) < 2:
            return None, "not enough registers", None
        a, b = free[0], free[1]
        taken = collections.defaultdict(set)
        taken[out_file] |= {a, b}
        others = _others(kinds, fixed, regs, {0, j}, taken)
        if others is None:
            return None, "not enough registers", None
        lines = []
        for n in range(LINKS):
            x, y = (a, b) if n % 2 == 0 else (b, a)
            assign = {**others, 0: x, j: y}
            lines.append(_line(form, kinds, assign, mode))
        return lines, None, None
    if not sources:
        # OP r, imm (or cl, or 1): the result is the first operand changed.
        taken = collections.defaultdict(set)
        assign = _others(kinds, fixed, regs, set(), taken)
        if assign is None:
            return None, "not enough registers", None
        return [_line(form, kinds, assign, mode)] * LINKS, None, None
    j = sources[0]
    in_file = FILE[kinds[j]]
    pair = (in_file, out_file)
    helper = _helper(in_file, out_file, encoding != "legacy", mode)
    if not helper:
        return None, "no helper instruction from %s to %s registers" % (out_file, in_file), None
    a = regs.free(out_file, out_kind, fixed[out_file])
    b = regs.free(in_file, kinds[j], fixed[in_file])
    if not a or not b:
        return None, "not enough registers", None
    taken = collections.defaultdict(set)
    taken[out_file].add(a[0])
    taken[in_file].add(b[0])
    others = _others(kinds, fixed, regs, {0, j}, taken)
    if others is None:
        return None, "not enough registers", None
    assign = {**others, 0: a[0], j: b[0]}
    line = _line(form, kinds, assign, mode)
    lines = []
    for _ in range(LINKS // 2):
        lines += [line, helper(b[0], a[0])]
    return lines, None, pair


def _helper_pair(out, pair, mode):
    """The round trip of a helper pair, measured once: (in, out) files."""
    name = "ith_%s_%s" % pair
    if name in out.helpers:
        return name
    in_file, out_file = pair
    there = _helper(in_file, out_file, False, mode)
    back = _helper(out_file, in_file, False, mode)
    gprs = Registers(mode, False).pool["gpr"]
    a = gprs[0] if out_file == "gpr" else 1
    b = gprs[0] if in_file == "gpr" else 1
    lines = []
    for _ in range(LINKS // 2):
        lines += [there(b, a), back(a, b)]
    needs = sorted(set(_helper_needs(pair)) | set(_helper_needs((out_file, in_file))))
    out.helpers[name] = pair
    out.payloads.append(Payload(name, "helper %s to %s and back" % pair, "helper", lines, needs,
                                None, setup_of(set(needs)), None))
    return name


def _throughput_lines(form, kinds, regs, mode):
    m = form.mnemonic
    fixed = _fixed_taken(kinds, mode)
    if not kinds:
        if m in X87_VOID_CHAIN:
            return None, "every copy writes st(0): its throughput is its latency"
        return [m.lower()] * COPIES * ROUNDS, None
    out_kind = kinds[0]
    if out_kind in ("imm", "one") or out_kind.startswith("="):
        return None, "its first operand is not a register"
    out_file = FILE[out_kind]
    if out_kind == "st0" or (out_file == "x87" and len(kinds) == 1) or \
            (m in X87_MEMORY_ARITHMETIC and out_file == "mem"):
        return None, "every copy writes st(0): its throughput is its latency"
    taken = collections.defaultdict(set)
    # The sources: one register each, shared by every copy.
    sources = _others(kinds, fixed, regs, {0}, taken)
    if sources is None:
        return None, "not enough registers"
    dests = regs.free(out_file, out_kind, taken[out_file] | fixed[out_file])
    if out_file == "x87":
        dests = [d for d in dests if d != 0]
    dests = dests[:COPIES]
    if len(dests) < 2:
        return None, "not enough registers for independent copies"
    rounds = MEMORY_ROUNDS if any(is_memory(k) for k in kinds) else ROUNDS
    return [_line(form, kinds, {**sources, 0: d}, mode)
            for d in dests] * rounds, None


# --- the NASM source -------------------------------------------------------------


def nasm_source(gen, mode, lines_of=None):
    """One NASM source of every generated payload (PAYLOAD ... ENDPAYLOAD).
    lines_of, a dict, gets each source line's payload."""
    out = ["; Generated by tools/bblib/itable.py from NASM's insns.dat: do not edit.",
           "%include \"payload.mac\"",
           "extern itable_x87, itable_sse, itable_avx, itable_avx512",
           "bits %d" % mode, ""]
    counter = COUNTER[mode]
    for p in gen.payloads:
        if p.kind == "calibration":
            out.append("PAYLOAD %s, \"dependent ADD r32, r32 chain of %d, unrolled: TSC ticks "
                       "per cycle\", %d, NOT_DEFAULT, itable_x87" % (p.name, len(p.lines),
                                                                   len(p.lines)))
            out += ["    " + line for line in p.lines] + ["ENDPAYLOAD"]
            continue
        flags = "|".join(p.needs + ["NOT_DEFAULT"])
        desc = "%s %s, %d a turn of %d" % (p.form, p.kind, len(p.lines), LOOP)
        out.append("PAYLOAD %s, \"%s\", %d, %s, %s" % (p.name, desc[:160].replace('"', "'"),
                                                        1 + LOOP * (len(p.lines) + 2), flags,
                                                        p.setup))
        out.append("    BRANCHES %d" % LOOP)
        if p.feature:
            out.append("    FEATURE \"%s\"" % p.feature)
        out += ["    mov %s, %d" % (counter, LOOP), "%$turn:"]
        for line in p.lines:
            out.append("    " + line)
            if lines_of is not None:
                lines_of[len(out)] = p
        out += ["    dec %s" % counter, "    jnz %$turn", "ENDPAYLOAD"]
    return "\n".join(out) + "\n"


_ERROR = re.compile(r":(\d+): error: (.*)$")


def assembled(text, mode, assemble, include=None, rounds=3):
    """generate(), with the forms NASM refuses found and skipped: each round
    assembles the source (assemble(source) -> NASM's error lines, [] when it
    assembled) and skips the forms of the lines it names. Returns the
    Generated and its source."""
    refused = {}
    for _ in range(rounds):
        gen = generate(text, mode, include, refused)
        lines_of = {}
        source = nasm_source(gen, mode, lines_of)
        errors = assemble(source)
        if not errors:
            return gen, source
        for line in errors:
            m = _ERROR.search(line)
            if not m or int(m.group(1)) not in lines_of:
                raise RuntimeError("nasm: %s" % line)
            refused.setdefault(lines_of[int(m.group(1))].form,
                               "NASM does not assemble it: %s" % m.group(2))
    raise RuntimeError("nasm still refuses forms after %d rounds" % rounds)


# --- modules ---------------------------------------------------------------------


class NothingToMeasure(Exception):
    """No form was generated: the selection skipped or matched them all."""


def build_modules(insns_dat, mode, out_dir, nasm_version, include=None):
    """Generates, assembles and packs the table's payloads into modules in
    out_dir (itable-N.bbp, as many as the format's limits ask); writes
    out_dir/itable-forms.json, the forms with their payloads or reasons.
    Returns (module paths, Generated)."""
    with open(insns_dat, encoding="latin-1") as f:
        text = f.read()
    objects = {}

    def assemble(source):
        with tempfile.TemporaryDirectory(prefix="bb-itable-") as work:
            path = os.path.join(work, "itable.asm")
            with open(path, "w", encoding="ascii") as f:
                f.write(source)
            try:
                objects["last"] = module.assemble(path, work, mode, all_errors=True)
            except module.NasmErrors as e:
                return e.lines
        return []

    gen = generate(text, mode, include)
    if all(f["skipped"] for f in gen.forms):
        raise NothingToMeasure("no form to measure: %s" % (
            "%d forms match, none can be generated (%s)" % (
                len(gen.forms), "; ".join(sorted({f["skipped"] for f in gen.forms})[:3]))
            if gen.forms else "no form of insns.dat matches"))
    gen, source = assembled(text, mode, assemble, include)
    payloads = module.payloads_of(module.Elf(objects["last"]))
    paths = []
    for n, chunk in enumerate(_chunks(payloads), 1):
        path = os.path.join(out_dir, "itable-%d.bbp" % n)
        files.write(path, module.pack(chunk, mode))
        paths.append(path)
    files.write(os.path.join(out_dir, "itable.asm"), source.encode("ascii"))
    manifest = {"source": "NASM %s insns.dat" % nasm_version, "mode": mode, "links": LINKS,
                "loop": LOOP,
                "calibration": {"payloads": [p.name for p in gen.payloads
                                             if p.kind == "calibration"],
                                "links": CALIBRATION_LINKS},
                "loop_only": LOOP_ONLY,
                "forms": gen.forms, "helpers": {k: list(v) for k, v in gen.helpers.items()}}
    files.write(os.path.join(out_dir, "itable-forms.json"),
                json.dumps(manifest, indent=1).encode("ascii"))
    return paths, gen


def _chunks(payloads):
    """The payloads in runs that each fit one module."""
    chunk, size = [], 0
    for p in payloads:
        # Descriptor, strings and body, as pack lays them out, and a margin
        # for the alignment of each body.
        need = module.DESC_LEN + len(p["name"]) + len(p["description"]) + \
            len(p.get("feature") or "") + 3 + len(p["body"]) + 16
        if chunk and (len(chunk) == module.MAX_PAYLOADS or
                      size + need > module.MAX_BYTES - module.HEADER_LEN):
            yield chunk
            chunk, size = [], 0
        chunk.append(p)
        size += need
    if chunk:
        yield chunk
