/* SPDX-License-Identifier: BSD-2-Clause */
#include "measure/pingpong_batch.h"

uint32_t pingpong_batch_size(uint64_t best, uint64_t min_span, uint32_t most,
			     pingpong_time_fn time, void *arg,
			     uint32_t budget, uint32_t *used)
{
	uint32_t b = 1;

	*used = 0;
	if (!most)
		most = 1;
	if (best) {
		uint64_t n = (min_span + best - 1) / best;

		return n < 1 ? 1 : n > most ? most : (uint32_t)n;
	}
	/* faster than a tick: time growing batches until one spans it */
	while (b <= budget - *used) {
		uint64_t span = time(arg, b);

		*used += b;
		if (span >= min_span)
			return b;
		if (b >= most)
			return most;
		b = b > most / 2 ? most : 2 * b;
	}
	return most;
}
