/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A log-linear histogram of counter ticks: exact below 16, then 16 bins
 * per power of two (about 6 % wide).  Cheap enough to add one sample per
 * timed op, small enough for one per CPU, and from it a median and a
 * mean without the rare huge samples (an interrupt, a preempted thread)
 * that would swamp a plain mean.
 */
#ifndef SBM_HIST_H
#define SBM_HIST_H

#include <stdint.h>

#define HIST_SUB	16
#define HIST_OCTAVES	40	/* up to 2^44 ticks; more lands in the last */
#define HIST_BINS	(HIST_SUB + (HIST_OCTAVES - 4) * HIST_SUB)

struct hist {
	uint32_t n[HIST_BINS];
};

static inline uint32_t hist_bin(uint64_t v)
{
	uint32_t o, b;

	if (v < HIST_SUB)
		return (uint32_t)v;
	o = 63u - (uint32_t)__builtin_clzll(v);	/* >= 4 */
	b = HIST_SUB + (o - 4) * HIST_SUB +
	    (uint32_t)((v >> (o - 4)) & (HIST_SUB - 1));
	return b < HIST_BINS ? b : HIST_BINS - 1;
}

static inline void hist_add(struct hist *h, uint64_t v)
{
	h->n[hist_bin(v)]++;
}

/* The lowest value of bin @b and the bin's width. */
double hist_lo(uint32_t b);
double hist_width(uint32_t b);
void hist_merge(struct hist *to, const struct hist *from);
uint64_t hist_count(const struct hist *h);
/* Quantile @q (0..1), interpolated inside its bin; 0 when empty. */
double hist_quantile(const struct hist *h, double q);
/* Mean of the samples below @cut (bin middles); *@dropped: how many
 * were at or above it. */
double hist_mean_below(const struct hist *h, double cut, uint64_t *dropped);

#endif
