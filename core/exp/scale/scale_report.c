/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The scale experiment (exp_scale.c): the human tables after the run,
 * cost per update at each CPU count, per order, with the LLC line.
 */
#include <stdio.h>

#include "exp/scale/exp_scale.h"
#include "output/report.h"

static void at_text(char *buf, size_t len, uint32_t k)
{
	if (k)
		snprintf(buf, len, "%u", k);
	else
		snprintf(buf, len, "never");
}

static void cell(const struct engine *e, const struct scale_curve *c,
		 uint32_t s)
{
	if (s < c->npts && c->pt[s].clean)
		report_printf(" %10.2f", scale_upd_ns(e, c->pt[s].median));
	else
		report_printf(" %10s", s < c->npts ? "LOST-UPD" : "-");
}

/* Where llc beats global in this order, as the summary says. */
static void llc_line(const struct scale_exp *x, const struct scale_curve *llc)
{
	char at[16];

	if (!llc || !llc->vs_global)
		return;
	if (x->nllcs < 2) {
		report_printf("llc vs global: one LLC, llc's leaf is global's "
			      "one line\n");
	} else if (!llc->wins_from) {
		report_printf("llc never beats global (by %.0f %% or more)\n",
			      (1 - SCALE_BEATS) * 100);
	} else {
		at_text(at, sizeof(at), llc->stops_at);
		report_printf("llc beats global (by %.0f %% or more) from %u "
			      "CPUs; stops beating it at: %s\n",
			      (1 - SCALE_BEATS) * 100, llc->wins_from, at);
	}
}

/* One table per order: a row per CPU count, a column per layout. */
static void order_table(const struct engine *e, const struct scale_exp *x,
			enum scale_order_id o)
{
	char at[16];

	report_printf("\nscale, CPUs in %s order: ns per update (median over "
		      "reps of the median over CPUs)\n%5s",
		      o == SCALE_TOPO ? "topology" : "round-robin-over-LLCs",
		      "cpus");
	for (uint32_t i = 0; i < x->ncurves; i++)
		if (x->curves[i].order == o)
			report_printf(" %10s",
				      sbm_kind_name(x->curves[i].kind));
	report_printf("\n");
	for (uint32_t s = 0; s < x->nsteps; s++) {
		report_printf("%5u", x->steps[s]);
		for (uint32_t i = 0; i < x->ncurves; i++)
			if (x->curves[i].order == o)
				cell(e, &x->curves[i], s);
		report_printf("\n");
	}
	report_printf("%5s", "x2 at");
	for (uint32_t i = 0; i < x->ncurves; i++)
		if (x->curves[i].order == o) {
			at_text(at, sizeof(at), x->curves[i].doubles_at);
			report_printf(" %10s", x->curves[i].npts ? at : "-");
		}
	report_printf("\n");
	llc_line(x, scale_curve_of(x, SBM_LLC, o));
}

void scale_report(struct engine *e, void *state)
{
	struct scale_exp *x = state;

	for (int o = 0; o < SCALE_NORDERS; o++)
		if (x->run_order[o])
			order_table(e, x, (enum scale_order_id)o);
}
