/* The payload registry is the `.payloads` section (see linker.ld). */
#include "bench/payload.h"

extern const struct payload __payloads_start[], __payloads_end[];

const struct payload *payload_first(void)
{
    return __payloads_start;
}

const struct payload *payload_end(void)
{
    return __payloads_end;
}
