/* Errors found before the boot record (the command line, modules, events,
 * the selection) wait in a small store: a log's records start with the boot
 * record, which needs the CPU and the serializer known first. */
#include "app/run_errors.h"

#include <stdarg.h>
#include <stdbool.h>

#include "bench/record.h"
#include "kernel/console.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

#define HELD_MAX    16
#define WHERE_MAX   16
#define MESSAGE_MAX 320

struct held {
    char where[WHERE_MAX];
    char message[MESSAGE_MAX];
};

static struct held held[HELD_MAX];
static unsigned n_held, n_lost;
static bool live; /* the boot record is out: record at once */

static void record(const char *where, const char *message)
{
    record_begin("error");
    record_field(where);
    record_field(message);
    record_end();
}

void run_error(const char *where, const char *fmt, ...)
{
    char message[MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    fmt_vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    kprintf("%s: %s\n", where, message);
    if (live) {
        record(where, message);
    } else if (n_held < HELD_MAX) {
        str_copy(held[n_held].where, WHERE_MAX, where);
        str_copy(held[n_held].message, MESSAGE_MAX, message);
        n_held++;
    } else {
        n_lost++;
    }
}

void run_errors_record(void)
{
    char message[MESSAGE_MAX];
    for (unsigned i = 0; i < n_held; i++) {
        record(held[i].where, held[i].message);
    }
    if (n_lost) {
        fmt_snprintf(message, sizeof message,
                     "%u more error(s) before the boot record; the console has them all", n_lost);
        record("errors", message);
    }
    live = true;
}
