#include "app/suite_sweep.h"

#include "app/run_errors.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

/* The options a sweep may move, with the range each accepts as a boot
 * option (app/bootopts.c). */
enum swept { SWEPT_WSS, SWEPT_UNROLL, SWEPT_COUNT };
static const struct {
    const char *name;
    uint32_t min, max;
} swept_options[SWEPT_COUNT] = {{"wss", 1, 1048576}, {"unroll", 1, 1000}};

static enum swept swept_of(const char *name)
{
    unsigned i = 0;
    while (i < SWEPT_COUNT && strcmp(swept_options[i].name, name) != 0) {
        i++;
    }
    return (enum swept)i;
}

void suite_sweep_setup(const char *spec, struct suite_sweep *s)
{
    char name[SWEEP_OPTION_MAX + 1];
    s->points.n = 0;
    if (!spec[0]) {
        return;
    }
    sweep_option_of(spec, name, sizeof name);
    enum swept which = swept_of(name);
    if (which == SWEPT_COUNT) {
        run_error("sweep",
                  "sweep=%s: %s is not an option a sweep moves (wss, unroll); each "
                  "benchmark runs once",
                  spec, name);
        return;
    }
    const char *why =
        sweep_parse(spec, swept_options[which].min, swept_options[which].max, &s->points);
    if (why) {
        run_error("sweep", "sweep=%s: %s; each benchmark runs once", spec, why);
    }
}

unsigned suite_sweep_count(const struct suite_sweep *s)
{
    return s->points.n ? s->points.n : 1;
}

uint32_t suite_sweep_max_wss(const char *spec)
{
    char name[SWEEP_OPTION_MAX + 1];
    struct sweep points;
    uint32_t most = 0;
    sweep_option_of(spec, name, sizeof name);
    if (swept_of(name) != SWEPT_WSS ||
        sweep_parse(spec, swept_options[SWEPT_WSS].min, swept_options[SWEPT_WSS].max, &points)) {
        return 0;
    }
    for (unsigned i = 0; i < points.n; i++) {
        most = points.values[i] > most ? points.values[i] : most;
    }
    return most;
}

void suite_sweep_apply(const struct suite_sweep *s, unsigned i, const struct payload *p,
                       struct measure_config *cfg, struct payload_env *env, struct payload *out,
                       char *name)
{
    *out = *p;
    if (!s->points.n) {
        return;
    }
    uint32_t v = s->points.values[i];
    switch (swept_of(s->points.option)) {
    case SWEPT_WSS:
        env->working_set = v << 10;
        break;
    case SWEPT_UNROLL:
        cfg->unroll = v;
        env->max_copies = (cfg->method == MEASURE_DIFF ? 2 : 1) * v;
        break;
    default:
        break;
    }
    fmt_snprintf(name, SUITE_SWEEP_NAME_MAX, "%s/%s=%u", p->name, s->points.option, (unsigned)v);
    out->name = name;
}
