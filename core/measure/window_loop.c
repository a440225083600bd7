// SPDX-License-Identifier: BSD-2-Clause
/* The loop of window_loop.h. */
#include "isa_ops.h"
#include "measure/window_loop.h"

void window_loop(const struct sbm_op *op, void *p, unsigned bit,
		 uint64_t gap, uint64_t until, uint64_t chunk_ticks,
		 uint32_t chunk_max, struct window_loop *out)
{
	uint64_t chunk = out->chunk, t = isa_counter(), t0;

	if (!chunk_max || chunk_max > WINDOW_CHUNK_MAX)
		chunk_max = WINDOW_CHUNK_MAX;
	if (!chunk || chunk > chunk_max)
		chunk = 1;
	out->iters = 0;
	out->gap_ticks = 0;
	do {
		t0 = t;
		out->gap_ticks += ops_run(op, p, bit, chunk, gap);
		out->iters += chunk;
		t = isa_counter();
		if (t - t0 < chunk_ticks && chunk * 2 <= chunk_max)
			chunk *= 2;
		else if (t - t0 > 2 * chunk_ticks && chunk > 1)
			chunk /= 2;	/* the pace dropped: catch up */
	} while ((int64_t)(until - t) > 0);
	out->end = t;
	out->chunk = chunk;
}
