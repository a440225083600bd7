/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <string.h>

#include "measure/stats.h"

/* Shell sort: no recursion, no libc qsort callback; one body for the
 * types it sorts.  Ciura's gaps, then x2.25 above 701 up to c2c_rounds'
 * 10^7 samples: without those a million samples took half a second,
 * ten million would take tens. */
#define SHELL_SORT(T, v, n) do {					\
	static const size_t gaps_[] = { 5818032, 2585792, 1149241,	\
		510774, 227011, 100894, 44842, 19930, 8858, 3937, 1750,	\
		701, 301, 132, 57, 23, 10, 4, 1 };			\
									\
	for (size_t g_ = 0; g_ < sizeof(gaps_) / sizeof(gaps_[0]); g_++) { \
		size_t gap_ = gaps_[g_];				\
									\
		for (size_t i_ = gap_; i_ < (n); i_++) {		\
			T t_ = (v)[i_];					\
			size_t j_ = i_;					\
									\
			for (; j_ >= gap_ && (v)[j_ - gap_] > t_; j_ -= gap_) \
				(v)[j_] = (v)[j_ - gap_];		\
			(v)[j_] = t_;					\
		}							\
	}								\
} while (0)

void stats_sort(double *v, size_t n)
{
	SHELL_SORT(double, v, n);
}

double stats_t95(size_t df)
{
	/* two-sided 97.5 % quantiles of Student's t, df 1..30 */
	static const double t[] = {
		12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
		2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
		2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
		2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
	};

	if (!df)
		return 0;
	if (df <= sizeof(t) / sizeof(t[0]))
		return t[df - 1];
	if (df < 40)
		return 2.030;
	if (df < 60)
		return 2.015;
	if (df < 120)
		return 1.990;
	return 1.960;
}

double stats_ci95(const struct stats *s)
{
	if (s->n < 2)
		return 0;
	return stats_t95(s->n - 1) * s->stddev / sqrt((double)s->n);
}

double stats_percentile(const double *sorted, size_t n, double p)
{
	double pos, frac;
	size_t lo;

	if (!n)
		return 0;
	if (p <= 0)
		return sorted[0];
	if (p >= 100)
		return sorted[n - 1];
	pos = p / 100.0 * (double)(n - 1);
	lo = (size_t)pos;
	frac = pos - (double)lo;
	if (lo + 1 >= n)
		return sorted[n - 1];
	return sorted[lo] + (sorted[lo + 1] - sorted[lo]) * frac;
}

void stats_compute(double *v, size_t n, struct stats *out)
{
	double sum = 0, sq = 0;

	memset(out, 0, sizeof(*out));
	if (!n)
		return;
	stats_sort(v, n);
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	out->n = n;
	out->mean = sum / (double)n;
	/* Second pass around the mean: no catastrophic cancellation. */
	for (size_t i = 0; i < n; i++)
		sq += (v[i] - out->mean) * (v[i] - out->mean);
	out->stddev = n > 1 ? sqrt(sq / (double)(n - 1)) : 0;
	out->cv = out->mean != 0 ? out->stddev / out->mean * 100.0 : 0;
	out->min = v[0];
	out->max = v[n - 1];
	out->median = stats_percentile(v, n, 50);
}

bool stats_ci95_within(const struct stats *s, double pct)
{
	double m = s->mean < 0 ? -s->mean : s->mean;

	return s->n >= 2 && m > 0 && stats_ci95(s) <= m * pct / 100.0;
}

bool stats_diff_ci95(const double *a, const double *b, size_t n,
		     double *mean, double *half)
{
	double sum = 0, sq = 0;

	if (!n)
		return false;
	for (size_t i = 0; i < n; i++)
		sum += a[i] - b[i];
	*mean = sum / (double)n;
	for (size_t i = 0; i < n; i++) {
		double d = a[i] - b[i] - *mean;

		sq += d * d;
	}
	*half = n > 1 ? stats_t95(n - 1) * sqrt(sq / (double)(n - 1)) /
			sqrt((double)n) : 0;
	return true;
}

bool stats_ratio_ci95(const double *num, const double *den, size_t n,
		      double *ratio, double *half)
{
	double sn = 0, sd = 0, sq = 0, r;

	if (n < 2)
		return false;
	for (size_t i = 0; i < n; i++) {
		sn += num[i];
		sd += den[i];
	}
	if (!(sd > 0))
		return false;
	r = sn / sd;
	for (size_t i = 0; i < n; i++) {
		double res = num[i] - r * den[i];

		sq += res * res;
	}
	*ratio = r;
	/* sd / n is mean(den): Var(R) = s_res^2 / (n mean(den)^2) */
	*half = stats_t95(n - 1) * sqrt(sq / (double)(n - 1) / (double)n) /
		(sd / (double)n);
	return true;
}

uint32_t stats_reps_needed(double sd, double target, size_t pilot,
			   uint32_t min, uint32_t max)
{
	double t = stats_t95(pilot > 1 ? pilot - 1 : 1), n;

	if (!(target > 0) || !(sd >= 0))
		return max;	/* no usable pilot: the most it may take */
	n = ceil(t * sd / target * (t * sd / target));
	if (n <= (double)min)
		return min;
	return n >= (double)max ? max : (uint32_t)n;
}

double stats_median_u64(uint64_t *v, size_t n)
{
	SHELL_SORT(uint64_t, v, n);
	return n % 2 ? (double)v[n / 2] :
	       ((double)v[n / 2 - 1] + (double)v[n / 2]) / 2;
}
