/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment's blocks of compare: rows per layout and gap, one
 * column per run.  Rows pair by layout and gap, never by op: runs of
 * different architectures run different ops on the same layout (x86
 * lock_or, riscv amoor), and the cost per architecture is what is
 * compared; the op block names each run's.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "exp/sbm/sbm_compare.h"
#include "exp/sbm/sbm_results.h"
#include "log/logreport.h"
#include "measure/stats.h"

#define MAX_LAYOUTS 32
#define MAX_ROWS (MAX_LAYOUTS * 8)	/* gap= takes up to 8 values */

/* A row: a layout at a gap, over every run. */
struct cmp_key {
	const char *layout;
	unsigned gap;
};

enum cmp_row { ROW_NS, ROW_PCT, ROW_VAR, ROW_OP };

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

static bool any_gap(const struct cmp_key *keys, size_t nk)
{
	for (size_t k = 0; k < nk; k++)
		if (keys[k].gap)
			return true;
	return false;
}

int sbm_compare_width(const struct runset *rs)
{
	static struct cmp_key keys[MAX_ROWS];
	size_t nk = runset_keys(rs, keys, MAX_ROWS);
	bool gaps = any_gap(keys, nk);
	int lw = 0;

	for (size_t k = 0; k < nk; k++) {
		char label[48];

		key_label(label, sizeof(label), &keys[k], gaps);
		if ((int)strlen(label) > lw)
			lw = (int)strlen(label);
	}
	return lw;
}

void sbm_compare(FILE *f, const struct runset *rs, int lw, int w)
{
	static struct cmp_key keys[MAX_ROWS];
	size_t nk = runset_keys(rs, keys, MAX_ROWS);
	bool gaps = any_gap(keys, nk);
	char pct[96];

	if (!nk)	/* runs of the machine map alone have no layouts */
		return;
	block(f, rs, lw, w, "ns/iter (median)", keys, nk, gaps, ROW_NS);
	snprintf(pct, sizeof(pct), "%% of global (%s)", runset_pct_basis(rs));
	block(f, rs, lw, w, gaps ? "% of global (gap 0: the whole "
	      "update; at a gap: above each layout's floor)" : pct,
	      keys, nk, gaps, ROW_PCT);
	block(f, rs, lw, w, "variance (CV of repetitions)", keys, nk, gaps,
	      ROW_VAR);
	block(f, rs, lw, w, "op (rows pair by layout and gap, not by op)",
	      keys, nk, gaps, ROW_OP);
}
