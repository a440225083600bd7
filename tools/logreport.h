/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reports over gathered runs (runs.h): the seed-style table as text,
 * CSV or JSON, side-by-side comparisons and gnuplot charts.  Named
 * logreport, not report, so it never shadows core/output/report.h.
 */
#ifndef SBM_LOGREPORT_H
#define SBM_LOGREPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "output/labels.h"	/* layout_label(): the image's own table */
#include "runs.h"

/* The run's "global" result, the 100 % every ratio is taken against. */
const struct run_result *run_global(const struct run *r);
/* Cost as % of global from the medians, as the image computes it. */
bool run_pct(const struct run *r, const struct run_result *x, double *pct);
/* What run_pct() of @rs's runs is a ratio of: "medians", "ratio of
 * sums" (records since gap=) or both, for a heading. */
const char *runset_pct_basis(const struct runset *rs);
/* ns per iteration of the median, from whichever record field is finer. */
bool run_ns(const struct run *r, const struct run_result *x, double *ns);
/*
 * The records round their figures, the console table rounds the exact
 * ones.  Print v with @dec decimals when its error bound @err cannot
 * change them, else with one more, so no digit is shown that the log
 * does not back; returns true when it needed the extra one.
 */
bool fmt_fix(char *buf, size_t n, double v, double err, int dec);
/* Error bounds of run_pct() and run_ns() from that rounding. */
double run_pct_err(const struct run *r, const struct run_result *x,
		   double pct);
double run_ns_err(const struct run *r, const struct run_result *x);
/* "x86_64/linux/kvm" for column headers. */
void run_label(const struct run *r, char *buf, size_t n);
/* The file name without directories. */
const char *run_file_base(const struct runset *rs, const struct run *r);
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

void report_text(FILE *f, const struct runset *rs);
void report_csv(FILE *f, const struct runset *rs);
void report_json(FILE *f, const struct runset *rs);
/* Rejected records and incomplete runs, one line each. */
void report_problems(FILE *f, const struct runset *rs);
void report_compare(FILE *f, const struct runset *rs);

enum plot_metric { PLOT_PCT = 1, PLOT_NS = 2, PLOT_BOTH = 3 };
/* Run gnuplot on @script ($SBM_GNUPLOT overrides); 0 only when it also
 * wrote a non-empty @out. */
int run_gnuplot(const char *script, const char *out);
/* Check a plot's output name (.png or .svg, usable in a gnuplot string),
 * say which, and make a scratch directory for its data and script. */
int plot_workdir(const char *out, bool *svg, char *dir, size_t len);
/* Remove that directory and everything in it, or with @keep say where it
 * is (for looking at the data and script). */
void plot_workdir_done(const char *dir, bool keep);
/* Write data and script to a temp dir and run gnuplot; 0 on success. */
int report_plot(const struct runset *rs, const char *out,
		enum plot_metric what, bool keep);

#endif
