/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef SBM_STATS_H
#define SBM_STATS_H

#include <stdbool.h>
#include <stddef.h>

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

/* Student's t for a two-sided 95 % interval with @df degrees of freedom
 * (1.96 from 120 on); 0 for df 0. */
double stats_t95(size_t df);

/* Half-width of the 95 % confidence interval of the mean of @s's sample
 * (t * stddev / sqrt(n)); 0 when n < 2. */
double stats_ci95(const struct stats *s);

/* Whether that interval is within @pct percent of the mean (never with
 * fewer than two values or a zero mean): enough repetitions. */
bool stats_ci95_within(const struct stats *s, double pct);

#endif
