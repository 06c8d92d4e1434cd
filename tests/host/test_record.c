/* Machine records: format, sanitising, sequence, and the CRC-32 that
 * tools/barebench checks (same polynomial as zlib). */
#include <stdio.h>
#include <string.h>

#include "bench/record.h"
#include "lib/crc32.h"
#include "tests/host/check.h"

static char last[RECORD_MAX];

static void keep(const char *line)
{
    strcpy(last, line);
}

int main(void)
{
    CHECK(crc32_update(0, "123456789", 9) == 0xcbf43926u, "CRC-32 check value of '123456789'");
    CHECK(crc32_update(crc32_update(0, "1234", 4), "56789", 5) == 0xcbf43926u,
          "CRC-32 continues over pieces");

    record_set_sink(keep);
    record_begin("skip");
    record_field("x87,y");
    record_field("a*b\nc\td");
    record_end();
    char body[RECORD_MAX];
    unsigned crc = 0;
    const char *star = strrchr(last, '*');
    CHECK(star && sscanf(star, "*%8x", &crc) == 1, "a record ends with *crc: %s", last);
    if (!star) {
        return check_summary();
    }
    snprintf(body, sizeof body, "%.*s", (int)(star - last), last);
    CHECK(strcmp(body, "@BB,0,skip,x87;y,a_b c d") == 0,
          "fields are sanitised: ',' -> ';', '*' -> '_', control bytes -> ' ' (%s)", body);
    CHECK(crc == crc32_update(0, body, strlen(body)), "the CRC covers '@' up to '*'");

    record_begin("result");
    record_field_x100(-150);
    record_end();
    CHECK(strncmp(last, "@BB,1,result,-1.50*", 19) == 0, "sequence numbers count up: %s", last);
    CHECK(!record_is_attached(last), "a result record is not attached: %s", last);
    record_begin_attached("raw");
    record_field("1.00 2.00");
    record_end();
    CHECK(strncmp(last, "@BB,1,raw,1.00 2.00*", 20) == 0,
          "an attached record repeats the sequence number of the record before it: %s", last);
    CHECK(record_is_attached(last), "a raw record is attached: %s", last);
    record_final(1);
    CHECK(strncmp(last, "@BB,2,end,2,pass*", 17) == 0,
          "the end record counts those before, attached ones aside: %s", last);

    /* A command line of 4096 bytes does not fit a boot record. */
    static char longest[4096];
    memset(longest, 'o', sizeof longest - 1);
    record_begin("boot");
    record_field(longest);
    record_end();
    star = strrchr(last, '*');
    CHECK(star && strlen(last) < RECORD_MAX && star - last > 3 && !strncmp(star - 3, "...", 3),
          "a field cut at the record's limit ends the record with '...' (%zu bytes)", strlen(last));
    if (star) {
        CHECK(sscanf(star, "*%8x", &crc) == 1 &&
                  crc == crc32_update(0, last, (size_t)(star - last)),
              "and the CRC covers the record as cut");
    }
    record_begin("skip");
    record_field("x");
    record_end();
    CHECK(strncmp(last, "@BB,4,skip,x*", 13) == 0, "the next record is whole again: %s", last);

    return check_summary();
}
