/* Sorting and summarising repetitions. n is small (reps <= 1000): an
 * insertion sort is plenty. */
#include "bench/stats.h"

static void sort(int64_t *v, unsigned n)
{
    for (unsigned i = 1; i < n; i++) {
        int64_t x = v[i];
        unsigned j = i;
        for (; j > 0 && v[j - 1] > x; j--) {
            v[j] = v[j - 1];
        }
        v[j] = x;
    }
}

/* Rounds to nearest, halves away from zero, without floating point. */
static int64_t div_round(int64_t num, int64_t den)
{
    int64_t half = den / 2;
    return num >= 0 ? (num + half) / den : -((-num + half) / den);
}

void stats_compute(int64_t *values, unsigned n, struct stats *out)
{
    if (n == 0) {
        *out = (struct stats){0};
        return;
    }
    sort(values, n);
    out->n = n;
    out->min = values[0];
    out->max = values[n - 1];
    out->median = n % 2 ? values[n / 2] : div_round(values[n / 2 - 1] + values[n / 2], 2);
    int64_t sum = 0;
    for (unsigned i = 0; i < n; i++) {
        sum += values[i];
    }
    out->mean = div_round(sum, n);
    unsigned cut = n / 5;
    int64_t trimmed_sum = 0;
    for (unsigned i = cut; i < n - cut; i++) {
        trimmed_sum += values[i];
    }
    out->trimmed = div_round(trimmed_sum, n - 2 * cut);
}

int64_t stats_per_iteration_x100(int64_t count, uint32_t iterations)
{
    return div_round(count * 100, iterations);
}
