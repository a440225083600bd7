/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment's part of report's text: the seed-style table (the
 * console's, rebuilt from the result records), at each gap, and the
 * per-LLC and per-node breakdowns of the group records.
 */
#include <stdio.h>
#include <string.h>

#include "exp/sbm/sbm_text.h"
#include "exp/sbm/sbm_results.h"
#include "log/logreport.h"
#include "measure/stats.h"

static double ticks_ns(const struct run *r, double ticks)
{
	uint64_t hz = run_hz(r);

	return hz ? ticks * 1e9 / (double)hz : 0;
}

/* The result of @layout at @gap, NULL when the run has none. */
static const struct run_result *result_at(const struct run *r,
					  const char *layout, unsigned gap)
{
	for (size_t i = 0; i < r->nresults; i++)
		if (r->results[i].gap == gap &&
		    !strcmp(r->results[i].layout, layout))
			return &r->results[i];
	return NULL;
}

/* A cost above the floor whose 95 % interval holds 0 (or below 0), as
 * the image says it in words (core/exp/sbm/sbm_report.c); the floor layouts
 * are the floor. */
static bool above_noise(const struct run_result *x)
{
	return x && x->clean && x->have_floor &&
	       strncmp(x->layout, "private", 7) &&
	       stats_within_noise(x->cost_ns, x->have_cost_ci ? x->cost_ci : 0);
}

/* The seed block of one gap, as the image prints it. */
static void gap_seed_block(FILE *f, const struct run *r, unsigned gap)
{
	const struct run_result *g = result_at(r, "global", gap);
	bool any = false;

	for (size_t i = 0; i < r->nresults; i++)
		any |= r->results[i].gap == gap && r->results[i].have_pct;
	if (!any)
		return;
	/* at a gap, %global is above the floors (pct_abv): a log without
	 * it has only the ratio of whole iterations, which is not shown */
	if (gap)
		fprintf(f, "\n%%cost above floor vs global mask operation, "
			"gap %u ns (each layout over its own floor; +- 95 %%)"
			"\n", gap);
	else
		fprintf(f, "\n%%ticks vs global mask operation, gap 0 ns "
			"(ratio of sums; var = CV of the rep means; +- 95 %%)"
			"\n");
	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *x = &r->results[i];
		const char *l = layout_label(x->layout, x->op);

		if (x->gap != gap)
			continue;
		if (!x->clean)
			fprintf(f, "%-50s: lost updates, no figure\n", l);
		else if (!gap && x->have_pct)
			fprintf(f, "%-50s: %8.4f%% (var: %.2f%%, +-%.2f)\n",
				l, x->pct, x->rep_cv, x->pct_ci);
		else if (gap && above_noise(x))
			fprintf(f, "%-50s: not above the floor (within noise: "
				"%.2f +- %.2f ns)\n", l, x->cost_ns, x->cost_ci);
		else if (gap && above_noise(g))
			fprintf(f, "%-50s: %8s  (global not above its floor "
				"within noise: %.2f +- %.2f ns)\n", l, "-",
				g->cost_ns, g->cost_ci);
		else if (gap && x->have_pct_abv)
			fprintf(f, "%-50s: %8.4f%% (+-%.2f)\n", l, x->pct_abv,
				x->pct_abv_ci);
		else if (gap)
			fprintf(f, "%-50s: %8s  (%s)\n", l, "-",
				x->have_floor ? "global not above its floor" :
				"no floor");
	}
}

/* The per-node rows under a layout's row, as the image prints them: only
 * where the layout has more than one node group at this gap. */
static void text_node_rows(FILE *f, const struct run *r,
			   const struct run_result *x)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ngroups; i++) {
		const struct run_group *g = &r->groups[i];

		n += !strcmp(g->by, "node") && !strcmp(g->layout, x->layout) &&
		     g->gap == x->gap;
	}
	if (n < 2)
		return;
	for (size_t i = 0; i < r->ngroups; i++) {
		const struct run_group *g = &r->groups[i];

		if (strcmp(g->by, "node") || strcmp(g->layout, x->layout) ||
		    g->gap != x->gap)
			continue;
		fprintf(f, "  node %-4u %-8s %7s %4u %11.4f %9.3f  (median "
			"%.3f, max %.3f ns/upd)\n", g->id, "", "", g->cpus,
			g->mean, ticks_ns(r, g->mean) / 2,
			ticks_ns(r, g->median) / 2, ticks_ns(r, g->max) / 2);
	}
}

/* Cycles per update and the effective clock, where the image read them. */
static void text_clock_block(FILE *f, const struct run *r)
{
	const char *cc = run_rec_str(&r->one.hello, "cycle_counter");
	bool any = false;

	for (size_t i = 0; i < r->nresults; i++)
		any |= r->results[i].have_mhz;
	if (!any)
		return;
	fprintf(f, "\ncore cycles (%s) in the windows: per update, and the "
		"effective clock\n", cc[0] ? cc : "cycle counter");
	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *x = &r->results[i];

		if (x->have_mhz)
			fprintf(f, "%-10s %-8s %7u %10.2f cycles/upd %8.1f "
				"MHz\n", x->layout, x->op, x->gap,
				x->cycles / 2, x->mhz);
	}
}

/*
 * Runs with gap= (the image states every derived figure): the columns
 * and formats of the image's own table (core/exp/sbm/sbm_report.c), one seed block
 * per gap.
 */
static void text_table_gaps(FILE *f, const struct run *r)
{
	unsigned gaps[16];
	size_t ngaps = 0;

	bool spread = r->nresults && r->results[0].have_iters_min &&
		      r->results[0].have_iters_max;

	fprintf(f, "\nper update = half an iteration (set, clear); above "
		"floor = over private / private-u8 at the same gap; "
		"%%global at a gap = above floor / global's above floor; "
		"+- = 95 %% interval%s\nnoise = a cost above the floor whose "
		"95 %% interval holds 0 (or below 0): not above the floor "
		"within the run's noise\n", spread ? "; iters/window = the "
		"fewest and most one CPU completed in one window (with "
		"windows bounded by time, a CPU far below the others got its "
		"updates through less often; N late: windows a CPU began after "
		"another had closed them, left out of the spread)" : "");
	fprintf(f, "%-10s %-8s %7s %4s %11s %9s %8s %9s %7s %8s %7s %8s "
		"%6s %4s %8s%s\n", "layout", "op", "gap_ns", "cpus",
		"ticks/iter", "ns/upd", "+-95%", "abv_floor", "+-95%",
		"%global", "+-95%", "%g(med)", "var%", "reps", "gap_real",
		spread ? " iters/window" : "");
	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *x = &r->results[i];
		char pct[24] = "-", pci[24] = "-", pmed[24] = "-";
		char above[24] = "-", aci[24] = "-", greal[24] = "-";
		size_t g;

		if (!x->clean) {
			snprintf(pct, sizeof(pct), "LOST-UPD");
		} else if (x->gap && (above_noise(x) ||
			   above_noise(result_at(r, "global", x->gap)))) {
			snprintf(pct, sizeof(pct), "noise");
		} else if (x->gap && x->have_pct_abv) {
			snprintf(pct, sizeof(pct), "%.2f", x->pct_abv);
			snprintf(pci, sizeof(pci), "%.2f", x->pct_abv_ci);
		} else if (!x->gap && x->have_pct) {
			snprintf(pct, sizeof(pct), "%.2f", x->pct);
			snprintf(pmed, sizeof(pmed), "%.2f", x->pct_median);
			if (x->have_pct_ci)
				snprintf(pci, sizeof(pci), "%.2f", x->pct_ci);
		}
		if (above_noise(x))
			snprintf(above, sizeof(above), "noise");
		else if (x->have_floor)
			snprintf(above, sizeof(above), "%.2f", x->cost_ns);
		if (x->have_cost_ci)
			snprintf(aci, sizeof(aci), "%.2f", x->cost_ci);
		if (x->gap && x->have_gap_real)
			snprintf(greal, sizeof(greal), "%.0f", x->gap_real_ns);
		fprintf(f, "%-10s %-8s %7u %4u %11.4f %9.3f %8.3f %9s %7s "
			"%8s %7s %8s %6.2f %4llu %8s", x->layout, x->op,
			x->gap, x->cpus, x->mean, x->upd_ns,
			ticks_ns(r, x->ci95) / 2, above, aci, pct, pci, pmed,
			x->rep_cv, (unsigned long long)x->reps, greal);
		if (spread)
			fprintf(f, " %.0f-%.0f", x->iters_min, x->iters_max);
		if (spread && x->have_late && x->late > 0)
			fprintf(f, " (%.0f late)", x->late);
		fputc('\n', f);
		text_node_rows(f, r, x);
		for (g = 0; g < ngaps && gaps[g] != x->gap; g++)
			;
		if (g == ngaps && ngaps < sizeof(gaps) / sizeof(gaps[0]))
			gaps[ngaps++] = x->gap;
	}
	text_clock_block(f, r);
	for (size_t g = 0; g < ngaps; g++)
		gap_seed_block(f, r, gaps[g]);
}

/*
 * Older runs: the columns and formats of their console table; a figure
 * the rounded records cannot pin to the console's digits gets one more.
 */
static void text_table(FILE *f, const struct run *r)
{
	bool open = false;

	if (!r->nresults) {
		fprintf(f, "\nno sbm results\n");
		return;
	}
	if (r->results[0].have_gap) {
		text_table_gaps(f, r);
		return;
	}
	fprintf(f, "\n%-8s %-8s %5s %12s %10s %10s %9s %7s\n", "layout", "op",
		"cpus", "ticks/iter", "ns/iter", "min", "%global", "var%");
	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *x = &r->results[i];
		char pct[24] = "-", ns[24] = "-", med[24], min[24];
		double v;

		if (!x->clean)
			snprintf(pct, sizeof(pct), "LOST-UPD");
		else if (run_pct(r, x, &v))
			open |= fmt_fix(pct, sizeof(pct), v,
					run_pct_err(r, x, v), 2);
		if (run_ns(r, x, &v))
			open |= fmt_fix(ns, sizeof(ns), v, run_ns_err(r, x), 2);
		open |= fmt_fix(med, sizeof(med), x->median, x->err, 4);
		open |= fmt_fix(min, sizeof(min), x->min, x->err, 4);
		fprintf(f, "%-8s %-8s %5u %12s %10s %10s %9s %7.2f\n",
			x->layout, x->op, x->cpus, med, ns, min, pct,
			x->rep_cv);
	}
	if (run_global(r)) {
		fprintf(f, "\n%%ticks vs global mask operation\n");
		for (size_t i = 0; i < r->nresults; i++) {
			const struct run_result *x = &r->results[i];
			char pct[24];
			double v;

			if (!x->clean) {
				fprintf(f, "%-44s: lost updates, no figure\n",
					layout_label(x->layout, x->op));
				continue;
			}
			if (!run_pct(r, x, &v))
				continue;
			open |= fmt_fix(pct, sizeof(pct), v,
					run_pct_err(r, x, v), 4);
			fprintf(f, "%-44s: %8s%% (var: %.2f%%)\n",
				layout_label(x->layout, x->op), pct, x->rep_cv);
		}
	}
	if (open)
		fprintf(f, "(a figure with one more decimal than the console's: "
			"the record's rounding leaves its last digit open)\n");
}

static void text_groups(FILE *f, const struct run *r, const char *by,
			const char *title)
{
	bool any = false;

	for (size_t i = 0; i < r->ngroups; i++) {
		const struct run_group *g = &r->groups[i];
		double hz = (double)run_hz(r);
		double ns = hz ? g->median * 1e9 / hz : 0;
		char med[24], nss[24];

		if (strcmp(g->by, by))
			continue;
		if (!any)
			fprintf(f, "\n%s (ticks/iter)\n%-8s %5s %5s %10s %10s "
				"%10s %10s %10s\n", title, "layout", by, "cpus",
				"median", "mean", "min", "max", "ns/iter");
		any = true;
		fmt_fix(med, sizeof(med), g->median, g->err, 4);
		fmt_fix(nss, sizeof(nss), ns, hz ? g->err * 1e9 / hz : 0, 2);
		fprintf(f, "%-8s %5u %5u %10s %10.4f %10.4f %10.4f %10s\n",
			g->layout, g->id, g->cpus, med, g->mean, g->min,
			g->max, nss);
	}
}

void sbm_text(FILE *f, const struct run *r)
{
	text_table(f, r);
	text_groups(f, r, "llc", "per-LLC breakdown");
	text_groups(f, r, "node", "per-node breakdown");
}
