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
#include "log/runs.h"

/*
 * The records round their figures, the console table rounds the exact
 * ones.  Print v with @dec decimals when its error bound @err cannot
 * change them, else with one more, so no digit is shown that the log
 * does not back; returns true when it needed the extra one.
 */
bool fmt_fix(char *buf, size_t n, double v, double err, int dec);
/* "x86_64/linux/kvm" for column headers. */
void run_label(const struct run *r, char *buf, size_t n);
/* The file name without directories. */
const char *run_file_base(const struct runset *rs, const struct run *r);
void report_text(FILE *f, const struct runset *rs);
void report_csv(FILE *f, const struct runset *rs);
void report_json(FILE *f, const struct runset *rs);
/* Rejected records and incomplete runs, one line each. */
void report_problems(FILE *f, const struct runset *rs);
void report_compare(FILE *f, const struct runset *rs);

/* Run gnuplot on @script ($SBM_GNUPLOT overrides); 0 only when it also
 * wrote a non-empty @out. */
int run_gnuplot(const char *script, const char *out);
/* Check a plot's output name (.png or .svg, usable in a gnuplot string),
 * say which, and make a scratch directory for its data and script. */
int plot_workdir(const char *out, bool *svg, char *dir, size_t len);
/* Remove that directory and everything in it, or with @keep say where it
 * is (for looking at the data and script). */
void plot_workdir_done(const char *dir, bool keep);
#endif
