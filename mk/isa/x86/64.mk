# x86, 64-bit long mode: x86-64 code (the AMD64 baseline every long-mode CPU
# runs); 64-bit ELF objects (NASM -f elf64, which also makes BITS 64 the
# assembler's default). No red zone: an interrupt or exception taken in ring
# 0 pushes its frame where the red zone would be (System V AMD64 ABI 3.2.2;
# the hosted program does not need it, but the same objects must serve a
# long-mode kernel).
KCFLAGS   += -m64 -march=x86-64 -mno-red-zone
NASMFLAGS += -f elf64
KLDFLAGS  += -m64
