# barebench: build the kernel, the ISO and the host programs; run and check.
# `make help` lists the targets.

.DEFAULT_GOAL := all

# A build has three axes, each a fragment of mk/ (kvm-unit-tests splits its
# x86 build the same way: x86/Makefile.common, Makefile.i386, Makefile.x86_64):
#   ARCH      the ISA: mk/isa/$(ARCH).mk (x86, ppc)
#   MODE      the execution mode, where the ISA has several: mk/isa/$(ARCH)/$(MODE).mk
#             (x86: 32); the ISA's fragment names its default
#   PLATFORM  what the program runs on: mk/platform/$(PLATFORM).mk (metal: bare metal;
#             linux: a Linux process on the machine at hand, also HOSTED=1)
# The values are the fragments there are; a value differs from its axis's
# default only when set on the command line.
DEFAULT_ARCH     := x86
DEFAULT_PLATFORM := metal
ARCH     := $(DEFAULT_ARCH)
PLATFORM := $(if $(HOSTED),linux,$(DEFAULT_PLATFORM))
ISAS      := $(basename $(notdir $(wildcard mk/isa/*.mk)))
PLATFORMS := $(basename $(notdir $(wildcard mk/platform/*.mk)))
$(if $(filter $(ARCH),$(ISAS)),,$(error ARCH=$(ARCH): not one of $(ISAS)))
$(if $(filter $(PLATFORM),$(PLATFORMS)),,$(error PLATFORM=$(PLATFORM): not one of $(PLATFORMS)))

KCC     := gcc
HOSTCC  := gcc
NASM    := nasm
# What every kernel build shares. --gc-sections: what only the host tools
# call (pmu_list_events, ...) stays out of the image.
KCFLAGS  := -std=c11 -O2 -g -ffunction-sections -fdata-sections -Wall -Wextra -Werror -I.
KLDFLAGS := -Wl,--gc-sections
HOSTCFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -DBAREBENCH_HOST -I.

include mk/isa/$(ARCH).mk
# A Linux process runs in the mode of the machine it is built on (the ISA's
# HOST_MODE) unless MODE says otherwise: it is that machine's program.
ifeq ($(PLATFORM),linux)
DEFAULT_MODE := $(or $(HOST_MODE),$(DEFAULT_MODE))
endif
MODES := $(basename $(notdir $(wildcard mk/isa/$(ARCH)/*.mk)))
MODE  := $(DEFAULT_MODE)
$(if $(filter-out $(MODES),$(MODE)),$(error MODE=$(MODE): ARCH=$(ARCH) has $(if $(MODES),the modes $(MODES),one mode: leave MODE unset)))
include $(if $(MODE),mk/isa/$(ARCH)/$(MODE).mk)

# Each build has its own folder from the same tree: the default one (x86, its
# default mode, bare metal) build/, any other build/ and the values that differ
# from the defaults, joined by "-": build/ppc for make ARCH=ppc.
differs = $(if $(filter-out $(DEFAULT_$(1)),$($(1))),$($(1)))
space := $() $()
BUILD_NAME := $(subst $(space),-,$(strip $(foreach a,ARCH MODE PLATFORM,$(call differs,$(a)))))
BUILD   := build$(if $(BUILD_NAME),/$(BUILD_NAME))

# The model-specific event tables, generated from the installed libpfm4
# (pmu/x86/events_pfm.h) into the build: rewritten when libpfm4's package
# version (a stamp), the generator or the CPU list changes, else kept.
PFM_GEN    := $(BUILD)/gen/pfm-tables
PFM_TABLES := $(BUILD)/gen/pmu/x86/events_pfm.c
PFM_STAMP  := $(BUILD)/gen/libpfm4.version

# A user's payload built into the image without editing the tree.
PAYLOAD ?=

# The layers, bottom up; each may include only the ones before it. Inside a
# layer, an ISA's files sit in a folder named for it (x86/), those of one of
# its modes in a folder inside that (x86/32/), its payloads in payloads/. The
# platform's fragment picks the folders of its program (K_DIRS) from these.
LAYERS := lib kernel pmu bench app
LAYER_DIRS := $(foreach l,$(LAYERS),$(l) \
  $(foreach d,$(ARCH) $(if $(MODE),$(ARCH)/$(MODE)),$(l)/$(d) $(l)/$(d)/payloads))
KERNEL := $(BUILD)/barebench.elf
ISO    := $(BUILD)/barebench.iso
include mk/platform/$(PLATFORM).mk

# Kernel sources: every layer, the files the platform takes from folders it
# otherwise leaves out (K_SHARED), plus $(PAYLOAD).
K_SRC  := $(K_SHARED) $(K_GEN) $(PAYLOAD)
K_ASM  := $(wildcard $(addsuffix /*.asm,$(K_DIRS))) $(filter %.asm,$(K_SRC))
K_S    := $(wildcard $(addsuffix /*.S,$(K_DIRS))) $(filter %.S,$(K_SRC))
K_C    := $(wildcard $(addsuffix /*.c,$(K_DIRS))) $(filter %.c,$(K_SRC))
K_OBJ  := $(patsubst %,$(BUILD)/k/%.o,$(K_ASM) $(K_S) $(K_C))

# Sources that also compile for the host (tests, pmu-encode, fuzzers): the
# libraries but the kernel's own libc (lib/kstring.c), the console, the PMU
# layer, and the harness's statistics and records.
# pmu-encode and the tests know every architecture's backends: the host
# lists them all (tools/hostlib/registry.c) instead of one kernel's registry.
PORTABLE := $(filter-out lib/kstring.c,$(wildcard lib/*.c)) kernel/console.c kernel/screen.c \
            $(filter-out pmu/%/registry.c,$(wildcard pmu/*.c pmu/*/*.c)) bench/stats.c bench/record.c \
            bench/module.c
HOSTLIB  := $(PORTABLE) $(wildcard tools/hostlib/*.c) $(PFM_TABLES)
MODELS   := $(wildcard tests/host/models/*.c)
HOST_TESTS := $(patsubst tests/host/%.c,$(BUILD)/host/%,$(wildcard tests/host/test_*.c))
HOST_TOOLS := $(patsubst tools/%.c,$(BUILD)/host/%,$(wildcard tools/*.c))
# The host programs are the same for every build: the default one makes them,
# into build/host.
ALL_HOST := $(if $(BUILD_NAME),,host)

ARGS ?=

.PHONY: all iso run run-iso bochs check lint format deps help host clean FORCE
all: $(KERNEL) $(KERNEL_EXTRA) $(ALL_HOST)

# A stamp file whose content is a setting: rewritten (and so newer than what
# depends on it) only when the setting changes. Relink when the PAYLOAD list
# changes; recompile when the compiler or its flags do.
stamp = @mkdir -p $(dir $@); echo '$(1)' | cmp -s - $@ || echo '$(1)' > $@
PAYLOAD_STAMP := $(BUILD)/payload.list
KFLAGS_STAMP  := $(BUILD)/k/flags
HFLAGS_STAMP  := $(BUILD)/host/flags

# Dependencies come from the assembler and the compiler (-MD/-MMD, with
# phony targets for headers that disappear), so a change rebuilds exactly
# the objects that use it.
DEPFLAGS = -MMD -MP
# NASM 2.16's -MD leaves %include files out of the list; -M has them.
$(BUILD)/k/%.asm.o: %.asm $(KFLAGS_STAMP)
	@mkdir -p $(dir $@)
	@$(NASM) $(NASMFLAGS) -M -MP -MT $@ -MF $@.d $<
	$(NASM) $(NASMFLAGS) -o $@ $<
$(BUILD)/k/%.S.o: %.S $(KFLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(KCC) $(KCFLAGS) $(DEPFLAGS) -c -o $@ $<
$(BUILD)/k/%.c.o: %.c $(KFLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(KCC) $(KCFLAGS) $(DEPFLAGS) -c -o $@ $<

# The payload layout, declared once in bench/payload.def: C and GNU as read it
# through the C preprocessor, NASM through payload_layout.mac, which
# tools/bblib/layout.py writes from it. Every NASM object waits for that file;
# nasm -M then lists it, so a change of the declaration rewrites it and
# reassembles what includes it (and the compiler's -MMD what includes the .def).
PAYLOAD_LAYOUT := $(BUILD)/gen/payload_layout.mac
NASMFLAGS += -I $(dir $(PAYLOAD_LAYOUT))
$(PAYLOAD_LAYOUT): bench/payload.def tools/bblib/layout.py
	@mkdir -p $(dir $@)
	python3 -B tools/bblib/layout.py $@
$(filter %.asm.o,$(K_OBJ)): | $(PAYLOAD_LAYOUT)

$(PFM_STAMP): FORCE
	@mkdir -p $(dir $@); v=$$(dpkg-query -W -f='$${Version}' libpfm4-dev 2>/dev/null || echo unknown); \
	  echo "$$v" | cmp -s - $@ || echo "$$v" > $@
$(PFM_GEN): tools/gen/pfm-tables.c pmu/x86/pfm_cpus.c $(HFLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOSTCFLAGS) $(DEPFLAGS) -MF $@.d -o $@ tools/gen/pfm-tables.c pmu/x86/pfm_cpus.c -lpfm
$(PFM_TABLES): $(PFM_GEN) $(PFM_STAMP)
	@mkdir -p $(dir $@)
	$(PFM_GEN) "$$(cat $(PFM_STAMP))" >$@.tmp 2>$(BUILD)/gen/pfm-tables.log && mv $@.tmp $@ || \
	  { cat $(BUILD)/gen/pfm-tables.log; rm -f $@.tmp; exit 1; }

$(PAYLOAD_STAMP): FORCE
	$(call stamp,$(PAYLOAD))
$(KFLAGS_STAMP): FORCE
	$(call stamp,$(KCC) $(KCFLAGS) $(NASM) $(NASMFLAGS) $(KLDFLAGS))
$(HFLAGS_STAMP): FORCE
	$(call stamp,$(HOSTCC) $(HOSTCFLAGS))

$(KERNEL): $(K_OBJ) $(K_LDSCRIPT) $(PAYLOAD_STAMP) $(KFLAGS_STAMP)
	$(KCC) $(KLDFLAGS) -o $@ $(K_OBJ) -lgcc

# Host objects are compiled once and linked into every test and tool.
HOSTLIB_OBJ := $(patsubst %.c,$(BUILD)/host/obj/%.o,$(HOSTLIB))
MODELS_OBJ  := $(patsubst %.c,$(BUILD)/host/obj/%.o,$(MODELS))
$(BUILD)/host/obj/%.o: %.c $(HFLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOSTCFLAGS) $(DEPFLAGS) -c -o $@ $<

host: $(HOST_TESTS) $(HOST_TOOLS)
# Programs link their own object with the shared ones: a changed source
# recompiles one object, and only the programs that contain it relink.
$(BUILD)/host/test_%: $(BUILD)/host/obj/tests/host/test_%.o $(HOSTLIB_OBJ) $(MODELS_OBJ)
	$(HOSTCC) -o $@ $(filter %.o,$^) -lpfm
$(BUILD)/host/%: $(BUILD)/host/obj/tools/%.o $(HOSTLIB_OBJ)
	$(HOSTCC) -o $@ $(filter %.o,$^)
# Objects that only pattern rules name are intermediate to make 4.3, which
# deletes them after the first link and so recompiles them on the next make:
# name them all here to keep them.
.SECONDARY: $(HOSTLIB_OBJ) $(MODELS_OBJ) \
  $(patsubst $(BUILD)/host/%,$(BUILD)/host/obj/tests/host/%.o,$(HOST_TESTS)) \
  $(patsubst $(BUILD)/host/%,$(BUILD)/host/obj/tools/%.o,$(HOST_TOOLS))

iso: $(ISO)
$(ISO): $(KERNEL) iso/grub.cfg iso/grub-modules
	@mkdir -p $(BUILD)/isodir/boot/grub
	cp $(KERNEL) $(BUILD)/isodir/boot/barebench.elf
	cp iso/grub.cfg $(BUILD)/isodir/boot/grub/grub.cfg
	grub-mkrescue -o $@ $(BUILD)/isodir --locales= --fonts= --themes= \
	  --install-modules="$$(cat iso/grub-modules)" \
	  >$(BUILD)/grub-mkrescue.log 2>&1 || { cat $(BUILD)/grub-mkrescue.log; exit 1; }

deps:
	@tools/deps.sh

# The counting QEMUs: Debian's QEMU source with the PMU models of emu/qemu/
# patches, built into a cache outside the tree (redone only when the patches
# or the installed QEMU change; a warm call takes well under a second), linked
# as build/emu/qemu-system-i386 and build/emu/qemu-system-ppc for every ARCH.
# The x86-64 one is a build of its own, so that the other two stay cached
# where they are: it runs a Linux guest (Debian's kernel and busybox,
# downloaded by emu/guest/build.sh) in which the hosted program counts
# through perf (tests/boot/test_hosted_perf.py).
EMU_DIR := $(patsubst %/$(BUILD_NAME),%,$(BUILD))/emu
.PHONY: emu
emu: deps
	@mkdir -p $(EMU_DIR)
	@bins=$$(emu/qemu/build.sh i386-softmmu,ppc-softmmu && emu/qemu/build.sh x86_64-softmmu) && \
	  for bin in $$bins; do ln -sfn "$$bin" $(EMU_DIR)/$$(basename "$$bin"); done
	@emu/guest/build.sh >/dev/null

# Boots headless QEMU on the fast -kernel path; the console goes to the
# terminal and to $(BUILD)/serial.log.
# COUNTING=1: under the counting QEMU, with -icount (its counters are exact
# there).
run: deps $(KERNEL) $(KERNEL_EXTRA) $(if $(COUNTING),emu)
	@$(RUN)

run-iso: deps $(ISO)
	@tools/boot qemu --iso $(ISO) $(if $(UEFI),--uefi) --log $(BUILD)/serial.log

MODEL ?= p3_katmai
bochs: deps $(ISO)
	@tools/boot bochs --model '$(MODEL)' --log $(BUILD)/serial.log $(ISO)

# The default suite over a few QEMU (icount: the TSC counts instructions) and
# Bochs CPU models, checked and tabulated as $(BUILD)/report.{md,csv,json,svg}.
REPORT_QEMU  ?= pentium pentium3 coreduo Skylake-Client athlon
REPORT_BOCHS ?= pentium_mmx p3_katmai p4_willamette core2_penryn_t9600
.PHONY: report
report: deps $(KERNEL) $(ISO)
	@rm -rf $(BUILD)/report-logs
	@tools/barebench run --kernel $(KERNEL) --iso $(ISO) --icount --qemu '$(REPORT_QEMU)' \
	  --bochs '$(REPORT_BOCHS)' -o $(BUILD)/report-logs
	@tools/barebench report $(BUILD)/report-logs/*.log -o $(BUILD)/report
	@echo "wrote $(BUILD)/report.md .csv .json .svg"

check: deps
	@$(MAKE) --no-print-directory -j2 all iso
	@$(MAKE) --no-print-directory -j2 ARCH=ppc
	@$(MAKE) --no-print-directory -j2 HOSTED=1
	$(if $(filter 64,$(HOST_MODE)),@$(MAKE) --no-print-directory -j2 HOSTED=1 MODE=32)
	@$(MAKE) --no-print-directory emu
	@BUILD=$(BUILD) tests/run-checks

# The LAVA jobs in lava/: lava-dispatcher (installed here when missing, never
# by make deps) runs the QEMU job with lava-run and the check compares the
# cases it recorded with tools/barebench report; make check runs the same
# test when lava-dispatcher is there.
.PHONY: check-lava
check-lava: deps
	@tools/deps.sh lava
	@$(MAKE) --no-print-directory -j2 all
	@BUILD=$(BUILD) tests/boot/test_lava.py

# The README's two commands on a new user's machine: a minimal Debian 12 root
# (debootstrap, cached in /var/cache/barebench/fresh), a clean export of HEAD,
# make only. It builds the counting QEMU cold inside the root each time (20 to
# 37 minutes here on 2 busy cores), so it is not part of make check.
.PHONY: check-fresh
check-fresh:
	@tools/check-fresh.sh

# libFuzzer on the boot-option and event-spec parsers, longer than the short
# run in make check; the corpus grows in $(BUILD)/fuzz/corpus/ across runs.
FUZZ_SECONDS ?= 300
.PHONY: fuzz
fuzz: deps $(BUILD)/host/pmu-encode
	@tests/fuzz/run_fuzz.py --seconds $(FUZZ_SECONDS) --keep-corpus --build $(BUILD)

# Static analysis over every C file: kernel code as the kernel builds it,
# host code with the host's headers.
# Every C file of the tree, read from disk (an export without .git lints too).
C_FILES = $(shell find . -path ./build -prune -o -path './.*' -prune -o \( -name '*.c' -o -name '*.h' \) -print | sed 's|^\./||' | sort)
HOST_ONLY_C = $(filter tests/% tools/%,$(filter %.c,$(C_FILES)))
lint: format-check
	cppcheck --quiet --error-exitcode=1 --enable=warning,performance,portability --std=c11 \
	  -I. -DBAREBENCH_HOST --inline-suppr $(LAYERS) tests tools
	clang-tidy --quiet $(filter-out $(HOST_ONLY_C),$(filter %.c,$(C_FILES))) -- \
	  -m32 -ffreestanding -std=c11 -I. 2>/dev/null
	clang-tidy --quiet $(HOST_ONLY_C) -- -std=c11 -DBAREBENCH_HOST -I. 2>/dev/null

# clang-format 19 (Debian 12 has it beside the default 14): it keeps short
# macros on one line, and InsertBraces needs 15 or later.
CLANG_FORMAT := clang-format-19
format:
	$(CLANG_FORMAT) -i $(C_FILES)
# What make format would change, as errors (make lint and make check run it).
.PHONY: format-check
format-check:
	@$(CLANG_FORMAT) --dry-run --Werror $(C_FILES)

help:
	@echo "make            build $(KERNEL) and the host programs"
	@echo "make iso        build $(ISO) (GRUB, BIOS + UEFI)"
	@echo "make run        boot the kernel in headless QEMU: CPU=model ARGS='boot options'"
	@echo "                (qemu-system-i386: 32-bit mode; MODE=64: qemu-system-x86_64 and mode=64,"
	@echo "                the long-mode kernel the image carries)"
	@echo "make ARCH=ppc   build the PowerPC 604/604e kernel into build/ppc; make run ARCH=ppc"
	@echo "                boots it: MACHINE=40p|g3beige|mac99 CPU=604e|604 ARGS='boot options'"
	@echo "                COUNTING=1: under the counting QEMU (make emu) with -icount"
	@echo "make HOSTED=1   build the suite as a Linux process in this machine's mode (build/linux/"
	@echo "                barebench; MODE=32: the i386 one); make run HOSTED=1 runs it on this"
	@echo "                machine: ARGS='options' (cpu=N pins it); it counts through perf where"
	@echo "                Linux offers a PMU, else measures the TSC"
	@echo "make emu        build the counting QEMU (Debian's source + emu/qemu/patches, cached): i386,"
	@echo "                ppc and x86_64, and fetch a Linux guest for the hosted perf test"
	@echo "make run-iso    boot the ISO in QEMU (BIOS; UEFI=1 for OVMF)"
	@echo "make bochs      boot the ISO in Bochs: MODEL=p4_willamette"
	@echo "make report     default suite on QEMU + Bochs models: build/report.{md,csv,json,svg}"
	@echo "make bench-hosted  the hosted program (PLATFORM=linux) 3 times on this machine: each payload"
	@echo "                in ticks and calibrated cycles beside the published figures; ARGS='options'"
	@echo "                (default unroll=1000)"
	@echo "make bench-itable  the instruction table of this machine (hosted): latency and"
	@echo "                throughput of every register form of NASM's insns.dat, build/linux/bench-itable/"
	@echo "make bench-memory  latency and bandwidth from 1 KiB to twice the last-level cache,"
	@echo "                the knees beside CPUID's caches: build/linux/bench-memory/"
	@echo "make bench-emu  guest speed, without -icount: Debian's QEMU and the counting QEMU with"
	@echo "                pmu=off, with the counters stopped and counting (ns per guest instruction)"
	@echo "make check      host tests and the boot matrix; ends with 'N passed, N failed'"
	@echo "make check-fresh  make run and make check in a fresh Debian 12 root (debootstrap)"
	@echo "make check-lava run lava/job-qemu.yaml with lava-run (installs lava-dispatcher)"
	@echo "make fuzz       fuzz the option and event-spec parsers: FUZZ_SECONDS=300 per target"
	@echo "make deps       install the Debian packages the project needs"
	@echo "make lint       clang-format check, cppcheck and clang-tidy;  make format: clang-format all C"
	@echo "A build's axes, each value a fragment of mk/ (docs/development.md); a value other"
	@echo "than the default names the build folder (build/ppc):"
	@echo "  ARCH=isa       $(ISAS) (default $(DEFAULT_ARCH))"
	@echo "  MODE=mode      the execution mode, where the ISA has several: $(strip $(foreach i,$(ISAS),$(if \
	  $(wildcard mk/isa/$(i)/*.mk),$(i): $(basename $(notdir $(wildcard mk/isa/$(i)/*.mk))))))"
	@echo "                 (default: the one the ISA's fragment names; a Linux process: this"
	@echo "                 machine's, $(or $(HOST_MODE),-))"
	@echo "  PLATFORM=name  what the kernel runs on: $(PLATFORMS) (default $(DEFAULT_PLATFORM), bare metal)"
	@echo "  PAYLOAD=file   a payload of yours (.asm, .S, .c) built into the image"

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# The hosted program (PLATFORM=linux) run three times on this machine: every
# payload in TSC ticks and calibrated cycles, the run-to-run spread, beside
# the figures published for the host's microarchitecture (tools/bench_hosted.py,
# tools/bblib/published.py); the table also goes to build/linux/bench-hosted/.
# How fast the counting QEMU runs a guest (emu/bench/alu_loop.asm, no
# -icount) beside Debian's QEMU: pmu=off, pmu=on with the counters stopped,
# and counting (tools/bench_emu.py); the table also goes to build/bench-emu/.
.PHONY: bench-emu
bench-emu: emu
	@tools/bench_emu.py -o $(BUILD)/bench-emu

# The instruction table of this machine (docs/itable.md): every register
# form of NASM's insns.dat, latency and throughput, measured by the hosted
# program; the table goes to build/linux/bench-itable/.
.PHONY: bench-itable
bench-itable:
	@$(MAKE) --no-print-directory -j2 PLATFORM=linux
	@tools/barebench itable --hosted --program build/linux/barebench -o build/linux/bench-itable \
	  $(if $(ARGS),--append '$(ARGS)')

# The memory hierarchy of this machine (docs/memory.md): the chase and the
# bandwidth payloads from 1 KiB to twice the last-level cache in one hosted
# run, the knees beside the caches CPUID reports; into build/linux/bench-memory/.
.PHONY: bench-memory
bench-memory:
	@$(MAKE) --no-print-directory -j2 PLATFORM=linux
	@tools/barebench memory --hosted --program build/linux/barebench -o build/linux/bench-memory \
	  $(if $(ARGS),--append '$(ARGS)')

.PHONY: bench-hosted
bench-hosted:
	@$(MAKE) --no-print-directory -j2 PLATFORM=linux
	@tools/bench_hosted.py --program build/linux/barebench -o build/linux/bench-hosted \
	  $(if $(ARGS),--append '$(ARGS)')
