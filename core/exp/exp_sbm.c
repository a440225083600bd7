/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbm: every layout's set/clear loop on the chosen CPUs.  Its options
 * (what it measures and how long) are scale's and the line-transfer
 * proof's too, so they are declared once, here.
 *
 * One file, in three parts: its records' kinds and keys (all the host
 * tools need: they compile it with SBM_EXP_RECORDS_ONLY), its options
 * (the option fuzzer stops there: SBM_EXP_DECLS_ONLY), the experiment.
 */

/* its records, in the form of core/output/record_schema.def */
#include "output/record_schema.h"

#ifndef SBM_EXP_NO_RECORDS
const struct rec_schema exp_sbm_records[] = {
	REC_KIND("result", VERDICT, 2, ONE)
	REC_KEY("layout", STR, "")
	REC_KEY("op", STR, "")
	REC_KEY("mode", STR, "")
	REC_KEY("cpus", U64, "CPUs")
	REC_KEY("iters", U64, "")
	REC_KEY("reps", U64, "")
	REC_KEY("unit", STR, "")
	REC_KEY("median", DBL, "ticks")
	REC_KEY("mean", DBL, "ticks")
	REC_KEY("min", DBL, "ticks")
	REC_KEY("max", DBL, "ticks")
	REC_KEY("stddev", DBL, "ticks")
	REC_KEY("cv", DBL, "%")
	REC_KEY("rep_cv", DBL, "%")
	REC_KEY("ns", DBL, "ns")
	REC_KEY("pct", DBL, "%")
	REC_KEY("cycles", DBL, "cycles")
	REC_KEY("clean", U64, "flag")
	REC_KEY("gap", U64, "ns")
	REC_KEY("ci95", DBL, "ticks")
	REC_KEY("upd_ns", DBL, "ns")
	REC_KEY("pct_median", DBL, "%")
	REC_KEY("floor", DBL, "ticks")
	REC_KEY("cost_ns", DBL, "ns")
	REC_KEY("mhz", DBL, "MHz")
	REC_KEY("pct_ci", DBL, "%")
	REC_KEY("cost_ci", DBL, "ns")
	REC_KEY("pct_abv", DBL, "%")
	REC_KEY("pct_abv_ci", DBL, "%")
	REC_KEY("gap_real_ns", DBL, "ns")

	REC_KIND("group", LIST, 6, ONE)
	REC_KEY("layout", STR, "")
	REC_KEY("by", STR, "")
	REC_KEY("id", U64, "")
	REC_KEY("cpus", U64, "CPUs")
	REC_KEY("median", DBL, "ticks")
	REC_KEY("mean", DBL, "ticks")
	REC_KEY("min", DBL, "ticks")
	REC_KEY("max", DBL, "ticks")
	REC_KEY("gap", U64, "ns")
	REC_END
};
#endif /* !SBM_EXP_NO_RECORDS */

#ifndef SBM_EXP_RECORDS_ONLY
#include <stdio.h>
#include <string.h>

#include "options/config.h"
#include "options/config_words.h"
#include "options/option.h"
#include "measure/sbm.h"

#define ALL_LAYOUTS ((1u << SBM_NKINDS) - 1)

static int set_layouts(const struct option_decl *d, struct config *c,
		       const char *val, char *err, size_t errlen)
{
	const char *s = val;
	uint32_t mask = 0;

	if (!strcmp(s, "all")) {
		c->layouts = ALL_LAYOUTS;
		return 0;
	}
	while (*s) {
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		int k = sbm_kind_parse(s, len);

		if (k < 0)
			break;
		mask |= 1u << k;
		s += len;
		if (comma)
			s++;
	}
	if (*s || !mask)
		return config_bad_value(err, errlen, d->key, val,
			"all or a comma list of global, node, llc, llc-u8, private, private-u8");
	c->layouts = mask;
	return 0;
}

static void format_layouts(const struct option_decl *d,
			   const struct config *c, char *buf, size_t len)
{
	size_t used = 0;

	(void)d;
	buf[0] = 0;
	for (int k = 0; k < SBM_NKINDS; k++)
		if (c->layouts & (1u << k) && used + 1 < len) {
			int w = snprintf(buf + used, len - used, "%s%s",
					 used ? "," : "",
					 sbm_kind_name((enum sbm_kind)k));

			if (w > 0)
				used += (size_t)w;
		}
}

/* op and op_u8: an op's name is a C name, so no byte reaches the
 * console raw; whether this arch has it, the engine checks */
static int set_op(const struct option_decl *d, struct config *c,
		  const char *val, char *err, size_t errlen)
{
	size_t n = strlen(val);

	if (!n || n >= CONFIG_OP_LEN || strspn(val,
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != n)
		return config_bad_value(err, errlen, d->key, val,
			"an op name of 1..15 letters, digits, '_' or '-'; the report lists this arch's ops");
	memcpy((char *)c + d->offset, val, n + 1);
	return 0;
}

static void format_op(const struct option_decl *d, const struct config *c,
		      char *buf, size_t len)
{
	snprintf(buf, len, "%s", (const char *)c + d->offset);
}

static int set_gaps(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint32_t gaps[CONFIG_MAX_GAPS], n = 0;
	const char *s = val;

	while (*s) {
		char num[16];
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		uint64_t v;

		if (!len || len >= sizeof(num) || n == CONFIG_MAX_GAPS)
			goto bad;
		memcpy(num, s, len);
		num[len] = 0;
		if (config_parse_u64(num, 0, CONFIG_MAX_GAP_NS, &v))
			goto bad;
		gaps[n++] = (uint32_t)v;
		s += len;
		if (comma && !*++s)
			goto bad;
	}
	if (!n)
		goto bad;
	memcpy(c->gap_ns, gaps, n * sizeof(gaps[0]));
	c->ngaps = n;
	return 0;
bad:
	return config_bad_value(err, errlen, d->key, val,
				"a comma list of up to 8 ns values, 0..10000000");
}

static void format_gaps(const struct option_decl *d, const struct config *c,
			char *buf, size_t len)
{
	size_t used = 0;

	(void)d;
	buf[0] = 0;
	for (uint32_t i = 0; i < c->ngaps && used + 1 < len; i++) {
		int w = snprintf(buf + used, len - used, "%s%u", i ? "," : "",
				 c->gap_ns[i]);

		if (w > 0)
			used += (size_t)w;
	}
}

/* reps=auto: at least CONFIG_REPS_AUTO_MIN (run-to-run noise of the rep
 * means measured 0.5-5 % here), more while the 95 % interval is wider
 * than CONFIG_REPS_AUTO_PCT of the mean */
static int set_reps(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint64_t v;

	if (!strcmp(val, "auto")) {
		c->reps = CONFIG_REPS_AUTO_MIN;
		c->reps_auto = true;
		return 0;
	}
	if (config_parse_u64(val, 1, 1000, &v))
		return config_bad_value(err, errlen, d->key, val,
					"1..1000 or auto");
	c->reps = (uint32_t)v;
	c->reps_auto = false;
	return 0;
}

static void format_reps(const struct option_decl *d, const struct config *c,
			char *buf, size_t len)
{
	(void)d;
	if (c->reps_auto)
		snprintf(buf, len, "auto");
	else
		snprintf(buf, len, "%u", c->reps);
}

static int set_line(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint64_t v;

	if (config_parse_u64(val, 8, 4096, &v) || (v & (v - 1)))
		return config_bad_value(err, errlen, d->key, val,
					"a power of two from 8 to 4096");
	c->line = (uint32_t)v;
	return 0;
}

static const char *const modes[] = { "loop", "pair", NULL };

static const struct option_decl decls[] = {
	{ .key = "layouts", .kind = OPT_CUSTOM, OPT_FIELD(layouts),
	  .set = set_layouts, .format = format_layouts, .def = "all",
	  .meta = "LIST", .help = "comma list of global,node,llc,llc-u8,"
	  "private,private-u8 or all" },
	{ .key = "op", .kind = OPT_CUSTOM, OPT_FIELD(op), .set = set_op,
	  .format = format_op, .def = "native", .meta = "NAME",
	  .help = "atomic bit op for bit layouts (native: the kernel's "
	  "cpumask op with the barrier its callers put after it)" },
	{ .key = "op_u8", .kind = OPT_CUSTOM, OPT_FIELD(op_u8), .set = set_op,
	  .format = format_op, .def = "native", .meta = "NAME",
	  .help = "byte op for llc-u8 and private-u8 (native: smp_store_mb())" },
	/* saturation, and an event-like rate: 1 us apart (a nohz idle
	 * entry/exit or a cpupri change is an event, not a tight loop) */
	{ .key = "gap", .kind = OPT_CUSTOM, OPT_FIELD(ngaps), .set = set_gaps,
	  .format = format_gaps, .def = "0,1000", .meta = "LIST",
	  .help = "ns of private work between updates, a comma list of up to "
	  "8 values 0..10000000" },
	/* the kernel's next atomic waits for the last one's line */
	{ .key = "gap_fence", .kind = OPT_BOOL, OPT_FIELD(gap_fence),
	  .def = "1", .meta = "BOOL", .help = "a gap starts once the update "
	  "before it has completed (0: the gap overlaps its miss)" },
	{ .key = "iters", .kind = OPT_UINT, OPT_FIELD(iters), .lo = 1,
	  .hi = 1000000000, .def = "100000", .meta = "N",
	  .help = "set+clear iterations per CPU per repetition" },
	{ .key = "reps", .kind = OPT_CUSTOM, OPT_FIELD(reps), .set = set_reps,
	  .format = format_reps, .def = "auto", .meta = "N|auto",
	  .help = "repetitions, 1..1000; auto: a pilot of 5, then one count "
	  "(up to 20) fixed from its spread for a 95 % interval within 2 %" },
	{ .key = "warmup", .kind = OPT_UINT, OPT_FIELD(warmup), .lo = 0,
	  .hi = 1000000000, .def = "1000", .meta = "N",
	  .help = "untimed iterations before each repetition" },
	{ .key = "line", .kind = OPT_CUSTOM, OPT_FIELD(line), .set = set_line,
	  .def_doc = "128", .meta = "N", .help = "leaf spacing in bytes, a "
	  "power of two 8..4096 (unset: 128, or the line if larger)" },
	{ .key = "mode", .kind = OPT_ENUM, OPT_FIELD(mode), .names = modes,
	  .def = "loop", .meta = "MODE", .help = "pair: a setter and a "
	  "clearer thread per CPU (Linux only)" },
	{ .key = NULL }
};

const struct option_set exp_sbm_options = { .name = "sbm", .decls = decls };

/* The line-transfer proof runs with sbm, on sbm's options. */
const struct option_set exp_proof_options = {
	.name = "proof", .runs_with = "sbm", .decls = NULL
};

#ifndef SBM_EXP_DECLS_ONLY
#include <stdlib.h>

#include "measure/estimate.h"
#include "measure/rep_order.h"
#include "exp/exp_sbm.h"
#include "isa_ops.h"
#include "output/labels.h"
#include "output/report.h"

sbm_pair_fn sbm_pair_runner;

static int sbm_check(const struct engine *e, const char **why)
{
	static char msg[256];

	if (!ops_find(e->cfg->op, false) || !ops_find(e->cfg->op_u8, true)) {
		ops_refusal(e->cfg->op, e->cfg->op_u8, msg, sizeof(msg));
		*why = msg;
		return -1;
	}
	if (e->cfg->mode == MODE_PAIR && !sbm_pair_runner) {
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

	for (uint32_t i = 0; i < e->cfg->ngaps; i++) {
		size_t l = strlen(gaps);

		snprintf(gaps + l, sizeof(gaps) - l, "%s%u", i ? "," : "",
			 e->cfg->gap_ns[i]);
	}
	ops_format(ops, sizeof(ops));
	config_format(e->cfg, buf, sizeof(buf));
	report_printf("options: %s\nops available: %s\n", buf, ops);
	report_printf("running on %u of %u CPUs; leaves %u bytes apart "
		      "(cache line %u)\n", e->nchosen, e->topo->ncpus,
		      x->spacing, e->topo->line_size);
	report_printf("gaps between updates: %s ns, each spun to a counter "
		      "deadline (one spin round %.3f ns on the boot CPU)%s\n",
		      gaps, x->spin_ns,
		      e->cfg->mode == MODE_PAIR ? "; mode=pair runs gap 0 only" :
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
	rec_u64(&r, "iters", e->cfg->iters);
	rec_u64(&r, "reps", e->cfg->reps);
	/* reps=auto: results carry how many each layout needed */
	rec_u64(&r, "reps_max", e->cfg->reps_auto ? CONFIG_REPS_AUTO_MAX :
				e->cfg->reps);
	rec_u64(&r, "warmup", e->cfg->warmup);
	rec_u64(&r, "line", x->spacing);
	rec_u64(&r, "cpus", e->nchosen);
	rec_str(&r, "mode", e->cfg->mode == MODE_PAIR ? "pair" : "loop");
	rec_str(&r, "ops", ops);
	rec_str(&r, "placement", pl);
	rec_str(&r, "gaps", gaps);
	rec_dbl(&r, "spin_ns", x->spin_ns, 4);
	rec_u64(&r, "cache_line", e->topo->line_size);
	/* which barrier follows which op: "set+barrier/clear" (isa_ops.h) */
	rec_str(&r, "op_barriers", op_barriers(e->cfg->op, false));
	rec_str(&r, "op_u8_barriers", op_barriers(e->cfg->op_u8, true));
	rec_u64(&r, "gap_fence", e->cfg->gap_fence);
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
		x->spacing = sbm_spacing(e->cfg->line, e->topo);
		x->spin_ns = ops_spin_ns(e->info.counter_hz);
		x->gap_real = calloc(e->topo->ncpus, sizeof(*x->gap_real));
	}
	if (!x || !x->gap_real ||
	    node_arena_for_layouts(&x->arena, e->topo, e->cfg->layouts,
						 x->spacing, &why)) {
		report_warn("layout", 0, why);
		return -1;
	}
	config_record(e, x);
	return 0;
}

#define REPS_AUTO_MAX_STR "20"
_Static_assert(CONFIG_REPS_AUTO_MAX == 20, "REPS_AUTO_MAX_STR");

static double to_ns(const struct engine *e, double ticks)
{
	return ticks * 1e9 / (double)e->info.counter_hz;
}

void sbm_body(struct engine *e, uint32_t cpu, void *arg)
{
	struct sbm_exp *x = arg;
	const struct sbm_layout *l = &x->layout;
	void *p = sbm_slot_ptr(l, &x->arena.a, cpu);
	unsigned bit = l->slot[cpu].bit;
	struct engine_window w;
	uint32_t sense = 0;
	uint64_t t1, gap = x->spins, real = 0;

	if (!engine_barrier(e, &sense))
		return;
	if (e->cfg->warmup)
		x->op->loop_gap(p, bit, e->cfg->warmup, gap);
	if (!engine_barrier(e, &sense))
		return;
	engine_window_open(e, &w);
	if (gap)
		real = x->op->loop_gap(p, bit, e->cfg->iters, gap);
	else
		x->op->loop(p, bit, e->cfg->iters);
	t1 = engine_window_close(e, cpu, &w);
	engine_window_done(e);
	if (x->gap_real)
		x->gap_real[cpu] = real;
	while (engine_others_timing(e, t1))
		x->op->loop_gap(p, bit, 1, gap);
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
	free(r->rep_mean);
	r->rep_mean = malloc(sizeof(double) * reps);
	if (r->rep_mean)
		memcpy(r->rep_mean, means, sizeof(double) * reps);
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

/* The results of one gap, by kind (NULL: not run). */
static void by_kind_of(struct sbm_exp *x, uint32_t first,
		       struct sbm_result *by_kind[SBM_NKINDS])
{
	for (int k = 0; k < SBM_NKINDS; k++)
		by_kind[k] = NULL;
	for (uint32_t i = first; i < x->nresults; i++)
		by_kind[x->results[i].kind] = &x->results[i];
}

/* Per rep, @r's cost above its floor @f, in @out (interleaved reps: the
 * floor's rep ran in the same round as @r's). */
static void above_per_rep(const struct sbm_result *r,
			  const struct sbm_result *f, double *out)
{
	for (uint32_t i = 0; i < r->reps; i++)
		out[i] = r->rep_mean[i] - f->rep_mean[i];
}

/* Whether @f is a usable floor for @r: clean, and the same reps. */
static bool floor_usable(const struct sbm_result *r,
			 const struct sbm_result *f)
{
	return f && f->clean && f->reps == r->reps && r->rep_mean &&
	       f->rep_mean;
}

/*
 * Every derived figure, once, where the results of one gap are made:
 * %global as the seed computes it (a ratio of sums: mean ticks per update
 * over all CPUs and repetitions), the ratio of medians beside it, and the
 * cost above the floor measured at the same gap.  At a gap > 0 the
 * private work between updates belongs to neither side, so %global there
 * is a ratio of costs above each one's floor (pct_abv); the raw ratio of
 * whole iterations says little more than "the gap is long".  Intervals
 * by the delta method over the paired (interleaved) reps.
 */
static void derive(struct sbm_exp *x, uint32_t first)
{
	struct sbm_result *by_kind[SBM_NKINDS];
	const struct sbm_result *g, *gf;
	double *a = NULL, *b = NULL;

	by_kind_of(x, first, by_kind);
	g = by_kind[SBM_GLOBAL];
	gf = g ? by_kind[floor_of(SBM_GLOBAL)] : NULL;
	if (g && floor_usable(g, gf)) {
		a = malloc(sizeof(double) * g->reps);
		b = malloc(sizeof(double) * g->reps);
		if (b)
			above_per_rep(g, gf, b);
	}
	for (uint32_t i = first; i < x->nresults; i++) {
		struct sbm_result *r = &x->results[i];
		const struct sbm_result *f = by_kind[floor_of(r->kind)];
		double ratio, half;

		if (g && g->st.mean > 0 && g->st.median > 0) {
			r->have_pct = true;
			r->pct = r->st.mean / g->st.mean * 100.0;
			r->pct_median = r->st.median / g->st.median * 100.0;
			/* the same ratio of sums, its interval over reps */
			if (r->reps == g->reps && r->rep_mean && g->rep_mean &&
			    stats_ratio_ci95(r->rep_mean, g->rep_mean, r->reps,
					     &ratio, &half))
				r->pct_ci = half * 100.0;
		}
		if (!floor_usable(r, f))
			continue;
		r->have_floor = true;
		r->floor = f->st.mean;
		stats_diff_ci95(r->rep_mean, f->rep_mean, r->reps, &r->above,
				&r->above_ci);
		if (!r->gap_ns || !a || !b || r->reps != g->reps)
			continue;
		above_per_rep(r, f, a);
		if (stats_ratio_ci95(a, b, r->reps, &r->pct_abv, &half)) {
			r->have_pct_abv = true;
			r->pct_abv *= 100.0;
			r->pct_abv_ci = half * 100.0;
		}
	}
	free(a);
	free(b);
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
	x->op = ops_find(l->bytewise ? e->cfg->op_u8 : e->cfg->op, l->bytewise);
	return 0;
}

/* One layout's repetitions at one gap, filled round by round. */
struct kind_run {
	struct sbm_result *r;
	double *samples, *cyc;	/* [rep][cpu]: ticks, cycles per iteration */
	double *gap;		/* [rep][cpu]: gap ticks per update */
	bool failed;
};

/* Ticks the engine's way, every chosen CPU one sbm_body() window. */
static int time_on_engine(struct engine *e, struct sbm_exp *x,
			  uint64_t iters, uint64_t deadline_ms)
{
	uint64_t saved = e->cfg->iters;
	int rc;

	sbm_zero(&x->layout, &x->arena.a);
	e->cfg->iters = iters;
	rc = engine_run(e, sbm_body, x, deadline_ms);
	e->cfg->iters = saved;
	return rc;
}

static uint64_t rep_deadline_ms(const struct engine *e, uint32_t gap_ns)
{
	uint64_t n = e->cfg->iters + e->cfg->warmup;

	/* generous: 2 minutes plus 20 us per iteration, plus 4x the gaps */
	return 120000 + n / 50 + n * gap_ns / 125000;
}

/* Rep @rep of @kr's layout at gap @gap_ns: its samples, its mask check. */
static int run_rep(struct engine *e, struct sbm_exp *x, struct kind_run *kr,
		   uint32_t rep, uint32_t gap_ns)
{
	const struct topo *t = e->topo;
	struct sbm_result *r = kr->r;
	size_t at = (size_t)rep * t->ncpus;
	const char *why;
	int rc = 0;

	if (sbm_use_layout(e, x, r->kind, &why)) {
		report_warn("layout", r->kind, why);
		return -1;
	}
	x->spins = ops_gap_ticks(gap_ns, e->info.counter_hz);
	if (e->cfg->mode == MODE_PAIR) {
		/* the platform's runner runs cfg.reps reps: one at a time
		 * here, so that layouts interleave in pair mode too */
		uint32_t saved = e->cfg->reps;

		e->cfg->reps = 1;
		rc = sbm_pair_runner(e, x, &x->layout, x->op,
				     kr->samples + at, &r->clean);
		e->cfg->reps = saved;
	} else if (!(rc = time_on_engine(e, x, e->cfg->iters,
					 rep_deadline_ms(e, gap_ns)))) {
		for (uint32_t i = 0; i < t->ncpus; i++) {
			if (!e->chosen[i])
				continue;
			kr->samples[at + i] = (double)e->mbox[i].ticks /
					      (double)e->cfg->iters;
			kr->cyc[at + i] = (double)e->mbox[i].cycles /
					  (double)e->cfg->iters;
			kr->gap[at + i] = (double)x->gap_real[i] /
					  (double)e->cfg->iters / 2;
		}
		/* Every CPU cleared what it set: a lost update shows here. */
		if (sbm_weight(&x->layout, &x->arena.a))
			r->clean = false;
	}
	if (!e->aborted)	/* a straggler may still touch the layout */
		sbm_layout_free(&x->layout);
	return rc;
}

/* Reps [@from, @to) of every layout in @runs, interleaved: rep 1 of
 * every layout, then rep 2, ... (rep_order.h). */
static int run_rounds(struct engine *e, struct sbm_exp *x,
		      struct kind_run *runs, uint32_t nruns, uint32_t from,
		      uint32_t to, uint32_t gap_ns)
{
	struct rep_step steps[SBM_NKINDS];

	for (uint32_t rep = from; rep < to && !e->aborted; rep++) {
		size_t n = rep_order((1u << nruns) - 1, rep, rep + 1, steps,
				     SBM_NKINDS);

		for (size_t s = 0; s < n && !e->aborted; s++) {
			struct kind_run *kr = &runs[steps[s].kind];

			if (kr->failed)
				continue;
			if (run_rep(e, x, kr, rep, gap_ns))
				kr->failed = true;
		}
	}
	return 0;
}

/* The figure gap @gap_ns reports of @kr's rep @rep: the mean ticks per
 * iteration at gap 0, the cost above the floor @f at a gap. */
static double rep_figure(const struct engine *e, const struct kind_run *kr,
			 const struct kind_run *f, uint32_t rep)
{
	double m, fm = 0;

	rep_means(e, kr->samples + (size_t)rep * e->topo->ncpus, 1, &m);
	if (f)
		rep_means(e, f->samples + (size_t)rep * e->topo->ncpus, 1,
			  &fm);
	return m - fm;
}

/*
 * reps=auto: after the pilot, the one count every layout at this gap
 * runs to, from the pilot's spread of the figure the gap reports (mean
 * cost at gap 0; cost above the floor at a gap, within CONFIG_REPS_AUTO_
 * PCT % of the larger of its own and global's, since %global is their
 * ratio); the most any layout needs.
 */
static uint32_t reps_after_pilot(const struct engine *e,
				 const struct kind_run *runs, uint32_t nruns,
				 const int *run_of, uint32_t pilot,
				 uint32_t gap_ns)
{
	double fig[CONFIG_REPS_AUTO_MAX], gscale = 0;
	uint32_t need = pilot;
	struct stats s;

	for (int pass = 0; pass < 2; pass++)
		for (uint32_t k = 0; k < nruns; k++) {
			const struct kind_run *kr = &runs[k];
			enum sbm_kind kind = kr->r->kind;
			int fi = run_of[floor_of(kind)];
			const struct kind_run *f = gap_ns && fi >= 0 &&
						   !runs[fi].failed ?
						   &runs[fi] : NULL;
			double target;
			uint32_t n;

			if (kr->failed || (f == kr) ||
			    (pass == 0) != (kind == SBM_GLOBAL))
				continue;
			for (uint32_t rep = 0; rep < pilot; rep++)
				fig[rep] = rep_figure(e, kr, f, rep);
			stats_compute(fig, pilot, &s);
			if (kind == SBM_GLOBAL && f)
				gscale = s.mean < 0 ? -s.mean : s.mean;
			target = s.mean < 0 ? -s.mean : s.mean;
			if (f && gscale > target)
				target = gscale;
			target *= CONFIG_REPS_AUTO_PCT / 100.0;
			n = stats_reps_needed(s.stddev, target, pilot, pilot,
					      CONFIG_REPS_AUTO_MAX);
			if (n > need)
				need = n;
		}
	return need;
}

static void summarise_run(struct engine *e, struct kind_run *kr,
			  uint32_t reps)
{
	struct sbm_result *r = kr->r;
	struct stats gs;
	size_t n = 0;
	double *g = malloc(sizeof(double) * e->topo->ncpus * reps);

	sbm_summarise(e, r, kr->samples, reps);
	if (e->info.cycles && e->cfg->mode != MODE_PAIR)
		effective_clock(e, r, kr->samples, kr->cyc, reps);
	if (!r->gap_ns || !g || e->cfg->mode == MODE_PAIR) {
		free(g);
		return;
	}
	for (uint32_t rep = 0; rep < reps; rep++)
		for (uint32_t i = 0; i < e->topo->ncpus; i++)
			if (e->chosen[i])
				g[n++] = kr->gap[(size_t)rep * e->topo->ncpus +
						 i];
	stats_compute(g, n, &gs);
	free(g);
	r->gap_real_ns = to_ns(e, gs.mean);
	/* a deadline the CPUs could not keep: the figure is at another gap */
	if (r->gap_real_ns > r->gap_ns * 1.1 ||
	    r->gap_real_ns < r->gap_ns * 0.9) {
		char msg[120];

		snprintf(msg, sizeof(msg), "gap %u ns really %.0f ns (more "
			 "than 10 %% off)", r->gap_ns, r->gap_real_ns);
		report_warn("gap", r->kind, msg);
	}
}

/*
 * The estimate: one whole rep of every layout at every gap, timed, times
 * the reps to come.  Nothing extrapolated: under TCG a rep's fixed part
 * (waking parked vCPUs, barriers) outweighs its iterations, and a short
 * run's difference carried to a whole rep was off 4-20x.  It costs one
 * rep in reps (5 % with reps=auto's 20).  The experiment's own body on
 * the machine as it is, so TCG's pace, a loaded host and the gaps'
 * deadlines are in it.  reps=auto: as if every gap needed the most reps, which is
 * what a noisy machine (TCG, a VM) takes; "reps=auto:" lines follow.
 * mode=pair times its own runner the same way.
 */
/* Ticks of one rep of x->layout with @n iterations, the warm-up
 * included: on the engine, or the platform's pair runner; 0: failed. */
static uint64_t time_one_rep(struct engine *e, struct sbm_exp *x, uint64_t n,
			     uint32_t gap_ns, double *samples)
{
	uint64_t saved = e->cfg->iters, t0 = isa_counter(), t;
	uint32_t reps = e->cfg->reps;
	bool clean = true;
	int rc;

	if (e->cfg->mode != MODE_PAIR)
		return time_on_engine(e, x, n, rep_deadline_ms(e, gap_ns)) ?
		       0 : isa_counter() - t0;
	e->cfg->iters = n;
	e->cfg->reps = 1;
	sbm_zero(&x->layout, &x->arena.a);
	rc = sbm_pair_runner(e, x, &x->layout, x->op, samples, &clean);
	t = isa_counter() - t0;
	e->cfg->iters = saved;
	e->cfg->reps = reps;
	return rc ? 0 : t;
}

/*
 * The handoff model, where calibration runs cannot run (mode=pair).
 * Every CPU of a layout's busiest line waits its turn: one update costs
 * about a handoff per CPU sharing that line; a line of one's own costs a
 * local atomic.  An iteration is a set and a clear.
 */
static uint64_t sbm_estimate_model_ms(struct engine *e, uint32_t reps)
{
	uint64_t handoff = estimate_handoff(e), local = estimate_local_atomic();
	uint64_t per_rep = e->cfg->iters + e->cfg->warmup, ticks = 0;

	for (int k = 0; k < SBM_NKINDS; k++) {
		uint32_t sharers;

		if (!(e->cfg->layouts & (1u << k)))
			continue;
		switch (k) {
		case SBM_GLOBAL:
			sharers = e->nchosen;
			break;
		case SBM_NODE:
			sharers = estimate_most_per_group(e, false);
			break;
		case SBM_LLC:
		case SBM_LLC_U8:
			sharers = estimate_most_per_group(e, true);
			break;
		default:
			sharers = 1;
			break;
		}
		ticks += reps * per_rep * 2 *
			 (sharers > 1 ? sharers * handoff : local);
	}
	return estimate_ms(e, ticks);
}

static uint64_t sbm_estimate(struct engine *e, void *state)
{
	struct sbm_exp *x = state;
	uint32_t reps = e->cfg->reps_auto ? CONFIG_REPS_AUTO_MAX : e->cfg->reps;
	uint32_t ngaps = e->cfg->mode == MODE_PAIR ? 1 : e->cfg->ngaps;
	uint64_t ticks = 0;
	double *samples = calloc(e->topo->ncpus, sizeof(double));
	const char *why;

	if (!samples || (e->cfg->mode != MODE_PAIR && e->self_threaded)) {
		free(samples);
		return sbm_estimate_model_ms(e, reps) * ngaps;
	}
	for (uint32_t gi = 0; gi < ngaps && !e->aborted; gi++) {
		uint32_t gap = e->cfg->mode == MODE_PAIR ? 0 : e->cfg->gap_ns[gi];

		for (int k = 0; k < SBM_NKINDS && !e->aborted; k++) {
			uint64_t t;

			if (!(e->cfg->layouts & (1u << k)) ||
			    sbm_use_layout(e, x, (enum sbm_kind)k, &why))
				continue;
			x->spins = ops_gap_ticks(gap, e->info.counter_hz);
			t = time_one_rep(e, x, e->cfg->iters, gap, samples);
			ticks += t * reps;
			if (!e->aborted)
				sbm_layout_free(&x->layout);
		}
	}
	free(samples);
	return estimate_ms(e, ticks);
}

/* Every chosen layout at gap @gap_ns, reps interleaved; 0, or 1. */
static int run_gap(struct engine *e, struct sbm_exp *x, uint32_t gap_ns)
{
	const struct topo *t = e->topo;
	uint32_t repmax = e->cfg->reps_auto ? CONFIG_REPS_AUTO_MAX : e->cfg->reps;
	uint32_t pilot = e->cfg->reps < repmax ? e->cfg->reps : repmax;
	size_t nsamples = (size_t)t->ncpus * repmax;
	struct kind_run runs[SBM_NKINDS] = { 0 };
	int run_of[SBM_NKINDS];
	uint32_t nruns = 0, reps = pilot;
	int status = 0;

	for (int k = 0; k < SBM_NKINDS; k++) {
		struct kind_run *kr = &runs[nruns];
		struct sbm_result *r = &x->results[x->nresults + nruns];

		run_of[k] = -1;
		if (!(e->cfg->layouts & (1u << k)))
			continue;
		memset(r, 0, sizeof(*r));
		r->kind = (enum sbm_kind)k;
		r->op = ops_find(sbm_kind_is_bytewise(r->kind) ? e->cfg->op_u8 :
				 e->cfg->op, sbm_kind_is_bytewise(r->kind))->name;
		r->gap_ns = gap_ns;
		r->iters = e->cfg->iters;
		r->ncpus = e->nchosen;
		r->clean = true;
		kr->r = r;
		kr->samples = calloc(nsamples, sizeof(double));
		kr->cyc = calloc(nsamples, sizeof(double));
		kr->gap = calloc(nsamples, sizeof(double));
		if (!kr->samples || !kr->cyc || !kr->gap) {
			report_warn("layout", k, "out of memory");
			kr->failed = true;
		}
		run_of[k] = (int)nruns++;
	}
	report_printf("running %u layouts x %u%s reps, interleaved, on %u "
		      "CPUs, gap %u ns ...\n", nruns, pilot,
		      e->cfg->reps_auto ? " (pilot) to " REPS_AUTO_MAX_STR : "",
		      e->nchosen, gap_ns);
	run_rounds(e, x, runs, nruns, 0, pilot, gap_ns);
	if (e->cfg->reps_auto && !e->aborted) {
		reps = reps_after_pilot(e, runs, nruns, run_of, pilot, gap_ns);
		report_printf("reps=auto: %u reps at gap %u ns\n", reps,
			      gap_ns);
		run_rounds(e, x, runs, nruns, pilot, reps, gap_ns);
	}
	for (uint32_t k = 0; k < nruns; k++) {
		struct kind_run *kr = &runs[k];

		if (kr->failed || e->aborted) {
			status = 1;
		} else {
			/* results stay packed: a failed layout leaves none */
			if (&x->results[x->nresults] != kr->r)
				x->results[x->nresults] = *kr->r;
			kr->r = &x->results[x->nresults++];
			summarise_run(e, kr, reps);
			if (!kr->r->clean)
				report_warn("layout", kr->r->kind,
					    "mask not empty after the run: "
					    "lost update");
		}
		free(kr->samples);
		free(kr->cyc);
		free(kr->gap);
	}
	return status;
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
	rec_str(&rec, "mode", e->cfg->mode == MODE_PAIR ? "pair" : "loop");
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
	/* the raw ratio's interval; at a gap, %global above the floors */
	if (r->have_pct)
		rec_dbl(&rec, "pct_ci", r->pct_ci, 4);
	if (r->have_floor)
		rec_dbl(&rec, "cost_ci", to_ns(e, r->above_ci) / 2, 3);
	if (r->gap_ns) {
		/* absent without a floor (or with global not above its
		 * own): never a number that is not one */
		if (r->have_pct_abv) {
			rec_dbl(&rec, "pct_abv", r->pct_abv, 4);
			rec_dbl(&rec, "pct_abv_ci", r->pct_abv_ci, 4);
		}
		if (e->cfg->mode != MODE_PAIR)
			rec_dbl(&rec, "gap_real_ns", r->gap_real_ns, 1);
	}
	report_record(&rec);
	group_records(r, "llc", r->by_llc, r->nllc);
	group_records(r, "node", r->by_node, r->nnode);
}

static int sbm_run(struct engine *e, void *state)
{
	struct sbm_exp *x = state;
	uint32_t ngaps = e->cfg->mode == MODE_PAIR ? 1 : e->cfg->ngaps;
	int status = 0;

	for (uint32_t gi = 0; gi < ngaps && !e->aborted; gi++) {
		uint32_t gap = e->cfg->mode == MODE_PAIR ? 0 : e->cfg->gap_ns[gi];
		uint32_t first = x->nresults;

		if (run_gap(e, x, gap))
			status = 1;
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
	if (!e->info.cycles || e->cfg->mode == MODE_PAIR)
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
static void seed_block(const struct sbm_exp *x, uint32_t gap)
{
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
		else if (r->have_pct_abv)
			report_printf("%-50s: %8.4f%% (+-%.2f)\n", label_of(r),
				      r->pct_abv, r->pct_abv_ci);
		else
			report_printf("%-50s: %8s  (%s)\n", label_of(r), "-",
				      r->have_floor ? "global not above its "
				      "floor" : "no floor");
	}
}

static void sbm_report(struct engine *e, void *state)
{
	struct sbm_exp *x = state;

	report_printf("\nper update = half an iteration (set, clear); above "
		      "floor = over private / private-u8 at the same gap; "
		      "%%global at a gap = above floor / global's above "
		      "floor; +- = 95 %% interval\n");
	report_printf("%-10s %-8s %7s %4s %11s %9s %8s %9s %7s %8s %7s %8s "
		      "%6s %4s %8s\n", "layout", "op", "gap_ns", "cpus",
		      "ticks/iter", "ns/upd", "+-95%", "abv_floor", "+-95%",
		      "%global", "+-95%", "%g(med)", "var%", "reps",
		      "gap_real");
	for (uint32_t i = 0; i < x->nresults; i++) {
		const struct sbm_result *r = &x->results[i];
		char pct[16] = "-", pci[16] = "-", pmed[16] = "-";
		char above[16] = "-", aci[16] = "-", greal[16] = "-";

		if (!r->clean) {
			snprintf(pct, sizeof(pct), "LOST-UPD");
		} else if (r->gap_ns && r->have_pct_abv) {
			snprintf(pct, sizeof(pct), "%.2f", r->pct_abv);
			snprintf(pci, sizeof(pci), "%.2f", r->pct_abv_ci);
		} else if (!r->gap_ns && r->have_pct) {
			snprintf(pct, sizeof(pct), "%.2f", r->pct);
			snprintf(pci, sizeof(pci), "%.2f", r->pct_ci);
			snprintf(pmed, sizeof(pmed), "%.2f", r->pct_median);
		}
		if (r->have_floor) {
			snprintf(above, sizeof(above), "%.2f",
				 to_ns(e, r->above) / 2);
			snprintf(aci, sizeof(aci), "%.2f",
				 to_ns(e, r->above_ci) / 2);
		}
		if (r->gap_ns && r->gap_real_ns > 0)
			snprintf(greal, sizeof(greal), "%.0f", r->gap_real_ns);
		report_printf("%-10s %-8s %7u %4u %11.4f %9.3f %8.3f %9s %7s "
			      "%8s %7s %8s %6.2f %4u %8s\n",
			      sbm_kind_name(r->kind), r->op, r->gap_ns,
			      r->ncpus, r->st.mean, to_ns(e, r->st.mean) / 2,
			      to_ns(e, r->ci95) / 2, above, aci, pct, pci,
			      pmed, r->rep_cv, r->reps, greal);
		node_rows(e, r);
	}
	clock_block(e, x);
	for (uint32_t gi = 0; gi < e->cfg->ngaps; gi++)
		if (e->cfg->mode != MODE_PAIR || !gi)
			seed_block(x, e->cfg->mode == MODE_PAIR ? 0 :
				   e->cfg->gap_ns[gi]);
}

static void sbm_release(struct engine *e, void *state)
{
	struct sbm_exp *x = state;

	(void)e;
	for (uint32_t i = 0; i < x->nresults; i++) {
		free(x->results[i].by_llc);
		free(x->results[i].by_node);
		free(x->results[i].rep_mean);
	}
	free(x->gap_real);
	node_arena_free(&x->arena);
	free(x);
}

const struct experiment exp_sbm = {
	.options = &exp_sbm_options,
	.check = sbm_check,
	.prepare = sbm_prepare,
	.estimate_ms = sbm_estimate,
	.run = sbm_run,
	.report = sbm_report,
	.release = sbm_release,
};

#endif /* !SBM_EXP_DECLS_ONLY */

#endif /* !SBM_EXP_RECORDS_ONLY */
