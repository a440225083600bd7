/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One RFO of a modified line, timed on its own: what a contended update
 * pays for its line.  CPU b writes a word of the line (the line is then
 * modified in b's cache) and hands a token over another line; CPU a
 * times one update of its own word in that line (the layout's set, which
 * returns once it has completed: ops.h), then the same update again, on
 * the line it now owns.  The first minus the second, median over the rounds, is
 * the transfer.  A ping-pong's one-way time is not this: each hand-off
 * there is a miss and then an upgrade, or CAS attempts that take the
 * line away and back (on this machine's twin it was 1.4-1.7 transfers).
 * The line-transfer proof judges the cost above the floor against it.
 * A run has a time budget, as a ping-pong has (pingpong.h): half for the
 * warm-up, half for the timed rounds, of which at least one is timed.
 */
#ifndef SBM_RFO_H
#define SBM_RFO_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "measure/ops.h"

struct rfo {
	volatile uint64_t *line;	/* a's word, then b's, on one line */
	volatile uint64_t *token;	/* alone on another line */
	const struct sbm_op *op;	/* a word op: set and clear */
	unsigned bit;			/* a's bit in line[0] */
	uint32_t a, b;			/* a times, b writes; a != b */
	uint32_t warmup, rounds;	/* rounds: untimed (at most), timed */
	uint64_t *remote, *local;	/* room for @rounds each, ticks */
	uint32_t budget_ms;		/* 0: pingpong_budget_ms(@rounds) */

	/* filled by CPU a */
	uint32_t warm;			/* warm-up rounds run */
	uint32_t n;			/* rounds timed */
	bool cut;			/* stopped by the budget */
};

/* Run it on (a, b); 0, or -1 when a CPU failed to take part. */
int rfo_run(struct engine *e, struct rfo *r);

/* Median remote minus median local update, in ticks; false when no
 * round was timed (sorts @remote and @local). */
bool rfo_ticks(const struct rfo *r, double *ticks);

#endif
