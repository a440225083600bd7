// SPDX-License-Identifier: BSD-2-Clause
/* The loops of window_loop.h. */
#include "isa_ops.h"
#include "measure/window_loop.h"

/* One chunk of @n iterations, gaps and all, counted into @out. */
static inline void run_chunk(const struct sbm_op *op, void *p, unsigned bit,
			     uint64_t gap, uint64_t n, struct window_loop *out)
{
	out->gap_ticks += ops_run(op, p, bit, n, gap);
	out->iters += n;
}

void window_loop_keep(const struct sbm_op *op, void *p, unsigned bit,
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
		run_chunk(op, p, bit, gap, chunk, out);
		t = isa_counter();
		if (t - t0 < chunk_ticks && chunk * 2 <= chunk_max)
			chunk *= 2;
		else if (t - t0 > 2 * chunk_ticks && chunk > 1)
			chunk /= 2;	/* the pace dropped: catch up */
	} while ((int64_t)(until - t) > 0);
	out->end = t;
	out->chunk = chunk;
}

void window_loop_follow(const struct sbm_op *op, void *p, unsigned bit,
			uint64_t gap, const volatile uint32_t *epoch,
			uint32_t target, uint32_t chunk_max,
			struct window_loop *out)
{
	uint64_t chunk = chunk_max ? chunk_max : 1;

	out->iters = 0;
	out->gap_ticks = 0;
	do
		run_chunk(op, p, bit, gap, chunk, out);
	while ((int32_t)(__atomic_load_n(epoch, __ATOMIC_ACQUIRE) - target) < 0);
	out->chunk = chunk;
}
