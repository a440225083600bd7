/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment (exp_sbm.c): the human summary after every run, per
 * gap the seed's table (%cycles against global), the clock, each
 * node's rows.
 */
#include <stdio.h>

#include "exp/sbm/exp_sbm.h"
#include "measure/stats.h"
#include "output/labels.h"
#include "output/report.h"

/* Per-node rows under a layout's row, on machines with more than one
 * node: where the cost lands (the records carry the per-LLC rows too). */
static void node_rows(const struct engine *e, const struct sbm_result *r)
{
	if (r->nnode < 2)
		return;
	for (uint32_t i = 0; i < r->nnode; i++) {
		const struct sbm_group_stat *g = &r->by_node[i];

		report_printf("  node %-4u %-8s %7s %4u %11.4f %9.3f  (median "
			      "%.3f, max %.3f ns/upd)\n", g->id, "", "",
			      g->ncpus, g->st.mean, sbm_ns(e, g->st.mean) / 2,
			      sbm_ns(e, g->st.median) / 2,
			      sbm_ns(e, g->st.max) / 2);
	}
}

/* Core cycles per update and the clock the windows ran at, where the
 * platform reads a cycle counter (APERF, PMCCNTR, rdcycle). */
static void clock_block(const struct engine *e, const struct sbm_exp *x)
{
	if (!e->info.cycles || sbm_opts.mode == MODE_PAIR)
		return;
	report_printf("\ncore cycles (%s) in the windows: per update, and "
		      "the effective clock\n", e->info.cycle_counter ?
		      e->info.cycle_counter : "cycle counter");
	for (uint32_t i = 0; i < x->nresults; i++) {
		const struct sbm_result *r = &x->results[i];

		report_printf("%-10s %-8s %7u %10.2f cycles/upd %8.1f MHz\n",
			      sbm_kind_name(r->kind), r->op, r->gap_ns,
			      r->cycles_median / 2, r->mhz);
	}
}

static const char *label_of(const struct sbm_result *r)
{
	return layout_label(sbm_kind_name(r->kind), r->op);
}

/*
 * The seed's table for one gap: at gap 0 the ratio of whole iterations
 * (saturation, the seed's own regime); at a gap the ratio of costs above
 * each layout's floor, "-" where no floor ran.  +- is the 95 % interval.
 */
/* The result of @kind at @gap, NULL when none ran. */
static const struct sbm_result *result_at(const struct sbm_exp *x,
					  enum sbm_kind kind, uint32_t gap)
{
	for (uint32_t i = 0; i < x->nresults; i++)
		if (x->results[i].kind == kind && x->results[i].gap_ns == gap)
			return &x->results[i];
	return NULL;
}

/* A cost above the floor the run cannot tell from nothing: its 95 %
 * interval holds 0, or it is below 0 (issue #45): said in words.  The
 * floor layouts are the floor: 0 by definition, no noise. */
static bool above_noise(const struct sbm_result *r)
{
	return r && r->clean && r->have_floor && r->kind != SBM_PRIVATE &&
	       r->kind != SBM_PRIVATE_U8 &&
	       stats_within_noise(r->above, r->above_ci);
}

static void seed_block(const struct engine *e, const struct sbm_exp *x,
		       uint32_t gap)
{
	const struct sbm_result *g = result_at(x, SBM_GLOBAL, gap);
	bool any = false;

	for (uint32_t i = 0; i < x->nresults; i++)
		any |= x->results[i].gap_ns == gap && x->results[i].have_pct;
	if (!any)
		return;
	if (gap)
		report_printf("\n%%cost above floor vs global mask operation, "
			      "gap %u ns (each layout over its own floor; "
			      "+- 95 %%)\n", gap);
	else
		report_printf("\n%%ticks vs global mask operation, gap 0 ns "
			      "(ratio of sums; var = CV of the rep means; "
			      "+- 95 %%)\n");
	for (uint32_t i = 0; i < x->nresults; i++) {
		const struct sbm_result *r = &x->results[i];

		if (r->gap_ns != gap)
			continue;
		if (!r->clean)
			report_printf("%-50s: lost updates, no figure\n",
				      label_of(r));
		else if (!gap)
			report_printf("%-50s: %8.4f%% (var: %.2f%%, +-%.2f)\n",
				      label_of(r), r->pct, r->rep_cv,
				      r->pct_ci);
		else if (above_noise(r))
			report_printf("%-50s: not above the floor (within "
				      "noise: %.2f +- %.2f ns)\n", label_of(r),
				      sbm_ns(e, r->above) / 2,
				      sbm_ns(e, r->above_ci) / 2);
		else if (above_noise(g))
			report_printf("%-50s: %8s  (global not above its floor "
				      "within noise: %.2f +- %.2f ns)\n",
				      label_of(r), "-", sbm_ns(e, g->above) / 2,
				      sbm_ns(e, g->above_ci) / 2);
		else if (r->have_pct_abv)
			report_printf("%-50s: %8.4f%% (+-%.2f)\n", label_of(r),
				      r->pct_abv, r->pct_abv_ci);
		else
			report_printf("%-50s: %8s  (%s)\n", label_of(r), "-",
				      r->have_floor ? "global not above its "
				      "floor" : "no floor");
	}
}

void sbm_report(struct engine *e, void *state)
{
	struct sbm_exp *x = state;

	report_printf("\nper update = half an iteration (set, clear); above "
		      "floor = over private / private-u8 at the same gap; "
		      "%%global at a gap = above floor / global's above "
		      "floor; +- = 95 %% interval; iters/window = the fewest "
		      "and most one CPU completed in one window (with windows "
		      "bounded by time, a CPU far below the others got its "
		      "updates through less often; N late: windows a CPU "
		      "began after another had closed them, left out of the "
		      "spread)\n");
	report_printf("noise = a cost above the floor whose 95 %% interval "
		      "holds 0 (or below 0): not above the floor within the "
		      "run's noise\n");
	report_printf("%-10s %-8s %7s %4s %11s %9s %8s %9s %7s %8s %7s %8s "
		      "%6s %4s %8s %s\n", "layout", "op", "gap_ns", "cpus",
		      "ticks/iter", "ns/upd", "+-95%", "abv_floor", "+-95%",
		      "%global", "+-95%", "%g(med)", "var%", "reps",
		      "gap_real", "iters/window");
	for (uint32_t i = 0; i < x->nresults; i++) {
		const struct sbm_result *r = &x->results[i];
		char pct[16] = "-", pci[16] = "-", pmed[16] = "-";
		char above[16] = "-", aci[16] = "-", greal[16] = "-";
		char late[32] = "";

		if (r->late)
			snprintf(late, sizeof(late), " (%llu late)",
				 (unsigned long long)r->late);
		if (!r->clean) {
			snprintf(pct, sizeof(pct), "LOST-UPD");
		} else if (r->gap_ns && (above_noise(r) ||
			   above_noise(result_at(x, SBM_GLOBAL, r->gap_ns)))) {
			snprintf(pct, sizeof(pct), "noise");
		} else if (r->gap_ns && r->have_pct_abv) {
			snprintf(pct, sizeof(pct), "%.2f", r->pct_abv);
			snprintf(pci, sizeof(pci), "%.2f", r->pct_abv_ci);
		} else if (!r->gap_ns && r->have_pct) {
			snprintf(pct, sizeof(pct), "%.2f", r->pct);
			snprintf(pci, sizeof(pci), "%.2f", r->pct_ci);
			snprintf(pmed, sizeof(pmed), "%.2f", r->pct_median);
		}
		if (above_noise(r)) {
			snprintf(above, sizeof(above), "noise");
			snprintf(aci, sizeof(aci), "%.2f",
				 sbm_ns(e, r->above_ci) / 2);
		} else if (r->have_floor) {
			snprintf(above, sizeof(above), "%.2f",
				 sbm_ns(e, r->above) / 2);
			snprintf(aci, sizeof(aci), "%.2f",
				 sbm_ns(e, r->above_ci) / 2);
		}
		if (r->gap_ns && r->gap_real_ns > 0)
			snprintf(greal, sizeof(greal), "%.0f", r->gap_real_ns);
		report_printf("%-10s %-8s %7u %4u %11.4f %9.3f %8.3f %9s %7s "
			      "%8s %7s %8s %6.2f %4u %8s %llu-%llu%s\n",
			      sbm_kind_name(r->kind), r->op, r->gap_ns,
			      r->ncpus, r->st.mean, sbm_ns(e, r->st.mean) / 2,
			      sbm_ns(e, r->ci95) / 2, above, aci, pct, pci,
			      pmed, r->rep_cv, r->reps, greal,
			      (unsigned long long)r->iters_min,
			      (unsigned long long)r->iters_max, late);
		node_rows(e, r);
	}
	clock_block(e, x);
	for (uint32_t gi = 0; gi < sbm_opts.ngaps; gi++)
		if (sbm_opts.mode != MODE_PAIR || !gi)
			seed_block(e, x, sbm_opts.mode == MODE_PAIR ? 0 :
				   sbm_opts.gap_ns[gi]);
}
