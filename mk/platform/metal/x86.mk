# Bare-metal x86: a multiboot kernel (boot/x86/entry.asm), which make run
# boots in headless QEMU on the fast -kernel path and make iso puts on a GRUB
# ISO.
K_LDSCRIPT := linker.ld
$(if $(filter 64,$(MODE)),$(error MODE=64: the kernel boots in protected mode only so far; \
  a Linux process runs the 64-bit payloads: make HOSTED=1 MODE=64))
CPU ?= max
RUN = tools/boot qemu --cpu '$(CPU)' --append '$(ARGS)' $(if $(COUNTING),--counting --icount) \
  --log $(BUILD)/serial.log $(KERNEL)
