# x86, 32-bit protected mode: one image for a Pentium MMX and a modern CPU,
# i586 code; 32-bit ELF objects (NASM -f elf32) linked for i386 (elf_i386).
KCFLAGS   += -m32 -march=i586
NASMFLAGS += -f elf32
KLDFLAGS  += -m32
