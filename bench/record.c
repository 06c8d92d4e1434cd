/* Record assembly. One record is built at a time in a static line buffer. */
#include "bench/record.h"

#include <stdarg.h>

#include "lib/crc32.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

static void (*record_sink)(const char *line);
static uint32_t next_seq;
static char line[RECORD_MAX];
static size_t used;
static int attached;
static int cut; /* a field did not fit */

/* The record's text ends this far before RECORD_MAX: room for "*crc". */
#define TEXT_MAX (RECORD_MAX - 16)
#define CUT_MARK "..."

void record_set_sink(void (*sink)(const char *line))
{
    record_sink = sink;
}

static void append_raw(const char *text)
{
    while (*text && used + 1 < TEXT_MAX) {
        line[used++] = *text++;
    }
    cut |= *text != '\0';
    line[used] = '\0';
}

static void begin(uint32_t seq, const char *type)
{
    used = 0;
    cut = 0;
    char head[48];
    fmt_snprintf(head, sizeof head, RECORD_PREFIX ",%u,%s", (unsigned)seq, type);
    append_raw(head);
}

void record_begin(const char *type)
{
    attached = 0;
    begin(next_seq, type);
}

void record_begin_attached(const char *type)
{
    attached = 1;
    begin(next_seq ? next_seq - 1 : 0, type);
}

int record_is_attached(const char *line)
{
    /* "@BB,<seq>,raw,": raw is the one attached type (tools/bblib/records.py) */
    const char *type = strchr(line + sizeof RECORD_PREFIX, ',');
    return type && strncmp(type + 1, "raw,", 4) == 0;
}

void record_field(const char *text)
{
    append_raw(",");
    for (; *text && used + 1 < TEXT_MAX; text++) {
        char c = *text;
        /* Control bytes would be stripped by a terminal capture and break the CRC. */
        line[used++] = c == ',' ? ';' : c == '*' ? '_' : (unsigned char)c < 0x20 ? ' ' : c;
    }
    cut |= *text != '\0';
    line[used] = '\0';
}

void record_fieldf(const char *fmt, ...)
{
    char buf[RECORD_MAX];
    va_list ap;
    va_start(ap, fmt);
    fmt_vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    record_field(buf);
}

void record_field_x100(int64_t value_x100)
{
    char buf[32];
    fmt_fixed(buf, sizeof buf, value_x100, 2);
    record_field(buf);
}

void record_end(void)
{
    char tail[16];
    /* A record cut at its limit says so where it ends (a long command
     * line), rather than pass for whole. */
    if (cut) {
        memcpy(line + used - (sizeof CUT_MARK - 1), CUT_MARK, sizeof CUT_MARK - 1);
    }
    fmt_snprintf(tail, sizeof tail, "*%08x", (unsigned)crc32_update(0, line, used));
    str_copy(line + used, sizeof line - used, tail);
    if (!attached) {
        next_seq++;
    }
    if (record_sink) {
        record_sink(line);
    }
}

void record_cond(const char *key, const char *value, const char *detail)
{
    record_begin("cond");
    record_field(key);
    record_field(value);
    record_field(detail);
    record_end();
}

void record_final(int pass)
{
    uint32_t before = next_seq;
    record_begin("end");
    record_fieldf("%u", (unsigned)before);
    record_field(pass ? "pass" : "fail");
    record_end();
}
