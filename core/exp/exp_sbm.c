/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/estimate.h"
#include "exp/exp_sbm.h"
#include "isa_ops.h"
#include "out/labels.h"
#include "out/report.h"

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

/* What op @name (or "native") executes; "-" for one this ISA lacks. */
static const char *op_barriers(const char *name, bool bytewise)
{
	const struct sbm_op *op = ops_find(name, bytewise);
	const char *b = op ? isa_op_barriers(op->name) : NULL;

	return b ? b : "-";
}

static void config_record(struct engine *e, struct sbm_exp *x)
{
	const char *pl = x->arena.placement;
	char buf[400], ops[200], gaps[CONFIG_MAX_GAPS * 10] = "";
	struct rec r;

	for (uint32_t i = 0; i < e->cfg.ngaps; i++) {
		size_t l = strlen(gaps);

		snprintf(gaps + l, sizeof(gaps) - l, "%s%u", i ? "," : "",
			 e->cfg.gap_ns[i]);
	}
	ops_format(ops, sizeof(ops));
	config_format(&e->cfg, buf, sizeof(buf));
	report_printf("options: %s\nops available: %s\n", buf, ops);
	report_printf("running on %u of %u CPUs; leaves %u bytes apart "
		      "(cache line %u)\n", e->nchosen, e->topo->ncpus,
		      x->spacing, e->topo->line_size);
	report_printf("gaps between updates: %s ns (one spin round %.3f ns "
		      "on the boot CPU)%s\n", gaps, x->spin_ns,
		      e->cfg.mode == MODE_PAIR ? "; mode=pair runs gap 0 only" :
		      "");
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
	/* reps=auto: results carry how many each layout needed */
	rec_u64(&r, "reps_max", e->cfg.reps_auto ? CONFIG_REPS_AUTO_MAX :
				e->cfg.reps);
	rec_u64(&r, "warmup", e->cfg.warmup);
	rec_u64(&r, "line", x->spacing);
	rec_u64(&r, "cpus", e->nchosen);
	rec_str(&r, "mode", e->cfg.mode == MODE_PAIR ? "pair" : "loop");
	rec_str(&r, "ops", ops);
	rec_str(&r, "placement", pl);
	rec_str(&r, "gaps", gaps);
	rec_dbl(&r, "spin_ns", x->spin_ns, 4);
	rec_u64(&r, "cache_line", e->topo->line_size);
	/* which barrier follows which op: "set+barrier/clear" (isa_ops.h) */
	rec_str(&r, "op_barriers", op_barriers(e->cfg.op, false));
	rec_str(&r, "op_u8_barriers", op_barriers(e->cfg.op_u8, true));
	rec_u64(&r, "gap_fence", e->cfg.gap_fence);
	report_record(&r);
}

static int sbm_prepare(struct engine *e, void **state)
{
	struct sbm_exp *x = calloc(1, sizeof(*x));
	const char *why = "out of memory";

	*state = x;
	if (x) {
		/* Intel and AMD fetch 64-byte lines in pairs: leaves 128
		 * bytes apart, or a line apart where lines are larger */
		x->spacing = sbm_spacing(e->cfg.line, e->topo);
		x->spin_ns = ops_spin_ns(e->info.counter_hz);
	}
	if (!x || node_arena_for_layouts(&x->arena, e->topo, e->cfg.layouts,
						 x->spacing, &why)) {
		report_warn("layout", 0, why);
		return -1;
	}
	config_record(e, x);
	return 0;
}

void sbm_body(struct engine *e, uint32_t cpu, void *arg)
{
	struct sbm_exp *x = arg;
	const struct sbm_layout *l = &x->layout;
	void *p = sbm_slot_ptr(l, &x->arena.a, cpu);
	unsigned bit = l->slot[cpu].bit;
	struct engine_window w;
	uint32_t sense = 0;
	uint64_t t1;

	uint64_t spins = x->spins;

	if (!engine_barrier(e, &sense))
		return;
	if (e->cfg.warmup)
		x->op->loop_gap(p, bit, e->cfg.warmup, spins);
	if (!engine_barrier(e, &sense))
		return;
	engine_window_open(e, &w);
	if (spins)
		x->op->loop_gap(p, bit, e->cfg.iters, spins);
	else
		x->op->loop(p, bit, e->cfg.iters);
	t1 = engine_window_close(e, cpu, &w);
	engine_window_done(e);
	while (engine_others_timing(e, t1))
		x->op->loop_gap(p, bit, 1, spins);
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

/* The mean over the chosen CPUs of each repetition, in @means[0..reps). */
static void rep_means(const struct engine *e, const double *samples,
		      uint32_t reps, double *means)
{
	const struct topo *t = e->topo;

	for (uint32_t rep = 0; rep < reps; rep++) {
		double sum = 0;
		uint32_t k = 0;

		for (uint32_t i = 0; i < t->ncpus; i++) {
			if (!e->chosen[i])
				continue;
			sum += samples[rep * t->ncpus + i];
			k++;
		}
		means[rep] = k ? sum / k : 0;
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
	for (uint32_t rep = 0; rep < reps; rep++)
		for (uint32_t i = 0; i < t->ncpus; i++)
			if (e->chosen[i])
				all[n++] = samples[rep * t->ncpus + i];
	rep_means(e, samples, reps, means);
	stats_compute(all, n, &r->st);
	stats_compute(means, reps, &ms);
	r->rep_cv = ms.cv;
	r->ci95 = stats_ci95(&ms);
	r->reps = reps;
	free(all);
	free(means);
	group_stats(e, r, samples, reps, true);
	group_stats(e, r, samples, reps, false);
}

bool sbm_reps_enough(const struct engine *e, const double *samples,
		     uint32_t reps)
{
	double means[CONFIG_REPS_AUTO_MAX];
	struct stats ms;

	if (!e->cfg.reps_auto || reps >= CONFIG_REPS_AUTO_MAX)
		return reps >= e->cfg.reps;
	if (reps < e->cfg.reps)
		return false;
	rep_means(e, samples, reps, means);
	stats_compute(means, reps, &ms);
	return stats_ci95_within(&ms, CONFIG_REPS_AUTO_PCT);
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

/*
 * Cycles per iteration and the clock the CPUs really ran at: a CPU in a
 * window never idles (interrupts off, busy loop), so its core cycles over
 * the window's time are its effective frequency.  A clock the firmware
 * left low shows here, where ticks alone would hide it.
 */
static void effective_clock(const struct engine *e, struct sbm_result *r,
			    const double *samples, const double *cyc,
			    uint32_t reps)
{
	size_t n = (size_t)e->topo->ncpus * reps;
	double *mhz = calloc(n, sizeof(double));

	r->cycles_median = median_of_chosen(e, cyc, reps);
	if (!mhz)
		return;
	for (size_t i = 0; i < n; i++)
		if (samples[i] > 0)
			mhz[i] = cyc[i] / samples[i] *
				 (double)e->info.counter_hz / 1e6;
	r->mhz = median_of_chosen(e, mhz, reps);
	free(mhz);
}

/* The no-sharing floor of a layout: the same kind of op, each CPU on a
 * line of its own. */
static enum sbm_kind floor_of(enum sbm_kind k)
{
	return sbm_kind_is_bytewise(k) ? SBM_PRIVATE_U8 : SBM_PRIVATE;
}

/*
 * Every derived figure, once, where the results of one gap are made:
 * %global as the seed computes it (a ratio of sums: mean ticks per update
 * over all CPUs and repetitions), the ratio of medians beside it, and the
 * cost above the floor measured at the same gap.
 */
static void derive(struct sbm_exp *x, uint32_t first)
{
	const struct sbm_result *by_kind[SBM_NKINDS] = { 0 };
	const struct sbm_result *g;

	for (uint32_t i = first; i < x->nresults; i++)
		by_kind[x->results[i].kind] = &x->results[i];
	g = by_kind[SBM_GLOBAL];
	for (uint32_t i = first; i < x->nresults; i++) {
		struct sbm_result *r = &x->results[i];
		const struct sbm_result *f = by_kind[floor_of(r->kind)];

		if (g && g->st.mean > 0 && g->st.median > 0) {
			r->have_pct = true;
			r->pct = r->st.mean / g->st.mean * 100.0;
			r->pct_median = r->st.median / g->st.median * 100.0;
		}
		if (f && f->clean) {
			r->have_floor = true;
			r->floor = f->st.mean;
			r->above = r->st.mean - f->st.mean;
		}
	}
}

#define REPS_AUTO_MAX_STR "20"
_Static_assert(CONFIG_REPS_AUTO_MAX == 20, "REPS_AUTO_MAX_STR");

/* The engine's way: every chosen CPU runs sbm_body() once per rep. */
static int time_on_engine(struct engine *e, struct sbm_exp *x,
			  uint32_t gap_ns, double *samples, double *cyc,
			  bool *clean, uint32_t *reps)
{
	const struct topo *t = e->topo;
	uint64_t n = e->cfg.iters + e->cfg.warmup;
	/* generous: 2 minutes plus 20 us per iteration, plus 4x the gaps */
	uint64_t deadline_ms = 120000 + n / 50 + n * gap_ns / 125000;

	for (*reps = 0; !sbm_reps_enough(e, samples, *reps); ++*reps) {
		uint32_t rep = *reps;

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

int sbm_use_layout(struct engine *e, struct sbm_exp *x, enum sbm_kind kind,
		   const char **why)
{
	struct sbm_layout *l = &x->layout;

	if (sbm_layout_build(l, kind, e->topo, x->spacing, why))
		return -1;
	for (uint32_t g = 0; g < l->nregions; g++)
		if (sbm_region_size(l, g) > x->arena.size[g]) {
			/* node_arena_for_layouts() sized every chosen one */
			*why = "arena too small";
			sbm_layout_free(l);
			return -1;
		}
	x->op = ops_find(l->bytewise ? e->cfg.op_u8 : e->cfg.op, l->bytewise);
	return 0;
}

static int run_layout(struct engine *e, struct sbm_exp *x, enum sbm_kind kind,
		      uint32_t gap_ns)
{
	struct topo *t = e->topo;
	struct sbm_result *r = &x->results[x->nresults];
	struct sbm_layout *l = &x->layout;
	uint32_t reps = e->cfg.reps;
	size_t nsamples = (size_t)t->ncpus *
			  (e->cfg.reps_auto ? CONFIG_REPS_AUTO_MAX : e->cfg.reps);
	double *samples, *cyc;
	const char *why;
	int rc = 0;

	if (sbm_use_layout(e, x, kind, &why)) {
		report_warn("layout", kind, why);
		return -1;
	}
	x->spins = gap_ns && x->spin_ns > 0 ?
		   (uint64_t)((double)gap_ns / x->spin_ns + 0.5) : 0;
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
	r->gap_ns = gap_ns;
	r->iters = e->cfg.iters;
	r->ncpus = e->nchosen;
	r->clean = true;
	if (e->cfg.mode == MODE_PAIR)
		rc = sbm_pair_runner(e, x, l, x->op, samples, &r->clean);
	else
		rc = time_on_engine(e, x, gap_ns, samples, cyc, &r->clean,
				    &reps);
	if (!rc) {
		sbm_summarise(e, r, samples, reps);
		if (e->info.cycles && e->cfg.mode != MODE_PAIR)
			effective_clock(e, r, samples, cyc, reps);
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
		rec_u64(&rec, "gap", r->gap_ns);
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
	/* v=1 grows at the end: readers skip keys they do not know */
	rec_u64(&rec, "gap", r->gap_ns);
	rec_dbl(&rec, "ci95", r->ci95, 5);
	/* an iteration is two updates (set, clear) */
	rec_dbl(&rec, "upd_ns", to_ns(e, r->st.mean) / 2, 3);
	if (r->have_pct)
		rec_dbl(&rec, "pct_median", r->pct_median, 4);
	if (r->have_floor) {
		rec_dbl(&rec, "floor", r->floor, 5);
		rec_dbl(&rec, "cost_ns", to_ns(e, r->above) / 2, 3);
	}
	if (e->info.cycles && r->mhz > 0)
		rec_dbl(&rec, "mhz", r->mhz, 1);
	report_record(&rec);
	group_records(r, "llc", r->by_llc, r->nllc);
	group_records(r, "node", r->by_node, r->nnode);
}

static int sbm_run(struct engine *e, void *state)
{
	struct sbm_exp *x = state;
	uint32_t ngaps = e->cfg.mode == MODE_PAIR ? 1 : e->cfg.ngaps;
	int status = 0;

	for (uint32_t gi = 0; gi < ngaps && !e->aborted; gi++) {
		uint32_t gap = e->cfg.mode == MODE_PAIR ? 0 : e->cfg.gap_ns[gi];
		uint32_t first = x->nresults;

		for (int k = 0; k < SBM_NKINDS; k++) {
			if (!(e->cfg.layouts & (1u << k)))
				continue;
			if (e->aborted)
				break;
			report_printf("running %s x %u%s reps on %u CPUs, gap "
				      "%u ns ...\n",
				      sbm_kind_name((enum sbm_kind)k),
				      e->cfg.reps, e->cfg.reps_auto ?
				      " to " REPS_AUTO_MAX_STR : "",
				      e->nchosen, gap);
			if (run_layout(e, x, (enum sbm_kind)k, gap))
				status = 1;
		}
		derive(x, first);
		for (uint32_t i = first; i < x->nresults; i++) {
			result_record(e, &x->results[i]);
			/* a lost update means the op is broken: not a figure */
			if (!x->results[i].clean)
				status = 1;
		}
	}
	return status;
}

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
			      g->ncpus, g->st.mean, to_ns(e, g->st.mean) / 2,
			      to_ns(e, g->st.median) / 2,
			      to_ns(e, g->st.max) / 2);
	}
}

/* Core cycles per update and the clock the windows ran at, where the
 * platform reads a cycle counter (APERF, PMCCNTR, rdcycle). */
static void clock_block(const struct engine *e, const struct sbm_exp *x)
{
	if (!e->info.cycles || e->cfg.mode == MODE_PAIR)
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

static void seed_block(const struct sbm_exp *x, uint32_t gap)
{
	bool any = false;

	for (uint32_t i = 0; i < x->nresults; i++)
		any |= x->results[i].gap_ns == gap && x->results[i].have_pct;
	if (!any)
		return;
	report_printf("\n%%ticks vs global mask operation, gap %u ns "
		      "(ratio of sums; var = CV of the rep means)\n", gap);
	for (uint32_t i = 0; i < x->nresults; i++) {
		const struct sbm_result *r = &x->results[i];

		if (r->gap_ns != gap)
			continue;
		if (!r->clean) {
			report_printf("%-50s: lost updates, no figure\n",
				      label_of(r));
			continue;
		}
		report_printf("%-50s: %8.4f%% (var: %.2f%%)\n", label_of(r),
			      r->pct, r->rep_cv);
	}
}

static void sbm_report(struct engine *e, void *state)
{
	struct sbm_exp *x = state;

	report_printf("\nper update = half an iteration (set, clear); above "
		      "floor = over private / private-u8 at the same gap\n");
	report_printf("%-10s %-8s %7s %4s %11s %9s %8s %9s %8s %8s %6s %4s\n",
		      "layout", "op", "gap_ns", "cpus", "ticks/iter", "ns/upd",
		      "+-95%", "abv_floor", "%global", "%g(med)", "var%",
		      "reps");
	for (uint32_t i = 0; i < x->nresults; i++) {
		const struct sbm_result *r = &x->results[i];
		char pct[16] = "-", pmed[16] = "-", above[16] = "-";

		if (!r->clean) {
			snprintf(pct, sizeof(pct), "LOST-UPD");
		} else if (r->have_pct) {
			snprintf(pct, sizeof(pct), "%.2f", r->pct);
			snprintf(pmed, sizeof(pmed), "%.2f", r->pct_median);
		}
		if (r->have_floor)
			snprintf(above, sizeof(above), "%.2f",
				 to_ns(e, r->above) / 2);
		report_printf("%-10s %-8s %7u %4u %11.4f %9.3f %8.3f %9s %8s "
			      "%8s %6.2f %4u\n", sbm_kind_name(r->kind), r->op,
			      r->gap_ns, r->ncpus, r->st.mean,
			      to_ns(e, r->st.mean) / 2, to_ns(e, r->ci95) / 2,
			      above, pct, pmed, r->rep_cv, r->reps);
		node_rows(e, r);
	}
	clock_block(e, x);
	for (uint32_t gi = 0; gi < e->cfg.ngaps; gi++)
		if (e->cfg.mode != MODE_PAIR || !gi)
			seed_block(x, e->cfg.mode == MODE_PAIR ? 0 :
				   e->cfg.gap_ns[gi]);
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
	.options = &exp_sbm_options,
	.check = sbm_check,
	.prepare = sbm_prepare,
	.estimate_ms = sbm_estimate_ms,
	.run = sbm_run,
	.report = sbm_report,
	.release = sbm_release,
};
