/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The c2c experiment: for each selected pair (a, b) of chosen CPUs, the
 * one-way latency of handing one cache line between them (pingpong.h),
 * plain and compare-and-swap, with the line homed on a stated node.
 * Pairs run one at a time on exactly their two CPUs, in topology order
 * (c2c_pairs.h).  Records "c2c-plan" and one "c2c" per pair.
 */
#ifndef SBM_EXP_C2C_H
#define SBM_EXP_C2C_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/arena.h"
#include "measure/c2c_pairs.h"
#include "exp/experiment.h"

struct c2c_result {
	uint32_t a, b, home;
	enum pair_class cls;
	bool ok;			/* both variants timed */
	uint32_t batch, cas_batch;	/* round trips per sample */
	uint32_t timed, cas_timed;	/* round trips timed (budget) */
	double median, min;		/* one-way ns, plain */
	double cas_median, cas_min;	/* one-way ns, CAS */
};

struct c2c_exp {
	struct node_arena arena;	/* one page per node holds the lines */
	uint32_t *order;		/* chosen CPUs, topology order */
	uint32_t ncpus;
	enum pairs_kind kind;		/* resolved: all, reps, random */
	struct cpu_pair *pairs;
	size_t npairs;
	struct c2c_result *res;		/* one per pair, in pair order */
	size_t nres;
	uint64_t *samples;		/* a ping-pong's batches */
};

extern const struct experiment exp_c2c;

#endif
