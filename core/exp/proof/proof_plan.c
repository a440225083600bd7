/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include "measure/stats.h"
#include "exp/proof/proof_plan.h"

uint32_t proof_pick_gap(const uint32_t *gaps, uint32_t n, double transfer_ns,
			bool *fallback)
{
	uint32_t best = 0;
	double want = 4 * transfer_ns;

	for (uint32_t i = 0; i < n; i++)
		if (gaps[i] && (double)gaps[i] >= want &&
		    (!best || gaps[i] < best))
			best = gaps[i];
	*fallback = !best;
	return best ? best : PROOF_FALLBACK_GAP_NS;
}

double proof_tolerance(const double *tr, uint32_t n, double tick,
		       double *median)
{
	double *v;
	double med, tol;

	*median = 0;
	if (!n)
		return -1;
	v = malloc(sizeof(*v) * n);
	if (!v)
		return -1;
	memcpy(v, tr, sizeof(*v) * n);
	stats_sort(v, n);
	med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	*median = med;
	tol = PROOF_AGREE_PCT + (v[n - 1] - v[0]) / 2 / med * 100 +
	      tick / med * 100;
	free(v);
	/* no transfer a counter tick above nothing: nothing to judge */
	return med > tick && med > 0 ? tol : -1;
}

const char *proof_verdict(double cost_ns, double ci_ns, double transfer_ns,
			  double tol_pct, uint32_t reps, uint32_t pp_cut)
{
	double band;

	if (reps < 2 || pp_cut || !(transfer_ns > 0) || tol_pct < 0 ||
	    tol_pct > PROOF_MAX_TOL_PCT)
		return "inconclusive";
	band = transfer_ns * tol_pct / 100;
	if (ci_ns > band)
		return "inconclusive";
	return cost_ns >= transfer_ns - band && cost_ns <= transfer_ns + band ?
	       "agree" : "disagree";
}
