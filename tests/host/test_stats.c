/* Statistics in integer arithmetic. */
#include "bench/stats.h"
#include "tests/host/check.h"

int main(void)
{
    int64_t v[] = {500, 100, 300, 200, 400, 10000, 0, 250, 350, 150};
    struct stats s;
    stats_compute(v, 10, &s);
    CHECK(s.min == 0 && s.max == 10000, "min and max");
    CHECK(s.median == 275, "median of an even count is the mean of the middle two (%lld)",
          (long long)s.median);
    CHECK(s.mean == 1225, "mean (%lld)", (long long)s.mean);
    CHECK(s.trimmed == 275, "trimmed mean drops 20 %% at each end (%lld)", (long long)s.trimmed);
    CHECK(v[0] == 0 && v[9] == 10000, "values are sorted in place");

    int64_t one[] = {-7};
    stats_compute(one, 1, &s);
    CHECK(s.min == -7 && s.median == -7 && s.mean == -7 && s.trimmed == -7,
          "a single value is every statistic");

    CHECK(stats_per_iteration_x100(300, 100) == 300, "300 over 100 iterations is 3.00");
    CHECK(stats_per_iteration_x100(1, 3) == 33, "1/3 rounds to 0.33");
    CHECK(stats_per_iteration_x100(2, 3) == 67, "2/3 rounds to 0.67");
    CHECK(stats_per_iteration_x100(-2, 3) == -67, "negative values round symmetrically");
    return check_summary();
}
