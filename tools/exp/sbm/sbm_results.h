/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment's tables of a run: its result and group records
 * as host_sbm.c reads them, and the figures every output computes from
 * them (% of global, ns per iteration, their rounding bounds).
 */
#ifndef SBM_HOST_SBM_RESULTS_H
#define SBM_HOST_SBM_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "log/run_records.h"

struct run;
struct runset;

/*
 * A result record read into the sbm tables (tools/exp/sbm/host_sbm.c fills it
 * through the schema store's getters): the figures the human tables and
 * comparisons compute with, the defaults older records leave to the
 * reader (clean), and the record itself, whose keys the CSV and JSON
 * write as the schema names them.
 */
struct run_result {
	struct run_rec rec;	/* its row in the store (records.rec) */
	char layout[16], op[24];
	unsigned cpus;
	uint64_t reps;
	double median, mean, min, rep_cv, ns, cycles, pct;
	bool have_ns, have_pct, clean;
	/* since the gap= option: the rate, the interval, the floor */
	bool have_gap, have_floor;	/* have_floor: cost_ns */
	unsigned gap;		/* ns of private work between updates */
	double ci95, upd_ns, pct_median, cost_ns;
	bool have_mhz;		/* the effective clock, where cycles were read */
	double mhz;
	/* since interleaved reps: intervals, %global above the floors at a
	 * gap (absent: no floor), the gap the CPUs really had */
	bool have_pct_ci, have_cost_ci, have_pct_abv, have_gap_real;
	double pct_ci, cost_ci, pct_abv, pct_abv_ci, gap_real_ns;
	/* since windows bounded by time: the iterations one CPU completed
	 * in one window, fewest and most */
	bool have_iters_min, have_iters_max;
	double iters_min, iters_max;
	/* windows a CPU began after another had closed them, left out of
	 * the spread (absent before they were counted) */
	bool have_late;
	double late;
	double err;		/* rounding bound of median/mean/min/max */
};

struct run_group {
	char layout[16], by[8];
	unsigned id, cpus, gap;
	double median, mean, min, max;
	double err;
};

/* The run's "global" result, the 100 % every ratio is taken against. */
const struct run_result *run_global(const struct run *r);
/* Cost as % of global from the medians, as the image computes it. */
bool run_pct(const struct run *r, const struct run_result *x, double *pct);
/* What run_pct() of @rs's runs is a ratio of: "medians", "ratio of
 * sums" (records since gap=) or both, for a heading. */
const char *runset_pct_basis(const struct runset *rs);
/* ns per iteration of the median, from whichever record field is finer. */
bool run_ns(const struct run *r, const struct run_result *x, double *ns);
/* Error bounds of run_pct() and run_ns() from that rounding. */
double run_pct_err(const struct run *r, const struct run_result *x,
		   double pct);
double run_ns_err(const struct run *r, const struct run_result *x);
/* Layouts over all runs, in order of first appearance. */
size_t runset_layouts(const struct runset *rs, const char **out, size_t max);
const struct run_result *run_find(const struct run *r, const char *layout);

/*
 * Result @x's record as the sbm CSV and the JSON's results write it: its
 * values, but ns and pct as run_ns() and run_pct() give them and clean 1
 * where the record left it out (older records leave these to the
 * reader).  @row->rec reads like any record (run_records.h); free it
 * with run_result_row_free().
 */
struct run_result_row {
	struct run_rec rec;
	const char **val;
	char ns[32], pct[32];
};
void run_result_row(const struct run *r, const struct run_result *x,
		    struct run_result_row *row);
void run_result_row_free(struct run_result_row *row);

/* The bar chart of sbmlog plot: % of global, ns per iteration or both,
 * per layout, a bar per run (sbm_plot.c); 0 on success. */
enum plot_metric { PLOT_PCT = 1, PLOT_NS = 2, PLOT_BOTH = 3 };
int report_plot(const struct runset *rs, const char *out,
		enum plot_metric what, bool keep);

#endif
