/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Ownership runs: how many updates a contended line serves to one CPU
 * before another takes it.  The model (coh_model.h) charges every
 * contended update one hand-off; a CPU that keeps the line for several
 * updates in a row (its next RMW issued before the others' requests win)
 * pays one hand-off for the run.  Each CPU of @cpus swaps its own tag
 * into its group's word (a layout's line: every group's word alone on
 * its lines, all groups at once), @gap_ticks of private work apart, and
 * counts the swaps
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

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

struct own_runs {
	const uint32_t *cpus;	/* logical CPUs, distinct, >= 2 */
	uint32_t n;
	/* per position in @cpus: its group, < @ngroups (NULL: one word) */
	const uint32_t *group;
	uint32_t ngroups;
	uint64_t gap_ticks;	/* private work between two updates */
	uint64_t window_ticks;	/* the common window's length */
	uint64_t max_updates;	/* per CPU, whatever the window */

	/* out: sums over the CPUs, and the fewest and most one CPU made */
	uint64_t updates, changes;
	uint64_t cpu_min, cpu_max;
	/* the longest a CPU took for OWN_CHECK_EVERY swaps beyond their
	 * gaps' nominal length, ticks: the host not running a vCPU, or a
	 * line withheld */
	uint64_t stall_max;
};

/* Swaps between two counter reads: the window's end is looked at
 * rarely, so the loop is swaps and gaps. */
#define OWN_CHECK_EVERY 64

/*
 * Whether every CPU took part through the window: the fewest updates one
 * CPU made at least a quarter of the mean, and no CPU stopped for an
 * eighth of the window.  A vCPU the host did not run leaves the others a
 * line nobody contends, and runs as long as the host's time slice: no
 * measure of arbitration (under TCG: 7 changes in 1.3 million swaps).
 */
bool own_runs_even(const struct own_runs *r);

/* Run it; 0, or -1 when the memory or a CPU failed (engine_run_on()). */
int own_runs_run(struct engine *e, struct own_runs *r);

/* Mean updates per change of owner; 0 when nothing ran. */
double own_runs_mean(const struct own_runs *r);

#endif
