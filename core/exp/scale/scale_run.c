/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The scale experiment (exp_scale.c): its runs.  For every chosen layout
 * and CPU order, the curve of cost per update over its CPU counts, each
 * point sbm's body on the first k CPUs; the point and summary records,
 * the figures derived across curves, progress on a long run.
 */
#include <stdlib.h>

#include "exp/sbm/exp_sbm_opts.h"
#include "exp/scale/exp_scale.h"
#include "isa_ops.h"
#include "measure/stats.h"
#include "options/config.h"
#include "output/report.h"

#define PROGRESS_MS	2000

double scale_upd_ns(const struct engine *e, double ticks_per_iter)
{
	return ticks_per_iter * 1e9 / (double)e->info.counter_hz / 2;
}

static void point_record(const struct engine *e, const struct scale_curve *c,
			 const struct scale_point *p)
{
	struct rec r;

	report_rec_start(&r, "scale");
	rec_u64(&r, "cpus", p->cpus);
	rec_str(&r, "unit", "ticks/iter");
	rec_dbl(&r, "median", p->median, 5);
	rec_dbl(&r, "min", p->min, 5);
	rec_dbl(&r, "max", p->max, 5);
	rec_dbl(&r, "ns", scale_upd_ns(e, p->median) * 2, 3);
	/* v=1 grows at the end: older scale records are one shared line */
	rec_str(&r, "layout", sbm_kind_name(c->kind));
	rec_str(&r, "order", scale_order_name(c->order));
	rec_str(&r, "op", c->op);
	rec_dbl(&r, "upd_ns", scale_upd_ns(e, p->median), 3);
	rec_u64(&r, "clean", p->clean);
	rec_u64(&r, "llcs", p->llcs);
	/* the fewest and most iterations one CPU completed in a window */
	rec_u64(&r, "iters_min", p->iters_min);
	rec_u64(&r, "iters_max", p->iters_max);
	report_record(&r);
}

/*
 * One point: the first @k CPUs of @c's order on x->sbm.layout, cfg.reps
 * times.  Its figure is the median over reps of the median over CPUs, so
 * that one rep where a vCPU was descheduled (the CPUs did not overlap, or
 * a window took a preemption) does not make it; min and max are over
 * every CPU and rep.  @v has room for ncpus x reps.
 */
static int measure(struct engine *e, struct scale_exp *x,
		   struct scale_curve *c, uint32_t s, double *v)
{
	const uint32_t *order = x->order[c->order];
	uint64_t deadline_ms = sbm_rep_deadline_ms(0);
	struct scale_point *p = &c->pt[s];
	uint32_t k = x->steps[s], reps = sbm_opts.reps ? sbm_opts.reps : 1;
	double *per_rep = v + (size_t)k * reps;
	struct stats sum;

	p->clean = true;
	/* by time, reps run as blocks of back-to-back windows (sbm_body) */
	x->sbm.nwin = 1;
	for (uint32_t rep = 0; rep < reps; rep += x->sbm.nwin) {
		if (x->sbm.window_ticks)
			x->sbm.nwin = reps - rep < SBM_BLOCK ? reps - rep :
				      SBM_BLOCK;
		sbm_zero(&x->sbm.layout, &x->sbm.arena.a);
		if (engine_run_on(e, order, k, sbm_body, &x->sbm, deadline_ms))
			return -1;
		for (uint32_t w = 0; w < x->sbm.nwin; w++) {
			double *vr = v + (size_t)(rep + w) * k;

			for (uint32_t i = 0; i < k; i++) {
				uint64_t n = x->sbm.done[order[i]];
				uint64_t ticks = e->mbox[order[i]].ticks;

				if (x->sbm.window_ticks) {
					const struct sbm_window *sw =
						&x->sbm.win[(size_t)w *
							    e->topo->ncpus +
							    order[i]];

					n = sw->iters;
					ticks = sw->ticks;
				}
				vr[i] = (double)ticks / (double)(n ? n : 1);
				if ((!rep && !w && !i) || n < p->iters_min)
					p->iters_min = n;
				if (n > p->iters_max)
					p->iters_max = n;
			}
			stats_compute(vr, k, &sum);
			per_rep[rep + w] = sum.median;
		}
		/* every CPU cleared what it set: a lost update shows here */
		if (sbm_weight(&x->sbm.layout, &x->sbm.arena.a))
			p->clean = false;
	}
	stats_compute(v, (size_t)k * reps, &sum);
	p->min = sum.min;
	p->max = sum.max;
	stats_compute(per_rep, reps, &sum);
	p->median = sum.median;
	p->cpus = k;
	p->llcs = x->span[c->order][s];
	c->npts = s + 1;
	point_record(e, c, p);
	if (!p->clean)
		report_warn("scale", c->kind,
			    "mask not empty after the run: lost update");
	return 0;
}

static void summary_record(const struct engine *e, const struct scale_curve *c)
{
	const struct scale_point *last = &c->pt[c->npts - 1];
	struct rec r;

	report_rec_start(&r, "scale-summary");
	rec_str(&r, "layout", sbm_kind_name(c->kind));
	rec_str(&r, "order", scale_order_name(c->order));
	rec_str(&r, "op", c->op);
	rec_u64(&r, "cpus", last->cpus);
	rec_dbl(&r, "base_ns", scale_upd_ns(e, c->pt[0].median), 3);
	rec_dbl(&r, "last_ns", scale_upd_ns(e, last->median), 3);
	if (c->doubles_at)
		rec_u64(&r, "doubles_at", c->doubles_at);
	else
		rec_str(&r, "doubles_at", "never");
	if (c->vs_global) {
		if (!c->wins_from)	/* nothing to stop */
			rec_str(&r, "llc_wins_from", "never");
		else
			rec_u64(&r, "llc_wins_from", c->wins_from);
		if (c->wins_from && c->stops_at)
			rec_u64(&r, "llc_stops_at", c->stops_at);
		else if (c->wins_from)
			rec_str(&r, "llc_stops_at", "never");
	}
	report_record(&r);
}

const struct scale_curve *scale_curve_of(const struct scale_exp *x,
					 enum sbm_kind k,
					 enum scale_order_id o)
{
	for (uint32_t i = 0; i < x->ncurves; i++)
		if (x->curves[i].kind == k && x->curves[i].order == o)
			return &x->curves[i];
	return NULL;
}

void scale_derive(struct scale_exp *x)
{
	for (uint32_t i = 0; i < x->ncurves; i++) {
		struct scale_curve *c = &x->curves[i];
		const struct scale_curve *g;
		uint32_t n, last_win = 0;
		bool won = false;

		c->doubles_at = 0;
		c->vs_global = false;
		c->wins_from = c->stops_at = 0;
		for (uint32_t s = 1; s < c->npts && !c->doubles_at; s++)
			if (c->pt[s].median >= 2 * c->pt[0].median)
				c->doubles_at = c->pt[s].cpus;
		g = scale_curve_of(x, SBM_GLOBAL, c->order);
		if (c->kind != SBM_LLC || !g || !g->npts || !c->npts)
			continue;
		c->vs_global = true;
		n = c->npts < g->npts ? c->npts : g->npts;
		for (uint32_t s = 0; s < n; s++) {
			/* in one LLC the llc layout is global's one line */
			if (c->pt[s].llcs < 2 ||
			    c->pt[s].median > SCALE_BEATS * g->pt[s].median)
				continue;
			if (!won)
				c->wins_from = c->pt[s].cpus;
			won = true;
			last_win = s;
		}
		if (won && last_win + 1 < n)
			c->stops_at = c->pt[last_win + 1].cpus;
	}
}

/* Where scale_run() is, for the progress lines between points. */
struct scale_progress {
	uint64_t t0, last, every;
	uint32_t done, total;
};

static void progress(const struct engine *e, struct scale_progress *pr)
{
	uint64_t now = isa_counter();
	double spent;

	pr->done++;
	if (now - pr->last < pr->every || pr->done >= pr->total)
		return;
	spent = (double)(now - pr->t0) / (double)e->info.counter_hz;
	report_printf("scale: %u/%u points, %.1f s, about %.0f s left\n",
		      pr->done, pr->total, spent,
		      spent / pr->done * (double)(pr->total - pr->done));
	pr->last = now;
}

/* Every point of every curve of layout @k (built in x->sbm.layout):
 * 0, 1 when a point lost an update, -1 when the engine stopped. */
static int run_layout_curves(struct engine *e, struct scale_exp *x,
			     enum sbm_kind k, double *v,
			     struct scale_progress *pr)
{
	int status = 0;

	for (uint32_t i = 0; i < x->ncurves; i++) {
		struct scale_curve *c = &x->curves[i];

		if (c->kind != k)
			continue;
		c->op = x->sbm.op->name;
		for (uint32_t s = 0; s < x->nsteps; s++) {
			if (measure(e, x, c, s, v)) {
				report_warn("scale", x->steps[s],
					    "step not measured; scale stops");
				return -1;
			}
			status |= !c->pt[s].clean;
			/* between points: no window is open */
			progress(e, pr);
		}
	}
	return status;
}

int scale_run(struct engine *e, void *state)
{
	struct scale_exp *x = state;
	/* a point's samples, CPUs x reps, and its per-rep medians */
	double *v = malloc(sizeof(double) * ((size_t)x->ncpus + 1) *
			   (sbm_opts.reps ? sbm_opts.reps : 1));
	struct scale_progress pr = {
		.t0 = isa_counter(), .every = engine_ms_ticks(e, PROGRESS_MS),
		.total = x->ncurves * x->nsteps,
	};
	int status = 0;

	if (!v)
		return 1;
	pr.last = pr.t0;
	for (int k = 0; k < SBM_NKINDS; k++) {
		const char *why;
		int rc;

		if (!(sbm_opts.layouts & (1u << k)))
			continue;
		if (sbm_use_layout(e, &x->sbm, (enum sbm_kind)k, &why)) {
			report_warn("scale", (uint32_t)k, why);
			status = 1;
			continue;
		}
		rc = run_layout_curves(e, x, (enum sbm_kind)k, v, &pr);
		if (rc < 0) {
			free(v);
			return 1;	/* aborted: a straggler may still
					 * touch the layout: keep it */
		}
		status |= rc;
		sbm_layout_free(&x->sbm.layout);
	}
	free(v);
	scale_derive(x);
	for (uint32_t i = 0; i < x->ncurves; i++)
		if (x->curves[i].npts)
			summary_record(e, &x->curves[i]);
	return status;
}
