/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * c2c: the one-way latency of a cache line between each pair of CPUs,
 * plain and CAS.  Options: which pairs, how many round trips, where the
 * line lives.
 *
 * One file, in three parts: its records' kinds and keys (all the host
 * tools need: they compile it with SBM_EXP_RECORDS_ONLY), its options
 * (the option fuzzer stops there: SBM_EXP_DECLS_ONLY), the experiment.
 */

/* its records, in the form of core/output/record_schema.def */
#include "output/record_schema.h"

#ifndef SBM_EXP_NO_RECORDS
const struct rec_schema exp_c2c_records[] = {
	REC_KIND("c2c-plan", REST, 5, ONE)
	REC_KEY("cpus", U64, "CPUs")
	REC_KEY("pairs", U64, "")
	REC_KEY("select", STR, "")
	REC_KEY("per_class", U64, "")
	REC_KEY("rounds", U64, "")
	REC_KEY("warmup", U64, "")
	REC_KEY("home", STR, "")
	REC_KEY("placement", STR, "")
	REC_KEY("cas_op", STR, "")

	REC_KIND("c2c", LIST, 7, GROWS)
	REC_KEY("a", U64, "cpu")
	REC_KEY("b", U64, "cpu")
	REC_KEY("class", STR, "")
	REC_KEY("home", U64, "node")
	REC_KEY("median", DBL, "ns")
	REC_KEY("min", DBL, "ns")
	REC_KEY("cas_median", DBL, "ns")
	REC_KEY("cas_min", DBL, "ns")
	REC_KEY("batch", U64, "")
	REC_KEY("cas_batch", U64, "")
	REC_KEY("timed", U64, "")
	REC_KEY("cas_timed", U64, "")
	REC_END
};
#endif /* !SBM_EXP_NO_RECORDS */

#ifndef SBM_EXP_RECORDS_ONLY
#include <stdio.h>
#include <string.h>

#include "exp/c2c/exp_c2c_opts.h"
#include "options/config.h"
#include "options/config_words.h"
#include "options/option.h"

struct c2c_opts c2c_opts;

static int set_pairs(const struct option_decl *d, struct config *c,
		     const char *val, char *err, size_t errlen)
{
	uint64_t v;

	(void)c;
	if (!strcmp(val, "all")) {
		c2c_opts.pairs = PAIRS_ALL;
	} else if (!strcmp(val, "reps")) {
		c2c_opts.pairs = PAIRS_REPS;
	} else if (!strcmp(val, "auto")) {
		c2c_opts.pairs = PAIRS_AUTO;
	} else if (!config_parse_u64(val, 1, 100000, &v)) {
		c2c_opts.pairs = PAIRS_RANDOM;
		c2c_opts.pairs_k = (uint32_t)v;
	} else {
		return config_bad_value(err, errlen, d->key, val,
			"all, reps, auto, or pairs per class 1..100000");
	}
	return 0;
}

static void format_pairs(const struct option_decl *d, const struct config *c,
			 char *buf, size_t len)
{
	(void)d;
	(void)c;
	if (c2c_opts.pairs == PAIRS_RANDOM)
		snprintf(buf, len, "%u", c2c_opts.pairs_k);
	else
		snprintf(buf, len, "%s", c2c_opts.pairs == PAIRS_ALL ? "all" :
			 c2c_opts.pairs == PAIRS_REPS ? "reps" : "auto");
}

static int set_home(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint64_t v;

	(void)c;
	if (!strcmp(val, "a")) {
		c2c_opts.home = HOME_A;
	} else if (!strcmp(val, "b")) {
		c2c_opts.home = HOME_B;
	} else if (!strncmp(val, "node:", 5) &&
		   !config_parse_u64(val + 5, 0, 63, &v)) {
		c2c_opts.home = HOME_NODE;
		c2c_opts.home_node = (uint32_t)v;
	} else {
		return config_bad_value(err, errlen, d->key, val,
					"a, b, node:N (0..63)");
	}
	return 0;
}

/* c2c_home's value as the options line and the plan say it */
static void home_name(char *buf, size_t len)
{
	if (c2c_opts.home == HOME_NODE)
		snprintf(buf, len, "node:%u", c2c_opts.home_node);
	else
		snprintf(buf, len, "%s", c2c_opts.home == HOME_A ? "a" : "b");
}

static void format_home(const struct option_decl *d, const struct config *c,
			char *buf, size_t len)
{
	(void)d;
	(void)c;
	home_name(buf, len);
}

static const struct option_decl decls[] = {
	{ .key = "pairs", .kind = OPT_CUSTOM,
	  OPT_OWN_FIELD(struct c2c_opts, pairs),
	  .set = set_pairs, .format = format_pairs, .def = "auto",
	  .meta = "SEL", .help = "all | reps (one CPU per LLC: every LLC "
	  "pair, plus SMT and core pairs) | K (K random per class, "
	  "1..100000) | auto (all up to 64 CPUs, else reps)" },
	{ .key = "c2c_rounds", .kind = OPT_UINT,
	  OPT_OWN_FIELD(struct c2c_opts, rounds),
	  .lo = 10, .hi = 10000000, .def = "1000", .meta = "N",
	  .help = "timed round trips per pair and variant" },
	{ .key = "c2c_home", .kind = OPT_CUSTOM,
	  OPT_OWN_FIELD(struct c2c_opts, home),
	  .set = set_home, .format = format_home, .def = "a",
	  .meta = "WHERE", .help = "node holding the line: a | b | node:N "
	  "(0..63)" },
	{ .key = NULL }
};

const struct option_set exp_c2c_options = {
	.name = "c2c", .decls = decls, .own = &c2c_opts,
	.own_size = sizeof(c2c_opts)
};

#ifndef SBM_EXP_DECLS_ONLY
#include <stdlib.h>

#include "exp/sbm/exp_sbm_opts.h"
#include "measure/estimate.h"
#include "exp/c2c/exp_c2c.h"
#include "isa_ops.h"
#include "measure/pingpong.h"
#include "output/report.h"
#include "measure/stats.h"

/* The plain and the CAS word: each alone on its prefetch pair of lines. */
#define PLAIN_OFF	0
#define CAS_OFF		(2 * ENGINE_ALIGN)
/* pairs=all beyond this is refused (about 1450 CPUs) */
#define MAX_PAIRS	(1u << 20)
#define PROGRESS_MS	2000

static int c2c_check(const struct engine *e, const char **why)
{
	static char msg[128];

	if (sbm_opts.mode == MODE_PAIR) {
		*why = "experiment=c2c needs CPUs parked on the engine "
		       "(valid with mode=loop; mode=pair is sbm's only)";
		return -1;
	}
	if (c2c_opts.home == HOME_NODE &&
	    c2c_opts.home_node >= e->topo->nnodes) {
		snprintf(msg, sizeof(msg), "c2c_home=node:%u: no such node "
			 "(valid: a, b, node:0..%u)", c2c_opts.home_node,
			 e->topo->nnodes - 1);
		*why = msg;
		return -1;
	}
	return 0;
}

static const char *kind_name(enum pairs_kind k)
{
	return k == PAIRS_ALL ? "all" : k == PAIRS_REPS ? "reps" : "random";
}

static void plan_record(struct c2c_exp *x)
{
	char home[16];
	struct rec r;

	home_name(home, sizeof(home));
	report_printf("c2c: %zu pairs (pairs=%s) of %u CPUs, %u timed round "
		      "trips each, plain and CAS (%s), line homed by "
		      "c2c_home=%s\n", x->npairs, kind_name(x->kind), x->ncpus,
		      c2c_opts.rounds, isa_cas_name(), home);
	report_rec_start(&r, "c2c-plan");
	rec_u64(&r, "cpus", x->ncpus);
	rec_u64(&r, "pairs", x->npairs);
	rec_str(&r, "select", kind_name(x->kind));
	if (x->kind == PAIRS_RANDOM)
		rec_u64(&r, "per_class", c2c_opts.pairs_k);
	rec_u64(&r, "rounds", c2c_opts.rounds);
	rec_u64(&r, "warmup", pingpong_warmup(c2c_opts.rounds));
	rec_str(&r, "home", home);
	rec_str(&r, "placement", x->arena.placement);
	/* what the CAS variant executes: casal, ldaxr/stlxr, ... */
	rec_str(&r, "cas_op", isa_cas_name());
	report_record(&r);
}

static int c2c_prepare(struct engine *e, void **state)
{
	struct c2c_exp *x = calloc(1, sizeof(*x));
	const struct topo *t = e->topo;
	size_t size[TOPO_MAX_NODES] = { 0 };
	const char *why = "out of memory";
	long n;

	*state = x;
	if (!x)
		goto fail;
	x->order = malloc(sizeof(*x->order) * t->ncpus);
	x->samples = malloc(sizeof(*x->samples) * c2c_opts.rounds);
	if (!x->order || !x->samples)
		goto fail;
	x->ncpus = topo_order(t, e->chosen, x->order);
	x->kind = pairs_resolve(c2c_opts.pairs, x->ncpus);
	n = pairs_select(t, x->order, x->ncpus, x->kind, c2c_opts.pairs_k,
			 0x5eed2c2cull, MAX_PAIRS, &x->pairs, &why);
	if (n < 0)
		goto fail;
	x->npairs = (size_t)n;
	x->res = calloc(x->npairs ? x->npairs : 1, sizeof(*x->res));
	if (!x->res)
		goto fail;
	/* one page per node: whichever node a pair asks for is there */
	for (uint32_t r = 0; r < t->nnodes; r++)
		size[r] = 4096;
	if (node_arena_alloc(&x->arena, t, size, &why))
		goto fail;
	plan_record(x);
	return 0;
fail:
	report_warn("c2c", 0, why);
	return -1;
}

static uint32_t home_of(const struct engine *e, const struct cpu_pair *p)
{
	switch (c2c_opts.home) {
	case HOME_B:
		return e->topo->cpus[p->b].node;
	case HOME_NODE:
		return c2c_opts.home_node;
	default:
		return e->topo->cpus[p->a].node;
	}
}

static double ns(const struct engine *e, double ticks)
{
	return ticks * 1e9 / (double)e->info.counter_hz;
}

static int measure(struct engine *e, struct c2c_exp *x,
		   const struct cpu_pair *p, struct c2c_result *res)
{
	struct pingpong pp = {
		.a = p->a, .b = p->b, .rounds = c2c_opts.rounds,
		.warmup = pingpong_warmup(c2c_opts.rounds),
		.samples = x->samples,
	};
	uint8_t *base;
	double med, min;

	res->a = p->a;
	res->b = p->b;
	res->cls = pair_class_of(e->topo, p->a, p->b);
	res->home = home_of(e, p);
	base = x->arena.a.base[res->home];
	pp.word = (volatile uint64_t *)(base + PLAIN_OFF);
	if (pingpong_run(e, &pp) || !pingpong_oneway(&pp, &med, &min))
		return -1;
	res->median = ns(e, med);
	res->min = ns(e, min);
	res->batch = pp.batch;
	res->timed = pp.timed;
	pp.word = (volatile uint64_t *)(base + CAS_OFF);
	pp.cas = true;
	if (pingpong_run(e, &pp) || !pingpong_oneway(&pp, &med, &min))
		return -1;
	res->cas_median = ns(e, med);
	res->cas_min = ns(e, min);
	res->cas_batch = pp.batch;
	res->cas_timed = pp.timed;
	res->ok = true;
	return 0;
}

#define ESTIMATE_PAIRS	4

/*
 * Up to four pairs measured (both variants, warm-up included), timed,
 * plus what a record takes to go out (the plan record was the last),
 * scaled to every pair: a handoff model left out the batches and the
 * engine's runs and printed 0.00 s for 5-10 s under TCG.  The pairs are
 * estimate_pick()'s, so pairs with and without the boot CPU come in
 * their proportion (2 of 4 at 4 CPUs, where first, middle and last took
 * 1 of 3): a pair of two secondaries costs two more wakes, the boot
 * CPU's among them.
 */
static uint64_t c2c_estimate_ms(struct engine *e, void *state)
{
	struct c2c_exp *x = state;
	size_t n = x->npairs < ESTIMATE_PAIRS ? x->npairs : ESTIMATE_PAIRS;
	struct c2c_result res;
	uint64_t t0 = isa_counter(), per;

	for (size_t i = 0; i < n; i++)
		if (measure(e, x, &x->pairs[estimate_pick(i, n, x->npairs)],
			    &res))
			return 0;
	if (!n)
		return 0;
	per = (isa_counter() - t0) / n + report_record_ticks();
	return estimate_ms(e, per * x->npairs);
}

static void pair_record(const struct c2c_result *res)
{
	struct rec r;

	report_rec_start(&r, "c2c");
	rec_u64(&r, "a", res->a);
	rec_u64(&r, "b", res->b);
	rec_str(&r, "class", pair_class_name(res->cls));
	rec_u64(&r, "home", res->home);
	rec_dbl(&r, "median", res->median, 2);
	rec_dbl(&r, "min", res->min, 2);
	rec_dbl(&r, "cas_median", res->cas_median, 2);
	rec_dbl(&r, "cas_min", res->cas_min, 2);
	rec_u64(&r, "batch", res->batch);
	rec_u64(&r, "cas_batch", res->cas_batch);
	rec_u64(&r, "timed", res->timed);
	rec_u64(&r, "cas_timed", res->cas_timed);
	report_record(&r);
}

static int c2c_run(struct engine *e, void *state)
{
	struct c2c_exp *x = state;
	uint64_t t0 = isa_counter(), last = t0;
	uint64_t every = engine_ms_ticks(e, PROGRESS_MS);

	if (x->ncpus < 2)
		report_printf("c2c: fewer than two CPUs, no pair to measure\n");
	for (size_t i = 0; i < x->npairs; i++) {
		struct c2c_result *res = &x->res[i];
		uint64_t now;

		if (measure(e, x, &x->pairs[i], res)) {
			report_warn("c2c", x->pairs[i].a,
				    "pair not measured; c2c stops");
			return 1;
		}
		x->nres = i + 1;
		pair_record(res);
		/* between pairs: no window is open */
		now = isa_counter();
		if (now - last >= every && i + 1 < x->npairs) {
			double spent = (double)(now - t0) /
				       (double)e->info.counter_hz;

			report_printf("c2c: %zu/%zu pairs, %.1f s, about %.0f s "
				      "left\n", i + 1, x->npairs, spent,
				      spent / (double)(i + 1) *
				      (double)(x->npairs - i - 1));
			last = now;
		}
	}
	return 0;
}

/* Per class: how many pairs, the median of their medians, the fastest. */
static void c2c_report(struct engine *e, void *state)
{
	struct c2c_exp *x = state;
	double *v = malloc(sizeof(double) * (x->nres ? x->nres : 1));

	(void)e;
	if (!v || !x->nres) {
		free(v);
		return;
	}
	report_printf("\n%-8s %6s %12s %10s %12s %10s   (one-way ns)\n",
		      "c2c", "pairs", "median", "min", "cas_median", "cas_min");
	for (int c = 0; c < PAIR_NCLASSES; c++) {
		double min = 0, cmin = 0, med, cmed;
		struct stats st;
		size_t n = 0;

		for (size_t i = 0; i < x->nres; i++) {
			const struct c2c_result *r = &x->res[i];

			if (r->cls != (enum pair_class)c)
				continue;
			if (!n || r->min < min)
				min = r->min;
			if (!n || r->cas_min < cmin)
				cmin = r->cas_min;
			v[n++] = r->median;
		}
		if (!n)
			continue;
		stats_compute(v, n, &st);
		med = st.median;
		n = 0;
		for (size_t i = 0; i < x->nres; i++)
			if (x->res[i].cls == (enum pair_class)c)
				v[n++] = x->res[i].cas_median;
		stats_compute(v, n, &st);
		cmed = st.median;
		report_printf("%-8s %6zu %12.1f %10.1f %12.1f %10.1f\n",
			      pair_class_name((enum pair_class)c), n, med, min,
			      cmed, cmin);
	}
	free(v);
}

static void c2c_release(struct engine *e, void *state)
{
	struct c2c_exp *x = state;

	(void)e;
	node_arena_free(&x->arena);
	free(x->order);
	free(x->samples);
	free(x->pairs);
	free(x->res);
	free(x);
}

const struct experiment exp_c2c = {
	.options = &exp_c2c_options,
	.check = c2c_check,
	.prepare = c2c_prepare,
	.estimate_ms = c2c_estimate_ms,
	.run = c2c_run,
	.report = c2c_report,
	.release = c2c_release,
};

#endif /* !SBM_EXP_DECLS_ONLY */

#endif /* !SBM_EXP_RECORDS_ONLY */
