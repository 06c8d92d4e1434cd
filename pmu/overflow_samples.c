/* Sample option parsing and the histogram by window position. */
#include "pmu/overflow_samples.h"

#include "lib/kstring.h"

#define PERIOD_MAX 1000000000000ull

bool pmu_sample_parse(const char *option, char *event, size_t size, uint64_t *period)
{
    const char *colon = 0;
    for (const char *s = option; *s; s++) {
        if (*s == ':') {
            colon = s;
        }
    }
    if (!colon || colon == option || !colon[1]) {
        return false;
    }
    uint64_t v = 0;
    for (const char *s = colon + 1; *s; s++) {
        if (*s < '0' || *s > '9') {
            return false;
        }
        v = v * 10 + (uint64_t)(*s - '0');
        if (v > PERIOD_MAX) {
            return false;
        }
    }
    size_t len = (size_t)(colon - option);
    if (!v || len >= size) {
        return false;
    }
    memcpy(event, option, len);
    event[len] = '\0';
    *period = v;
    return true;
}

void pmu_sample_add(struct pmu_sample_hist *h, const struct pmu_sample_layout *w, uint64_t pc)
{
    h->total++;
    if (!w || pc < w->code || pc - w->code >= w->len) {
        h->outside++;
        return;
    }
    uint32_t off = (uint32_t)(pc - w->code);
    if (!w->body_len || off < w->body_at || off - w->body_at >= w->body_len * w->unroll) {
        h->reads++;
        return;
    }
    uint32_t in_body = (off - w->body_at) % w->body_len;
    h->body[in_body < PMU_SAMPLE_BUCKETS ? in_body : PMU_SAMPLE_BUCKETS - 1]++;
}
