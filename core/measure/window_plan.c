// SPDX-License-Identifier: BSD-2-Clause
/* The window planner of window_plan.h. */
#include <math.h>

#include "measure/window_loop.h"
#include "measure/window_plan.h"

int window_plan(const struct window_plan_in *in, struct window_plan *out)
{
	uint32_t iters = in->min_iters ? in->min_iters : WINDOW_MIN_ITERS;
	double need_ns, floor_ns, over_ns, tick_ns, chunk;
	uint32_t block;
	const char *bound = "iterations";

	if (!in->counter_hz || !(in->slow_iter_ns > 0) || !in->reps ||
	    !in->layouts || !in->gaps)
		return -1;
	tick_ns = 1e9 / (double)in->counter_hz;
	need_ns = in->slow_iter_ns * iters;
	if (need_ns < WINDOW_MIN_TICKS * tick_ns) {
		need_ns = WINDOW_MIN_TICKS * tick_ns;
		bound = "ticks";
	}
	if (need_ns < (double)WINDOW_MIN_NS) {
		need_ns = (double)WINDOW_MIN_NS;
		bound = "minimum";
	}
	floor_ns = need_ns;	/* what resolution needs: no budget cuts it */
	if (in->interval_ns > need_ns) {
		need_ns = in->interval_ns;
		bound = "interval";
	}
	if (need_ns > (double)WINDOW_MAX_NS) {
		need_ns = (double)WINDOW_MAX_NS;
		bound = "maximum";
	}
	block = in->block > 1 ? in->block : 1;
	out->windows = (uint64_t)in->reps * in->layouts * in->gaps;
	out->runs = (uint64_t)((in->reps + block - 1) / block) * in->layouts *
		    in->gaps;
	over_ns = in->overhead_ns > 0 ? in->overhead_ns : 0;
	if (in->budget_ns > 0) {
		/* windows x length + runs x (length / WARM_DIV + overhead) */
		double fit = (in->budget_ns - (double)out->runs * over_ns) /
			     ((double)out->windows +
			      (double)out->runs / WINDOW_WARM_DIV);

		if (fit < floor_ns)
			fit = floor_ns;
		if (fit < need_ns) {
			need_ns = fit;
			bound = "budget";
		}
	}
	if (in->fixed_ns) {
		need_ns = (double)in->fixed_ns;
		bound = "fixed";
	}
	out->window_ns = (uint64_t)need_ns;
	out->window_ticks = (uint64_t)(need_ns / tick_ns + 0.5);
	if (!out->window_ticks)
		out->window_ticks = 1;
	out->warm_ticks = out->window_ticks / WINDOW_WARM_DIV;
	chunk = (double)window_chunk_ticks(out->window_ticks) * tick_ns /
		in->slow_iter_ns;
	out->chunk_max = chunk < 1 ? 1 : chunk > WINDOW_CHUNK_MAX ?
			 WINDOW_CHUNK_MAX : (uint32_t)chunk;
	out->total_s = ((double)out->windows * need_ns +
			(double)out->runs * (need_ns / WINDOW_WARM_DIV +
					     over_ns)) / 1e9;
	out->bound = bound;
	return 0;
}

double window_interval_ns(double window_ns, double cv, double pct,
			  uint32_t reps)
{
	double target = pct * sqrt((double)(reps ? reps : 1)) / 2;

	if (!(cv > target) || !(target > 0))
		return 0;
	return window_ns * (cv / target) * (cv / target);
}

double window_model_iter_ns(uint32_t cpus, double transfer_ns)
{
	return 2.0 * (cpus ? cpus : 1) * transfer_ns;
}

double window_model_overhead_ns(uint32_t cpus, double transfer_ns)
{
	return 2.0 * (cpus ? cpus : 1) * transfer_ns + 20000.0;
}
