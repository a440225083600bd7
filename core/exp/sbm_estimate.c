/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment (exp_sbm.c): how long its run will take, printed
 * before it starts.  One measured rep per layout, or where no rep can be
 * timed, the handoff model.
 */
#include <stdlib.h>

#include "exp/exp_sbm.h"
#include "isa_ops.h"
#include "measure/estimate.h"

/*
 * The estimate: one whole rep of every layout at every gap, timed, times
 * the reps to come.  Nothing extrapolated: under TCG a rep's fixed part
 * (waking parked vCPUs, barriers) outweighs its iterations, and a short
 * run's difference carried to a whole rep was off 4-20x.  It costs one
 * rep in reps (5 % with reps=auto's 20).  The experiment's own body on
 * the machine as it is, so TCG's pace, a loaded host and the gaps'
 * deadlines are in it.  reps=auto: as if every gap needed the most reps, which is
 * what a noisy machine (TCG, a VM) takes; "reps=auto:" lines follow.
 * mode=pair times its own runner the same way.
 */
/* Ticks of one rep of x->layout with @n iterations, the warm-up
 * included: on the engine, or the platform's pair runner; 0: failed. */
static uint64_t time_one_rep(struct engine *e, struct sbm_exp *x, uint64_t n,
			     uint32_t gap_ns, double *samples)
{
	uint64_t saved = e->cfg->iters, t0 = isa_counter(), t;
	uint32_t reps = e->cfg->reps;
	bool clean = true;
	int rc;

	if (e->cfg->mode != MODE_PAIR)
		return sbm_time_on_engine(e, x, n,
					  sbm_rep_deadline_ms(e, gap_ns)) ?
		       0 : isa_counter() - t0;
	e->cfg->iters = n;
	e->cfg->reps = 1;
	sbm_zero(&x->layout, &x->arena.a);
	rc = sbm_pair_runner(e, x, &x->layout, x->op, samples, &clean);
	t = isa_counter() - t0;
	e->cfg->iters = saved;
	e->cfg->reps = reps;
	return rc ? 0 : t;
}

/*
 * The handoff model, where calibration runs cannot run (mode=pair).
 * Every CPU of a layout's busiest line waits its turn: one update costs
 * about a handoff per CPU sharing that line; a line of one's own costs a
 * local atomic.  An iteration is a set and a clear.
 */
static uint64_t sbm_estimate_model_ms(struct engine *e, uint32_t reps)
{
	uint64_t handoff = estimate_handoff(e), local = estimate_local_atomic();
	uint64_t per_rep = e->cfg->iters + e->cfg->warmup, ticks = 0;

	for (int k = 0; k < SBM_NKINDS; k++) {
		uint32_t sharers;

		if (!(e->cfg->layouts & (1u << k)))
			continue;
		switch (k) {
		case SBM_GLOBAL:
			sharers = e->nchosen;
			break;
		case SBM_NODE:
			sharers = estimate_most_per_group(e, false);
			break;
		case SBM_LLC:
		case SBM_LLC_U8:
			sharers = estimate_most_per_group(e, true);
			break;
		default:
			sharers = 1;
			break;
		}
		ticks += reps * per_rep * 2 *
			 (sharers > 1 ? sharers * handoff : local);
	}
	return estimate_ms(e, ticks);
}

uint64_t sbm_estimate(struct engine *e, void *state)
{
	struct sbm_exp *x = state;
	uint32_t reps = e->cfg->reps_auto ? CONFIG_REPS_AUTO_MAX : e->cfg->reps;
	uint32_t ngaps = e->cfg->mode == MODE_PAIR ? 1 : e->cfg->ngaps;
	uint64_t ticks = 0;
	double *samples = calloc(e->topo->ncpus, sizeof(double));
	const char *why;

	if (!samples || (e->cfg->mode != MODE_PAIR && e->self_threaded)) {
		free(samples);
		return sbm_estimate_model_ms(e, reps) * ngaps;
	}
	for (uint32_t gi = 0; gi < ngaps && !e->aborted; gi++) {
		uint32_t gap = e->cfg->mode == MODE_PAIR ? 0 : e->cfg->gap_ns[gi];

		for (int k = 0; k < SBM_NKINDS && !e->aborted; k++) {
			uint64_t t;

			if (!(e->cfg->layouts & (1u << k)) ||
			    sbm_use_layout(e, x, (enum sbm_kind)k, &why))
				continue;
			x->spins = ops_gap_ticks(gap, e->info.counter_hz);
			t = time_one_rep(e, x, e->cfg->iters, gap, samples);
			ticks += t * reps;
			if (!e->aborted)
				sbm_layout_free(&x->layout);
		}
	}
	free(samples);
	return estimate_ms(e, ticks);
}
