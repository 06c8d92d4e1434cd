# Platform linux (make HOSTED=1): a Linux process on the machine at hand, so
# that the payloads run on a real core. A static executable with no C
# library: freestanding C as on bare metal, the kernel's interface through
# kernel/linux/ (system calls, signals for faults), the program's steps in
# app/linux/. It shares every layer's ISA-neutral code and, from the ISA's
# folders, what does not drive the machine (mk/platform/linux/<isa>.mk
# names it). One writable and executable segment (ld -N), as the kernel's
# flat memory is: the window generator writes the code it runs.
include mk/platform/linux/$(ARCH).mk
KERNEL   := $(BUILD)/barebench
K_DIRS   := $(filter-out kernel/$(ARCH) kernel/$(ARCH)/% app/$(ARCH) app/$(ARCH)/%,$(LAYER_DIRS)) \
            kernel/linux kernel/linux/$(ARCH) kernel/linux/$(ARCH)/$(MODE) app/linux app/linux/$(ARCH)
KCFLAGS  += -ffreestanding -fno-pic -fno-pie -fno-stack-protector -fno-builtin \
            -fno-asynchronous-unwind-tables
K_LDSCRIPT := kernel/linux/hosted.ld
KLDFLAGS += -nostdlib -no-pie -static -Wl,--build-id=none -Wl,-N -Wl,-z,noexecstack \
            -Wl,--no-warn-rwx-segments -Wl,-T,$(K_LDSCRIPT)
# The run's output on the terminal and in $(BUILD)/hosted.log; make fails as
# the run does.
RUN = tools/run-hosted $(KERNEL) $(BUILD)/hosted.log $(ARGS)
