/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Line charts of the machine map through gnuplot: the scaling curves
 * (ns per update against CPUs, one line per layout, a panel per run and
 * CPU order, log axes) and the noise histogram (gaps per log2 bucket, a
 * line per CPU up to NOISE_MAX_LINES CPUs, else their sum, a panel per
 * run).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inert.h"
#include "logreport.h"
#include "runmap.h"

#define MAX_PANELS	4
#define MAX_LINES	16
#define NOISE_MAX_LINES	8
#define NOISE_BUCKETS	64

struct panel {
	char dat[600], title[200];
	size_t ncols;	/* data columns after the x column */
};

struct plot_job {
	const char *dir;	/* the caller's scratch directory */
	char gp[600];
	bool svg;
	struct panel p[MAX_PANELS];
	size_t np;
};

/* The panel's title (record text: gp_str() writes it). */
static void panel_title(struct panel *p, const struct run *r,
			const char *what)
{
	char label[96];

	run_label(r, label, sizeof(label));
	snprintf(p->title, sizeof(p->title), "%s %s %08x", what, label, r->id);
}

/* One panel's data: a row per CPU count of @order, a column per layout
 * (ns per update; '-' where missing or a lost update). */
static int scale_data(struct panel *p, const struct run_map *m,
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

			for (size_t i = 0; i < m->nscale; i++) {
				const struct map_scale *x = &m->scale[i];

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
static void hist_add(const char *s, unsigned lo, double *sum)
{
	for (unsigned b = lo; *s && b < NOISE_BUCKETS; b++) {
		char *end;
		double v = strtod(s, &end);

		if (end == s)
			return;
		sum[b] += v;
		s = *end == ',' ? end + 1 : end;
	}
}

/* One panel: a row per log2 bucket, a column per CPU, or one column of
 * their sum when there are more than NOISE_MAX_LINES; '-' for 0. */
static int noise_data(struct panel *p, const struct run_map *m)
{
	bool each = m->nnoise <= NOISE_MAX_LINES;
	size_t cols = each ? m->nnoise : 1;
	double (*h)[NOISE_BUCKETS] = calloc(cols, sizeof(*h));
	unsigned lo = NOISE_BUCKETS, hi = 0;
	FILE *f;

	if (!h)
		return -1;
	for (size_t i = 0; i < m->nnoise; i++)
		hist_add(m->noise[i].hist, m->noise[i].hist_lo,
			 h[each ? i : 0]);
	for (size_t c = 0; c < cols; c++)
		for (unsigned b = 0; b < NOISE_BUCKETS; b++)
			if (h[c][b] > 0) {
				lo = b < lo ? b : lo;
				hi = b > hi ? b : hi;
			}
	f = fopen(p->dat, "w");
	if (!f) {
		free(h);
		return -1;
	}
	fprintf(f, "bucket");
	for (size_t c = 0; c < cols; c++)
		if (each)
			fprintf(f, " \"cpu %u\"", m->noise[c].cpu);
		else
			fprintf(f, " \"all %zu CPUs\"", m->nnoise);
	fputc('\n', f);
	/* an empty histogram still gets a row: gnuplot needs data */
	if (lo > hi)
		lo = hi = 10;
	for (unsigned b = lo; b <= hi; b++) {
		fprintf(f, "%u", b);
		for (size_t c = 0; c < cols; c++)
			if (h[c][b] > 0)
				fprintf(f, " %.0f", h[c][b]);
			else
				fprintf(f, " -");
		fputc('\n', f);
	}
	free(h);
	p->ncols = cols;
	return fclose(f) ? -1 : 0;
}

static int script(struct plot_job *j, const char *out, const char *xlabel,
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


int report_plot_scale(const struct runset *rs, const char *out, bool keep)
{
	char dir[512];
	struct plot_job j = { .dir = dir };
	int rc = -1;

	if (plot_workdir(out, &j.svg, dir, sizeof(dir)))
		return -1;
	snprintf(j.gp, sizeof(j.gp), "%s/scale.gp", dir);
	for (size_t i = 0; i < rs->nruns && j.np < MAX_PANELS; i++) {
		const struct run_map *m = rs->runs[i].map;
		const char *orders[4];
		size_t no = m ? runmap_scale_names(m, NULL, orders, 4) : 0;
		for (size_t o = 0; o < no && j.np < MAX_PANELS; o++) {
			struct panel *p = &j.p[j.np];
			char what[48];

			snprintf(p->dat, sizeof(p->dat), "%s/scale%zu.dat",
				 dir, j.np);
			j.np++;
			if (scale_data(p, m, orders[o]))
				goto out;
			snprintf(what, sizeof(what), "scale, %s order,",
				 orders[o]);
			panel_title(p, &rs->runs[i], what);
		}
	}
	if (!j.np) {
		fprintf(stderr, "sbmlog: nothing to plot: no scale records\n");
		goto out;
	}
	if (!script(&j, out, "CPUs updating", "ns per update (median)", true))
		rc = run_gnuplot(j.gp, out);
out:
	plot_workdir_done(j.dir, keep);
	return rc;
}

int report_plot_noise(const struct runset *rs, const char *out, bool keep)
{
	char dir[512];
	struct plot_job j = { .dir = dir };
	int rc = -1;

	if (plot_workdir(out, &j.svg, dir, sizeof(dir)))
		return -1;
	snprintf(j.gp, sizeof(j.gp), "%s/noise.gp", dir);
	for (size_t i = 0; i < rs->nruns && j.np < MAX_PANELS; i++) {
		const struct run_map *m = rs->runs[i].map;
		struct panel *p = &j.p[j.np];

		if (!m || !m->nnoise)
			continue;
		snprintf(p->dat, sizeof(p->dat), "%s/noise%zu.dat", dir, j.np);
		j.np++;
		if (noise_data(p, m))
			goto out;
		panel_title(p, &rs->runs[i], "noise");
	}
	if (!j.np) {
		fprintf(stderr, "sbmlog: nothing to plot: no noise records\n");
		goto out;
	}
	if (!script(&j, out, "gap length: log2 bucket i holds [2^i, 2^(i+1)) ns",
		    "gaps", false))
		rc = run_gnuplot(j.gp, out);
out:
	plot_workdir_done(j.dir, keep);
	return rc;
}
