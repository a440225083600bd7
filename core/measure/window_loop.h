/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An op's loop until a window's end, for windows bounded by time
 * (window_plan.h).  Both loops run in chunks of whole iterations and look
 * for the end between chunks only, never inside the timed op's path; at
 * least one chunk always runs (a CPU that arrives after the end, a vCPU
 * the host did not run, still has a sample).
 *
 * One CPU of the run, the keeper, reads the counter between chunks
 * (window_loop_keep()) and says when a deadline passed; the others look
 * at that word (window_loop_follow()).  A counter read is not free
 * everywhere: QEMU's TCG takes one lock for every x86 vCPU's rdtsc, and
 * 64 vCPUs reading it between chunks on a 2-core host spent 90 % of the
 * host's time spinning on that lock (perf).  A word read by all and
 * written once a window costs each CPU one line transfer per window; and
 * every CPU closes when the one clock says so, whatever its own
 * counter's skew.
 *
 * The keeper's chunk grows (doubling from one iteration) while it takes
 * less than @chunk_ticks, up to @chunk_max iterations, and halves after
 * one that took over twice that.  The others' chunk is @chunk_max: what
 * the slowest CPU of the pilot completes in @chunk_ticks (window_plan()),
 * so a follower overshoots the end by about a chunk's time at the
 * slowest pace seen, and a faster one looks at the word more often (a
 * load that hits its cache until the keeper writes).
 */
#ifndef SBM_WINDOW_LOOP_H
#define SBM_WINDOW_LOOP_H

#include <stdint.h>

#include "measure/ops.h"

struct window_loop {
	uint64_t iters;		/* (set; clear) iterations completed */
	uint64_t gap_ticks;	/* what the gaps really took (loop_gap) */
	uint64_t end;		/* the counter when the loop stopped */
	uint64_t chunk;		/* keep's in: the chunk to start with (0:
				 * one iteration); out: the chunk it ended on */
};

/* @op on (@p, @bit), @gap ticks apart (0: none), until the counter
 * reaches @until; what it did into @out. */
void window_loop_keep(const struct sbm_op *op, void *p, unsigned bit,
		      uint64_t gap, uint64_t until, uint64_t chunk_ticks,
		      uint32_t chunk_max, struct window_loop *out);

/* The same until *@epoch reaches @target (out->end is left alone). */
void window_loop_follow(const struct sbm_op *op, void *p, unsigned bit,
			uint64_t gap, const volatile uint32_t *epoch,
			uint32_t target, uint32_t chunk_max,
			struct window_loop *out);

/* The most a chunk may grow to, whatever the pace. */
#define WINDOW_CHUNK_MAX (1u << 16)

/* The chunk bound the loops are given for a window of @window_ticks: a
 * 256th of it, so the overshoot stays under about 1 %. */
#define WINDOW_CHUNKS 256
static inline uint64_t window_chunk_ticks(uint64_t window_ticks)
{
	return window_ticks / WINDOW_CHUNKS ? window_ticks / WINDOW_CHUNKS : 1;
}

#endif
