/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbm: every layout's set/clear loop on the chosen CPUs.  Its options
 * (what it measures and how long) are scale's and the line-transfer
 * proof's too, so they are declared once, here.
 *
 * In three parts: its records' kinds and keys (all the host tools need:
 * they compile it with SBM_EXP_RECORDS_ONLY), its options (the option
 * fuzzer stops there: SBM_EXP_DECLS_ONLY), the experiment: its check,
 * its config record and struct experiment here, its runs, figures,
 * estimate and human tables in sbm_run.c, sbm_figures.c, sbm_estimate.c
 * and sbm_report.c (exp_sbm.h).
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
	REC_KEY("window", STR, "")
	REC_KEY("window_us", DBL, "us")
	REC_KEY("iters_min", U64, "")
	REC_KEY("iters_max", U64, "")
	REC_KEY("late", U64, "")

	/* a layout other than the six: its spec, so a log names what ran */
	REC_KIND("layout", REST, 3, ONE)
	REC_KEY("name", STR, "")
	REC_KEY("spec", STR, "")
	REC_KEY("floor", STR, "")
	REC_KEY("leaves", U64, "")
	REC_KEY("lines", U64, "")
	REC_KEY("most", U64, "CPUs")
	REC_KEY("touches", U64, "")
	REC_KEY("atomics", U64, "")

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

#include "exp/sbm/exp_sbm_opts.h"
#include "options/config.h"
#include "options/config_words.h"
#include "options/option.h"
#include "measure/sbm.h"

struct sbm_opts sbm_opts;

/* "all": the six abstractions, as before the presets came */
#define ALL_LAYOUTS ((1u << SBM_NBUILTIN) - 1)

/* Where the spec that starts at @s ends: at the first comma item that is
 * no key=value (the next layout's name, or spec:). */
static size_t spec_len(const char *s)
{
	const char *p = s;

	for (;;) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);

		/* a layout's name has no '=': a misspelt key stays in the
		 * spec, to be refused by name */
		if (!memchr(p, '=', n) || !strncmp(p, "spec:", 5))
			return p > s ? (size_t)(p - s - 1) : 0;
		if (!comma)
			return strlen(s);
		p = comma + 1;
	}
}

/*
 * A layout and its floor: -1 with @why. The spec's op= is checked
 * against this ISA's ops in sbm_check: this half is built without
 * arch code (the options fuzzer).
 */
static int choose(int k, uint32_t *mask, const char **why)
{
	int f = sbm_layout_floor(k, why);

	if (f < 0)
		return -1;
	*mask |= 1u << k;
	if (f >= SBM_NBUILTIN)	/* a made floor runs with it */
		*mask |= 1u << f;
	return 0;
}

static int set_layouts(const struct option_decl *d, struct config *c,
		       const char *val, char *err, size_t errlen)
{
	const char *s = val, *why = NULL;
	uint32_t mask = 0;

	(void)c;
	sbm_layout_reset();
	if (!strcmp(s, "all")) {
		sbm_opts.layouts = ALL_LAYOUTS;
		return 0;
	}
	while (*s) {
		const char *comma;
		size_t len;
		int k;

		if (!strncmp(s, "spec:", 5)) {
			len = spec_len(s + 5);
			k = sbm_layout_add(s + 5, len, NULL, &why);
			len += 5;
		} else {
			comma = strchr(s, ',');
			len = comma ? (size_t)(comma - s) : strlen(s);
			k = sbm_kind_parse(s, len);
			if (k < 0)
				why = "not a layout: global, node, llc, llc-u8, private, private-u8, a preset (sbmbench layouts) or spec:KEY=VALUE,...";
		}
		if (k < 0 || choose(k, &mask, &why))
			break;
		s += len;
		if (*s == ',')
			s++;
		else if (*s)
			break;
	}
	if (*s || !mask)
		return config_bad_value(err, errlen, d->key, val,
					why ? why : "no layout");
	sbm_opts.layouts = mask;
	return 0;
}

static void format_layouts(const struct option_decl *d,
			   const struct config *c, char *buf, size_t len)
{
	size_t used = 0;

	(void)c;
	(void)d;
	buf[0] = 0;
	for (int k = 0; k < SBM_NKINDS; k++)
		if (sbm_opts.layouts & (1u << k) && used + 1 < len) {
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

	(void)c;
	if (!n || n >= SBM_OP_LEN || strspn(val,
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != n)
		return config_bad_value(err, errlen, d->key, val,
			"an op name of 1..15 letters, digits, '_' or '-'; the report lists this arch's ops");
	memcpy((char *)&sbm_opts + d->offset, val, n + 1);
	return 0;
}

static void format_op(const struct option_decl *d, const struct config *c,
		      char *buf, size_t len)
{
	(void)c;
	snprintf(buf, len, "%s", (const char *)&sbm_opts + d->offset);
}

static int set_gaps(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint32_t gaps[SBM_MAX_GAPS], n = 0;
	const char *s = val;

	(void)c;
	while (*s) {
		char num[16];
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		uint64_t v;

		if (!len || len >= sizeof(num) || n == SBM_MAX_GAPS)
			goto bad;
		memcpy(num, s, len);
		num[len] = 0;
		if (config_parse_u64(num, 0, SBM_MAX_GAP_NS, &v))
			goto bad;
		gaps[n++] = (uint32_t)v;
		s += len;
		if (comma && !*++s)
			goto bad;
	}
	if (!n)
		goto bad;
	memcpy(sbm_opts.gap_ns, gaps, n * sizeof(gaps[0]));
	sbm_opts.ngaps = n;
	return 0;
bad:
	return config_bad_value(err, errlen, d->key, val,
				"a comma list of up to 8 ns values, 0..10000000");
}

static void format_gaps(const struct option_decl *d, const struct config *c,
			char *buf, size_t len)
{
	size_t used = 0;

	(void)c;
	(void)d;
	buf[0] = 0;
	for (uint32_t i = 0; i < sbm_opts.ngaps && used + 1 < len; i++) {
		int w = snprintf(buf + used, len - used, "%s%u", i ? "," : "",
				 sbm_opts.gap_ns[i]);

		if (w > 0)
			used += (size_t)w;
	}
}

/* reps=auto: at least SBM_REPS_AUTO_MIN (run-to-run noise of the rep
 * means measured 0.5-5 % here), more while the 95 % interval is wider
 * than SBM_REPS_AUTO_PCT of the mean */
static int set_reps(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint64_t v;

	(void)c;
	if (!strcmp(val, "auto")) {
		sbm_opts.reps = SBM_REPS_AUTO_MIN;
		sbm_opts.reps_auto = true;
		return 0;
	}
	if (config_parse_u64(val, 1, 1000, &v))
		return config_bad_value(err, errlen, d->key, val,
					"1..1000 or auto");
	sbm_opts.reps = (uint32_t)v;
	sbm_opts.reps_auto = false;
	return 0;
}

static void format_reps(const struct option_decl *d, const struct config *c,
			char *buf, size_t len)
{
	(void)c;
	(void)d;
	if (sbm_opts.reps_auto)
		snprintf(buf, len, "auto");
	else
		snprintf(buf, len, "%u", sbm_opts.reps);
}

static int set_line(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint64_t v;

	(void)c;
	if (config_parse_u64(val, 8, 4096, &v) || (v & (v - 1)))
		return config_bad_value(err, errlen, d->key, val,
					"a power of two from 8 to 4096");
	sbm_opts.line = (uint32_t)v;
	return 0;
}

/* iters=auto (0): windows bounded by time; N: by count */
static int set_iters(const struct option_decl *d, struct config *c,
		     const char *val, char *err, size_t errlen)
{
	uint64_t v;

	(void)c;
	if (!strcmp(val, "auto")) {
		sbm_opts.iters = 0;
		return 0;
	}
	if (config_parse_u64(val, 1, 1000000000, &v))
		return config_bad_value(err, errlen, d->key, val,
					"auto or 1..1000000000");
	sbm_opts.iters = v;
	return 0;
}

static void format_iters(const struct option_decl *d, const struct config *c,
			 char *buf, size_t len)
{
	(void)c;
	(void)d;
	if (!sbm_opts.iters)
		snprintf(buf, len, "auto");
	else
		snprintf(buf, len, "%llu", (unsigned long long)sbm_opts.iters);
}

static int set_window(const struct option_decl *d, struct config *c,
		      const char *val, char *err, size_t errlen)
{
	uint64_t v;

	(void)c;
	if (!strcmp(val, "auto")) {
		sbm_opts.window_us = 0;
		return 0;
	}
	if (config_parse_u64(val, 100, 10000000, &v))
		return config_bad_value(err, errlen, d->key, val,
					"auto or 100..10000000 (us)");
	sbm_opts.window_us = (uint32_t)v;
	return 0;
}

static void format_window(const struct option_decl *d,
			  const struct config *c, char *buf, size_t len)
{
	(void)c;
	(void)d;
	if (!sbm_opts.window_us)
		snprintf(buf, len, "auto");
	else
		snprintf(buf, len, "%u", sbm_opts.window_us);
}

static const char *const modes[] = { "loop", "pair", NULL };

static const struct option_decl decls[] = {
	{ .key = "layouts", .kind = OPT_CUSTOM, OPT_OWN_FIELD(struct sbm_opts, layouts),
	  .set = set_layouts, .format = format_layouts, .def = "all",
	  .meta = "LIST", .help = "comma list of global,node,llc,llc-u8,"
	  "private,private-u8 or all" },
	{ .key = "op", .kind = OPT_CUSTOM, OPT_OWN_FIELD(struct sbm_opts, op), .set = set_op,
	  .format = format_op, .def = "native", .meta = "NAME",
	  .help = "atomic bit op for bit layouts (native: the kernel's "
	  "cpumask op with the barrier its callers put after it)" },
	{ .key = "op_u8", .kind = OPT_CUSTOM, OPT_OWN_FIELD(struct sbm_opts, op_u8), .set = set_op,
	  .format = format_op, .def = "native", .meta = "NAME",
	  .help = "byte op for llc-u8 and private-u8 (native: smp_store_mb())" },
	/* saturation, and an event-like rate: 1 us apart (a nohz idle
	 * entry/exit or a cpupri change is an event, not a tight loop) */
	{ .key = "gap", .kind = OPT_CUSTOM, OPT_OWN_FIELD(struct sbm_opts, ngaps), .set = set_gaps,
	  .format = format_gaps, .def = "0,1000", .meta = "LIST",
	  .help = "ns of private work between updates, a comma list of up to "
	  "8 values 0..10000000" },
	/* the kernel's next atomic waits for the last one's line */
	{ .key = "gap_fence", .kind = OPT_BOOL, OPT_OWN_FIELD(struct sbm_opts, gap_fence),
	  .def = "1", .meta = "BOOL", .help = "a gap starts once the update "
	  "before it has completed (0: the gap overlaps its miss)" },
	{ .key = "iters", .kind = OPT_CUSTOM, OPT_OWN_FIELD(struct sbm_opts, iters),
	  .set = set_iters, .format = format_iters, .def = "auto",
	  .meta = "N|auto", .help = "auto: every window ends at one common "
	  "time, each CPU counting its iterations; N: a window is N "
	  "set+clear iterations per CPU (the old way, for comparison)" },
	{ .key = "window", .kind = OPT_CUSTOM, OPT_OWN_FIELD(struct sbm_opts, window_us),
	  .set = set_window, .format = format_window, .def = "auto",
	  .meta = "US|auto", .help = "with iters=auto, a window's length in "
	  "us, 100..10000000; auto: from a pilot, long enough for the "
	  "slowest CPU's 200 iterations" },
	/* a full run in about half a minute, whatever the CPU count: the
	 * windows share what the runs' overhead leaves of it */
	{ .key = "budget", .kind = OPT_UINT, OPT_OWN_FIELD(struct sbm_opts, budget_s),
	  .lo = 0, .hi = 86400, .def = "24", .meta = "S",
	  .help = "with iters=auto and window=auto, the seconds the planned "
	  "run may take: longer windows are cut to fit (10 ms at least, "
	  "never below the slowest CPU's 200 iterations); 0: no limit" },
	{ .key = "reps", .kind = OPT_CUSTOM, OPT_OWN_FIELD(struct sbm_opts, reps), .set = set_reps,
	  .format = format_reps, .def = "auto", .meta = "N|auto",
	  .help = "repetitions, 1..1000; auto: a pilot of 5, then one count "
	  "(up to 20) fixed from its spread for a 95 % interval within 2 %" },
	{ .key = "warmup", .kind = OPT_UINT, OPT_OWN_FIELD(struct sbm_opts, warmup), .lo = 0,
	  .hi = 1000000000, .def = "1000", .meta = "N",
	  .help = "untimed iterations before each window of iters=N (a "
	  "time window is warmed up for an eighth of its length)" },
	{ .key = "line", .kind = OPT_CUSTOM, OPT_OWN_FIELD(struct sbm_opts, line), .set = set_line,
	  .def_doc = "128", .meta = "N", .help = "leaf spacing in bytes, a "
	  "power of two 8..4096 (unset: 128, or the line if larger)" },
	{ .key = "mode", .kind = OPT_ENUM, OPT_OWN_FIELD(struct sbm_opts, mode), .names = modes,
	  .def = "loop", .meta = "MODE", .help = "pair: a setter and a "
	  "clearer thread per CPU (Linux only)" },
	{ .key = NULL }
};

const struct option_set exp_sbm_options = {
	.name = "sbm", .decls = decls, .own = &sbm_opts,
	.own_size = sizeof(sbm_opts)
};

#ifndef SBM_EXP_DECLS_ONLY
#include <stdlib.h>

#include "exp/sbm/exp_sbm.h"
#include "isa_ops.h"
#include "measure/ops.h"
#include "measure/layout_shape.h"
#include "output/report.h"

sbm_pair_fn sbm_pair_runner;

/* every gap loop of the run reads it (scale, rw, the model's too) */
static void sbm_setup(const struct engine *e)
{
	(void)e;
	ops_gap_fence = sbm_opts.gap_fence;
}

static int sbm_check(const struct engine *e, const char **why)
{
	static char msg[256];

	(void)e;
	if (!ops_find(sbm_opts.op, false) || !ops_find(sbm_opts.op_u8, true)) {
		ops_refusal(sbm_opts.op, sbm_opts.op_u8, msg, sizeof(msg));
		*why = msg;
		return -1;
	}
	/* a spec's own op, before any layout runs */
	for (int k = 0; k < SBM_NKINDS; k++) {
		const struct sbm_spec *sp;

		if (!(sbm_opts.layouts & (1u << k)))
			continue;
		sp = sbm_kind_spec((enum sbm_kind)k);
		if (sp->op[0] && !ops_find(sp->op, sp->elem == SE_U8)) {
			snprintf(msg, sizeof(msg),
				 "layout %s: op=%s is not a %s op of this build (sbmbench layouts lists them)",
				 sbm_kind_name((enum sbm_kind)k), sp->op,
				 sp->elem == SE_U8 ? "byte" : "bit");
			*why = msg;
			return -1;
		}
	}
	if (sbm_opts.mode == MODE_PAIR && !sbm_pair_runner) {
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
	char buf[400], ops[200], gaps[SBM_MAX_GAPS * 10] = "";
	struct rec r;

	for (uint32_t i = 0; i < sbm_opts.ngaps; i++) {
		size_t l = strlen(gaps);

		snprintf(gaps + l, sizeof(gaps) - l, "%s%u", i ? "," : "",
			 sbm_opts.gap_ns[i]);
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
		      sbm_opts.mode == MODE_PAIR ? "; mode=pair runs gap 0 only" :
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
	rec_u64(&r, "iters", sbm_opts.iters);
	rec_u64(&r, "reps", sbm_opts.reps);
	/* reps=auto: results carry how many each layout needed */
	rec_u64(&r, "reps_max", sbm_opts.reps_auto ? SBM_REPS_AUTO_MAX :
				sbm_opts.reps);
	rec_u64(&r, "warmup", sbm_opts.warmup);
	rec_u64(&r, "line", x->spacing);
	rec_u64(&r, "cpus", e->nchosen);
	rec_str(&r, "mode", sbm_opts.mode == MODE_PAIR ? "pair" : "loop");
	rec_str(&r, "ops", ops);
	rec_str(&r, "placement", pl);
	rec_str(&r, "gaps", gaps);
	rec_dbl(&r, "spin_ns", x->spin_ns, 4);
	rec_u64(&r, "cache_line", e->topo->line_size);
	/* which barrier follows which op: "set+barrier/clear" (isa_ops.h) */
	rec_str(&r, "op_barriers", op_barriers(sbm_opts.op, false));
	rec_str(&r, "op_u8_barriers", op_barriers(sbm_opts.op_u8, true));
	rec_u64(&r, "gap_fence", sbm_opts.gap_fence);
	/* iters=auto: iters is 0, each result says its window */
	rec_str(&r, "window", sbm_opts.iters || sbm_opts.mode == MODE_PAIR ?
		"count" : "time");
	report_record(&r);
}

/* Every chosen layout built on this machine before any runs: one that
 * cannot be (a leaf=word leaf of 100 CPUs) is refused by name here; the
 * others than the six are said with their spec and shape. */
static int layout_records(struct engine *e, struct sbm_exp *x)
{
	for (int k = 0; k < SBM_NKINDS; k++) {
		struct sbm_layout l;
		struct sbm_shape sh;
		const char *why;
		char spec[256], line[160];
		struct rec r;

		if (!(sbm_opts.layouts & (1u << k)))
			continue;
		if (sbm_layout_build(&l, (enum sbm_kind)k, e->topo, x->spacing,
				     &why)) {
			report_printf("sbmbench: layout %s cannot be built here: %s\n",
				      sbm_kind_name((enum sbm_kind)k), why);
			report_warn("layout", (uint32_t)k, why);
			return -1;
		}
		if (k < SBM_NBUILTIN || sbm_layout_shape(&l, e->topo->line_size,
							 &sh)) {
			sbm_layout_free(&l);
			continue;
		}
		sbm_spec_format(l.spec, spec, sizeof(spec));
		sbm_shape_format(&sh, line, sizeof(line));
		report_printf("layout %s: %s\n  %s\n",
			      sbm_kind_name((enum sbm_kind)k), spec, line);
		report_rec_start(&r, "layout");
		rec_str(&r, "name", sbm_kind_name((enum sbm_kind)k));
		rec_str(&r, "spec", spec);
		rec_str(&r, "floor", sbm_kind_name(sbm_floor_of((enum sbm_kind)k)));
		rec_u64(&r, "leaves", sh.leaves);
		rec_u64(&r, "lines", sh.lines);
		rec_u64(&r, "most", sh.most);
		rec_u64(&r, "touches", sh.touches);
		rec_u64(&r, "atomics", sh.atomics);
		report_record(&r);
		sbm_layout_free(&l);
	}
	return 0;
}

static int sbm_prepare(struct engine *e, void **state)
{
	struct sbm_exp *x = calloc(1, sizeof(*x));
	const char *why = "out of memory";

	*state = x;
	if (x) {
		/* Intel and AMD fetch 64-byte lines in pairs: leaves 128
		 * bytes apart, or a line apart where lines are larger */
		x->spacing = sbm_spacing(sbm_opts.line, e->topo);
		x->spin_ns = ops_gap_calibrate(e->info.counter_hz);
		x->gap_real = calloc(e->topo->ncpus, sizeof(*x->gap_real));
	}
	if (!x || !x->gap_real || sbm_alloc_windows(x, e->topo->ncpus) ||
	    node_arena_for_layouts(&x->arena, e->topo, sbm_opts.layouts,
						 x->spacing, &why)) {
		report_warn("layout", 0, why);
		return -1;
	}
	if (layout_records(e, x))
		return -1;
	config_record(e, x);
	return 0;
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
	free(x->done);
	free(x->win);
	node_arena_free(&x->arena);
	free(x);
}

const struct experiment exp_sbm = {
	.options = &exp_sbm_options,
	.check = sbm_check,
	.setup = sbm_setup,
	.prepare = sbm_prepare,
	.estimate_ms = sbm_estimate,
	.run = sbm_run,
	.report = sbm_report,
	.release = sbm_release,
};

#endif /* !SBM_EXP_DECLS_ONLY */

#endif /* !SBM_EXP_RECORDS_ONLY */
