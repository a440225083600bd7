/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One cache line handed back and forth between two CPUs, a and b, while
 * every other CPU stays parked on its mailbox.  Plain: a writes a
 * sequence number, b sees it and writes the next, a sees that.  CAS: both
 * compare-and-swap one word in turn (a 2k -> 2k+1, b 2k+1 -> 2k+2) with
 * the ISA's CAS (isa_cas(): an RFO of a modified line).  CPU a
 * times batches of round trips; a batch spans enough counter ticks that
 * the counter's resolution and the cost of reading it stay small, and
 * that one read is subtracted; where a round trip reads 0 ticks the batch
 * grows until it does (pingpong_batch.h).  The c2c experiment, the
 * line-transfer proof and the time estimates use it.
 */
#ifndef SBM_PINGPONG_H
#define SBM_PINGPONG_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

struct pingpong {
	volatile uint64_t *word;	/* alone on its line(s), homed as asked */
	uint32_t a, b;			/* logical CPUs, a != b */
	bool cas;
	uint32_t warmup, rounds;	/* round trips: untimed, then timed */
	uint64_t *samples;		/* room for @rounds batches */

	/* filled by CPU a */
	uint32_t batch;			/* round trips per sample */
	uint32_t nsamples;
	uint64_t read_ticks;		/* one counter read, subtracted */
};

/* Untimed round trips before the timed ones, for @rounds timed. */
uint32_t pingpong_warmup(uint32_t rounds);

/* Run one ping-pong on (a, b); 0, or -1 when a CPU failed to take part
 * or stopped answering (the engine is then aborted, see engine_run()). */
int pingpong_run(struct engine *e, struct pingpong *p);

/* One-way latency in counter ticks (half a round trip) of the median and
 * the fastest batch; false when nothing was timed. */
bool pingpong_oneway(const struct pingpong *p, double *median, double *min);

#endif
