/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The c2c matrix as a heat map through gnuplot: one panel per run that
 * has c2c records, CPUs in topology order, one-way median ns (plain or
 * CAS) as colour; the values are printed in the cells up to 16 CPUs.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inert.h"
#include "logreport.h"
#include "runmap.h"

#define MAX_PANELS	4
#define LABEL_MAX_CPUS	16

static int write_matrix(const char *path, const struct run_map *m,
			bool cas, size_t *ncpus)
{
	unsigned *ids;
	size_t n = runmap_order(m, &ids);
	FILE *f = fopen(path, "w");

	*ncpus = n;
	if (!f) {
		free(ids);
		return -1;
	}
	fprintf(f, "cpu");
	for (size_t j = 0; j < n; j++)
		fprintf(f, " %u", ids[j]);
	fputc('\n', f);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "%u", ids[i]);
		for (size_t j = 0; j < n; j++) {
			double v = NAN;

			for (size_t k = 0; k < m->npairs; k++) {
				const struct map_pair *p = &m->pairs[k];

				if ((p->a == ids[i] && p->b == ids[j]) ||
				    (p->b == ids[i] && p->a == ids[j]))
					v = cas ? p->cas_median : p->median;
			}
			if (isfinite(v))
				fprintf(f, " %.1f", v);
			else
				fprintf(f, " NaN");
		}
		fputc('\n', f);
	}
	free(ids);
	return fclose(f) ? -1 : 0;
}

int report_plot_c2c(const struct runset *rs, const char *out, bool cas,
		    bool keep)
{
	char dir[512], dat[MAX_PANELS][600], gp[600], label[96], title[128];
	size_t np = 0, n = 0;
	FILE *f = NULL;
	bool svg;
	int rc = -1;

	if (plot_workdir(out, &svg, dir, sizeof(dir)))
		return -1;
	snprintf(gp, sizeof(gp), "%s/c2c.gp", dir);
	for (size_t i = 0; i < rs->nruns && np < MAX_PANELS; i++) {
		const struct run_map *m = rs->runs[i].map;
		size_t k;

		if (!m || !m->npairs)
			continue;
		snprintf(dat[np], sizeof(dat[np]), "%s/c2c%zu.dat", dir, np);
		if (write_matrix(dat[np], m, cas, &k))
			goto out;
		n = k > n ? k : n;
		np++;
	}
	if (!np) {
		fprintf(stderr, "sbmlog: nothing to plot: no c2c records\n");
		goto out;
	}
	f = fopen(gp, "w");
	if (!f)
		goto out;
	if (svg)
		fprintf(f, "set terminal svg size %zu,%zu dynamic\n",
			700 * np, (size_t)650);
	else
		fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) "
			"{ set terminal pngcairo size %zu,650 font 'sans,9' } "
			"else { set terminal png size %zu,650 }\n",
			700 * np, 700 * np);
	fputs("set termoption noenhanced\nset output ", f);
	gp_str(f, out);
	fprintf(f, "\nset xlabel 'CPU b'\nset ylabel 'CPU a'\n"
		"set cblabel 'one-way ns (median, %s)'\n"
		"set yrange [] reverse\nset size ratio -1\n"
		"set palette rgbformulae 33,13,10\n"
		"set multiplot layout 1,%zu\n", cas ? "CAS" : "plain", np);
	np = 0;
	for (size_t i = 0; i < rs->nruns && np < MAX_PANELS; i++) {
		const struct run *r = &rs->runs[i];

		if (!r->map || !r->map->npairs)
			continue;
		run_label(r, label, sizeof(label));
		snprintf(title, sizeof(title), "c2c %s %08x", label, r->id);
		fputs("set title ", f);
		gp_str(f, title);
		fputs("\nplot ", f);
		gp_str(f, dat[np]);
		fputs(" matrix rowheaders columnheaders using 2:1:3 notitle "
		      "with image", f);
		if (n <= LABEL_MAX_CPUS)
			fprintf(f, ", '' matrix rowheaders columnheaders using "
				"2:1:($3 == $3 ? sprintf('%%.0f', $3) : '') notitle "
				"with labels");
		fputc('\n', f);
		np++;
	}
	fprintf(f, "unset multiplot\n");
	if (fclose(f)) {
		f = NULL;
		goto out;
	}
	rc = run_gnuplot(gp, out);
out:
	plot_workdir_done(dir, keep);
	return rc;
}
