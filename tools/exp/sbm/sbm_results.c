/* SPDX-License-Identifier: BSD-2-Clause */
/* The sbm experiment's figures, shared by every output format. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/sbm/sbm_results.h"
#include "log/logreport.h"
#include "log/runs.h"

const struct run_result *run_find(const struct run *r, const char *layout)
{
	for (size_t i = 0; i < r->nresults; i++)
		if (!strcmp(r->results[i].layout, layout))
			return &r->results[i];
	return NULL;
}

const struct run_result *run_global(const struct run *r)
{
	return run_find(r, "global");
}

bool run_pct(const struct run *r, const struct run_result *x, double *pct)
{
	const struct run_result *g = run_global(r);

	if (x->have_pct && isfinite(x->pct)) {
		*pct = x->pct;
		return true;
	}
	/* medians since 7aa9732: a preempted vCPU moves a mean, not these */
	if (!g || !(g->median > 0) || !isfinite(x->median) ||
	    !isfinite(g->median))
		return false;
	*pct = x->median / g->median * 100.0;
	return isfinite(*pct);
}

const char *runset_pct_basis(const struct runset *rs)
{
	bool sums = false, medians = false;

	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];
		bool pct = false;

		for (size_t j = 0; j < r->nresults; j++)
			pct |= r->results[j].have_pct;
		if (!r->nresults)
			continue;
		/* since gap=, a record's pct is the ratio of sums (means);
		 * before it, and where run_pct() computes it, the medians' */
		if (pct && r->results[0].have_gap)
			sums = true;
		else
			medians = true;
	}
	if (sums && medians)
		return "ratio of sums; medians in runs before gap=";
	return sums ? "ratio of sums" : "medians";
}

/* ns is printed to 3 decimals; the median may pin it down finer. */
static bool uses_median(const struct run *r, const struct run_result *x)
{
	uint64_t hz = run_hz(r);

	return hz && (!x->have_ns || x->err * 1e9 / (double)hz < 0.0005);
}

bool run_ns(const struct run *r, const struct run_result *x, double *ns)
{
	if (uses_median(r, x)) {
		*ns = x->median * 1e9 / (double)run_hz(r);
		return isfinite(*ns);
	}
	if (x->have_ns) {
		*ns = x->ns;
		return isfinite(*ns);
	}
	return false;
}

double run_ns_err(const struct run *r, const struct run_result *x)
{
	if (uses_median(r, x))
		return x->err * 1e9 / (double)run_hz(r);
	return 0.0005;
}

double run_pct_err(const struct run *r, const struct run_result *x,
		   double pct)
{
	const struct run_result *g = run_global(r);

	if (x->have_pct || !g || !(x->median > 0) || !(g->median > 0))
		return 0;
	if (x == g)
		return 0;	/* exactly 100 */
	return pct * (x->err / x->median + g->err / g->median);
}

size_t runset_layouts(const struct runset *rs, const char **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];

		for (size_t j = 0; j < r->nresults; j++) {
			const char *l = r->results[j].layout;
			size_t k;

			for (k = 0; k < n; k++)
				if (!strcmp(out[k], l))
					break;
			if (k == n && n < max)
				out[n++] = l;
		}
	}
	return n;
}

/* A figure as the row's text: empty where there is none. */
static void fig(char *buf, size_t n, bool have, double v)
{
	if (have && isfinite(v))
		snprintf(buf, n, "%.10g", v);
	else
		buf[0] = 0;
}

void run_result_row(const struct run *r, const struct run_result *x,
		    struct run_result_row *row)
{
	const struct rec_schema *k = x->rec.kind;
	size_t nk = rec_kind_nkeys(k);
	double v = 0;
	bool have;

	row->val = calloc(nk ? nk : 1, sizeof(*row->val));
	if (!row->val) {
		fprintf(stderr, "sbmlog: out of memory\n");
		exit(2);
	}
	row->rec.kind = k;
	row->rec.val = row->val;
	for (size_t i = 0; i < nk; i++) {
		const char *key = k[1 + i].key, *s = x->rec.val[i];

		if (!strcmp(key, "ns")) {
			have = run_ns(r, x, &v);
			fig(row->ns, sizeof(row->ns), have, v);
			s = row->ns[0] ? row->ns : NULL;
		} else if (!strcmp(key, "pct")) {
			have = run_pct(r, x, &v);
			fig(row->pct, sizeof(row->pct), have, v);
			s = row->pct[0] ? row->pct : NULL;
		} else if (!strcmp(key, "clean")) {
			s = x->clean ? "1" : "0";	/* absent: none lost */
		}
		row->val[i] = s;
	}
}

void run_result_row_free(struct run_result_row *row)
{
	free(row->val);
	row->val = NULL;
}
