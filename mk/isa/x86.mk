# ISA x86: what every mode of it shares. The C leaves the FPU and the vector
# registers alone (-mgeneral-regs-only): they belong to the payloads, and the
# trap handlers need not save them. The payload macros are in bench/x86/.
# Its modes are the fragments of mk/isa/x86/: 32 (protected mode, for every
# CPU from the Pentium on); long mode comes as 64.mk (issue 22).
DEFAULT_MODE := 32
KCFLAGS   += -mgeneral-regs-only
NASMFLAGS += -I bench/x86/
