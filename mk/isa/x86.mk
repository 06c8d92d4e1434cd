# ISA x86: what every mode of it shares. The C leaves the FPU and the vector
# registers alone (-mgeneral-regs-only): they belong to the payloads, and the
# trap handlers need not save them. The payload macros are in bench/x86/.
# Its modes are the fragments of mk/isa/x86/: 32 (protected mode, for every
# CPU from the Pentium on) and 64 (long mode: the long-mode kernel that the
# 32-bit one carries, mk/platform/metal/x86.mk, and a Linux process).
DEFAULT_MODE := 32
# The mode of the machine make runs on, which a Linux process takes by default.
HOST_MODE := $(patsubst x86_64,64,$(patsubst i%86,32,$(filter x86_64 i%86,$(shell uname -m))))
KCFLAGS   += -mgeneral-regs-only
# The event tables generated from libpfm4 (the Makefile's PFM_TABLES).
K_GEN      = $(PFM_TABLES)
NASMFLAGS += -I bench/x86/
