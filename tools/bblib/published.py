"""Published latencies of the built-in payloads, per x86 microarchitecture:
what `make bench-hosted` (tools/bench_hosted.py) sets beside a hosted run's
calibrated cycles.

A microarchitecture is found by the CPUID signature in a run's boot record:
vendor, family (extended family folded in) and model ranges. The AMD ranges
are Linux's (arch/x86/kernel/cpu/amd.c, bsp_init_amd: "Figure out Zen
generations"), the Intel models Linux's names for them
(arch/x86/include/asm/intel-family.h).

Only figures a source states go here, each with that source. A payload's
value is per iteration of one instruction (add_latency, imul_latency, the
SIMD and x87 chains) or one load (chase_l1, chase_l2), so a latency compares
directly. chase_l1 is MOV ESI, [ESI] (MOV RSI, [RSI] in a 64-bit run): a
base register and no index, the simple addressing that the 4-cycle L1D
paths take where a core has one. The integer figures hold for the 32-bit
and the 64-bit forms alike (a run's `mode` record says which it measured).
DIV is left out everywhere: its latency depends on the operands, and the
tables give ranges, not the one figure div_latency's EDX:EAX / 1 would meet.
"""

from collections import namedtuple

# figure: cycles; source: where it is stated.
Figure = namedtuple("Figure", "figure source")
# name; vendor (CPUID's string); family; models: ((first, last), ...); figures:
# {payload: Figure}; note: what the figures do not cover.
Uarch = namedtuple("Uarch", "name vendor family models figures note")


def _uops(insn, uarch):
    return "uops.info, %s, latency on %s (uops.info/table.html)" % (insn, uarch)


def _intel(uarch):
    return ("Intel 64 and IA-32 Architectures Optimization Reference Manual (248966), "
            "the %s cache parameters table" % uarch)


def _amd(guide):
    return "AMD Software Optimization Guide for %s, the L1 data cache and L2 sections" % guide


def _alu(uarch, simd=True):
    """Latencies every one of these cores has, from uops.info's measurements."""
    figures = {"add_latency": Figure(1, _uops("ADD (R32, I8) and ADD (R64, I8)", uarch)),
               "imul_latency": Figure(3, _uops("IMUL (R32, R32) and IMUL (R64, R64)", uarch)),
               "sse2_paddd": Figure(1, _uops("PADDD (XMM, XMM)", uarch))}
    if simd:
        figures["mmx_paddb"] = Figure(1, _uops("PADDB (MM, MM)", uarch))
    return figures


def _intel_fp(uarch):
    """The FP and vector multiply latencies of the Skylake and Sunny Cove cores."""
    return {"sse_addps": Figure(4, _uops("ADDPS (XMM, XMM)", uarch)),
            "sse2_mulsd": Figure(4, _uops("MULSD (XMM, XMM)", uarch)),
            "x87_fadd": Figure(3, _uops("FADD (ST(0), ST(i))", uarch)),
            "mmx_pmullw": Figure(5, _uops("PMULLW (MM, MM)", uarch))}


def _zen(uarch, guide, l2=None, addps=True):
    figures = dict(_alu(uarch), chase_l1=Figure(4, _amd(guide) + ": 4-cycle integer "
                                                "load-to-use"))
    if addps:
        figures["sse_addps"] = Figure(3, _uops("ADDPS (XMM, XMM)", uarch))
    if l2:
        figures["chase_l2"] = Figure(l2, _amd(guide) + ": L2 latency")
    return figures


AMD, INTEL = "AuthenticAMD", "GenuineIntel"
HYBRID = ("a hybrid part: the figures are the P-core's; a run pinned to an E-core "
          "(Gracemont) differs")
UARCHES = (
    Uarch("Zen/Zen+", AMD, 0x17, ((0x00, 0x2F), (0x50, 0x5F)),
          _zen("ZEN+", "AMD Family 17h Processors (55723)"), "no published L2 figure here"),
    Uarch("Zen 2", AMD, 0x17, ((0x30, 0x4F), (0x60, 0x7F), (0x90, 0x91), (0xA0, 0xAF)),
          _zen("ZEN2", "AMD Family 17h Models 30h and Greater Processors (56305)"),
          "no published L2 figure here"),
    Uarch("Zen 3", AMD, 0x19, ((0x00, 0x0F), (0x20, 0x5F)),
          _zen("ZEN3", "AMD EPYC 7003 Processors (56665)"), "no published L2 figure here"),
    Uarch("Zen 4", AMD, 0x19, ((0x10, 0x1F), (0x60, 0xAF)),
          _zen("ZEN4", "the AMD Zen4 Microarchitecture (57647)", l2=14), ""),
    Uarch("Zen 5", AMD, 0x1A, ((0x00, 0x2F), (0x40, 0x4F), (0x70, 0x7F)),
          # Zen 5 reworked the FP adders: Zen 4's ADDPS figure is not carried over.
          _zen("ZEN5", "the AMD Zen5 Microarchitecture (58455)", l2=14, addps=False), ""),
    # SKYLAKE_L, SKYLAKE, KABYLAKE_L, KABYLAKE, COMETLAKE, COMETLAKE_L.
    Uarch("Skylake (client)", INTEL, 6, ((0x4E, 0x4E), (0x5E, 0x5E), (0x8E, 0x8E), (0x9E, 0x9E),
                                         (0xA5, 0xA6)),
          dict(_alu("SKL"), **_intel_fp("SKL"),
               chase_l1=Figure(4, _intel("Skylake client") + ": 4 cycles for a simple address, "
                               "5 for a complex one"),
               chase_l2=Figure(12, _intel("Skylake client"))), ""),
    # SKYLAKE_X: Skylake-SP and Cascade Lake, the same core with a 1 MiB L2.
    Uarch("Skylake (server)", INTEL, 6, ((0x55, 0x55),),
          dict(_alu("SKX"), **_intel_fp("SKX"),
               chase_l1=Figure(4, _intel("Skylake server") + ": 4 cycles for a simple address"),
               chase_l2=Figure(14, _intel("Skylake server"))), ""),
    # ICELAKE_L, ICELAKE, TIGERLAKE_L, TIGERLAKE.
    Uarch("Sunny Cove/Willow Cove (Ice Lake, Tiger Lake client)", INTEL, 6,
          ((0x7D, 0x7E), (0x8C, 0x8D)),
          dict(_alu("ICL"), **_intel_fp("ICL"),
               chase_l1=Figure(5, _intel("Ice Lake client") + ": L1D latency 5")),
          "L2: 13 cycles on Ice Lake (512 KiB), more on Tiger Lake (1.25 MiB): not one figure"),
    # ALDERLAKE, ALDERLAKE_L; RAPTORLAKE, RAPTORLAKE_P, RAPTORLAKE_S.
    Uarch("Golden Cove (Alder Lake P-core)", INTEL, 6, ((0x97, 0x97), (0x9A, 0x9A)),
          dict(_alu("ADL-P"),
               chase_l1=Figure(5, _intel("Golden Cove") + ": L1D latency 5"),
               chase_l2=Figure(15, _intel("Golden Cove"))), HYBRID),
    Uarch("Raptor Cove (Raptor Lake P-core)", INTEL, 6, ((0xB7, 0xB7), (0xBA, 0xBA),
                                                          (0xBF, 0xBF)),
          dict(_alu("RPL-P"),
               chase_l1=Figure(5, _intel("Golden Cove") + ": L1D latency 5 (Raptor Cove "
                               "keeps Golden Cove's L1D)")), HYBRID + "; L2 grew to 2 MiB: "
          "no published figure here"),
)
NONE = "no published figure for this CPU"


def lookup(vendor, family, model):
    """The Uarch of a CPUID signature (family and model as numbers or the
    boot record's decimal text), or None."""
    family, model = int(family), int(model)
    for u in UARCHES:
        if u.vendor == vendor and u.family == family and any(
                lo <= model <= hi for lo, hi in u.models):
            return u
    return None


def figure(uarch, payload):
    """The Figure for payload on uarch, or None."""
    return uarch.figures.get(payload) if uarch else None
