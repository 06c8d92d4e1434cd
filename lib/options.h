/* A parser for `key=value` words and bare flags, driven by a table of
 * option definitions. Portable: the boot command line and the host tests
 * (and the fuzzer) use the same code. */
#ifndef BAREBENCH_OPTIONS_H
#define BAREBENCH_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum opt_kind {
    OPT_FLAG,   /* bare word; target is bool */
    OPT_UINT,   /* number in [min, max], decimal or 0x hex; target is uint32_t */
    OPT_CHOICE, /* one of `choices`; target is unsigned (the index) */
    OPT_STRING, /* any text without spaces; target is char[size] */
};

struct opt_def {
    const char *name;
    enum opt_kind kind;
    const char *help;
    void *target;
    uint32_t min, max;          /* OPT_UINT */
    const char *const *choices; /* OPT_CHOICE, NULL-terminated */
    size_t size;                /* OPT_STRING buffer size */
};

/* Called once per bad word with a message naming it and what is accepted. */
typedef void (*opt_diag_fn)(void *ctx, const char *message);

/* Parses cmdline (NULL is empty) against defs. A first word that contains
 * '/' or '.' and no '=' is the loader's kernel path and is skipped. Valid words set
 * their targets; bad words leave the targets (the defaults) as they were.
 * Returns the number of bad words. */
unsigned options_parse(const char *cmdline, const struct opt_def *defs, size_t n_defs,
                       opt_diag_fn diag, void *ctx);

/* Copies the whole words of line that fit in size bytes (a word cut in two
 * would parse as another value: reps=12 of reps=120) and returns the
 * offset in line of the first word left out, strlen(line) when none is. */
size_t options_copy_line(char *dst, size_t size, const char *line);

/* Writes the current value of an option (its default before parsing). */
void options_value_text(const struct opt_def *def, char *buf, size_t size);

#endif
