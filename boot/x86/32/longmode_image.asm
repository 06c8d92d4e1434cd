; The long-mode kernel this image carries: the file part of the MODE=64
; build (build/64/barebench.bin, made by objcopy; the Makefile passes its
; path as LM_IMAGE). The 32-bit kernel copies it to its link address when
; it hands over (kernel/x86/32/longmode.c).

section .rodata
align 16
global longmode_image
global longmode_image_end
longmode_image:
    incbin LM_IMAGE
longmode_image_end:
