/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The scale experiment: the cost of one update (set and clear of the
 * CPU's bit with the native op) on one shared line, with 1..N CPUs taking
 * part, CPUs added in topology order (c2c_pairs.h).  Records "scale-plan"
 * and one "scale" per step.
 */
#ifndef SBM_EXP_SCALE_H
#define SBM_EXP_SCALE_H

#include <stdint.h>

#include "arena.h"
#include "experiment.h"

struct scale_step {
	uint32_t cpus;
	double median, min, max;	/* ticks per iteration, over CPUs */
};

struct scale_exp {
	struct node_arena arena;	/* the line, on the boot CPU's node */
	const struct sbm_op *op;
	uint32_t *order;		/* chosen CPUs, topology order */
	uint32_t ncpus;
	uint32_t *steps;		/* CPU counts to run */
	uint32_t nsteps;
	struct scale_step *res;
	uint32_t nres;
};

/* The CPU counts scale runs for @n CPUs: 1..n up to 32, then doubling,
 * and n; returns how many, written to @out (room for 64). */
uint32_t scale_steps(uint32_t n, uint32_t *out);

extern const struct experiment exp_scale;

#endif
