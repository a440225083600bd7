/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment: every chosen CPU runs set(me); clear(me) on its
 * slot of a layout (global, node, llc, llc-u8, private) for cfg.iters
 * iterations, cfg.reps times per layout; records "config", "result" and
 * "group", and the seed's table.
 */
#ifndef SBM_EXP_SBM_H
#define SBM_EXP_SBM_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "experiment.h"
#include "ops.h"
#include "sbm.h"
#include "stats.h"

/* Per LLC or per node: what the CPUs of that group measured. */
struct sbm_group_stat {
	uint32_t id, ncpus;
	struct stats st;
};

struct sbm_result {
	enum sbm_kind kind;
	const char *op;
	uint32_t ncpus;
	uint64_t iters;
	uint32_t reps;
	struct stats st;	/* ticks per iteration over CPUs x reps */
	double rep_cv;		/* CV (%) of the per-repetition means */
	double cycles_median;	/* cycles per iteration, 0 when unknown */
	bool clean;		/* the mask was empty after every rep */
	bool have_pct;		/* a global result to compare with exists */
	double pct;		/* % of global, computed once, here */
	uint32_t nllc, nnode;
	struct sbm_group_stat *by_llc, *by_node;
};

struct sbm_exp {
	/* one region per node, sized for the largest chosen layout and
	 * reused by every layout */
	struct node_arena arena;
	struct sbm_layout layout;	/* the one being run */
	const struct sbm_op *op;
	struct sbm_result results[SBM_NKINDS];
	uint32_t nresults;
};

/*
 * A platform's own way to time a layout (the Linux twin's mode=pair):
 * fill samples[rep * ncpus + cpu] with ticks per iteration for every
 * chosen CPU and rep, leaving the mask as it found it.  0, or -1.
 * NULL where the platform has none: mode=pair is then refused.
 */
typedef int (*sbm_pair_fn)(struct engine *e, struct sbm_exp *x,
			   const struct sbm_layout *l, const struct sbm_op *op,
			   double *samples, bool *clean);
extern sbm_pair_fn sbm_pair_runner;

extern const struct experiment exp_sbm;

/* Summarise samples[rep][cpu] (ticks per iteration) into @r. */
void sbm_summarise(const struct engine *e, struct sbm_result *r,
		   const double *samples, uint32_t reps);

#endif
