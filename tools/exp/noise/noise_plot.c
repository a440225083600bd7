/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The noise experiment's plot: gaps per log2 bucket, a line per CPU up
 * to NOISE_MAX_LINES CPUs, else their sum, a panel per run.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log/inert.h"
#include "log/logreport.h"
#include "report/plot_lines.h"
#include "exp/noise/noise_map.h"

#define NOISE_MAX_LINES	8
#define NOISE_BUCKETS	64

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
static int noise_data(struct plot_panel *p, const struct run_map *m)
{
	bool each = noise_of(m)->nnoise <= NOISE_MAX_LINES;
	size_t cols = each ? noise_of(m)->nnoise : 1;
	double (*h)[NOISE_BUCKETS] = calloc(cols, sizeof(*h));
	unsigned lo = NOISE_BUCKETS, hi = 0;
	FILE *f;

	if (!h)
		return -1;
	for (size_t i = 0; i < noise_of(m)->nnoise; i++)
		hist_add(noise_of(m)->noise[i].hist, noise_of(m)->noise[i].hist_lo,
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
			fprintf(f, " \"cpu %u\"", noise_of(m)->noise[c].cpu);
		else
			fprintf(f, " \"all %zu CPUs\"", noise_of(m)->nnoise);
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

int report_plot_noise(const struct runset *rs, const char *out, bool keep)
{
	char dir[512];
	struct plot_job j = { .dir = dir };
	int rc = -1;

	if (plot_workdir(out, &j.svg, dir, sizeof(dir)))
		return -1;
	snprintf(j.gp, sizeof(j.gp), "%s/noise.gp", dir);
	for (size_t i = 0; i < rs->nruns && j.np < PLOT_MAX_PANELS; i++) {
		const struct run_map *m = rs->runs[i].map;
		struct plot_panel *p = &j.p[j.np];

		if (!m || !noise_of(m)->nnoise)
			continue;
		snprintf(p->dat, sizeof(p->dat), "%s/noise%zu.dat", dir, j.np);
		j.np++;
		if (noise_data(p, m))
			goto out;
		plot_panel_title(p, &rs->runs[i], "noise");
	}
	if (!j.np) {
		fprintf(stderr, "sbmlog: nothing to plot: no noise records\n");
		goto out;
	}
	if (!plot_lines_script(&j, out, "gap length: log2 bucket i holds [2^i, 2^(i+1)) ns",
		    "gaps", false))
		rc = run_gnuplot(j.gp, out);
out:
	plot_workdir_done(j.dir, keep);
	return rc;
}
