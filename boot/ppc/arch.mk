# PowerPC (make ARCH=ppc): a 32-bit big-endian kernel for the 604/604e, built
# with Debian's cross compiler. No floating point in C (-msoft-float): the
# FPRs belong to the payloads, and the exception handlers need not save them.
KCC      := powerpc-linux-gnu-gcc
KCFLAGS  := -mcpu=604e -m32 -mbig-endian -msoft-float -mno-altivec -msdata=none -std=c11 \
            -ffreestanding -fno-pic -fno-pie -fno-stack-protector -fno-builtin \
            -fno-asynchronous-unwind-tables -O2 -g -ffunction-sections -fdata-sections \
            -Wall -Wextra -Werror -I. -Wa,-mregnames
K_LDSCRIPT := boot/ppc/linker.ld
KLDFLAGS := -nostdlib -no-pie -static -Wl,--build-id=none -Wl,-z,noexecstack -T $(K_LDSCRIPT) \
            -Wl,--gc-sections -Wl,--no-warn-rwx-segments
# The Macs' OpenBIOS takes a raw image at 0x01000000 (-kernel); the 40p
# boots the ELF itself as its firmware (-bios), reset stub and all.
KERNEL_EXTRA = $(BUILD)/barebench.bin
$(BUILD)/barebench.bin: $(BUILD)/barebench.elf
	powerpc-linux-gnu-objcopy -O binary -R .reset $< $@
# The host programs are the same for every architecture: `make` builds them
# into build/host.
ALL_HOST :=
MACHINE ?= 40p
CPU ?= 604e
RUN = tools/boot ppc --machine '$(MACHINE)' --cpu '$(CPU)' --append '$(ARGS)' \
  $(if $(COUNTING),--counting --icount) \
  --log $(BUILD)/serial.log $(BUILD)/barebench.elf
