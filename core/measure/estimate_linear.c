/* SPDX-License-Identifier: BSD-2-Clause */
/* The arithmetic of the measured estimates, apart so that it is tested
 * without an engine (tests/test_sbm_figures.c). */
#include <stdio.h>

#include "measure/estimate.h"

uint64_t estimate_points(uint64_t lo, uint32_t klo, uint64_t hi, uint32_t khi,
			 const uint32_t *steps, uint32_t nsteps, uint64_t reps)
{
	double sum = 0;

	for (uint32_t s = 0; s < nsteps; s++) {
		double w = khi > klo && steps[s] > klo ?
			   (double)(steps[s] - klo) / (double)(khi - klo) : 0;

		sum += (double)lo + ((double)hi - (double)lo) * w;
	}
	return (uint64_t)(sum * (double)reps + 0.5);
}

size_t estimate_pick(size_t i, size_t n, size_t total)
{
	return (2 * i + 1) * total / (2 * n);
}

void estimate_words(uint64_t ms, char *buf, size_t len)
{
	if (ms < ESTIMATE_FLOOR_MS)
		snprintf(buf, len, "under 0.1 s");
	else
		snprintf(buf, len, "%llu.%02llu s",
			 (unsigned long long)(ms / 1000),
			 (unsigned long long)(ms % 1000 / 10));
}
