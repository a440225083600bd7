/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An op's loop until a counter deadline, for windows bounded by time
 * (window_plan.h).  The loop runs in chunks of whole iterations and
 * reads the counter between chunks only, never inside the timed op's
 * path; a chunk grows (doubling from one iteration, or from the chunk
 * the last call ended on) while it takes less than @chunk_ticks, up to
 * @chunk_max iterations, and halves after one that took over twice that,
 * so a fast op pays a counter read per many updates and a slow,
 * contended one overshoots the deadline by about one chunk.  @chunk_max
 * is what the slowest CPU of the pilot completes in @chunk_ticks
 * (window_plan()): a CPU that grew its chunk while it held the line
 * alone, then lost it, would otherwise run thousands of iterations at
 * the losers' pace past the deadline (seen under TCG at 64 vCPUs: single
 * chunks of 16k iterations taking 1-7 s).
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
	uint64_t chunk;		/* in: the chunk to start with (0: one
				 * iteration); out: the chunk it ended on */
};

/* @op on (@p, @bit), @gap ticks apart (0: none), until the counter
 * reaches @until; what it did into @out. */
void window_loop(const struct sbm_op *op, void *p, unsigned bit,
		 uint64_t gap, uint64_t until, uint64_t chunk_ticks,
		 uint32_t chunk_max, struct window_loop *out);

/* The most a chunk may grow to, whatever the pace. */
#define WINDOW_CHUNK_MAX (1u << 16)

/* The chunk bound window_loop() is given for a window of @window_ticks:
 * a 256th of it, so the overshoot stays under about 1 %. */
static inline uint64_t window_chunk_ticks(uint64_t window_ticks)
{
	return window_ticks / 256 ? window_ticks / 256 : 1;
}

#endif
