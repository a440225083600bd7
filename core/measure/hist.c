/* SPDX-License-Identifier: BSD-2-Clause */
#include "measure/hist.h"

double hist_lo(uint32_t b)
{
	uint32_t o = (b - HIST_SUB) / HIST_SUB + 4;

	if (b < HIST_SUB)
		return b;
	return (double)((uint64_t)(HIST_SUB + (b - HIST_SUB) % HIST_SUB)
			<< (o - 4));
}

double hist_width(uint32_t b)
{
	return b < HIST_SUB ? 1 :
	       (double)(1ull << ((b - HIST_SUB) / HIST_SUB));
}

void hist_merge(struct hist *to, const struct hist *from)
{
	for (uint32_t b = 0; b < HIST_BINS; b++)
		to->n[b] += from->n[b];
}

uint64_t hist_count(const struct hist *h)
{
	uint64_t n = 0;

	for (uint32_t b = 0; b < HIST_BINS; b++)
		n += h->n[b];
	return n;
}

double hist_quantile(const struct hist *h, double q)
{
	uint64_t n = hist_count(h);
	double want = q * (double)n, cum = 0;

	if (!n)
		return 0;
	for (uint32_t b = 0; b < HIST_BINS; b++) {
		if (!h->n[b])
			continue;
		if (cum + h->n[b] >= want)
			return hist_lo(b) + hist_width(b) *
			       (want - cum) / h->n[b];
		cum += h->n[b];
	}
	return hist_lo(HIST_BINS - 1);
}

double hist_mean_below(const struct hist *h, double cut, uint64_t *dropped)
{
	double sum = 0;
	uint64_t n = 0, out = 0;

	for (uint32_t b = 0; b < HIST_BINS; b++) {
		/* an exact bin holds its value; a wider one its middle */
		double mid = hist_lo(b) + (b < HIST_SUB ? 0 : hist_width(b) / 2);

		if (mid >= cut) {
			out += h->n[b];
			continue;
		}
		sum += mid * h->n[b];
		n += h->n[b];
	}
	*dropped = out;
	return n ? sum / (double)n : 0;
}
