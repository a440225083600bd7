/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Ownership runs: how many updates a contended line serves to one CPU
 * before another takes it.  The model (coh_model.h) charges every
 * contended update one hand-off; a CPU that keeps the line for several
 * updates in a row (its next RMW issued before the others' requests win)
 * pays one hand-off for the run.  Each CPU of @cpus swaps its own tag
 * into one word, @gap_ticks of private work apart, and counts the swaps
 * that returned another's tag: a count, not a time, so the host moving
 * vCPUs or a slow counter does not blur it.  updates / changes is the
 * mean run, an upper bound on updates per line hand-off (a line can move
 * without the word changing owner: a prefetch, a lost race).  A swap,
 * not the layout's bit op (its result does not say who held the word);
 * both are one locked RMW of the line (x86 xchg and lock bts, arm64 swp
 * and ldset, riscv amoswap and amoor).
 */
#ifndef SBM_OWN_RUNS_H
#define SBM_OWN_RUNS_H

#include <stdint.h>

#include "engine/engine.h"

struct own_runs {
	const uint32_t *cpus;	/* logical CPUs, distinct, >= 2 */
	uint32_t n;
	uint64_t gap_ticks;	/* private work between two updates */
	uint64_t window_ticks;	/* the common window's length */
	uint64_t max_updates;	/* per CPU, whatever the window */

	/* out: sums over the CPUs */
	uint64_t updates, changes;
};

/* Run it; 0, or -1 when the memory or a CPU failed (engine_run_on()). */
int own_runs_run(struct engine *e, struct own_runs *r);

/* Mean updates per change of owner; 0 when nothing ran. */
double own_runs_mean(const struct own_runs *r);

#endif
