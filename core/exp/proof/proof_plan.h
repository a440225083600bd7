/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The line-transfer proof's choices, as pure functions (exp_proof.c runs
 * them; host tests check them): the gap it measures at, the tolerance
 * its verdict allows, and the verdict.
 */
#ifndef SBM_PROOF_PLAN_H
#define SBM_PROOF_PLAN_H

#include <stdbool.h>
#include <stdint.h>

/* The least tolerance, and the spread above which the transfer itself
 * is too unsteady to judge against. */
#define PROOF_AGREE_PCT		25.0
#define PROOF_MAX_TOL_PCT	75.0
/* Without a listed gap of 4 transfers: this one. */
#define PROOF_FALLBACK_GAP_NS	2000u

/*
 * The proof's gap: the smallest of @gaps at least 4 x @transfer_ns (so
 * the two CPUs' updates rarely meet, yet the floor's noise at that gap
 * stays small next to one transfer), else PROOF_FALLBACK_GAP_NS, and
 * then *@fallback is true.
 */
uint32_t proof_pick_gap(const uint32_t *gaps, uint32_t n, double transfer_ns,
			bool *fallback);

/*
 * From @n transfers measured between the reps (RFO runs, ns): their
 * median (the transfer judged against, *@median), and the tolerance in
 * percent: PROOF_AGREE_PCT plus half their range and one counter @tick
 * (ns; a single op is timed to within one), each as a percentage of the
 * median.  Negative: no value, or a median not above one tick (TCG, with
 * no caches to miss in, times an RFO either side of zero).
 */
double proof_tolerance(const double *tr, uint32_t n, double tick,
		       double *median);

/*
 * "agree" when @cost_ns is within @tol_pct of @transfer_ns, "disagree"
 * when outside it, "inconclusive" when it cannot say: fewer than 2 reps,
 * @pp_cut ping-pongs cut by their time budget (a transfer timed while a
 * vCPU waited for its host is no transfer), a cost interval @ci_ns wider
 * than the tolerance, a tolerance over PROOF_MAX_TOL_PCT or no transfer.
 */
const char *proof_verdict(double cost_ns, double ci_ns, double transfer_ns,
			  double tol_pct, uint32_t reps, uint32_t pp_cut);

#endif
