# x86: the compiler and flags are the Makefile's defaults.
K_LDSCRIPT := linker.ld
RUN = tools/boot qemu --cpu '$(CPU)' --append '$(ARGS)' $(if $(COUNTING),--counting --icount) \
  --log $(BUILD)/serial.log $(KERNEL)
ALL_HOST := host
