/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef SBM_STATS_H
#define SBM_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct stats {
	size_t n;
	double min, max, mean, median;
	double stddev;		/* sample standard deviation (n - 1) */
	double cv;		/* stddev / mean, in percent */
};

/* Summarise @v[0..n); sorts @v in place.  n == 0 gives all zeros. */
void stats_compute(double *v, size_t n, struct stats *out);

/* Percentile @p (0..100) of sorted @v by linear interpolation. */
double stats_percentile(const double *sorted, size_t n, double p);

void stats_sort(double *v, size_t n);

/* The median of counter readings @v[0..n), n > 0; sorts @v in place (so
 * @v[0] is then the least). */
double stats_median_u64(uint64_t *v, size_t n);

/* Student's t for a two-sided 95 % interval with @df degrees of freedom
 * (1.96 from 120 on); 0 for df 0. */
double stats_t95(size_t df);

/* A figure @x whose 95 % interval (+- @ci) holds 0, or below 0: what
 * the run cannot tell from nothing ("within noise"). */
static inline bool stats_within_noise(double x, double ci)
{
	return !(x - (ci > 0 ? ci : 0) > 0);
}

/* Half-width of the 95 % confidence interval of the mean of @s's sample
 * (t * stddev / sqrt(n)); 0 when n < 2. */
double stats_ci95(const struct stats *s);

/* Whether that interval is within @pct percent of the mean (never with
 * fewer than two values or a zero mean): enough repetitions. */
bool stats_ci95_within(const struct stats *s, double pct);

/*
 * Paired repetitions: @a[i] and @b[i] were measured in the same round
 * (interleaved reps), so their difference cancels what drifted between
 * rounds.  The mean of a[i] - b[i] and its 95 % half-width (Student's t
 * over the n differences); false when n < 1.
 */
bool stats_diff_ci95(const double *a, const double *b, size_t n,
		     double *mean, double *half);

/*
 * The ratio of two paired means, mean(num) / mean(den), with its 95 %
 * interval by the delta method: the residuals num[i] - R den[i] carry
 * the joint spread, Var(R) ~ s_res^2 / (n mean(den)^2), half-width
 * t(n-1) sqrt(Var(R)).  False (no figure) when n < 2 or mean(den) <= 0:
 * a ratio to a cost that is not above zero is not a number.
 */
bool stats_ratio_ci95(const double *num, const double *den, size_t n,
		      double *ratio, double *half);

/*
 * reps=auto, second stage (Stein's two-stage rule): after a pilot of
 * @pilot values with sample standard deviation @sd, the count whose 95 %
 * half-width t(pilot-1) sd / sqrt(n) is at most @target, within
 * [@min, @max].  Fixed from the pilot: no rep-by-rep look at the data
 * (optional stopping would make the intervals too narrow).
 */
uint32_t stats_reps_needed(double sd, double target, size_t pilot,
			   uint32_t min, uint32_t max);

#endif
