# Bare-metal x86: one multiboot image for every CPU, which make run boots in
# headless QEMU on the fast -kernel path and make iso puts on a GRUB ISO.
# The loaders start its 32-bit kernel (MODE=32, boot/x86/32/entry.asm); it
# carries the long-mode kernel (MODE=64, which a make of its own builds into
# build/64) and hands over to it where the CPU has long mode and mode=64
# asks for it (kernel/x86/32/longmode.c). QEMU's multiboot loader takes
# 32-bit ELF only, so the long-mode kernel is never an image of its own.
CPU ?= max
ifeq ($(MODE),64)
K_LDSCRIPT := boot/x86/64/linker.ld
# Its file part, which the 32-bit kernel copies to its link address.
KERNEL_EXTRA = $(BUILD)/barebench.bin
$(BUILD)/barebench.bin: $(KERNEL)
	objcopy -O binary $< $@
# qemu-system-x86_64, whose CPUs have long mode, boots the image.
RUN = $(MAKE) --no-print-directory MODE=32 run CPU='$(CPU)' LONG_MODE=1 ARGS='mode=64 $(ARGS)'
else
K_LDSCRIPT := linker.ld
# BUILD passes down to the sub-make when set on the command line, so it is
# set there too: the long-mode kernel's folder inside this build's.
LM_BUILD := $(patsubst %/$(BUILD_NAME),%,$(BUILD))/64
LM_IMAGE := $(LM_BUILD)/barebench.bin
$(LM_IMAGE): FORCE
	@$(MAKE) --no-print-directory MODE=64 BUILD=$(LM_BUILD) $@
$(BUILD)/k/boot/x86/32/longmode_image.asm.o: $(LM_IMAGE)
$(BUILD)/k/boot/x86/32/longmode_image.asm.o: NASMFLAGS += -DLM_IMAGE='"$(LM_IMAGE)"'
RUN = tools/boot qemu --cpu '$(CPU)' --append '$(ARGS)' $(if $(COUNTING),--counting --icount) \
  $(if $(LONG_MODE),--long-mode) --log $(BUILD)/serial.log $(KERNEL)
endif
