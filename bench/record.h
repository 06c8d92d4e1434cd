/* Machine records: one serial line each, `@BB,<seq>,<type>,<fields>*<crc>`,
 * with a sequence number and a CRC-32 of the line so that a log carried
 * over a noisy serial cable can be checked (tools/barebench report). */
#ifndef BAREBENCH_RECORD_H
#define BAREBENCH_RECORD_H

#include <stdint.h>

#define RECORD_PREFIX "@BB"
/* What human text shows instead of the prefix and its comma, so that it never
 * reads as a record: two letters changed, because the tools take a prefix one
 * byte off for a damaged record. */
#define RECORD_PREFIX_HUMAN   "@bb,"
#define RECORD_FORMAT_VERSION 6
/* Room for a boot record with its provenance (seven SMBIOS names of up to
 * 63 bytes each) and a command line of a few hundred bytes. */
#define RECORD_MAX 1024

/* Where finished lines go (the console in the kernel, a buffer in tests). */
void record_set_sink(void (*sink)(const char *line));

/* Builds one record: begin, then fields, then end (which prints it). The
 * fields of each type, in order, are FIELD_NAMES in tools/bblib/records.py;
 * tests/tools/test_record_schema.py counts every writer's fields against
 * it, so a type must be a literal and one field one call (or an if/else
 * pair of calls). */
void record_begin(const char *type);
/* Begins a record attached to the one just ended (a result's raw values):
 * it repeats that record's sequence number and takes none of its own, so a
 * copy of the log without attachments (the QR pages) has no gap. */
void record_begin_attached(const char *type);
/* Whether a finished line is an attached record. */
int record_is_attached(const char *line);
/* A field; ',' '*' and control bytes in it become ';' '_' ' '. */
/* A field that would take the record past RECORD_MAX is cut, and the
 * record then ends with "...". */
void record_field(const char *text);
void record_fieldf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A fixed-point value with two decimals (value_x100 = value times 100). */
void record_field_x100(int64_t value_x100);
void record_end(void);

/* One condition of the run (format 2): `cond,KEY,VALUE,DETAIL`. */
void record_cond(const char *key, const char *value, const char *detail);

/* The final record: count of records before it and the overall status. */
void record_final(int pass);

#endif
