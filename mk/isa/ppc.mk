# ISA ppc: a 32-bit big-endian kernel for the 604/604e (one mode), built with
# Debian's cross compiler. No floating point in C (-msoft-float): the FPRs
# belong to the payloads, and the exception handlers need not save them.
KCC     := powerpc-linux-gnu-gcc
KCFLAGS += -mcpu=604e -m32 -mbig-endian -msoft-float -mno-altivec -msdata=none -Wa,-mregnames
