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
 *
 * A ping-pong has a time budget (pingpong_budget_ms()): a hand-off that
 * waits on a host's scheduler, not on a cache line (two vCPUs of a
 * guest with more vCPUs than the host has cores), would otherwise make
 * one ping-pong take minutes.  Past it, a stops at the start of its next
 * round trip, where b is known to be waiting, and says so (@cut, and
 * @timed round trips timed instead of the whole batches @rounds holds).
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
	uint32_t budget_ms;		/* 0: pingpong_budget_ms(@rounds) */

	/* filled by CPU a */
	uint32_t batch;			/* round trips per sample */
	uint32_t nsamples;
	uint64_t read_ticks;		/* one counter read, subtracted */
	uint32_t timed;			/* round trips timed, <= @rounds */
	bool cut;			/* stopped by the budget */
};

/* Untimed round trips before the timed ones, for @rounds timed. */
uint32_t pingpong_warmup(uint32_t rounds);

/*
 * The time a ping-pong of @rounds timed round trips may take, warm-up
 * included: 100 ms plus 0.1 ms a round trip, 50 us a one-way hand-off,
 * some hundred times the slowest cross-socket transfer.  The warm-up
 * ends early at half of it.
 */
uint32_t pingpong_budget_ms(uint32_t rounds);

/* Run one ping-pong on (a, b); 0, or -1 when a CPU failed to take part
 * or stopped answering (the engine is then aborted, see engine_run()). */
int pingpong_run(struct engine *e, struct pingpong *p);

/* One-way latency in counter ticks (half a round trip) of the median and
 * the fastest batch; false when nothing was timed.  A budget that ended
 * inside the first batch leaves that part batch as the one sample. */
bool pingpong_oneway(const struct pingpong *p, double *median, double *min);

#endif
