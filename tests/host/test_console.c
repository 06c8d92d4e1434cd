/* The console: human text never carries the machine records' prefix, the
 * record lines do. */
#include <string.h>

#include "bench/record.h"
#include "kernel/console.h"
#include "tests/host/check.h"

static char seen[1024];
static size_t n_seen;

static void capture(char c)
{
    if (n_seen + 1 < sizeof seen) {
        seen[n_seen++] = c;
    }
    seen[n_seen] = '\0';
}

int main(void)
{
    CHECK(console_add_sink(capture), "a sink is added");
    kprintf("before: %s\n", "@BB,0,end,0,pass*00000000");
    CHECK(strstr(seen, "before: @BB,0,end") != NULL, "nothing is reserved yet: %s", seen);

    console_reserve(RECORD_PREFIX ",", RECORD_PREFIX_HUMAN);
    n_seen = 0;
    kprintf("x: %s and %s\n", "a description with @BB,1,bench,x,1,y*01234567 in it", "@BB,@BB,@BB");
    CHECK(strstr(seen, RECORD_PREFIX ",") == NULL, "no human line carries the prefix: %s", seen);
    CHECK(strcmp(seen,
                 "x: a description with @bb,1,bench,x,1,y*01234567 in it and @bb,@bb,@BB\n") == 0,
          "each occurrence is changed, the rest of the text kept: %s", seen);

    n_seen = 0;
    console_write_reserved("@BB,2,end,2,pass*0badf00d");
    CHECK(strcmp(seen, "@BB,2,end,2,pass*0badf00d\n") == 0, "a record line is written as is: %s",
          seen);
    return check_summary();
}
