/* The payload registry: the `.payloads` section (see linker.ld), then the
 * payloads of boot modules (app/modules.c). */
#include "bench/payload.h"

#include <stddef.h>
#include <stdint.h>

#include "lib/kstring.h"

extern const struct payload __payloads_start[], __payloads_end[];

static const struct payload *extra;
static unsigned n_extra;

const struct payload *payload_at(unsigned i)
{
    /* The two linker symbols bound one section; C sees two objects, so the
     * count comes from their addresses. */
    unsigned builtin = (unsigned)(((uintptr_t)__payloads_end - (uintptr_t)__payloads_start) /
                                  sizeof(struct payload));
    if (i < builtin)
        return &__payloads_start[i];
    return i - builtin < n_extra ? &extra[i - builtin] : NULL;
}

const struct payload *payload_named(const char *name)
{
    const struct payload *p;
    for (unsigned i = 0; (p = payload_at(i)); i++) {
        if (str_ieq(p->name, name))
            return p;
    }
    return NULL;
}

void payload_set_extra(const struct payload *list, unsigned n)
{
    extra = list;
    n_extra = n;
}
