/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The noise experiment's host side: its plan and per-CPU records read
 * into the run's map, a row per CPU in report's text, and noise side by
 * side (sbmlog compare): per CPU and for all CPUs, the gaps above the
 * threshold, their total and the longest, one column per run, so that
 * an image's log (firmware and hardware) stands next to the twin's (what
 * Linux adds).  Its CSV and JSON are the schema's (run_records.h); its
 * histogram plot is plot_lines.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/host_exp.h"
#include "exp/noise/noise_map.h"
#include "log/runs.h"

enum noise_row { N_COUNT, N_TOTAL, N_MAX };

/* The CPU ids of every run's noise records, ascending, in @ids (room
 * for @max); returns how many. */
static size_t noise_cpus(const struct runset *rs, unsigned *ids, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run_map *m = rs->runs[i].map;

		for (size_t k = 0; m && k < noise_of(m)->nnoise; k++) {
			unsigned c = noise_of(m)->noise[k].cpu;
			size_t at = 0;

			while (at < n && ids[at] < c)
				at++;
			if ((at < n && ids[at] == c) || n == max)
				continue;
			memmove(ids + at + 1, ids + at, (n - at) * sizeof(*ids));
			ids[at] = c;
			n++;
		}
	}
	return n;
}

/* One cell: @row of CPU @cpu, or of all CPUs when @all; "-" when the
 * run has no such record. */
static void cell(FILE *f, int w, const struct run_map *m, unsigned cpu,
		 bool all, enum noise_row row)
{
	double count = 0, total = 0, longest = 0;
	bool any = false;
	char s[40] = "-";

	for (size_t k = 0; m && k < noise_of(m)->nnoise; k++) {
		const struct map_noise *x = &noise_of(m)->noise[k];

		if (!all && x->cpu != cpu)
			continue;
		any = true;
		count += (double)x->count;
		total += x->total;
		longest = x->max > longest ? x->max : longest;
	}
	if (any && row == N_COUNT)
		snprintf(s, sizeof(s), "%.0f", count);
	else if (any)
		snprintf(s, sizeof(s), "%.1f",
			 (row == N_TOTAL ? total : longest) / 1e3);
	fprintf(f, "  %*s", w, s);
}

static void block(FILE *f, const struct runset *rs, int w, const char *title,
		  const unsigned *ids, size_t n, enum noise_row row)
{
	fprintf(f, "\n%s\n", title);
	for (size_t c = 0; c <= n; c++) {
		char name[16];

		if (c < n)
			snprintf(name, sizeof(name), "cpu%u", ids[c]);
		else
			snprintf(name, sizeof(name), "all");
		fprintf(f, "%-10s", name);
		for (size_t i = 0; i < rs->nruns; i++)
			cell(f, w, rs->runs[i].map, c < n ? ids[c] : 0, c == n,
			     row);
		fputc('\n', f);
	}
}

/* compare's noise blocks: count, total and longest gap per CPU and for
 * all, a column @w wide per run (its labels fit the first 10 columns);
 * nothing when no run has noise records. */
static void compare(FILE *f, const struct runset *rs, int lw, int w)
{
	unsigned ids[4096];
	size_t n = noise_cpus(rs, ids, sizeof(ids) / sizeof(ids[0]));

	(void)lw;
	if (!n)
		return;
	fprintf(f, "\n%-10s", "noise");
	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run_map *m = rs->runs[i].map;
		char s[48] = "-";

		if (m && noise_of(m)->noise_plan)
			snprintf(s, sizeof(s), ">%u ns, %.3f s", noise_of(m)->threshold,
				 noise_of(m)->noise_s);
		fprintf(f, "  %*s", w, s);
	}
	fputc('\n', f);
	block(f, rs, w, "noise: gaps above the threshold", ids, n, N_COUNT);
	block(f, rs, w, "noise: total of the gaps (us)", ids, n, N_TOTAL);
	block(f, rs, w, "noise: longest gap (us)", ids, n, N_MAX);
}

/* ---- report's text: a row per CPU ----------------------------------------- */

/* "2^10:3 2^11:1" from the record's comma list. */
static void hist_text(FILE *f, const struct map_noise *x)
{
	const char *s = x->hist;
	unsigned b = x->hist_lo;

	while (*s) {
		char *end;
		unsigned long n = strtoul(s, &end, 10);

		if (end == s)
			break;
		if (n)
			fprintf(f, " 2^%u:%lu", b, n);
		b++;
		s = *end == ',' ? end + 1 : end;
	}
}

static void text_noise(FILE *f, const struct run_map *m)
{
	fprintf(f, "\nnoise: gaps above %u ns while polling the counter for "
		"%.3f s\n%5s %10s %8s %12s %10s  %s\n", noise_of(m)->threshold,
		noise_of(m)->noise_s, "cpu", "polled_s", "gaps", "total_us", "max_us",
		"histogram (2^i ns: gaps)");
	for (size_t i = 0; i < noise_of(m)->nnoise; i++) {
		const struct map_noise *x = &noise_of(m)->noise[i];

		fprintf(f, "%5u %10.3f %8llu %12.1f %10.1f ", x->cpu,
			x->polled_ms / 1e3, (unsigned long long)x->count,
			x->total / 1e3, x->max / 1e3);
		hist_text(f, x);
		fputc('\n', f);
	}
}

static void text(FILE *f, const struct run *r)
{
	const struct run_map *m = r->map;

	if (m && (noise_of(m)->noise_plan || noise_of(m)->nnoise))
		text_noise(f, m);
}

/* ---- the records ------------------------------------------------------- */

static void take_plan(struct run *r, const struct rec_parsed *p)
{
	struct noise_map *m = runmap_part_make(&r->map, &host_noise,
						 sizeof(*m));
	const struct run_rec *x = run_records_last(&r->records);

	(void)p;
	m->noise_plan = true;
	m->noise_s = run_rec_num(x, "seconds");
	m->threshold = run_rec_uint(x, "threshold");
}

/* a CPU's gaps, read by name from the record just kept */
static void take_cpu(struct run *r, const struct rec_parsed *p)
{
	struct noise_map *m = runmap_part_make(&r->map, &host_noise,
						 sizeof(*m));
	const struct run_rec *x = run_records_last(&r->records);
	struct map_noise *y = RUN_PUSH(m->noise, m->nnoise);

	(void)p;
	y->cpu = run_rec_uint(x, "cpu");
	y->polled_ms = run_rec_num(x, "polled_ms");
	y->count = run_rec_u64(x, "count");
	y->total = run_rec_num(x, "total");
	y->max = run_rec_num(x, "max");
	y->hist_lo = run_rec_uint(x, "hist_lo");
	run_rec_copy(y->hist, sizeof(y->hist), x, "hist");
}

const struct noise_map *noise_of(const struct run_map *m)
{
	static const struct noise_map none;
	const struct noise_map *x = runmap_part(m, &host_noise);

	return x ? x : &none;
}

static void release(void *part)
{
	struct noise_map *x = part;

	free(x->noise);
}

const struct host_exp host_noise = {
	.release = release,
	.takes = (const struct host_take[]){
		{ "noise-plan", take_plan },
		{ "noise", take_cpu },
		{ NULL, NULL },
	},
	.plots = (const struct host_plot[]){
		{ "noise", "gaps per log2 bucket, a line per CPU",
		  report_plot_noise },
		{ NULL, NULL, NULL },
	},
	.text = text,
	.compare = compare,
};
