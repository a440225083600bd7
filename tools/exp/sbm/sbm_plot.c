/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment's bar chart (sbmlog plot without --table): % of
 * global and ns per iteration per layout, a bar per run.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "exp/sbm/sbm_results.h"
#include "log/inert.h"
#include "log/logreport.h"

#define MAX_LAYOUTS 32

/* A column title of the data file. */
static void title(FILE *f, const struct runset *rs, const struct run *r)
{
	char label[96], s[160];

	run_label(r, label, sizeof(label));
	snprintf(s, sizeof(s), "%s %08x (%s)", label, r->id,
		 run_file_base(rs, r));
	fputc(' ', f);
	gp_data_str(f, s);
}

static int write_data(const char *path, const struct runset *rs,
		      const char **layouts, size_t nl, bool pct)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fprintf(f, "layout");
	for (size_t i = 0; i < rs->nruns; i++)
		title(f, rs, &rs->runs[i]);
	fputc('\n', f);
	for (size_t l = 0; l < nl; l++) {
		gp_data_str(f, layouts[l]);
		for (size_t i = 0; i < rs->nruns; i++) {
			const struct run *r = &rs->runs[i];
			const struct run_result *x = run_find(r, layouts[l]);
			double v;

			if (x && (pct ? run_pct(r, x, &v) : run_ns(r, x, &v)))
				fprintf(f, " %.6g", v);
			else
				fprintf(f, " -");
		}
		fputc('\n', f);
	}
	return fclose(f) ? -1 : 0;
}

static void panel(FILE *f, const char *dat, const char *name,
		  const char *ylabel, size_t nruns)
{
	fputs("set title ", f);
	gp_str(f, name);
	fputs("\nset ylabel ", f);
	gp_str(f, ylabel);
	fprintf(f, "\nplot for [i=2:%zu] ", nruns + 1);
	gp_str(f, dat);
	fputs(" using i:xtic(1) title columnheader(i)\n", f);
}

static int write_script(const char *path, const char *pct, const char *ns,
			const char *out, bool svg, enum plot_metric what,
			const struct runset *rs)
{
	size_t nruns = rs->nruns;
	char title[96];

	int rows = what == PLOT_BOTH ? 2 : 1;
	/* the key sits below each panel, one line per run */
	int h = rows * (300 + 18 * (int)(nruns > 40 ? 40 : nruns));
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	if (svg)
		fprintf(f, "set terminal svg size 900,%d dynamic\n", h);
	else
		/* gnuplot-nox has pngcairo; older builds only png */
		fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) "
			"{ set terminal pngcairo size 900,%d font 'sans,10' } "
			"else { set terminal png size 900,%d }\n", h, h);
	fputs("set termoption noenhanced\nset output ", f);
	gp_str(f, out);
	fputs("\nset datafile missing '-'\n"
		"set style data histograms\n"
		"set style histogram clustered gap 1\n"
		"set style fill solid 0.85 border -1\n"
		"set key below vertical noenhanced\n"
		"set grid ytics\nset yrange [0:*]\n"
		/* headroom, so no bar ends flush with the frame */
		"set offsets 0, 0, graph 0.08, 0\n", f);
	if (rows > 1)
		fputs("set multiplot layout 2,1 title "
		      "'sbmbench: cost of one shared CPU mask, by layout'\n", f);
	snprintf(title, sizeof(title), "%% of global (%s)",
		 runset_pct_basis(rs));
	if (what & PLOT_PCT)
		panel(f, pct, title, "% of global", nruns);
	if (what & PLOT_NS)
		panel(f, ns, "set+clear cost (median)", "ns per iteration",
		      nruns);
	if (rows > 1)
		fprintf(f, "unset multiplot\n");
	return fclose(f) ? -1 : 0;
}

int report_plot(const struct runset *rs, const char *out,
		enum plot_metric what, bool keep)
{
	const char *layouts[MAX_LAYOUTS];
	size_t nl = runset_layouts(rs, layouts, MAX_LAYOUTS);
	char dir[512], pct[600], ns[600], gp[600];
	bool svg;
	int rc = -1;

	if (!nl) {
		fprintf(stderr, "sbmlog: nothing to plot: no results found\n");
		return -1;
	}
	if (plot_workdir(out, &svg, dir, sizeof(dir)))
		return -1;
	snprintf(pct, sizeof(pct), "%s/pct.dat", dir);
	snprintf(ns, sizeof(ns), "%s/ns.dat", dir);
	snprintf(gp, sizeof(gp), "%s/plot.gp", dir);
	if (write_data(pct, rs, layouts, nl, true) ||
	    write_data(ns, rs, layouts, nl, false) ||
	    write_script(gp, pct, ns, out, svg, what, rs)) {
		fprintf(stderr, "sbmlog: cannot write to %s\n", dir);
		goto out;
	}
	rc = run_gnuplot(gp, out);
out:
	plot_workdir_done(dir, keep);
	return rc;
}
