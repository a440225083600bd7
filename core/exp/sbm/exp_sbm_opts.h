/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * experiment=sbm's options, declared in exp_sbm.c: its own struct, not
 * the shared struct config.  They say what a layout run measures (which
 * layouts, which op, how far apart the leaves) and how long (windows,
 * reps, gaps), so scale, rw and the line-transfer proof read them too.
 * Options only (no engine, no arch header), so the option fuzzer and the
 * option tests include it.
 */
#ifndef SBM_EXP_SBM_OPTS_H
#define SBM_EXP_SBM_OPTS_H

#include <stdbool.h>
#include <stdint.h>

#define SBM_OP_LEN 16
#define SBM_MAX_GAPS 8
#define SBM_MAX_GAP_NS 10000000u	/* 10 ms between two updates */
/* reps=auto: at least MIN, at most MAX repetitions per layout, stopping
 * once the 95 % interval of the mean is within PCT percent of it */
#define SBM_REPS_AUTO_MIN 5
#define SBM_REPS_AUTO_MAX 20
#define SBM_REPS_AUTO_PCT 2.0

/* mode=: each CPU's loop does set and clear, or (the Linux twin only) a
 * setter and a clearer thread per CPU */
enum run_mode { MODE_LOOP, MODE_PAIR };

struct sbm_opts {
	uint32_t layouts;	/* bit (1 << enum sbm_kind) */
	char op[SBM_OP_LEN];	/* bit op name, "native" = the arch default */
	char op_u8[SBM_OP_LEN];	/* byte op name, "native" = plain store */
	/* iterations per CPU per window (a window bounded by count); 0,
	 * iters=auto: windows bounded by time (measure/window_plan.h) */
	uint64_t iters;
	/* window=US: a time window's length; 0, window=auto: planned from
	 * a pilot */
	uint32_t window_us;
	/* budget=S: what the planned windows of a run may take, all gaps,
	 * layouts and reps, overhead included (0: no limit) */
	uint32_t budget_s;
	/* repetitions; with reps_auto the least, and sbm adds more (up to
	 * SBM_REPS_AUTO_MAX) until its interval is narrow enough */
	uint32_t reps;
	bool reps_auto;
	uint64_t warmup;	/* iterations before each timed run */
	uint32_t line;		/* leaf spacing; 0 = 128 or the line if larger */
	/* ns of private work between two updates, one run per entry: 0 is
	 * saturation, larger gaps updates as events */
	uint32_t gap_ns[SBM_MAX_GAPS];
	uint32_t ngaps;
	/* a gap starts once the update before it has completed (ops.h) */
	bool gap_fence;
	enum run_mode mode;
};

/* The last config parsed or defaulted (options/option.h: .own). */
extern struct sbm_opts sbm_opts;

/* Where a count is needed whatever iters= says (mode=pair, the proof's
 * line-transfer count, which is per iteration): iters, or with
 * iters=auto this one. */
#define SBM_COUNT_ITERS 20000
static inline uint64_t sbm_count_iters(void)
{
	return sbm_opts.iters ? sbm_opts.iters : SBM_COUNT_ITERS;
}

#endif
