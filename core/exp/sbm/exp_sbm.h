/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment: every chosen CPU runs set(me); clear(me) on its
 * slot of a layout (global, node, llc, llc-u8, private, private-u8) for
 * sbm_opts.iters iterations, sbm_opts.reps times per layout (interleaved across
 * layouts), at every gap of sbm_opts.gap_ns (private work between two
 * updates); records "config", "result" and "group", and the seed's
 * table per gap.
 */
#ifndef SBM_EXP_SBM_H
#define SBM_EXP_SBM_H

#include <stdbool.h>
#include <stdint.h>

#include "measure/arena.h"
#include "exp/experiment.h"
#include "exp/sbm/exp_sbm_opts.h"
#include "measure/ops.h"
#include "measure/sbm.h"
#include "measure/stats.h"
#include "options/config.h"

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
	uint32_t gap_ns;	/* private work between two updates */
	struct stats st;	/* ticks per iteration over CPUs x reps */
	double rep_cv;		/* CV (%) of the per-repetition means */
	double ci95;		/* 95 % interval of the mean, over reps */
	double cycles_median;	/* cycles per iteration, 0 when unknown */
	double mhz;		/* effective clock in the windows, 0: unknown */
	bool clean;		/* the mask was empty after every rep */
	bool have_pct;		/* a global result at this gap exists */
	double pct;		/* % of global: ratio of sums (means), the
				 * seed's %cycles; computed once, here */
	double pct_median;	/* the same with medians, for robustness */
	double pct_ci;		/* 95 % half-width of pct, over reps */
	bool have_floor;	/* the no-sharing floor ran at this gap */
	double floor;		/* its mean ticks per iteration */
	double above;		/* mean ticks per iteration above it */
	double above_ci;	/* its 95 % half-width (paired reps) */
	/* at a gap > 0: %global as above / global's above, +- pct_abv_ci */
	bool have_pct_abv;
	double pct_abv, pct_abv_ci;
	double gap_real_ns;	/* the gap the CPUs really had, mean */
	/* how a window was bounded: by time (window_ns long, iters the
	 * mean a CPU completed) or by count; the fewest and most
	 * iterations one CPU completed in one window */
	bool time_window;
	double window_ns;
	uint64_t iters_min, iters_max;
	/* CPU windows begun after another CPU had closed them: left out of
	 * iters_min/iters_max (their one piece says nothing of fairness),
	 * kept in the sums (real updates, at the contention of the time) */
	uint64_t late;
	double *rep_mean;	/* per rep: mean ticks per iteration */
	uint32_t nllc, nnode;
	struct sbm_group_stat *by_llc, *by_node;
};

/* Reps run as one block of back-to-back windows bounded by time, at
 * most (reps=auto's cap: its pilot is one block, the rest another) */
#define SBM_BLOCK SBM_REPS_AUTO_MAX

/* What one CPU did in one window bounded by time. */
struct sbm_window {
	uint64_t ticks, cycles, iters, gap;
	bool late;	/* begun after another CPU closed it (window_loop.h) */
};

struct sbm_exp {
	/* one region per node, sized for the largest chosen layout and
	 * reused by every layout */
	struct node_arena arena;
	struct sbm_layout layout;	/* the one being run */
	const struct sbm_op *op;
	uint32_t spacing;	/* bytes between leaves (config line=) */
	double spin_ns;		/* one ops_spin() round on the boot CPU */
	uint64_t spins;		/* the running gap, in counter ticks */
	uint64_t *gap_real;	/* per CPU: ticks its gaps took, last window */
	uint64_t *done;		/* per CPU: iterations of the last window */
	/* windows bounded by time: a block of nwin back-to-back windows
	 * per engine run, win[window][cpu] what each CPU did in each */
	struct sbm_window *win;
	uint32_t nwin;
	/* the window sbm_body() runs: bounded by time when window_ticks
	 * (after warm_ticks of warm-up), else by sbm_opts.iters */
	uint64_t window_ticks, warm_ticks;
	/* the plan (measure/window_plan.h), per gap, made by the estimate */
	uint64_t plan_ticks[SBM_MAX_GAPS], plan_warm[SBM_MAX_GAPS];
	/* window_loop()'s chunk bound, per gap as planned, and the one in
	 * use (0: WINDOW_CHUNK_MAX) */
	uint32_t plan_chunk[SBM_MAX_GAPS], chunk_max;
	struct sbm_result results[SBM_NKINDS * SBM_MAX_GAPS];
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

/* The op layout @kind's element is updated with: the spec's op=, else
 * the op= (op_u8=) option's; NULL when this build has no such op. */
const struct sbm_op *sbm_elem_op(enum sbm_kind kind);
/*
 * The update built layout @l's CPUs run, into *@op: the element's op,
 * or, where its spec has then= steps, sbm_steps_op over l->steps (bound
 * here to arena @a; sbm_layout_free() frees them).  sbm, scale and rw's
 * writers all update a layout this way.  0, or -1 with the reason in @why.
 */
int sbm_layout_op(struct sbm_layout *l, const struct sbm_arena *a,
		  const struct sbm_op **op, const char **why);
/*
 * Build layout @kind into x->layout (in x->arena, x->spacing apart) and
 * pick its op into x->op; 0, or -1 with the reason in @why.  The scale
 * experiment runs the same layouts this way.
 */
int sbm_use_layout(struct engine *e, struct sbm_exp *x, enum sbm_kind kind,
		   const char **why);

/* The per-CPU body on x->layout with x->op, x->spins apart: warm up,
 * time (set; clear) iterations under full contention for sbm_opts.iters, or
 * x->nwin windows back to back until their common deadlines (x->window_
 * ticks each, what each CPU did in x->win), leave the last window's count
 * in x->done[cpu], then keep the line busy until the slowest window
 * closes.  @arg is the struct sbm_exp. */
/* x->win for @ncpus CPUs, and x->done; 0 or -1 (out of memory). */
int sbm_alloc_windows(struct sbm_exp *x, uint32_t ncpus);
void sbm_body(struct engine *e, uint32_t cpu, void *arg);

/* Summarise samples[rep][cpu] (ticks per iteration) into @r, the means
 * weighted by iters[rep][cpu] (sbm_iter_mean()). */
void sbm_summarise(const struct engine *e, struct sbm_result *r,
		   const double *samples, const double *iters, uint32_t reps);

/*
 * Between the experiment's files: exp_sbm.c (records, options, prepare),
 * sbm_run.c (the runs and their records), sbm_figures.c (what the
 * samples add up to), sbm_estimate.c (how long, said first) and
 * sbm_report.c (the human tables).
 */
int sbm_run(struct engine *e, void *state);
uint64_t sbm_estimate(struct engine *e, void *state);
void sbm_report(struct engine *e, void *state);

/* One rep of x->layout, @iters iterations (0: x->window_ticks long), on
 * every chosen CPU the engine's way (one sbm_body() window each);
 * engine_run()'s 0 or -1. */
int sbm_time_on_engine(struct engine *e, struct sbm_exp *x, uint64_t iters,
		       uint64_t deadline_ms);
/* The pilot of windows bounded by time: @iters iterations of x->layout
 * on the @n CPUs @cpus (0: every chosen CPU), no warm-up, twice; the
 * slowest CPU's ticks per iteration into @slow and the run's ticks
 * beyond that window into @over, the smaller of the two runs' each.
 * 0, or -1 when the engine failed. */
/* A pilot block of @n (2..SBM_BLOCK) windows bounded by time, @window_
 * ticks each after @warm_ticks, of layout @kind at x->spins: the
 * coefficient of variation (%) of its per-window figures into @cv, and
 * the block's ticks beyond its warm-up and windows (waking, barrier, the
 * last CPU's tail, collection: what every block of the run will cost
 * too) into @over.  0, or -1 (the layout or the engine failed). */
int sbm_spread_pilot(struct engine *e, struct sbm_exp *x, enum sbm_kind kind,
		     uint64_t window_ticks, uint64_t warm_ticks, uint32_t n,
		     double *cv, double *over);
/* The pilot's count: enough to see the slowest CPU's pace, a few ms
 * even on one line shared by hundreds of CPUs. */
#define SBM_PILOT_ITERS	64
int sbm_pilot(struct engine *e, struct sbm_exp *x, const uint32_t *cpus,
	      uint32_t n, uint64_t iters, double *slow, double *over);
/* The deadline of one rep at gap @gap_ns (generous). */
uint64_t sbm_rep_deadline_ms(uint32_t gap_ns);

/*
 * The mean of v[rep][cpu] over the chosen CPUs of @reps reps, each
 * weighted by the iterations it completed, iters[rep][cpu] (NULL: all
 * alike).  For v = ticks per iteration that is a ratio of sums, the
 * windows' ticks over their iterations: the CPU time an update cost,
 * waits included.  With windows bounded by count every CPU completes the
 * same iterations and it is the plain mean over CPUs.  With windows
 * bounded by time a CPU the host barely ran (512 iterations in a window
 * where another did 2 million, at 4 vCPUs under TCG) still adds its whole
 * window to the sum, but its few iterations no longer make its
 * ticks-per-iteration figure count as much as everyone else's.
 * Unfairness is reported as the iteration spread.
 */
double sbm_iter_mean(const struct engine *e, const double *v,
		     const double *iters, uint32_t reps);
/* Of @reps reps in samples[rep][cpu], each rep's sbm_iter_mean() into
 * @means. */
void sbm_rep_means(const struct engine *e, const double *samples,
		   const double *iters, uint32_t reps, double *means);
/* The median cycles per iteration and clock over the chosen CPUs' reps
 * (@cyc as @samples), where the platform counts cycles. */
void sbm_effective_clock(const struct engine *e, struct sbm_result *r,
			 const double *samples, const double *cyc,
			 uint32_t reps);
/* The no-sharing layout @k is measured against (private or private-u8). */
enum sbm_kind sbm_floor_of(enum sbm_kind k);
/* The figures across layouts of one gap, x->results[@first...]: cost
 * above the floor, %global, their intervals. */
void sbm_derive(struct sbm_exp *x, uint32_t first);

/* @ticks of the counter in ns. */
static inline double sbm_ns(const struct engine *e, double ticks)
{
	return ticks * 1e9 / (double)e->info.counter_hz;
}

#endif
