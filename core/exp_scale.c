/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>

#include "c2c_pairs.h"
#include "estimate.h"
#include "exp_scale.h"
#include "isa_ops.h"
#include "ops.h"
#include "report.h"
#include "stats.h"

#define MAX_STEPS 64

uint32_t scale_steps(uint32_t n, uint32_t *out)
{
	uint32_t k = 0;

	for (uint32_t c = 1; c <= n && c <= 32; c++)
		out[k++] = c;
	for (uint32_t c = 64; c < n && k < MAX_STEPS - 1; c *= 2)
		out[k++] = c;
	if (n > 32)
		out[k++] = n;
	return k;
}

static int scale_check(const struct engine *e, const char **why)
{
	if (e->cfg.mode == MODE_PAIR) {
		*why = "experiment=scale needs CPUs parked on the engine "
		       "(valid with mode=loop; mode=pair is sbm's only)";
		return -1;
	}
	if (!ops_find(e->cfg.op, false)) {
		*why = "experiment=scale: unknown op (valid: see ops available)";
		return -1;
	}
	return 0;
}

static int scale_prepare(struct engine *e, void **state)
{
	struct scale_exp *x = calloc(1, sizeof(*x));
	const struct topo *t = e->topo;
	size_t size[TOPO_MAX_NODES] = { 0 };
	const char *why = "out of memory";
	struct rec r;

	*state = x;
	if (!x)
		goto fail;
	x->order = malloc(sizeof(*x->order) * t->ncpus);
	x->steps = malloc(sizeof(*x->steps) * MAX_STEPS);
	x->res = calloc(MAX_STEPS, sizeof(*x->res));
	if (!x->order || !x->steps || !x->res)
		goto fail;
	x->ncpus = topo_order(t, e->chosen, x->order);
	x->nsteps = scale_steps(x->ncpus, x->steps);
	x->op = ops_find(e->cfg.op, false);
	/* the line lives where the global mask would: the boot CPU's node */
	size[t->cpus[e->bsp].node] = 4096;
	if (node_arena_alloc(&x->arena, t, size, &why))
		goto fail;
	report_printf("scale: %u steps, 1 to %u CPUs in topology order, "
		      "%llu iterations of %s each\n", x->nsteps, x->ncpus,
		      (unsigned long long)e->cfg.iters, x->op->name);
	report_rec_start(&r, "scale-plan");
	rec_u64(&r, "cpus", x->ncpus);
	rec_u64(&r, "steps", x->nsteps);
	rec_u64(&r, "iters", e->cfg.iters);
	rec_str(&r, "op", x->op->name);
	rec_u64(&r, "home", t->cpus[e->bsp].node);
	report_record(&r);
	return 0;
fail:
	report_warn("scale", 0, why);
	return -1;
}

/* Each step: every CPU one handoff per op, two ops an iteration. */
static uint64_t scale_estimate_ms(struct engine *e, void *state)
{
	struct scale_exp *x = state;
	uint64_t per = (e->cfg.iters + e->cfg.warmup) * 2 *
		       estimate_handoff(e), ticks = 0;

	for (uint32_t s = 0; s < x->nsteps; s++)
		ticks += per * x->steps[s];
	return estimate_ms(e, ticks);
}

static void *line_of(const struct scale_exp *x, const struct engine *e)
{
	return x->arena.a.base[e->topo->cpus[e->bsp].node];
}

/* As sbm's body: warm up, time iters, keep the line busy until the
 * slowest window closes.  A CPU's bit: its position, 8 words a line. */
static void scale_body(struct engine *e, uint32_t cpu, void *arg)
{
	struct scale_exp *x = arg;
	uint32_t pos = 0, sense = 0;
	struct engine_window w;
	uint64_t *word;
	uint64_t t1;

	while (pos < x->ncpus && x->order[pos] != cpu)
		pos++;
	word = (uint64_t *)line_of(x, e) + (pos / 64) % 8;
	if (!engine_barrier(e, &sense))
		return;
	if (e->cfg.warmup)
		x->op->loop(word, pos % 64, e->cfg.warmup);
	if (!engine_barrier(e, &sense))
		return;
	engine_window_open(e, &w);
	x->op->loop(word, pos % 64, e->cfg.iters);
	t1 = engine_window_close(e, cpu, &w);
	engine_window_done(e);
	while (engine_others_timing(e, t1))
		x->op->loop(word, pos % 64, 16);
}

static int scale_run(struct engine *e, void *state)
{
	struct scale_exp *x = state;
	double *v = malloc(sizeof(double) * (x->ncpus ? x->ncpus : 1));
	uint64_t deadline_ms = 120000 + (e->cfg.iters + e->cfg.warmup) / 50;

	if (!v)
		return 1;
	for (uint32_t s = 0; s < x->nsteps; s++) {
		struct scale_step *st = &x->res[s];
		uint32_t k = x->steps[s];
		struct stats sum;
		struct rec r;

		if (engine_run_on(e, x->order, k, scale_body, x, deadline_ms)) {
			report_warn("scale", k, "step not measured; scale stops");
			free(v);
			return 1;
		}
		for (uint32_t i = 0; i < k; i++)
			v[i] = (double)e->mbox[x->order[i]].ticks /
			       (double)e->cfg.iters;
		stats_compute(v, k, &sum);
		st->cpus = k;
		st->median = sum.median;
		st->min = sum.min;
		st->max = sum.max;
		x->nres = s + 1;
		report_rec_start(&r, "scale");
		rec_u64(&r, "cpus", k);
		rec_str(&r, "unit", "ticks/iter");
		rec_dbl(&r, "median", st->median, 5);
		rec_dbl(&r, "min", st->min, 5);
		rec_dbl(&r, "max", st->max, 5);
		rec_dbl(&r, "ns", st->median * 1e9 / (double)e->info.counter_hz,
			3);
		report_record(&r);
	}
	free(v);
	return 0;
}

static void scale_report(struct engine *e, void *state)
{
	struct scale_exp *x = state;

	report_printf("\n%-5s %5s %12s %10s %10s   (set+clear, one shared line)\n",
		      "scale", "cpus", "ticks/iter", "ns/iter", "max");
	for (uint32_t s = 0; s < x->nres; s++)
		report_printf("%-5s %5u %12.4f %10.2f %10.4f\n", "", x->res[s].cpus,
			      x->res[s].median, x->res[s].median * 1e9 /
			      (double)e->info.counter_hz, x->res[s].max);
}

static void scale_release(struct engine *e, void *state)
{
	struct scale_exp *x = state;

	(void)e;
	node_arena_free(&x->arena);
	free(x->order);
	free(x->steps);
	free(x->res);
	free(x);
}

const struct experiment exp_scale = {
	.name = "scale",
	.options = "op iters warmup cpus",
	.check = scale_check,
	.prepare = scale_prepare,
	.estimate_ms = scale_estimate_ms,
	.run = scale_run,
	.report = scale_report,
	.release = scale_release,
};
