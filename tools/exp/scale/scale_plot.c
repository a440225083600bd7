/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The scale experiment's plot: ns per update against CPUs, one line per
 * layout, a panel per run and CPU order, log axes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log/inert.h"
#include "log/logreport.h"
#include "report/plot_lines.h"
#include "exp/scale/scale_map.h"

#define MAX_LINES	16

/* One panel's data: a row per CPU count of @order, a column per layout
 * (ns per update; '-' where missing or a lost update). */
static int scale_data(struct plot_panel *p, const struct run_map *m,
		      const char *order)
{
	const char *layouts[MAX_LINES];
	size_t nl = runmap_scale_names(m, order, layouts, MAX_LINES);
	FILE *f = fopen(p->dat, "w");

	if (!f)
		return -1;
	fprintf(f, "cpus");
	for (size_t l = 0; l < nl; l++) {
		fputc(' ', f);
		gp_data_str(f, layouts[l]);
	}
	fputc('\n', f);
	for (unsigned next = runmap_scale_next(m, order, 0); next;
	     next = runmap_scale_next(m, order, next)) {
		fprintf(f, "%u", next);
		for (size_t l = 0; l < nl; l++) {
			double v = -1;

			for (size_t i = 0; i < scale_of(m)->nscale; i++) {
				const struct map_scale *x = &scale_of(m)->scale[i];

				if (x->cpus == next && x->clean &&
				    x->upd_ns > 0 && !strcmp(x->order, order) &&
				    !strcmp(x->layout, layouts[l]))
					v = x->upd_ns;
			}
			if (v > 0)
				fprintf(f, " %.3f", v);
			else
				fprintf(f, " -");
		}
		fputc('\n', f);
	}
	p->ncols = nl;
	return fclose(f) ? -1 : 0;
}

/* Counts of the comma list @s from bucket @lo up, added into @sum. */
int report_plot_scale(const struct runset *rs, const char *out, bool keep)
{
	char dir[512];
	struct plot_job j = { .dir = dir };
	int rc = -1;

	if (plot_workdir(out, &j.svg, dir, sizeof(dir)))
		return -1;
	snprintf(j.gp, sizeof(j.gp), "%s/scale.gp", dir);
	for (size_t i = 0; i < rs->nruns && j.np < PLOT_MAX_PANELS; i++) {
		const struct run_map *m = rs->runs[i].map;
		const char *orders[4];
		size_t no = m ? runmap_scale_names(m, NULL, orders, 4) : 0;
		for (size_t o = 0; o < no && j.np < PLOT_MAX_PANELS; o++) {
			struct plot_panel *p = &j.p[j.np];
			char what[48];

			snprintf(p->dat, sizeof(p->dat), "%s/scale%zu.dat",
				 dir, j.np);
			j.np++;
			if (scale_data(p, m, orders[o]))
				goto out;
			snprintf(what, sizeof(what), "scale, %s order,",
				 orders[o]);
			plot_panel_title(p, &rs->runs[i], what);
		}
	}
	if (!j.np) {
		fprintf(stderr, "sbmlog: nothing to plot: no scale records\n");
		goto out;
	}
	if (!plot_lines_script(&j, out, "CPUs updating", "ns per update (median)", true))
		rc = run_gnuplot(j.gp, out);
out:
	plot_workdir_done(j.dir, keep);
	return rc;
}

