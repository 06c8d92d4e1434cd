# Bare-metal PowerPC: QEMU's IBM 40p boots the ELF itself as its firmware
# (-bios), reset stub and all; the Macs' OpenBIOS takes a raw image at
# 0x01000000 (-kernel). Text and data load as one segment at 0x01000000, read,
# write and execute (boot/ppc/linker.ld), so ld's warning about it is off.
K_LDSCRIPT := boot/ppc/linker.ld
KLDFLAGS   += -Wl,--no-warn-rwx-segments
KERNEL_EXTRA = $(BUILD)/barebench.bin
$(BUILD)/barebench.bin: $(BUILD)/barebench.elf
	powerpc-linux-gnu-objcopy -O binary -R .reset $< $@
MACHINE ?= 40p
CPU ?= 604e
RUN = tools/boot ppc --machine '$(MACHINE)' --cpu '$(CPU)' --append '$(ARGS)' \
  $(if $(COUNTING),--counting --icount) \
  --log $(BUILD)/serial.log $(BUILD)/barebench.elf
