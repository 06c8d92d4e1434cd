/* The payload registry: the `.payloads` section (see linker.ld), then the
 * payloads of boot modules (app/modules.c). */
#include "bench/payload.h"

#include <stddef.h>
#include <stdint.h>

#include "lib/kstring.h"

/* The assembler macros emit each field of bench/payload.def in its order
 * with no padding: a pointer as a word of the mode's size, an integer as 32
 * bits. The C layout must be that one: the same fields packed. A flag is
 * one bit of its own. */
#define PAYLOAD_FIELD(type, name) type name;
#define PAYLOAD_NEED(name, bit)
#define PAYLOAD_FLAG(name, bit)
struct payload_as_emitted {
#include "bench/payload.def"
} __attribute__((packed));
#undef PAYLOAD_FIELD
#define PAYLOAD_FIELD(type, name)                                                                  \
    _Static_assert(offsetof(struct payload, name) == offsetof(struct payload_as_emitted, name) &&  \
                       (sizeof(((struct payload *)0)->name) == 4 ||                                \
                        sizeof(((struct payload *)0)->name) == sizeof(void *)),                    \
                   "struct payload." #name " is not where the assembler macros put it");
#include "bench/payload.def"
#undef PAYLOAD_FIELD
#undef PAYLOAD_NEED
#undef PAYLOAD_FLAG
_Static_assert(sizeof(struct payload) == sizeof(struct payload_as_emitted),
               "struct payload has padding the assembler macros do not make");
#define ONE_BIT(what, bit)                                                                         \
    _Static_assert((bit) != 0 && ((bit) & ((bit) - 1)) == 0, what " is not one bit");
#define PAYLOAD_FIELD(type, name)
#define PAYLOAD_NEED(name, bit) ONE_BIT("PAYLOAD_NEEDS_" #name, bit)
#define PAYLOAD_FLAG(name, bit) ONE_BIT("PAYLOAD_" #name, bit)
#include "bench/payload.def"
#undef PAYLOAD_FIELD
#undef PAYLOAD_NEED
#undef PAYLOAD_FLAG
/* Two flags with one bit: the sum of the values exceeds their OR. */
#define PAYLOAD_FIELD(type, name)
#define PAYLOAD_NEED(name, bit) +(bit)
#define PAYLOAD_FLAG(name, bit) +(bit)
_Static_assert((0
#include "bench/payload.def"
                ) == PAYLOAD_KNOWN_FLAGS,
               "two flags of bench/payload.def share a bit");
#undef PAYLOAD_FIELD
#undef PAYLOAD_NEED
#undef PAYLOAD_FLAG

extern const struct payload __payloads_start[], __payloads_end[];

static const struct payload *extra;
static unsigned n_extra;

const struct payload *payload_at(unsigned i)
{
    /* The two linker symbols bound one section; C sees two objects, so the
     * count comes from their addresses. */
    unsigned builtin = (unsigned)(((uintptr_t)__payloads_end - (uintptr_t)__payloads_start) /
                                  sizeof(struct payload));
    if (i < builtin) {
        return &__payloads_start[i];
    }
    return i - builtin < n_extra ? &extra[i - builtin] : NULL;
}

const struct payload *payload_named(const char *name)
{
    const struct payload *p;
    for (unsigned i = 0; (p = payload_at(i)); i++) {
        if (str_ieq(p->name, name)) {
            return p;
        }
    }
    return NULL;
}

void payload_set_extra(const struct payload *list, unsigned n)
{
    extra = list;
    n_extra = n;
}
