// SPDX-License-Identifier: BSD-2-Clause
/* The loop of window_loop.h. */
#include "isa_ops.h"
#include "measure/window_loop.h"

#define CHUNK_MAX	(1u << 16)

void window_loop(const struct sbm_op *op, void *p, unsigned bit,
		 uint64_t gap, uint64_t until, uint64_t chunk_ticks,
		 struct window_loop *out)
{
	uint64_t chunk = 1, t = isa_counter(), t0;

	out->iters = 0;
	out->gap_ticks = 0;
	do {
		t0 = t;
		if (gap)
			out->gap_ticks += op->loop_gap(p, bit, chunk, gap);
		else
			op->loop(p, bit, chunk);
		out->iters += chunk;
		t = isa_counter();
		if (t - t0 < chunk_ticks && chunk < CHUNK_MAX)
			chunk *= 2;
	} while ((int64_t)(until - t) > 0);
	out->end = t;
}
