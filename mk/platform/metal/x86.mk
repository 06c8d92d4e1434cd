# Bare-metal x86: a multiboot kernel (boot/x86/entry.asm), which make run
# boots in headless QEMU on the fast -kernel path and make iso puts on a GRUB
# ISO.
K_LDSCRIPT := linker.ld
CPU ?= max
RUN = tools/boot qemu --cpu '$(CPU)' --append '$(ARGS)' $(if $(COUNTING),--counting --icount) \
  --log $(BUILD)/serial.log $(KERNEL)
