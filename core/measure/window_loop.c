// SPDX-License-Identifier: BSD-2-Clause
/* The loop of window_loop.h. */
#include "isa_ops.h"
#include "measure/window_loop.h"

/* Some CPU has seen window @w->index end. */
static bool closed_elsewhere(const struct window_loop *w)
{
	return w->closed &&
	       __atomic_load_n(w->closed, __ATOMIC_RELAXED) > w->index;
}

/* Window @w->index has ended: raise the shared count to it, never lower
 * (a CPU still in an earlier window raises it no further than that). */
static void close_shared(struct window_loop *w)
{
	uint32_t seen, want = w->index + 1;

	if (!w->closed)
		return;
	seen = __atomic_load_n(w->closed, __ATOMIC_RELAXED);
	while (seen < want &&
	       !__atomic_compare_exchange_n(w->closed, &seen, want, false,
					    __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED))
		;
}

/* @n iterations in pieces, looking at the shared count between them;
 * true: another CPU closed the window. */
static bool run_pieces(const struct sbm_op *op, void *p, unsigned bit,
		       uint64_t n, uint64_t gap, struct window_loop *out)
{
	while (n) {
		uint64_t k = n < WINDOW_STOP_EVERY ? n : WINDOW_STOP_EVERY;

		out->gap_ticks += ops_run(op, p, bit, k, gap);
		out->iters += k;
		n -= k;
		if (closed_elsewhere(out))
			return true;
	}
	return false;
}

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
	out->stopped = false;
	out->late = closed_elsewhere(out);
	do {
		t0 = t;
		out->stopped = run_pieces(op, p, bit, chunk, gap, out);
		t = isa_counter();
		if (out->stopped)
			break;	/* a part chunk: says nothing of the pace */
		if (t - t0 < chunk_ticks && chunk * 2 <= chunk_max)
			chunk *= 2;
		else if (t - t0 > 2 * chunk_ticks && chunk > 1)
			chunk /= 2;	/* the pace dropped: catch up */
	} while ((int64_t)(until - t) > 0);
	if (!out->stopped)
		close_shared(out);
	out->end = t;
	out->chunk = chunk;
}
