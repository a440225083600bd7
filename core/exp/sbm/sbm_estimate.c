/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment (exp_sbm.c): how long its run will take, printed
 * before it starts.  One measured rep per layout, or where no rep can be
 * timed, the handoff model.
 */
#include <stdlib.h>

#include "exp/sbm/exp_sbm.h"
#include "isa_ops.h"
#include "measure/estimate.h"
#include "measure/window_plan.h"
#include "output/report.h"


/*
 * The chosen layouts this machine can build, and @pilot the most shared
 * of them (global, node, llc, in that order): its line has the most CPUs
 * waiting on it, so its slowest CPU is the run's, and both pilots run on
 * it alone (one pilot per layout made planning at 64 vCPUs under TCG
 * 17-23 s: every engine run there is half a second of waking vCPUs).
 */
static uint32_t usable_layouts(struct engine *e, struct sbm_exp *x,
			       enum sbm_kind *pilot)
{
	uint32_t n = 0;
	const char *why;

	for (int k = 0; k < SBM_NKINDS && !e->aborted; k++) {
		if (!(sbm_opts.layouts & (1u << k)) ||
		    sbm_use_layout(e, x, (enum sbm_kind)k, &why))
			continue;
		if (!n++)
			*pilot = (enum sbm_kind)k;
		sbm_layout_free(&x->layout);
	}
	return n;
}

/*
 * Windows bounded by time: per gap, a pilot of the most shared chosen
 * layout gives the slowest CPU's pace and a run's fixed cost, a pilot
 * block its windows' spread and a block's real overhead, and the planner
 * (measure/window_plan.h) one window length for that gap, kept in
 * x->plan_ticks[] for sbm_run().  The estimate is the plan's: windows x
 * (warm-up + length + fixed cost), reps=auto counted at its cap.
 */
static uint64_t plan_time_windows(struct engine *e, struct sbm_exp *x,
				  uint32_t reps, uint32_t ngaps)
{
	enum sbm_kind pilot = SBM_GLOBAL;
	uint32_t nl = usable_layouts(e, x, &pilot);
	double total_s = 0;
	const char *why;

	for (uint32_t gi = 0; nl && gi < ngaps && !e->aborted; gi++) {
		uint32_t gap = sbm_opts.gap_ns[gi];
		double slow = 0, over = 0, cv = 0, block_over = 0;
		struct window_plan_in in = { .counter_hz = e->info.counter_hz,
					     .reps = reps, .gaps = 1,
					     .block = SBM_BLOCK };

		/* reps=auto: its pilot one block, the rest another */
		if (sbm_opts.reps_auto)
			in.block = SBM_REPS_AUTO_MAX - SBM_REPS_AUTO_MIN;
		struct window_plan p;
		int rc;

		x->spins = ops_gap_ticks(gap, e->info.counter_hz);
		if (sbm_use_layout(e, x, pilot, &why))
			continue;
		rc = sbm_pilot(e, x, NULL, 0, SBM_PILOT_ITERS, &slow, &over);
		if (!e->aborted)
			sbm_layout_free(&x->layout);
		if (rc)
			continue;
		in.slow_iter_ns = sbm_ns(e, slow);
		in.overhead_ns = sbm_ns(e, over);
		in.layouts = nl;
		in.fixed_ns = (uint64_t)sbm_opts.window_us * 1000;
		/* every gap an equal share of the budget */
		in.budget_ns = sbm_opts.budget_s * 1e9 / ngaps;
		if (window_plan(&in, &p))
			continue;
		/* the interval asked: a block at that length on the pilot
		 * layout; noisier windows are made longer */
		x->chunk_max = p.chunk_max;
		if (!in.fixed_ns &&
		    !sbm_spread_pilot(e, x, pilot, p.window_ticks,
				      p.warm_ticks, SBM_REPS_AUTO_MIN, &cv,
				      &block_over)) {
			in.interval_ns = window_interval_ns(
				(double)p.window_ns, cv, SBM_REPS_AUTO_PCT,
				reps);
			/* a real block's overhead, tail and all, where it
			 * is more than the short pilots' (the faster of two:
			 * right for the pace, short for a block's end) */
			if (sbm_ns(e, block_over) > in.overhead_ns)
				in.overhead_ns = sbm_ns(e, block_over);
			if (window_plan(&in, &p))
				continue;
		}
		x->plan_ticks[gi] = p.window_ticks;
		x->plan_warm[gi] = p.warm_ticks;
		x->plan_chunk[gi] = p.chunk_max;
		report_printf("gap %u ns: windows of %.1f ms (bound: %s; the "
			      "slowest CPU took %.2f us an iteration in the "
			      "pilot on %s, windows varied %.1f %%), %u "
			      "layouts x %s%u reps: %.1f s\n", gap,
			      (double)p.window_ns / 1e6, p.bound,
			      in.slow_iter_ns / 1e3, sbm_kind_name(pilot), cv,
			      nl,
			      sbm_opts.reps_auto ? "up to " : "", reps,
			      p.total_s);
		total_s += p.total_s;
	}
	return (uint64_t)(total_s * 1000 + 0.5);
}

/*
 * The estimate: one whole rep of every layout at every gap, timed, times
 * the reps to come.  Nothing extrapolated: under TCG a rep's fixed part
 * (waking parked vCPUs, barriers) outweighs its iterations, and a short
 * run's difference carried to a whole rep was off 4-20x.  It costs one
 * rep in reps (5 % with reps=auto's 20).  The experiment's own body on
 * the machine as it is, so TCG's pace, a loaded host and the gaps'
 * deadlines are in it.  reps=auto: as if every gap needed the most reps, which is
 * what a noisy machine (TCG, a VM) takes; "reps=auto:" lines follow.
 * mode=pair times its own runner the same way.  That is for windows
 * bounded by count (iters=N); windows bounded by time are planned.
 */
/* Ticks of one rep of x->layout with @n iterations, the warm-up
 * included: on the engine, or the platform's pair runner; 0: failed. */
static uint64_t time_one_rep(struct engine *e, struct sbm_exp *x, uint64_t n,
			     uint32_t gap_ns, double *samples)
{
	uint64_t saved = sbm_opts.iters, t0 = isa_counter(), t;
	uint32_t reps = sbm_opts.reps;
	bool clean = true;
	int rc;

	if (sbm_opts.mode != MODE_PAIR)
		return sbm_time_on_engine(e, x, n,
					  sbm_rep_deadline_ms(gap_ns)) ?
		       0 : isa_counter() - t0;
	sbm_opts.iters = n;
	sbm_opts.reps = 1;
	sbm_zero(&x->layout, &x->arena.a);
	rc = sbm_pair_runner(e, x, &x->layout, x->op, samples, &clean);
	t = isa_counter() - t0;
	sbm_opts.iters = saved;
	sbm_opts.reps = reps;
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
	uint64_t per_rep = sbm_count_iters() + sbm_opts.warmup;
	uint64_t ticks = 0;

	for (int k = 0; k < SBM_NKINDS; k++) {
		uint32_t sharers;

		if (!(sbm_opts.layouts & (1u << k)))
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
	uint32_t reps = sbm_opts.reps_auto ? SBM_REPS_AUTO_MAX : sbm_opts.reps;
	uint32_t ngaps = sbm_opts.mode == MODE_PAIR ? 1 : sbm_opts.ngaps;
	uint64_t ticks = 0;
	double *samples = calloc(e->topo->ncpus, sizeof(double));
	const char *why;

	if (!sbm_opts.iters && sbm_opts.mode != MODE_PAIR) {
		free(samples);
		return plan_time_windows(e, x, reps, ngaps);
	}
	if (!samples || (sbm_opts.mode != MODE_PAIR && e->self_threaded)) {
		free(samples);
		return sbm_estimate_model_ms(e, reps) * ngaps;
	}
	for (uint32_t gi = 0; gi < ngaps && !e->aborted; gi++) {
		uint32_t gap = sbm_opts.mode == MODE_PAIR ? 0 : sbm_opts.gap_ns[gi];

		for (int k = 0; k < SBM_NKINDS && !e->aborted; k++) {
			uint64_t t;

			if (!(sbm_opts.layouts & (1u << k)) ||
			    sbm_use_layout(e, x, (enum sbm_kind)k, &why))
				continue;
			x->spins = ops_gap_ticks(gap, e->info.counter_hz);
			t = time_one_rep(e, x, sbm_count_iters(), gap,
					 samples);
			ticks += t * reps;
			if (!e->aborted)
				sbm_layout_free(&x->layout);
		}
	}
	free(samples);
	return estimate_ms(e, ticks);
}
