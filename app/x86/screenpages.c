/* The pages: results pages built from the kept records, then QR pages.
 * A QR page's payload is "BBQR k/n RUN\n" and the next piece of the
 * records' text (RUN: the CRC-32 of all of it), so a page read alone says
 * what it is, and tools/barebench scan puts the pieces back in order.
 * Level M (15 % of a symbol may be lost) suits photographs of a screen. */
#include "app/x86/screenpages.h"

#include <stdint.h>

#include "bench/record.h"
#include "kernel/console.h"
#include "kernel/screen.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/i8042.h"
#include "kernel/x86/watchdog.h"
#include "lib/crc32.h"
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "lib/qr.h"

#define LOG_MAX          (64 * 1024)
#define MAX_LINES        256
#define MAX_FIELDS       16
#define QR_VERSION       25 /* 117 modules: larger ones are hard to photograph */
#define QR_LEVEL         QR_ECC_M
#define HEADER_MAX       24
#define NAME_COLUMNS     22
#define LOG_IDLE_SECONDS 60

static char records[LOG_MAX];
static size_t records_len;
static unsigned records_lost;
static char lines[MAX_LINES][SCREEN_MAX_COLS + 1];
static unsigned n_lines;
static char title[SCREEN_MAX_COLS + 1];
static struct qr qr;

void screenpages_record(const char *line)
{
    size_t n = strlen(line);
    if (record_is_attached(line)) {
        return; /* the pages carry the aggregates; raw values stay on the serial log */
    }
    if (records_len + n + 1 > LOG_MAX) {
        records_lost++;
        return;
    }
    memcpy(records + records_len, line, n + 1); /* the NUL becomes the newline */
    records_len += n;
    records[records_len++] = '\n';
}

/* Splits a record "@BB,seq,type,f1,...*crc" (copied to buf) at its commas. */
static unsigned split(const char *line, size_t len, char *buf, const char **field)
{
    unsigned n = 0;
    memcpy(buf, line, len);
    buf[len] = '\0';
    char *star = strchr(buf, '*');
    if (star) {
        *star = '\0';
    }
    for (char *p = buf; n < MAX_FIELDS; p++) {
        field[n++] = p;
        p = strchr(p, ',');
        if (!p) {
            break;
        }
        *p = '\0';
    }
    return n;
}

static void add(char *dst, const char *text)
{
    size_t at = strlen(dst);
    str_copy(dst + at, SCREEN_MAX_COLS + 1 - at, text);
}

/* One line per benchmark: its name, then each event's median and unit. */
static void build_results(void)
{
    char buf[RECORD_MAX];
    const char *f[MAX_FIELDS];
    char *current = 0;
    for (size_t at = 0; at < records_len;) {
        const char *line = records + at;
        size_t len = (size_t)(strchr(line, '\n') - line);
        at += len + 1;
        unsigned n = len < sizeof buf ? split(line, len, buf, f) : 0;
        if (n < 4) {
            continue;
        }
        const char *type = f[2];
        if (!strcmp(type, "boot") && n > 8) {
            fmt_snprintf(title, sizeof title, "barebench results: %s %s", f[4], f[8]);
        }
        if (n_lines == MAX_LINES || !(!strcmp(type, "bench") || !strcmp(type, "skip") ||
                                      !strcmp(type, "fault") || !strcmp(type, "result"))) {
            continue;
        }
        bool starts = !strcmp(type, "bench") || !strcmp(type, "skip");
        if (starts || !current) {
            current = lines[n_lines++];
            fmt_snprintf(current, SCREEN_MAX_COLS + 1, "%-*s", NAME_COLUMNS, f[3]);
        }
        if (!strcmp(type, "skip") && n > 4) {
            add(current, "skipped: ");
            add(current, f[4]);
        } else if (!strcmp(type, "fault") && n > 5) {
            add(current, "FAULT ");
            add(current, f[5]);
        } else if (!strcmp(type, "result") && n > 12) {
            char item[96];
            fmt_snprintf(item, sizeof item, "%s %s %s  ", f[4], f[12], f[8]);
            add(current, item);
        }
    }
}

struct layout {
    unsigned result_pages, per_page; /* results */
    unsigned qr_pages, chunk;        /* records */
    unsigned version, quiet, side;   /* the symbol, in modules and dots */
    uint32_t run;
};

static void plan(const struct screen_device *dev, struct layout *l)
{
    l->per_page = dev->rows > 3 ? dev->rows - 3 : 1;
    l->result_pages = (n_lines + l->per_page - 1) / l->per_page;
    l->side = dev->dots_y < dev->dots_x ? dev->dots_y : dev->dots_x;
    l->quiet = dev->min_module > 1 ? 4 : 2; /* EGA text: 50 dots, 2 spare */
    l->version = 0;
    for (unsigned v = 1; v <= QR_VERSION; v++) {
        if ((v * 4 + 17 + 2 * l->quiet) * dev->min_module <= l->side) {
            l->version = v;
        }
    }
    l->chunk = l->version ? (unsigned)qr_capacity((int)l->version, QR_LEVEL) - HEADER_MAX : 0;
    l->qr_pages = l->chunk ? (unsigned)((records_len + l->chunk - 1) / l->chunk) : 0;
    l->run = crc32_update(0, records, records_len);
}

static void show_results(const struct layout *l, unsigned page)
{
    char text[SCREEN_MAX_COLS + 1];
    screen_text(0, 0, title[0] ? title : "barebench results");
    fmt_snprintf(text, sizeof text, "median of each event per iteration; page %u of %u%s", page + 1,
                 l->result_pages + l->qr_pages, records_lost ? "; SOME RECORDS LOST" : "");
    screen_text(0, 1, text);
    for (unsigned i = 0; i < l->per_page && page * l->per_page + i < n_lines; i++) {
        screen_text(0, 3 + i, lines[page * l->per_page + i]);
    }
}

static void show_code(const struct screen_device *dev, const struct layout *l, unsigned k)
{
    static uint8_t payload[3000];
    int head = fmt_snprintf((char *)payload, HEADER_MAX, "BBQR %u/%u %08x\n", k + 1, l->qr_pages,
                            (unsigned)l->run);
    size_t from = (size_t)k * l->chunk;
    size_t len = records_len - from < l->chunk ? records_len - from : l->chunk;
    memcpy(payload + head, records + from, len);
    if (!qr_encode(&qr, payload, (size_t)head + len, QR_LEVEL, 1, (int)l->version)) {
        return;
    }
    unsigned modules = (unsigned)qr.size + 2 * l->quiet;
    unsigned dot = l->side / modules;
    dev->dots(0, 0, modules * dot, modules * dot, false);
    for (int y = 0; y < qr.size; y++) {
        for (int x = 0; x < qr.size; x++) {
            if (qr_dark(&qr, x, y)) {
                dev->dots((l->quiet + (unsigned)x) * dot, (l->quiet + (unsigned)y) * dot, dot, dot,
                          true);
            }
        }
    }
    unsigned col = (modules * dot * dev->cols + dev->dots_x - 1) / dev->dots_x + 1;
    char text[64];
    screen_text(col, 0, "barebench records");
    fmt_snprintf(text, sizeof text, "QR page %u of %u", k + 1, l->qr_pages);
    screen_text(col, 2, text);
    fmt_snprintf(text, sizeof text, "run %08x", (unsigned)l->run);
    screen_text(col, 3, text);
    /* Lines of 20 characters at most: what 640x480 leaves beside a code. */
    fmt_snprintf(text, sizeof text, "version %d-M", qr.version);
    screen_text(col, 4, text);
    fmt_snprintf(text, sizeof text, "%u bytes", (unsigned)len);
    screen_text(col, 5, text);
    screen_text(col, 7, "photograph each page");
    screen_text(col, 8, "then: barebench scan");
    screen_text(col, 10, "Left/Right: pages");
    screen_text(col, 11, "PgUp/PgDn: the log");
}

/* Waits seconds (by the RTC) for a key; KEY_NONE when none came. */
static enum key wait_key(unsigned seconds)
{
    unsigned last = rtc_seconds(), ticks = 0;
    while (ticks < seconds) {
        enum key k = i8042_poll();
        if (k != KEY_NONE) {
            return k;
        }
        unsigned now = rtc_seconds();
        if (now != last) {
            last = now;
            ticks++;
        }
    }
    return KEY_NONE;
}

/* PgUp/PgDn through the log kept on the screen; back to the pages on Esc,
 * Left/Right, or after a minute without a key. */
static void browse_log(const struct screen_device *dev, enum key k)
{
    unsigned page = dev->rows - SCREEN_STATUS_ROWS, total = screen_history_rows();
    unsigned last = total > page ? total - page : 0, first = last;
    for (; k == KEY_PGUP || k == KEY_PGDN; k = wait_key(LOG_IDLE_SECONDS)) {
        if (k == KEY_PGUP) {
            first = first > page ? first - page : 0;
        } else {
            first = first + page < last ? first + page : last;
        }
        char status[SCREEN_MAX_COLS + 1];
        screen_show_history(first);
        fmt_snprintf(status, sizeof status,
                     "log rows %u-%u of %u%s: PgUp/PgDn; Esc, Left, Right: back to the pages",
                     first + 1, first + page < total ? first + page : total, total,
                     screen_history_dropped() ? " (older rows dropped)" : "");
        screen_status(status);
    }
}

/* The display that carries the records in fewer QR pages: the one in use,
 * or the other the platform offers (a mode switch); the one in use when
 * they tie. Said on the console, with what each would need. */
static const struct screen_device *choose(const struct screen_device *dev,
                                          const struct screen_device *other, struct layout *l)
{
    struct layout o;
    plan(dev, l);
    if (!other) {
        return dev;
    }
    plan(other, &o);
    bool switch_to = o.qr_pages && (!l->qr_pages || o.qr_pages < l->qr_pages);
    kprintf("screen: %u bytes of records: %u QR page(s) on %s (version %u-M at most, %u bytes "
            "a page), %u on %s (version %u-M at most, %u bytes a page): %s\n",
            (unsigned)records_len, l->qr_pages, dev->name, l->version, l->chunk, o.qr_pages,
            other->name, o.version, o.chunk, switch_to ? other->name : dev->name);
    if (!switch_to) {
        return dev;
    }
    *l = o;
    screen_attach(other);
    return other;
}

/* Returns only when there is nothing to show. */
static void turn_pages(const struct screen_device *dev, const struct screen_device *other,
                       unsigned seconds)
{
    struct layout l;
    build_results();
    dev = choose(dev, other, &l);
    unsigned total = l.result_pages + l.qr_pages;
    if (!total) {
        return;
    }
    bool redraw = true;
    for (unsigned page = 0;;) {
        if (redraw) {
            screen_clear();
            if (page < l.result_pages) {
                show_results(&l, page);
            } else {
                show_code(dev, &l, page - l.result_pages);
            }
        }
        enum key k = wait_key(seconds);
        redraw = true;
        if (k == KEY_PGUP || k == KEY_PGDN) {
            browse_log(dev, k);
        } else if (total == 1 && k == KEY_NONE) {
            redraw = false; /* one page: it stays */
        } else {
            page = (page + (k == KEY_PREV ? total - 1 : 1)) % total;
        }
    }
}

void screenpages_run(unsigned seconds, const struct screen_device *other)
{
    const struct screen_device *dev = screen_device();
    if (dev && seconds) {
        turn_pages(dev, other, seconds);
    }
    halt_forever();
    __builtin_unreachable();
}
