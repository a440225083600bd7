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
 *
 * The CPUs of a run also share a count of the windows closed: the first
 * CPU whose counter read passes a deadline raises it, and every CPU looks
 * at it between pieces of WINDOW_STOP_EVERY iterations, so all stop
 * within a piece of the first, whatever their chunk.  Without it a CPU
 * that lost the line mid-chunk ran its chunk out alone: at 64 vCPUs
 * under TCG one window in a block of 20 closed 3 s past its deadline,
 * and the block waited for it.  A load of a line written once a window,
 * not a counter read.
 */
#ifndef SBM_WINDOW_LOOP_H
#define SBM_WINDOW_LOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "measure/ops.h"

struct window_loop {
	uint64_t iters;		/* (set; clear) iterations completed */
	uint64_t gap_ticks;	/* what the gaps really took (loop_gap) */
	uint64_t end;		/* the counter when the loop stopped */
	uint64_t chunk;		/* in: the chunk to start with (0: one
				 * iteration); out: the chunk it ended on */
	/* in: the run's count of windows closed (NULL: none shared) and
	 * this window's number in the run, from 0 */
	volatile uint32_t *closed;
	uint32_t index;
	bool stopped;		/* out: ended by another CPU's close */
	/* out: the window had closed before this CPU began it (a vCPU the
	 * host did not run, an SMI): its one piece is no window's pace */
	bool late;
};

/* Iterations between two looks at the shared count: a load and a branch
 * per 64 iterations (under 1 % of the fastest, a private line's) */
#define WINDOW_STOP_EVERY 64

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
