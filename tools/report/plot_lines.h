/* SPDX-License-Identifier: BSD-2-Clause */
/* Line charts through gnuplot (plot_lines.c), for experiments' plots. */
#ifndef SBM_PLOT_LINES_H
#define SBM_PLOT_LINES_H

#include <stdbool.h>
#include <stddef.h>

struct run;

#define PLOT_MAX_PANELS	4

struct plot_panel {
	char dat[600], title[200];
	size_t ncols;	/* data columns after the x column */
};

struct plot_job {
	const char *dir;	/* the caller's scratch directory */
	char gp[600];
	bool svg;
	struct plot_panel p[PLOT_MAX_PANELS];
	size_t np;
};

/* @p's title: @what, the run's label and id. */
void plot_panel_title(struct plot_panel *p, const struct run *r,
		      const char *what);
/* @j's script (@j->gp) drawing its panels to @out, log y (and x with
 * @logx); 0 on success. */
int plot_lines_script(struct plot_job *j, const char *out, const char *xlabel,
		      const char *ylabel, bool logx);

#endif
