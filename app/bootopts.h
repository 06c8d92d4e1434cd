/* The boot options of a run, from the multiboot command line. `help`
 * prints them all with their defaults. */
#ifndef BAREBENCH_BOOTOPTS_H
#define BAREBENCH_BOOTOPTS_H

#include <stdbool.h>
#include <stdint.h>

enum fault_choice { FAULT_NONE, FAULT_UD, FAULT_GP, FAULT_DE, FAULT_PF, FAULT_DF };
enum serialize_choice { SER_AUTO, SER_CPUID, SER_LFENCE, SER_SERIALIZE };
enum method_choice { METHOD_AUTO, METHOD_DIFF, METHOD_EMPTY };
enum ring_choice { RING_0, RING_3 };
enum turbo_choice { TURBO_KEEP, TURBO_OFF };
enum aggregate_choice { AGG_MEDIAN, AGG_MIN, AGG_MEAN, AGG_MAX, AGG_TRIMMED };
enum mode_choice { MODE_AUTO, MODE_32, MODE_64 };

struct boot_options {
    unsigned exit;    /* enum exit_mode */
    uint32_t verbose; /* 0 quiet .. 3 everything */
    bool help;
    unsigned fault; /* enum fault_choice */
    char pmu[16];   /* "auto" or a backend name */
    char events[256];
    bool pmudump;
    char bench[128];
    uint32_t reps, warmup, unroll;
    unsigned serialize; /* enum serialize_choice */
    unsigned method;    /* enum method_choice */
    unsigned aggregate; /* enum aggregate_choice */
    uint32_t raw;       /* 1: every repetition's value on record after its result */
    uint32_t wss;       /* KiB, working set of the `chase` payload */
    char sweep[64];     /* OPTION:VALUES (lib/sweep.h), or empty: each benchmark once */
    unsigned ring;      /* enum ring_choice: the privilege level windows run at */
    uint32_t watchdog;  /* ms a window may run before the NMI stops it; 0 = off */
    char sample[96];    /* EVENT:PERIOD, or empty: no sampling */
    unsigned turbo;     /* enum turbo_choice */
    uint32_t qrpage;    /* seconds each end-of-run screen page shows; 0 = no pages */
    char cpu[8];        /* hosted run: "auto" or the CPU number to pin to */
    unsigned mode;      /* enum mode_choice: the execution mode the payloads run in */
    uint32_t serial;    /* the serial port's speed in baud (a 16550's 115200 / N) */
};

extern struct boot_options boot_opts;

/* Parses the command line into boot_opts, printing a message for each bad
 * word; returns the number of bad words. */
unsigned bootopts_parse(const char *cmdline);

/* The serial= speed on cmdline, read before the console exists so that
 * the first line already goes out at that speed: the baud rate, or the
 * default where the option is absent or not 115200 / N (the full parse
 * then says why). */
uint32_t bootopts_serial_speed(const char *cmdline);

/* Prints every option with what it accepts and its current value. */
void bootopts_print_help(void);

/* The name of an option's chosen value, e.g. bootopts_choice_name("serialize"). */
const char *bootopts_choice_name(const char *option);

#endif
