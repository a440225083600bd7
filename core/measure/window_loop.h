/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An op's loop until a counter deadline, for windows bounded by time
 * (window_plan.h).  The loop runs in chunks of whole iterations and
 * reads the counter between chunks only, never inside the timed op's
 * path; a chunk grows (doubling from one iteration) while it takes less
 * than @chunk_ticks, so a fast op pays a counter read per many updates
 * and a slow, contended one overshoots the deadline by about one chunk.
 * At least one chunk always runs: a CPU that arrives after the deadline
 * (a vCPU the host did not run) still has a sample.
 */
#ifndef SBM_WINDOW_LOOP_H
#define SBM_WINDOW_LOOP_H

#include <stdint.h>

#include "measure/ops.h"

struct window_loop {
	uint64_t iters;		/* (set; clear) iterations completed */
	uint64_t gap_ticks;	/* what the gaps really took (loop_gap) */
	uint64_t end;		/* the counter when the loop stopped */
};

/* @op on (@p, @bit), @gap ticks apart (0: none), until the counter
 * reaches @until; what it did into @out. */
void window_loop(const struct sbm_op *op, void *p, unsigned bit,
		 uint64_t gap, uint64_t until, uint64_t chunk_ticks,
		 struct window_loop *out);

/* The chunk bound window_loop() is given for a window of @window_ticks:
 * a 256th of it, so the overshoot stays under about 1 %. */
static inline uint64_t window_chunk_ticks(uint64_t window_ticks)
{
	return window_ticks / 256 ? window_ticks / 256 : 1;
}

#endif
