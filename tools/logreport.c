/* SPDX-License-Identifier: BSD-2-Clause */
/* Figures derived from the records, shared by every output format. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "logreport.h"

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

bool fmt_fix(char *buf, size_t n, double v, double err, int dec)
{
	char lo[48], hi[48];
	bool open;

	snprintf(lo, sizeof(lo), "%.*f", dec, v - err);
	snprintf(hi, sizeof(hi), "%.*f", dec, v + err);
	open = strcmp(lo, hi) != 0;
	snprintf(buf, n, "%.*f", dec + open, v);
	return open;
}

void run_label(const struct run *r, char *buf, size_t n)
{
	const char *v[3] = {
		run_rec_str(&r->one.hello, "arch"),
		run_rec_str(&r->one.hello, "platform"),
		run_rec_str(&r->one.hello, "virt"),
	};

	snprintf(buf, n, "%s/%s/%s", v[0][0] ? v[0] : "?",
		 v[1][0] ? v[1] : "?", v[2][0] ? v[2] : "?");
}

const char *run_file_base(const struct runset *rs, const struct run *r)
{
	const char *p = rs->files[r->file].path, *s = strrchr(p, '/');

	return s ? s + 1 : p;
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

void report_problems(FILE *f, const struct runset *rs)
{
	for (size_t i = 0; i < rs->nrejects; i++) {
		const struct run_reject *x = &rs->rejects[i];

		fprintf(f, "%s:%zu: rejected record: %s\n",
			rs->files[x->file].path, x->line, x->why);
	}
	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];
		const char *path = rs->files[r->file].path;

		if (!r->hello)
			fprintf(f, "%s:%zu: run %08x: no hello record "
				"(damaged or cut off at the start)\n", path,
				r->first_line, r->id);
		if (!r->end)
			fprintf(f, "%s:%zu-%zu: run %08x: incomplete "
				"(truncated?): no end record\n", path,
				r->first_line, r->last_line, r->id);
		else if (run_missing(r))
			fprintf(f, "%s:%zu: run %08x: end counts %llu records, "
				"%zu arrived intact (%zu lost or damaged)\n",
				path, r->last_line, r->id,
				(unsigned long long)run_rec_u64(&r->one.end,
								"records"),
				r->nrecords, run_missing(r));
	}
}
