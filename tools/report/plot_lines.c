/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Line charts through gnuplot, up to PLOT_MAX_PANELS panels of data
 * files an experiment's plot writes (scale's curves, noise's
 * histogram): the script that draws them.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log/inert.h"
#include "log/logreport.h"
#include "report/plot_lines.h"

/* The panel's title (record text: gp_str() writes it). */
void plot_panel_title(struct plot_panel *p, const struct run *r,
			const char *what)
{
	char label[96];

	run_label(r, label, sizeof(label));
	snprintf(p->title, sizeof(p->title), "%s %s %08x", what, label, r->id);
}

int plot_lines_script(struct plot_job *j, const char *out, const char *xlabel,
		  const char *ylabel, bool logx)
{
	FILE *f = fopen(j->gp, "w");

	if (!f)
		return -1;
	if (j->svg)
		fprintf(f, "set terminal svg size 800,%zu dynamic\n",
			420 * j->np);
	else
		fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) "
			"{ set terminal pngcairo size 800,%zu font 'sans,9' } "
			"else { set terminal png size 800,%zu }\n",
			420 * j->np, 420 * j->np);
	fputs("set termoption noenhanced\nset output ", f);
	gp_str(f, out);
	fputs("\nset datafile missing '-'\nset key outside right noenhanced\n"
	      "set grid\nset logscale y\nset xlabel ", f);
	gp_str(f, xlabel);
	fputs("\nset ylabel ", f);
	gp_str(f, ylabel);
	fprintf(f, "\n%sset multiplot layout %zu,1\n",
		logx ? "set logscale x 2\n" : "", j->np);
	for (size_t i = 0; i < j->np; i++) {
		fputs("set title ", f);
		gp_str(f, j->p[i].title);
		fprintf(f, "\nplot for [i=2:%zu] ", j->p[i].ncols + 1);
		gp_str(f, j->p[i].dat);
		fputs(" using 1:i title columnheader(i) with linespoints\n", f);
	}
	fprintf(f, "unset multiplot\n");
	return fclose(f) ? -1 : 0;
}
