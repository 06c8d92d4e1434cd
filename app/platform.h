/* What a platform supplies to the one boot sequence (app/main.c): the steps
 * that differ between machines, called in the order they are declared.
 * Each platform defines them in app/<arch>/main.c, beside its entry point,
 * which calls app_main. The PMU's set-up and the machinery around it are
 * app/runsetup.h's. */
#ifndef BAREBENCH_PLATFORM_H
#define BAREBENCH_PLATFORM_H

#include "lib/cpuinfo.h"

/* The platform as the banner and the records name it. */
struct platform_about {
    const char *kind;         /* "bare-metal", "hosted" */
    const char *isa;          /* "x86", "PowerPC" */
    const char *env;          /* where it runs: "qemu", "bochs", "hw" */
    const char *machine;      /* the board where the ISA has several ("PReP"), else NULL */
    const char *serial;       /* the console's serial port, or "absent" */
    const char *command_line; /* as the loader gave it; "" when it gave none */
    const char *loader_note;  /* what was odd about the loader, or NULL */
    /* Given each machine record after the console (x86: the end-of-run
     * screen pages), or NULL. */
    void (*keep_record)(const char *line);
    /* Why the program does not run in the mode mode= asks for (x86: no
     * long mode, ...; a hosted program: the mode it was built for), or
     * NULL. */
    const char *mode_refusal;
    /* Shows which benchmark runs now, where the platform has a status line
     * (x86: the screen's top row), or NULL. */
    void (*show_status)(const char *text);
};

/* Brings up the console (kprintf reaches the user from here on) and fills
 * `about`. */
void platform_console_init(struct platform_about *about);

/* Acts on the boot options the platform takes at once: exit=, and what the
 * screen leaves out. */
void platform_options_apply(void);

/* Says what the machine offers the run and sets up what does not need the
 * CPU's identity (x86: the memory map and payload modules; PowerPC: the
 * options it lacks and the payload arena). */
void platform_machine_init(void);

/* Sets up what needs the CPU's identity (x86: paging, the screen, the TSS,
 * the FPU and the payload arena). */
void platform_cpu_init(const struct cpu_info *cpu);

/* Raises the exception fault= names (enum fault_choice), or says this
 * platform has no such exception. */
void platform_raise_fault(unsigned fault);

/* The run: from the console to the final status line. */
void app_main(void) __attribute__((noreturn));

#endif
