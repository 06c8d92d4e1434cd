# Platform metal: a kernel that boots from a loader or the firmware, with
# nothing under it: freestanding C, no libc, its own linker script, and its
# boot code in boot/<isa>/ (and boot/<isa>/<mode>/). What it needs per ISA (linker script, image,
# how to run it) is in mk/platform/metal/<isa>.mk.
include mk/platform/metal/$(ARCH).mk
K_DIRS   := boot/$(ARCH) $(if $(MODE),boot/$(ARCH)/$(MODE)) $(LAYER_DIRS)
KCFLAGS  += -ffreestanding -fno-pic -fno-pie -fno-stack-protector -fno-builtin \
            -fno-asynchronous-unwind-tables
KLDFLAGS += -nostdlib -no-pie -static -Wl,--build-id=none -Wl,-z,noexecstack -T $(K_LDSCRIPT)
