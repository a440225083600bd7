/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Runs side by side: one column per run, rows per layout and gap (and
 * per CPU for noise).  Rows pair by layout and gap, never by op: runs of
 * different architectures run different ops on the same layout (x86
 * lock_or, riscv amoor), and the cost per architecture is what is
 * compared; the op block names each run's.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "inert.h"
#include "logreport.h"
#include "runmap.h"
#include "measure/stats.h"

#define COL_MIN	12
#define COL_MAX	28
#define MAX_LAYOUTS 32
#define MAX_ROWS (MAX_LAYOUTS * 8)	/* gap= takes up to 8 values */

/* A row: a layout at a gap, over every run. */
struct cmp_key {
	const char *layout;
	unsigned gap;
};

enum cmp_row { ROW_NS, ROW_PCT, ROW_VAR, ROW_OP };

static int col_width(const struct runset *rs)
{
	int w = COL_MIN;

	for (size_t i = 0; i < rs->nruns; i++) {
		char label[96];
		int n;

		run_label(&rs->runs[i], label, sizeof(label));
		n = (int)strlen(label);
		if (n > w)
			w = n;
		n = (int)strlen(run_file_base(rs, &rs->runs[i]));
		if (n > w)
			w = n;
	}
	return w > COL_MAX ? COL_MAX : w;
}

/* Does any run name this part of its machine (hello's @key)? */
static bool any_ident(const struct runset *rs, const char *key)
{
	for (size_t i = 0; i < rs->nruns; i++)
		if (run_rec_str(&rs->runs[i].one.hello, key)[0])
			return true;
	return false;
}

static void header(FILE *f, const struct runset *rs, int lw, int w,
		   const char *name, int what)
{
	fprintf(f, "%-*s", lw, name);
	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];
		char s[96];

		switch (what) {
		case 0:
			run_label(r, s, sizeof(s));
			break;
		case 1:
			snprintf(s, sizeof(s), "%08x%s", r->id,
				 run_complete(r) ? "" : "*");
			break;
		case 2:
			snprintf(s, sizeof(s), "%u",
				 run_rec_uint(&r->one.config, "cpus"));
			break;
		case 3:
			snprintf(s, sizeof(s), "%s",
				 run_rec_str(&r->one.hello, "cpu_model"));
			break;
		case 5:
			snprintf(s, sizeof(s), "%s",
				 run_rec_str(&r->one.hello, "product"));
			break;
		case 6:
			snprintf(s, sizeof(s), "%s",
				 run_rec_str(&r->one.hello, "bios_version"));
			break;
		default:
			snprintf(s, sizeof(s), "%s", run_file_base(rs, r));
		}
		/* keep columns aligned: long names lose their start */
		if ((int)strlen(s) > w)
			memmove(s, s + strlen(s) - (size_t)w, (size_t)w + 1);
		fprintf(f, "  %*s", w, s);
	}
	fputc('\n', f);
}

/* The rows: every (layout, gap) of every run, in order of first
 * appearance. */
static size_t runset_keys(const struct runset *rs, struct cmp_key *out,
			  size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];

		for (size_t j = 0; j < r->nresults; j++) {
			const struct run_result *x = &r->results[j];
			size_t k;

			for (k = 0; k < n; k++)
				if (out[k].gap == x->gap &&
				    !strcmp(out[k].layout, x->layout))
					break;
			if (k == n && n < max) {
				out[n].layout = x->layout;
				out[n++].gap = x->gap;
			}
		}
	}
	return n;
}

static const struct run_result *find_at(const struct run *r,
					const struct cmp_key *k)
{
	for (size_t i = 0; i < r->nresults; i++)
		if (r->results[i].gap == k->gap &&
		    !strcmp(r->results[i].layout, k->layout))
			return &r->results[i];
	return NULL;
}

/*
 * % of global at the row's gap, as the seed's table says it: at gap 0
 * of the whole update (the record's pct, else the medians' ratio to
 * global's at gap 0), at a gap above each layout's floor (pct_abv; none
 * where the record has none).
 */
static bool pct_at(const struct run *r, const struct run_result *x,
		   double *v)
{
	if (x->gap) {
		*v = x->pct_abv;
		return x->have_pct_abv;
	}
	return run_pct(r, x, v);
}

/* At a gap: the layout's cost above the floor, or global's (the
 * percentage's denominator), within noise (its 95 % interval holds 0):
 * no percentage, the word (issue #45). */
static bool noise_at(const struct run *r, const struct run_result *x)
{
	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *y = &r->results[i];

		if (y->gap != x->gap || (y != x && strcmp(y->layout, "global")))
			continue;
		if (y->clean && y->have_floor &&
		    strncmp(y->layout, "private", 7) &&
		    stats_within_noise(y->cost_ns,
				       y->have_cost_ci ? y->cost_ci : 0))
			return true;
	}
	return false;
}

static void cell(FILE *f, int w, const struct run *r,
		 const struct cmp_key *k, enum cmp_row row)
{
	const struct run_result *x = find_at(r, k);
	char s[40] = "-";
	double v;

	if (x) {
		switch (row) {
		case ROW_NS:
			if (run_ns(r, x, &v))
				snprintf(s, sizeof(s), "%.2f", v);
			break;
		case ROW_PCT:
			if (x->gap && noise_at(r, x))
				snprintf(s, sizeof(s), "noise");
			else if (pct_at(r, x, &v))
				snprintf(s, sizeof(s), "%.2f%%", v);
			break;
		case ROW_VAR:
			snprintf(s, sizeof(s), "%.2f%%", x->rep_cv);
			break;
		case ROW_OP:
			snprintf(s, sizeof(s), "%s", x->op);
			break;
		}
	}
	fprintf(f, "  %*s", w, s);
}

/* "global", or "global gap 1000" where some run has a gap. */
static void key_label(char *buf, size_t n, const struct cmp_key *k,
		      bool gaps)
{
	if (gaps)
		snprintf(buf, n, "%s gap %u", k->layout, k->gap);
	else
		snprintf(buf, n, "%s", k->layout);
}

static void block(FILE *f, const struct runset *rs, int lw, int w,
		  const char *title, const struct cmp_key *keys, size_t nk,
		  bool gaps, enum cmp_row row)
{
	fprintf(f, "\n%s\n", title);
	for (size_t l = 0; l < nk; l++) {
		char label[48];

		key_label(label, sizeof(label), &keys[l], gaps);
		fprintf(f, "%-*s", lw, label);
		for (size_t i = 0; i < rs->nruns; i++)
			cell(f, w, &rs->runs[i], &keys[l], row);
		fputc('\n', f);
	}
}

static void compare_all(FILE *f, const void *arg)
{
	const struct runset *rs = arg;
	static struct cmp_key keys[MAX_ROWS];
	size_t nk = runset_keys(rs, keys, MAX_ROWS);
	int w = col_width(rs), lw = 10;
	bool virt = false, partial = false, gaps = false;

	if (!rs->nruns) {
		fprintf(f, "no runs found\n");
		report_problems(f, rs);
		return;
	}
	for (size_t k = 0; k < nk; k++)
		gaps |= keys[k].gap != 0;
	for (size_t k = 0; k < nk; k++) {
		char label[48];

		key_label(label, sizeof(label), &keys[k], gaps);
		if ((int)strlen(label) > lw)
			lw = (int)strlen(label);
	}
	header(f, rs, lw, w, "machine", 0);
	header(f, rs, lw, w, "cpu", 3);
	if (any_ident(rs, "product"))
		header(f, rs, lw, w, "product", 5);
	if (any_ident(rs, "bios_version"))
		header(f, rs, lw, w, "firmware", 6);
	header(f, rs, lw, w, "run", 1);
	header(f, rs, lw, w, "cpus used", 2);
	header(f, rs, lw, w, "file", 4);
	if (nk) {	/* runs of the machine map alone have no layouts */
		block(f, rs, lw, w, "ns/iter (median)", keys, nk, gaps,
		      ROW_NS);
		char pct[96];

		snprintf(pct, sizeof(pct), "%% of global (%s)",
			 runset_pct_basis(rs));
		block(f, rs, lw, w, gaps ? "% of global (gap 0: the whole "
		      "update; at a gap: above each layout's floor)" : pct,
		      keys, nk, gaps, ROW_PCT);
		block(f, rs, lw, w, "variance (CV of repetitions)", keys, nk,
		      gaps, ROW_VAR);
		block(f, rs, lw, w, "op (rows pair by layout and gap, not by "
		      "op)", keys, nk, gaps, ROW_OP);
	}
	runmap_compare_noise(f, rs, w);
	for (size_t i = 0; i < rs->nruns; i++) {
		virt |= rs->runs[i].hello &&
			strcmp(run_rec_str(&rs->runs[i].one.hello, "virt"),
			       "none");
		partial |= !run_complete(&rs->runs[i]);
	}
	if (virt)
		fprintf(f, "\nNOTE: runs whose virt is not \"none\" describe a "
			"virtual machine, not the hardware\n");
	if (partial)
		fprintf(f, "\n* incomplete run (truncated or damaged): see "
			"below\n");
	if (rs->nrejects || partial)
		report_problems(f, rs);
}

/* The log's text reaches a terminal: escaped where it is no plain text. */
void report_compare(FILE *f, const struct runset *rs)
{
	text_inert(f, compare_all, rs);
}
