/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * scale: the cost of an update as CPUs are added, per layout.
 * Options: the orders CPUs are added in, and how many counts.
 *
 * In three parts: its records' kinds and keys (all the host tools need:
 * they compile it with SBM_EXP_RECORDS_ONLY), its options (the option
 * fuzzer stops there: SBM_EXP_DECLS_ONLY), the experiment: the plan,
 * prepare, estimate and struct experiment here, the curves in
 * scale_run.c, the human tables in scale_report.c (exp_scale.h).
 */

/* its records, in the form of core/output/record_schema.def */
#include "output/record_schema.h"

#ifndef SBM_EXP_NO_RECORDS
const struct rec_schema exp_scale_records[] = {
	REC_KIND("scale-plan", REST, 5, ONE)
	REC_KEY("cpus", U64, "CPUs")
	REC_KEY("steps", U64, "")
	REC_KEY("iters", U64, "")
	REC_KEY("op", STR, "")
	REC_KEY("home", U64, "node")
	REC_KEY("op_u8", STR, "")
	REC_KEY("layouts", STR, "")
	REC_KEY("orders", STR, "")
	REC_KEY("llcs", U64, "")
	REC_KEY("points", U64, "")
	REC_KEY("placement", STR, "")
	REC_KEY("reps", U64, "")
	REC_KEY("window", STR, "")

	REC_KIND("scale", LIST, 4, GROWS)
	REC_KEY("cpus", U64, "CPUs")
	REC_KEY("unit", STR, "")
	REC_KEY("median", DBL, "ticks")
	REC_KEY("min", DBL, "ticks")
	REC_KEY("max", DBL, "ticks")
	REC_KEY("ns", DBL, "ns")
	REC_KEY("layout", STR, "")
	REC_KEY("order", STR, "")
	REC_KEY("op", STR, "")
	REC_KEY("upd_ns", DBL, "ns")
	REC_KEY("clean", U64, "flag")
	REC_KEY("llcs", U64, "")
	REC_KEY("iters_min", U64, "")
	REC_KEY("iters_max", U64, "")

	REC_KIND("scale-summary", REST, 7, ONE)
	REC_KEY("layout", STR, "")
	REC_KEY("order", STR, "")
	REC_KEY("op", STR, "")
	REC_KEY("cpus", U64, "CPUs")
	REC_KEY("base_ns", DBL, "ns")
	REC_KEY("last_ns", DBL, "ns")
	REC_KEY("doubles_at", U64_OR_NEVER, "CPUs")
	REC_KEY("llc_wins_from", U64_OR_NEVER, "CPUs")
	REC_KEY("llc_stops_at", U64_OR_NEVER, "CPUs")
	REC_END
};
#endif /* !SBM_EXP_NO_RECORDS */

#ifndef SBM_EXP_RECORDS_ONLY
#include <stdio.h>

#include "exp/scale/exp_scale_opts.h"
#include "options/config.h"
#include "options/option.h"

struct scale_opts scale_opts;

static const char *const orders[] = { "auto", "topo", "rr", "both", NULL };

static void format_steps(const struct option_decl *d, const struct config *c,
			 char *buf, size_t len)
{
	(void)d;
	(void)c;
	if (scale_opts.steps)
		snprintf(buf, len, "%u", scale_opts.steps);
	else
		snprintf(buf, len, "auto");
}

static const struct option_decl decls[] = {
	{ .key = "scale_order", .kind = OPT_ENUM,
	  OPT_OWN_FIELD(struct scale_opts, order),
	  .flags = OPT_IF_RUNS, .names = orders, .def = "auto", .meta = "O",
	  .help = "CPU orders: topo, rr (round-robin over LLCs), both, auto "
	  "(both where the CPUs span two LLCs, else topo)" },
	/* 0: every count up to 32, then doubling */
	{ .key = "scale_steps", .kind = OPT_UINT,
	  OPT_OWN_FIELD(struct scale_opts, steps),
	  .flags = OPT_IF_RUNS, .lo = 2, .hi = 64, .format = format_steps,
	  .def_doc = "every count up to 32, then doubling", .meta = "N",
	  .help = "most CPU counts per curve" },
	{ .key = NULL }
};

const struct option_set exp_scale_options = {
	.name = "scale", .decls = decls, .own = &scale_opts,
	.own_size = sizeof(scale_opts)
};

#ifndef SBM_EXP_DECLS_ONLY
#include <stdlib.h>
#include <string.h>

#include "exp/sbm/exp_sbm_opts.h"
#include "measure/c2c_pairs.h"
#include "measure/estimate.h"
#include "measure/window_plan.h"
#include "exp/scale/exp_scale.h"
#include "isa_ops.h"
#include "output/report.h"
#include "measure/stats.h"

static const char *const order_names[SCALE_NORDERS] = { "topo", "rr" };

const char *scale_order_name(enum scale_order_id o)
{
	return o < SCALE_NORDERS ? order_names[o] : "?";
}

/* @b to the power @n, by multiplication (no libm in the image) */
static double dpow(double b, uint32_t n)
{
	double r = 1;

	while (n--)
		r *= b;
	return r;
}

uint32_t scale_steps(uint32_t n, uint32_t most, uint32_t *out)
{
	uint32_t k = 0;

	for (uint32_t c = 1; c <= n && c <= 32; c++)
		out[k++] = c;
	for (uint32_t c = 64; c < n && k < 63; c *= 2)
		out[k++] = c;
	if (n > 32)
		out[k++] = n;
	if (!most || k <= most)
		return k;
	/* step i of most: the smallest c with c^(most-1) >= n^i, so the
	 * counts grow by one ratio; distinct, and room left for the rest */
	k = 0;
	out[k++] = 1;
	for (uint32_t i = 1; i + 1 < most; i++) {
		double want = dpow((double)n, i);
		uint32_t lo = out[k - 1] + 1, hi = n - (most - 1 - i);

		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;

			if (dpow((double)mid, most - 1) >= want)
				hi = mid;
			else
				lo = mid + 1;
		}
		out[k++] = lo;
	}
	out[k++] = n;
	return k;
}

static int scale_check(const struct engine *e, const char **why)
{
	static char msg[256];

	(void)e;
	if (sbm_opts.mode == MODE_PAIR) {
		*why = "experiment=scale needs CPUs parked on the engine "
		       "(valid with mode=loop; mode=pair is sbm's only)";
		return -1;
	}
	if (!ops_find(sbm_opts.op, false) || !ops_find(sbm_opts.op_u8, true)) {
		ops_refusal(sbm_opts.op, sbm_opts.op_u8, msg, sizeof(msg));
		*why = msg;
		return -1;
	}
	return 0;
}

/* Which orders run: scale_order=, or both where there is more than one
 * LLC (with one, round-robin is topology order). */
static void pick_orders(struct scale_exp *x, enum scale_order o)
{
	x->run_order[SCALE_TOPO] = o != SCALE_ORDER_RR;
	x->run_order[SCALE_RR] = o == SCALE_ORDER_RR || o == SCALE_ORDER_BOTH ||
				 (o == SCALE_ORDER_AUTO && x->nllcs > 1);
}

static void plan_record(struct engine *e, struct scale_exp *x)
{
	const struct topo *t = e->topo;
	char layouts[96] = "", orders[16] = "", iters[48];
	uint32_t norders = 0;
	struct rec r;

	if (sbm_opts.iters)
		snprintf(iters, sizeof(iters), "%llu iterations",
			 (unsigned long long)sbm_opts.iters);
	else
		snprintf(iters, sizeof(iters), "one time window");
	for (int k = 0; k < SBM_NKINDS; k++)
		if (sbm_opts.layouts & (1u << k)) {
			size_t l = strlen(layouts);

			snprintf(layouts + l, sizeof(layouts) - l, "%s%s",
				 l ? "," : "", sbm_kind_name((enum sbm_kind)k));
		}
	for (int o = 0; o < SCALE_NORDERS; o++)
		if (x->run_order[o]) {
			size_t l = strlen(orders);

			snprintf(orders + l, sizeof(orders) - l, "%s%s",
				 l ? "," : "", order_names[o]);
			norders++;
		}
	report_printf("scale: %u layouts (%s) x %u orders (%s) x %u steps, 1 "
		      "to %u CPUs over %u LLCs, %u reps of %s each (op %s, "
		      "op_u8 %s)\n",
		      x->ncurves / (norders ? norders : 1), layouts, norders,
		      orders, x->nsteps, x->ncpus, x->nllcs, sbm_opts.reps,
		      iters,
		      ops_find(sbm_opts.op, false)->name,
		      ops_find(sbm_opts.op_u8, true)->name);
	report_rec_start(&r, "scale-plan");
	rec_u64(&r, "cpus", x->ncpus);
	rec_u64(&r, "steps", x->nsteps);
	rec_u64(&r, "iters", sbm_opts.iters);
	rec_str(&r, "op", ops_find(sbm_opts.op, false)->name);
	rec_u64(&r, "home", t->cpus[e->bsp].node);
	/* v=1 grows at the end: readers skip keys they do not know */
	rec_str(&r, "op_u8", ops_find(sbm_opts.op_u8, true)->name);
	rec_str(&r, "layouts", layouts);
	rec_str(&r, "orders", orders);
	rec_u64(&r, "llcs", x->nllcs);
	rec_u64(&r, "points", (uint64_t)x->ncurves * x->nsteps);
	rec_str(&r, "placement", x->sbm.arena.placement);
	rec_u64(&r, "reps", sbm_opts.reps);
	rec_str(&r, "window", sbm_opts.iters ? "count" : "time");
	report_record(&r);
}

/* How many LLCs the first steps[s] CPUs of each order span. */
static int llc_spans(struct scale_exp *x, const struct topo *t)
{
	uint8_t *seen = malloc(t->nllcs ? t->nllcs : 1);

	if (!seen)
		return -1;
	for (int o = 0; o < SCALE_NORDERS; o++) {
		uint32_t n = 0, s = 0;

		memset(seen, 0, t->nllcs ? t->nllcs : 1);
		for (uint32_t i = 0; i < x->ncpus && s < x->nsteps; i++) {
			uint32_t l = t->cpus[x->order[o][i]].llc;

			if (l < t->nllcs && !seen[l]) {
				seen[l] = 1;
				n++;
			}
			if (i + 1 == x->steps[s])
				x->span[o][s++] = n;
		}
	}
	free(seen);
	return 0;
}

static int scale_prepare(struct engine *e, void **state)
{
	struct scale_exp *x = calloc(1, sizeof(*x));
	const struct topo *t = e->topo;
	const char *why = "out of memory";

	*state = x;
	if (!x)
		goto fail;
	x->order[SCALE_TOPO] = malloc(sizeof(uint32_t) * t->ncpus);
	x->order[SCALE_RR] = malloc(sizeof(uint32_t) * t->ncpus);
	if (!x->order[SCALE_TOPO] || !x->order[SCALE_RR])
		goto fail;
	x->ncpus = topo_order(t, e->chosen, x->order[SCALE_TOPO]);
	x->nllcs = topo_order_rr(t, x->order[SCALE_TOPO], x->ncpus,
				 x->order[SCALE_RR]);
	x->nsteps = scale_steps(x->ncpus, scale_opts.steps, x->steps);
	pick_orders(x, scale_opts.order);
	if (llc_spans(x, t))
		goto fail;
	for (int k = 0; k < SBM_NKINDS; k++) {
		if (!(sbm_opts.layouts & (1u << k)))
			continue;
		for (int o = 0; o < SCALE_NORDERS; o++) {
			struct scale_curve *c = &x->curves[x->ncurves];

			if (!x->run_order[o])
				continue;
			c->kind = (enum sbm_kind)k;
			c->order = (enum scale_order_id)o;
			c->pt = calloc(x->nsteps, sizeof(*c->pt));
			if (!c->pt)
				goto fail;
			x->ncurves++;
		}
	}
	/* every CPU's iterations (windows bounded by time need them) */
	if (sbm_alloc_windows(&x->sbm, t->ncpus))
		goto fail;
	/* leaves as sbm spaces them, in one arena for every layout */
	x->sbm.spacing = sbm_spacing(sbm_opts.line, t);
	if (node_arena_for_layouts(&x->sbm.arena, t, sbm_opts.layouts,
				   x->sbm.spacing, &why))
		goto fail;
	plan_record(e, x);
	return 0;
fail:
	report_warn("scale", 0, why);
	return -1;
}

/* Ticks of one rep of the first @k CPUs of @order with @n iterations
 * on x->sbm.layout (the warm-up included); 0 when the engine failed. */
static uint64_t time_point(struct engine *e, struct scale_exp *x,
			   const uint32_t *order, uint32_t k, uint64_t n)
{
	uint64_t saved = sbm_opts.iters, t0 = isa_counter();
	int rc;

	sbm_zero(&x->sbm.layout, &x->sbm.arena.a);
	sbm_opts.iters = n;
	rc = engine_run_on(e, order, k, sbm_body, &x->sbm,
			   120000 + (n + sbm_opts.warmup) / 50);
	sbm_opts.iters = saved;
	return rc ? 0 : isa_counter() - t0;
}

/*
 * Windows bounded by time: a pilot of every curve's last point (its most
 * CPUs, its most contended) gives the slowest CPU's pace, the planner one
 * window length for every point (measure/window_plan.h); the estimate is
 * the plan's.
 */
static uint64_t scale_plan_ms(struct engine *e, struct scale_exp *x,
			      uint64_t reps)
{
	uint32_t khi = x->steps[x->nsteps - 1], n = 0;
	struct window_plan_in in = { .counter_hz = e->info.counter_hz,
				     .reps = (uint32_t)reps,
				     .gaps = x->nsteps, .block = SBM_BLOCK };
	double slow = 0, over = 0, s, o;
	struct window_plan p;
	const char *why;

	x->sbm.spins = 0;
	for (uint32_t i = 0; i < x->ncurves && !e->aborted; i++) {
		const struct scale_curve *c = &x->curves[i];

		if (sbm_use_layout(e, &x->sbm, c->kind, &why))
			continue;
		if (!sbm_pilot(e, &x->sbm, x->order[c->order], khi,
			       SBM_PILOT_ITERS, &s, &o)) {
			slow = s > slow ? s : slow;
			over += o;
			n++;
		}
		if (!e->aborted)
			sbm_layout_free(&x->sbm.layout);
	}
	in.slow_iter_ns = sbm_ns(e, slow);
	in.overhead_ns = n ? sbm_ns(e, over / n) : 0;
	in.layouts = x->ncurves;
	in.fixed_ns = (uint64_t)sbm_opts.window_us * 1000;
	if (!n || window_plan(&in, &p))
		return 0;
	x->sbm.window_ticks = p.window_ticks;
	x->sbm.warm_ticks = p.warm_ticks;
	x->sbm.chunk_max = p.chunk_max;
	report_printf("scale: windows of %.1f ms (bound: %s; the slowest CPU "
		      "took %.2f us an iteration at %u CPUs in the pilot), %u "
		      "curves x %u points x %llu reps: %.1f s\n",
		      (double)p.window_ns / 1e6, p.bound,
		      in.slow_iter_ns / 1e3, khi, x->ncurves, x->nsteps,
		      (unsigned long long)reps, p.total_s);
	return (uint64_t)(p.total_s * 1000 + 0.5);
}

/*
 * Measured, as sbm's estimate: one whole rep of every curve's first and
 * last point, timed; the points between interpolated by CPU count.
 */
static uint64_t scale_estimate_ms(struct engine *e, void *state)
{
	struct scale_exp *x = state;
	uint64_t ticks = 0;
	uint64_t reps = sbm_opts.reps ? sbm_opts.reps : 1;
	uint32_t klo = x->nsteps ? x->steps[0] : 0;
	uint32_t khi = x->nsteps ? x->steps[x->nsteps - 1] : 0;
	const char *why;

	if (!sbm_opts.iters)
		return klo ? scale_plan_ms(e, x, reps) : 0;
	for (uint32_t i = 0; i < x->ncurves && klo && !e->aborted; i++) {
		const struct scale_curve *c = &x->curves[i];
		const uint32_t *order = x->order[c->order];
		uint64_t lo, hi;

		if (sbm_use_layout(e, &x->sbm, c->kind, &why))
			continue;
		lo = time_point(e, x, order, klo, sbm_opts.iters);
		hi = time_point(e, x, order, khi, sbm_opts.iters);
		ticks += estimate_points(lo, klo, hi, khi, x->steps, x->nsteps,
					 reps);
		if (!e->aborted)
			sbm_layout_free(&x->sbm.layout);
	}
	return estimate_ms(e, ticks);
}

static void scale_release(struct engine *e, void *state)
{
	struct scale_exp *x = state;

	(void)e;
	node_arena_free(&x->sbm.arena);
	free(x->sbm.done);
	free(x->sbm.win);
	for (uint32_t i = 0; i < x->ncurves; i++)
		free(x->curves[i].pt);
	free(x->order[SCALE_TOPO]);
	free(x->order[SCALE_RR]);
	free(x);
}

const struct experiment exp_scale = {
	.options = &exp_scale_options,
	.check = scale_check,
	.prepare = scale_prepare,
	.estimate_ms = scale_estimate_ms,
	.run = scale_run,
	.report = scale_report,
	.release = scale_release,
};

#endif /* !SBM_EXP_DECLS_ONLY */

#endif /* !SBM_EXP_RECORDS_ONLY */
