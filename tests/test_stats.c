/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>

#include "check.h"
#include "measure/hist.h"
#include "measure/stats.h"

#define NEAR(a, b) (fabs((double)(a) - (double)(b)) < 1e-9 * (1 + fabs((double)(b))))

int main(void)
{
	double v[] = { 9, 2, 5, 4, 12, 7, 8, 11, 9, 3, 7, 4, 12, 5, 4, 10, 9, 6, 9, 4 };
	double one[] = { 42 };
	double even[] = { 4, 1, 3, 2 };
	double big[2000];
	struct stats s;

	{
		/* counter readings: odd and even counts, sorted in place */
		uint64_t odd[] = { 5, 1ull << 40, 3 }, ev[] = { 4, 1, 3, 2 };

		CHECK(NEAR(stats_median_u64(odd, 3), 5));
		CHECK(odd[0] == 3 && odd[2] == 1ull << 40);
		CHECK(NEAR(stats_median_u64(ev, 4), 2.5));
		CHECK(ev[0] == 1 && ev[3] == 4);
	}
	/* within noise: the interval x +- ci holds 0, or x is below 0
	 * (issue #45); an interval just clear of 0 is a figure */
	CHECK(stats_within_noise(-11192, 20000));
	CHECK(stats_within_noise(-1, 0));
	CHECK(stats_within_noise(0, 0));
	CHECK(stats_within_noise(5, 20));
	CHECK(stats_within_noise(5, 5));
	CHECK(!stats_within_noise(5, 4.99));
	CHECK(!stats_within_noise(140, 6));
	CHECK(!stats_within_noise(3, -1));	/* no interval: the figure */
	stats_compute(v, 20, &s);
	CHECK(NEAR(s.mean, 7.0));
	CHECK(NEAR(s.min, 2) && NEAR(s.max, 12));
	CHECK(NEAR(s.median, 7.0));
	/* sample variance 9.368421..., sd 3.0607876 */
	CHECK(fabs(s.stddev - 3.0607876) < 1e-6);
	CHECK(fabs(s.cv - 43.725537) < 1e-4);
	for (int i = 1; i < 20; i++)
		CHECK(v[i - 1] <= v[i]);

	/* the reps=auto rule: t(19) * sd / sqrt(20) = 1.4325 vs 7.0 */
	CHECK(fabs(stats_ci95(&s) - 2.0930 * 3.0607876 / sqrt(20)) < 1e-3);
	CHECK(stats_ci95_within(&s, 21));
	CHECK(!stats_ci95_within(&s, 20));

	stats_compute(one, 1, &s);
	CHECK(!stats_ci95_within(&s, 100));	/* one value: no interval */
	CHECK(NEAR(s.median, 42) && s.stddev == 0 && s.cv == 0);
	stats_compute(even, 4, &s);
	CHECK(NEAR(s.median, 2.5));
	CHECK(NEAR(stats_percentile(even, 4, 0), 1));
	CHECK(NEAR(stats_percentile(even, 4, 100), 4));
	CHECK(NEAR(stats_percentile(even, 4, 50), 2.5));
	CHECK(NEAR(stats_percentile(even, 4, 25), 1.75));
	stats_compute(even, 0, &s);
	CHECK(s.n == 0 && s.mean == 0);

	/* large, reversed: sort and percentiles */
	for (int i = 0; i < 2000; i++)
		big[i] = 2000 - i;
	stats_compute(big, 2000, &s);
	CHECK(NEAR(s.median, 1000.5));
	CHECK(NEAR(stats_percentile(big, 2000, 10), 200.9));
	CHECK(NEAR(stats_percentile(big, 2000, 99), 1980.01));
	/* large offsets do not lose precision in the variance */
	for (int i = 0; i < 2000; i++)
		big[i] = 1e9 + (i % 2);
	stats_compute(big, 2000, &s);
	CHECK(fabs(s.stddev - 0.50012504) < 1e-6);

	/* 95 % interval of the mean: t * s / sqrt(n) */
	{
		double five[] = { 10, 12, 11, 13, 9 };

		stats_compute(five, 5, &s);
		/* mean 11, s = sqrt(2.5), t(4) = 2.776 */
		CHECK(NEAR(stats_ci95(&s), 2.776 * sqrt(2.5) / sqrt(5.0)));
		CHECK(NEAR(stats_t95(1), 12.706));
		CHECK(NEAR(stats_t95(1000), 1.96));
		CHECK(stats_t95(0) == 0);
		stats_compute(five, 1, &s);
		CHECK(stats_ci95(&s) == 0);
	}
	/* the histogram: every value in its bin, bins in order; a median
	 * and a mean that a few huge samples do not move */
	{
		static struct hist h;
		uint64_t v, dropped = 0;
		uint32_t last = 0;

		for (v = 0; v < (1ull << 40); v = v < 64 ? v + 1 : v * 5 / 4) {
			uint32_t b = hist_bin(v);

			CHECK(b >= last && b < HIST_BINS);
			CHECK(hist_lo(b) <= (double)v &&
			      (double)v < hist_lo(b) + hist_width(b));
			last = b;
		}
		CHECK_EQ_U64(hist_bin(UINT64_MAX), HIST_BINS - 1);
		for (int i = 0; i < 1000; i++)
			hist_add(&h, 100 + i % 3);
		for (int i = 0; i < 10; i++)
			hist_add(&h, 1000000);
		CHECK_EQ_U64(hist_count(&h), 1010);
		CHECK(fabs(hist_quantile(&h, 0.5) - 101) < 101 * 0.07);
		CHECK(fabs(hist_mean_below(&h, 2000, &dropped) - 101) <
		      101 * 0.07);
		CHECK_EQ_U64(dropped, 10);
	}
	return check_done("test_stats");
}
