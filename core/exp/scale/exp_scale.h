/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The scale experiment: the cost of one update (set and clear of the
 * CPU's slot with the layout's op, as sbm runs it) in each chosen layout
 * of the sbm experiment, with k = 1..N CPUs taking part, CPUs added in
 * topology order (fill an LLC, then the next) and round-robin over the
 * LLCs (c2c_pairs.h).  Records "scale-plan", one "scale" per point and
 * one "scale-summary" per curve: where the cost first doubles over k = 1
 * and, for llc, where it stops beating global.
 */
#ifndef SBM_EXP_SCALE_H
#define SBM_EXP_SCALE_H

#include <stdbool.h>
#include <stdint.h>

#include "exp/sbm/exp_sbm.h"
#include "exp/experiment.h"

enum scale_order_id { SCALE_TOPO, SCALE_RR, SCALE_NORDERS };

/* llc beats global at k when it costs at most this share of global's:
 * a margin, so that run-to-run noise between two equal layouts is not a
 * win */
#define SCALE_BEATS 0.9

struct scale_point {
	uint32_t cpus;
	uint32_t llcs;			/* LLCs those CPUs span */
	double median, min, max;	/* ticks per iteration, over CPUs */
	bool clean;			/* the layout was empty afterwards */
	uint64_t iters_min, iters_max;	/* one CPU's in one window */
};

struct scale_curve {
	enum sbm_kind kind;
	enum scale_order_id order;
	const char *op;
	struct scale_point *pt;		/* one per step */
	uint32_t npts;
	/* derived once, in scale_derive(); 0 = never */
	uint32_t doubles_at;	/* first k with median >= 2x k = 1's */
	bool vs_global;		/* llc, with global measured in this order */
	uint32_t wins_from;	/* first k where llc beats global; only
				 * points whose CPUs span two LLCs or more
				 * count (in one, llc is global's line) */
	uint32_t stops_at;	/* first k after that from which it never
				 * beats global again */
};

struct scale_exp {
	struct sbm_exp sbm;		/* arena, layout and op, as sbm's */
	uint32_t *order[SCALE_NORDERS];	/* chosen CPUs in each order */
	bool run_order[SCALE_NORDERS];
	uint32_t ncpus, nllcs;
	uint32_t steps[64];		/* CPU counts of every curve */
	uint32_t nsteps;
	uint32_t span[SCALE_NORDERS][64];	/* LLCs of each step's CPUs */
	struct scale_curve curves[SBM_NKINDS * SCALE_NORDERS];
	uint32_t ncurves;
};

const char *scale_order_name(enum scale_order_id o);

/*
 * The CPU counts a curve has for @n CPUs, at most @most of them (0: no
 * limit): without a limit 1..n up to 32, then doubling, and n; with one
 * that the full list exceeds, 1, n and counts spread evenly on a log
 * scale between.  Returns how many, written to @out (room for 64).
 */
uint32_t scale_steps(uint32_t n, uint32_t most, uint32_t *out);

/* Doubling and llc-versus-global points of every curve of @x. */
void scale_derive(struct scale_exp *x);

/*
 * Between the experiment's files: exp_scale.c (records, options, the
 * plan, prepare, the estimate), scale_run.c (the curves and their
 * records) and scale_report.c (the human tables).
 */
int scale_run(struct engine *e, void *state);
void scale_report(struct engine *e, void *state);
/* ns per update (a set or a clear) of @ticks_per_iter ticks per
 * iteration (a set and a clear). */
double scale_upd_ns(const struct engine *e, double ticks_per_iter);
/* The curve of layout @k in order @o, NULL when it was not run. */
const struct scale_curve *scale_curve_of(const struct scale_exp *x,
					 enum sbm_kind k,
					 enum scale_order_id o);

extern const struct experiment exp_scale;

#endif
