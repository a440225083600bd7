/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Windows bounded by time (issue 31).  Every CPU of a window starts at
 * the barrier and stops at one common counter deadline, counting its
 * iterations; a CPU's sample is the window's ticks over the iterations
 * it completed.  So the contention is the same from the window's first
 * update to its last (no CPU finishes early and leaves the line to the
 * slow ones), and a window's length no longer grows with the CPU count.
 *
 * The planner is pure: from a pilot's figure (how long the slowest CPU
 * takes per iteration on the most contended layout) it picks one window
 * length for the run, long enough that the slowest CPU completes enough
 * iterations for the counter's resolution, and says what the plan will
 * take (windows x reps x layouts x gaps), before the run starts.
 */
#ifndef SBM_WINDOW_PLAN_H
#define SBM_WINDOW_PLAN_H

#include <stdbool.h>
#include <stdint.h>

/* Defaults (the planner's own bounds; options may change the first) */
#define WINDOW_MIN_ITERS	200	/* the slowest CPU's, per window */
#define WINDOW_MIN_TICKS	2000	/* counter ticks: 0.05 % resolution */
/* 10 ms: a window spans host scheduler slices (a VM's vCPU, the twin's
 * thread) rather than falling between them */
#define WINDOW_MIN_NS		10000000ull
/* the untimed warm-up before a window, a fraction of it: the CPUs are
 * already contending when the window opens */
#define WINDOW_WARM_DIV		8
/* 100 ms: 240 windows (20 reps x 6 layouts x 2 gaps) stay under 30 s
 * whatever the CPU count; past it the slowest CPU completes fewer
 * iterations than asked, and the plan says so (bound "maximum") */
#define WINDOW_MAX_NS		100000000ull

struct window_plan_in {
	uint64_t counter_hz;
	/* the pilot: ns per iteration of the slowest CPU, worst layout */
	double slow_iter_ns;
	uint32_t min_iters;	/* 0: WINDOW_MIN_ITERS */
	/* what the plan repeats: each window once per rep, layout, gap */
	uint32_t reps, layouts, gaps;
	/* reps run as blocks of this many back-to-back windows, one warm-up
	 * and one fixed cost each (0 or 1: a run per window) */
	uint32_t block;
	/* per run beyond its windows: the barrier, the start signal and
	 * the samples' collection, ns (grows with the CPU count) */
	double overhead_ns;
	/* window=US: this length, whatever the pilot says (0: planned) */
	uint64_t fixed_ns;
	/* what the interval asked needs, from a pilot block's spread
	 * (window_interval_ns()); 0: none */
	double interval_ns;
	/* what the whole plan may take, ns (0: no limit): windows longer
	 * than the slowest CPU's iterations and the counter need are cut to
	 * fit it after the runs' overhead, never below WINDOW_MIN_NS */
	double budget_ns;
};

struct window_plan {
	uint64_t window_ns;	/* one window's length */
	uint64_t window_ticks;	/* the same in counter ticks */
	uint64_t windows;	/* reps x layouts x gaps */
	uint64_t runs;		/* blocks of them: layouts x gaps x blocks */
	uint64_t warm_ticks;	/* the warm-up before each block */
	/* window_loop()'s chunk_max: the iterations the pilot's slowest
	 * CPU completes in a chunk's time (window_chunk_ticks()), >= 1 */
	uint32_t chunk_max;
	/* windows x length + runs x (warm-up + overhead) */
	double total_s;
	/* the bound that decided the length: "iterations", "ticks",
	 * "minimum", "maximum" (the slowest CPU then completes fewer
	 * than asked: said with the result), "fixed" (window=),
	 * "interval" (the pilot's spread asked for longer windows),
	 * "budget" (cut to the time the run may take: wider intervals) */
	const char *bound;
};

/* Fill @out from @in: 0, or -1 when @in cannot be planned (no counter
 * rate, no pilot figure, nothing to repeat). */
int window_plan(const struct window_plan_in *in, struct window_plan *out);

/*
 * The window the interval asked needs: a pilot block of windows
 * @window_ns long whose per-window figures have coefficient of variation
 * @cv (%) would need windows (cv / target)^2 as long for @reps of them to
 * give a 95 % interval within @pct % of the mean (target = pct x
 * sqrt(reps) / 2, the noise averaging out as the window grows); 0 when
 * the pilot's are already narrow enough.
 */
double window_interval_ns(double window_ns, double cv, double pct,
			  uint32_t reps);

/*
 * The model of a contended update, for estimates before any pilot and
 * for the planner's test: @cpus CPUs setting and clearing their bit of
 * one line, each update a transfer of @transfer_ns, take about
 * 2 x cpus x transfer per iteration each (every CPU waits for the line
 * to pass through all the others, twice).
 */
double window_model_iter_ns(uint32_t cpus, double transfer_ns);

/* A window's overhead in the model: a barrier is a line visited by
 * every CPU twice (arrive, leave), plus a fixed 20 us. */
double window_model_overhead_ns(uint32_t cpus, double transfer_ns);

#endif
