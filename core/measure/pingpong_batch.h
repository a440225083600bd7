/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How many round trips one timed ping-pong sample holds: enough that the
 * batch spans @min_span counter ticks, so that the counter's resolution
 * and the cost of reading it stay small.  A pure function of what the
 * warm-up saw, apart from the engine so that host tests can drive it.
 */
#ifndef SBM_PINGPONG_BATCH_H
#define SBM_PINGPONG_BATCH_H

#include <stdint.h>

/* Ticks that @n more warm-up round trips took (the caller runs them). */
typedef uint64_t (*pingpong_time_fn)(void *arg, uint32_t n);

/*
 * The batch size, 1..@most (@most 0 counts as 1).  @best: the fastest
 * single warm-up round trip in ticks; when it reads 0 (a coarse counter:
 * a round trip inside one tick) the batch grows instead, doubling over
 * timed warm-up batches from @time until one spans @min_span, using at
 * most @budget round trips; *@used says how many it took.  A counter
 * too coarse for the budget gets @most.
 */
uint32_t pingpong_batch_size(uint64_t best, uint64_t min_span, uint32_t most,
			     pingpong_time_fn time, void *arg,
			     uint32_t budget, uint32_t *used);

#endif
