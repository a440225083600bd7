/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "estimate.h"
#include "exp_sbm.h"
#include "isa_ops.h"
#include "labels.h"
#include "report.h"

sbm_pair_fn sbm_pair_runner;

static int sbm_check(const struct engine *e, const char **why)
{
	static char msg[256];

	if (!ops_find(e->cfg.op, false) || !ops_find(e->cfg.op_u8, true)) {
		ops_refusal(e->cfg.op, e->cfg.op_u8, msg, sizeof(msg));
		*why = msg;
		return -1;
	}
	if (e->cfg.mode == MODE_PAIR && !sbm_pair_runner) {
		*why = "mode=pair needs an OS scheduler: Linux twin only";
		return -1;
	}
	return 0;
}

/* Size the arena for every layout cfg.layouts names; a layout that does
 * not build is reported when its turn comes. */
static int arena_setup(struct engine *e, struct sbm_exp *x, const char **why)
{
	struct topo *t = e->topo;
	size_t size[TOPO_MAX_NODES] = { 0 };

	for (int k = 0; k < SBM_NKINDS; k++) {
		struct sbm_layout l;
		const char *lwhy;

		if (!(e->cfg.layouts & (1u << k)) ||
		    sbm_layout_build(&l, (enum sbm_kind)k, t, t->line_size, &lwhy))
			continue;
		for (uint32_t r = 0; r < l.nregions; r++)
			if (sbm_region_size(&l, r) > size[r])
				size[r] = sbm_region_size(&l, r);
		sbm_layout_free(&l);
	}
	return node_arena_alloc(&x->arena, t, size, why);
}

static void config_record(struct engine *e, struct sbm_exp *x)
{
	const char *pl = x->arena.placement;
	char buf[400], ops[200];
	struct rec r;

	ops_format(ops, sizeof(ops));
	config_format(&e->cfg, buf, sizeof(buf));
	report_printf("options: %s\nops available: %s\n", buf, ops);
	report_printf("running on %u of %u CPUs\n", e->nchosen, e->topo->ncpus);
	report_printf("leaves in %s\n",
		      !strcmp(pl, "node") ?
		      "each node's own memory (placement=node)" :
		      !strcmp(pl, "partial") ?
		      "their node's memory where the platform could place "
		      "them, else the common heap (placement=partial)" :
		      "the common heap: the platform could not place memory "
		      "by node (placement=boot)");
	report_rec_start(&r, "config");
	rec_u64(&r, "iters", e->cfg.iters);
	rec_u64(&r, "reps", e->cfg.reps);
	rec_u64(&r, "warmup", e->cfg.warmup);
	rec_u64(&r, "line", e->topo->line_size);
	rec_u64(&r, "cpus", e->nchosen);
	rec_str(&r, "mode", e->cfg.mode == MODE_PAIR ? "pair" : "loop");
	rec_str(&r, "ops", ops);
	rec_str(&r, "placement", pl);
	report_record(&r);
}

static int sbm_prepare(struct engine *e, void **state)
{
	struct sbm_exp *x = calloc(1, sizeof(*x));
	const char *why = "out of memory";

	*state = x;
	if (!x || arena_setup(e, x, &why)) {
		report_warn("layout", 0, why);
		return -1;
	}
	config_record(e, x);
	return 0;
}

/* The per-CPU body: warm up, time iters x (set; clear) under full
 * contention, then keep the line busy until the slowest window closes. */
static void sbm_body(struct engine *e, uint32_t cpu, void *arg)
{
	struct sbm_exp *x = arg;
	const struct sbm_layout *l = &x->layout;
	void *p = sbm_slot_ptr(l, &x->arena.a, cpu);
	unsigned bit = l->slot[cpu].bit;
	struct engine_window w;
	uint32_t sense = 0;
	uint64_t t1;

	if (!engine_barrier(e, &sense))
		return;
	if (e->cfg.warmup)
		x->op->loop(p, bit, e->cfg.warmup);
	if (!engine_barrier(e, &sense))
		return;
	engine_window_open(e, &w);
	x->op->loop(p, bit, e->cfg.iters);
	t1 = engine_window_close(e, cpu, &w);
	engine_window_done(e);
	while (engine_others_timing(e, t1))
		x->op->loop(p, bit, 16);
}

static void group_stats(const struct engine *e, struct sbm_result *r,
			const double *samples, uint32_t reps, bool by_llc)
{
	const struct topo *t = e->topo;
	uint32_t ngroups = by_llc ? t->nllcs : t->nnodes;
	struct sbm_group_stat *gs = calloc(ngroups, sizeof(*gs));
	double *v = malloc(sizeof(double) * t->ncpus * reps);
	uint32_t out = 0;

	if (!gs || !v) {
		free(gs);
		free(v);
		return;
	}
	for (uint32_t g = 0; g < ngroups; g++) {
		size_t n = 0;

		for (uint32_t i = 0; i < t->ncpus; i++) {
			uint32_t cg = by_llc ? t->cpus[i].llc : t->cpus[i].node;

			if (cg != g || !e->chosen[i])
				continue;
			for (uint32_t rep = 0; rep < reps; rep++)
				v[n++] = samples[rep * t->ncpus + i];
		}
		if (!n)
			continue;
		gs[out].id = g;
		gs[out].ncpus = (uint32_t)(n / reps);
		stats_compute(v, n, &gs[out].st);
		out++;
	}
	free(v);
	if (by_llc) {
		r->by_llc = gs;
		r->nllc = out;
	} else {
		r->by_node = gs;
		r->nnode = out;
	}
}

void sbm_summarise(const struct engine *e, struct sbm_result *r,
		   const double *samples, uint32_t reps)
{
	const struct topo *t = e->topo;
	double *all = malloc(sizeof(double) * t->ncpus * reps);
	double *means = malloc(sizeof(double) * reps);
	struct stats ms;
	size_t n = 0;

	if (!all || !means) {
		free(all);
		free(means);
		return;
	}
	for (uint32_t rep = 0; rep < reps; rep++) {
		double sum = 0;
		uint32_t k = 0;

		for (uint32_t i = 0; i < t->ncpus; i++) {
			if (!e->chosen[i])
				continue;
			all[n++] = samples[rep * t->ncpus + i];
			sum += samples[rep * t->ncpus + i];
			k++;
		}
		means[rep] = k ? sum / k : 0;
	}
	stats_compute(all, n, &r->st);
	stats_compute(means, reps, &ms);
	r->rep_cv = ms.cv;
	r->reps = reps;
	free(all);
	free(means);
	group_stats(e, r, samples, reps, true);
	group_stats(e, r, samples, reps, false);
}

static double median_of_chosen(const struct engine *e, const double *v,
			       uint32_t reps)
{
	const struct topo *t = e->topo;
	double *c = malloc(sizeof(double) * t->ncpus * reps);
	struct stats s;
	size_t n = 0;

	if (!c)
		return 0;
	for (uint32_t rep = 0; rep < reps; rep++)
		for (uint32_t i = 0; i < t->ncpus; i++)
			if (e->chosen[i])
				c[n++] = v[rep * t->ncpus + i];
	stats_compute(c, n, &s);
	free(c);
	return s.median;
}

/* %global, once, where the result is made: ratio of medians (one
 * preempted vCPU or an SMI moves a mean, not a median). */
static void set_pct(struct sbm_exp *x, struct sbm_result *r)
{
	for (uint32_t i = 0; i < x->nresults; i++) {
		const struct sbm_result *g = &x->results[i];

		if (g->kind == SBM_GLOBAL && g->st.median > 0) {
			r->have_pct = true;
			r->pct = r->st.median / g->st.median * 100.0;
		}
	}
	if (r->kind == SBM_GLOBAL && r->st.median > 0) {
		r->have_pct = true;
		r->pct = 100.0;
	}
}

/* The engine's way: every chosen CPU runs sbm_body() once per rep. */
static int time_on_engine(struct engine *e, struct sbm_exp *x,
			  double *samples, double *cyc, bool *clean)
{
	const struct topo *t = e->topo;
	/* generous: 2 minutes plus 20 us per iteration */
	uint64_t deadline_ms = 120000 + (e->cfg.iters + e->cfg.warmup) / 50;

	for (uint32_t rep = 0; rep < e->cfg.reps; rep++) {
		sbm_zero(&x->layout, &x->arena.a);
		if (engine_run(e, sbm_body, x, deadline_ms))
			return -1;
		for (uint32_t i = 0; i < t->ncpus; i++) {
			if (!e->chosen[i])
				continue;
			samples[rep * t->ncpus + i] =
				(double)e->mbox[i].ticks / (double)e->cfg.iters;
			cyc[rep * t->ncpus + i] =
				(double)e->mbox[i].cycles / (double)e->cfg.iters;
		}
		/* Every CPU cleared what it set: a lost update shows here. */
		if (sbm_weight(&x->layout, &x->arena.a))
			*clean = false;
	}
	return 0;
}

static int run_layout(struct engine *e, struct sbm_exp *x, enum sbm_kind kind)
{
	struct topo *t = e->topo;
	struct sbm_result *r = &x->results[x->nresults];
	struct sbm_layout *l = &x->layout;
	size_t nsamples = (size_t)t->ncpus * e->cfg.reps;
	double *samples, *cyc;
	const char *why;
	int rc = 0;

	if (sbm_layout_build(l, kind, t, t->line_size, &why)) {
		report_warn("layout", kind, why);
		return -1;
	}
	for (uint32_t g = 0; g < l->nregions; g++)
		if (sbm_region_size(l, g) > x->arena.size[g]) {
			/* arena_setup() sized every chosen layout */
			report_warn("layout", kind, "arena too small");
			sbm_layout_free(l);
			return -1;
		}
	x->op = ops_find(l->bytewise ? e->cfg.op_u8 : e->cfg.op, l->bytewise);
	samples = calloc(nsamples, sizeof(double));
	cyc = calloc(nsamples, sizeof(double));
	if (!samples || !cyc) {
		report_warn("layout", kind, "out of memory");
		rc = -1;
		goto out;
	}
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	r->op = x->op->name;
	r->iters = e->cfg.iters;
	r->ncpus = e->nchosen;
	r->clean = true;
	if (e->cfg.mode == MODE_PAIR)
		rc = sbm_pair_runner(e, x, l, x->op, samples, &r->clean);
	else
		rc = time_on_engine(e, x, samples, cyc, &r->clean);
	if (!rc) {
		sbm_summarise(e, r, samples, e->cfg.reps);
		if (e->info.cycles && e->cfg.mode != MODE_PAIR)
			r->cycles_median = median_of_chosen(e, cyc, e->cfg.reps);
		set_pct(x, r);
		x->nresults++;
		if (!r->clean)
			report_warn("layout", kind,
				    "mask not empty after the run: lost update");
	}
out:
	free(samples);
	free(cyc);
	if (e->aborted)
		return rc;	/* a straggler may still touch layout and arena */
	sbm_layout_free(l);
	return rc;
}

static double to_ns(const struct engine *e, double ticks)
{
	return ticks * 1e9 / (double)e->info.counter_hz;
}

static void group_records(const struct sbm_result *r, const char *by,
			  const struct sbm_group_stat *g, uint32_t n)
{
	struct rec rec;

	for (uint32_t i = 0; i < n; i++) {
		report_rec_start(&rec, "group");
		rec_str(&rec, "layout", sbm_kind_name(r->kind));
		rec_str(&rec, "by", by);
		rec_u64(&rec, "id", g[i].id);
		rec_u64(&rec, "cpus", g[i].ncpus);
		rec_dbl(&rec, "median", g[i].st.median, 5);
		rec_dbl(&rec, "mean", g[i].st.mean, 5);
		rec_dbl(&rec, "min", g[i].st.min, 5);
		rec_dbl(&rec, "max", g[i].st.max, 5);
		report_record(&rec);
	}
}

static void result_record(const struct engine *e, const struct sbm_result *r)
{
	struct rec rec;

	report_rec_start(&rec, "result");
	rec_str(&rec, "layout", sbm_kind_name(r->kind));
	rec_str(&rec, "op", r->op);
	rec_str(&rec, "mode", e->cfg.mode == MODE_PAIR ? "pair" : "loop");
	rec_u64(&rec, "cpus", r->ncpus);
	rec_u64(&rec, "iters", r->iters);
	rec_u64(&rec, "reps", r->reps);
	rec_str(&rec, "unit", "ticks/iter");
	rec_dbl(&rec, "median", r->st.median, 5);
	rec_dbl(&rec, "mean", r->st.mean, 5);
	rec_dbl(&rec, "min", r->st.min, 5);
	rec_dbl(&rec, "max", r->st.max, 5);
	rec_dbl(&rec, "stddev", r->st.stddev, 5);
	rec_dbl(&rec, "cv", r->st.cv, 2);
	rec_dbl(&rec, "rep_cv", r->rep_cv, 2);
	rec_dbl(&rec, "ns", to_ns(e, r->st.median), 3);
	if (r->have_pct)
		rec_dbl(&rec, "pct", r->pct, 4);
	if (e->info.cycles)
		rec_dbl(&rec, "cycles", r->cycles_median, 3);
	rec_u64(&rec, "clean", r->clean);
	report_record(&rec);
	group_records(r, "llc", r->by_llc, r->nllc);
	group_records(r, "node", r->by_node, r->nnode);
}

static int sbm_run(struct engine *e, void *state)
{
	struct sbm_exp *x = state;
	int status = 0;

	for (int k = 0; k < SBM_NKINDS; k++) {
		if (!(e->cfg.layouts & (1u << k)))
			continue;
		if (e->aborted)
			break;
		report_printf("running %s x %u reps on %u CPUs ...\n",
			      sbm_kind_name((enum sbm_kind)k), e->cfg.reps,
			      e->nchosen);
		if (run_layout(e, x, (enum sbm_kind)k)) {
			status = 1;
			continue;
		}
		result_record(e, &x->results[x->nresults - 1]);
		/* a lost update means the op is broken: not a figure */
		if (!x->results[x->nresults - 1].clean)
			status = 1;
	}
	return status;
}

static const char *label_of(const struct sbm_result *r)
{
	return layout_label(sbm_kind_name(r->kind), r->op);
}

static void sbm_report(struct engine *e, void *state)
{
	struct sbm_exp *x = state;
	bool any_pct = false;

	report_printf("\n%-8s %-8s %5s %12s %10s %10s %9s %7s\n", "layout",
		      "op", "cpus", "ticks/iter", "ns/iter", "min", "%global",
		      "var%");
	for (uint32_t i = 0; i < x->nresults; i++) {
		const struct sbm_result *r = &x->results[i];
		char pct[16] = "-";

		if (!r->clean)
			snprintf(pct, sizeof(pct), "LOST-UPD");
		else if (r->have_pct)
			snprintf(pct, sizeof(pct), "%.2f", r->pct);
		any_pct |= r->have_pct;
		report_printf("%-8s %-8s %5u %12.4f %10.2f %10.4f %9s %7.2f\n",
			      sbm_kind_name(r->kind), r->op, r->ncpus,
			      r->st.median, to_ns(e, r->st.median), r->st.min,
			      pct, r->rep_cv);
	}
	if (!any_pct)
		return;
	/* The seed's block. */
	report_printf("\n%%ticks vs global mask operation\n");
	for (uint32_t i = 0; i < x->nresults; i++) {
		const struct sbm_result *r = &x->results[i];

		if (!r->clean) {
			report_printf("%-44s: lost updates, no figure\n",
				      label_of(r));
			continue;
		}
		report_printf("%-44s: %8.4f%% (var: %.2f%%)\n", label_of(r),
			      r->pct, r->rep_cv);
	}
}

static void sbm_release(struct engine *e, void *state)
{
	struct sbm_exp *x = state;

	(void)e;
	for (uint32_t i = 0; i < x->nresults; i++) {
		free(x->results[i].by_llc);
		free(x->results[i].by_node);
	}
	node_arena_free(&x->arena);
	free(x);
}

const struct experiment exp_sbm = {
	.name = "sbm",
	.options = "layouts op op_u8 iters reps warmup line cpus mode",
	.check = sbm_check,
	.prepare = sbm_prepare,
	.estimate_ms = sbm_estimate_ms,
	.run = sbm_run,
	.report = sbm_report,
	.release = sbm_release,
};
