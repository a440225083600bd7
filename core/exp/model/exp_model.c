/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The coherence model beside the measurement, on the console (issue
 * #44): after sbm and c2c ran in one boot, what the machine's own map
 * predicts for every layout and gap (measure/coh_model.h), the fair and
 * the nearest-first arbiter, beside what sbm measured, their ratio and
 * the verdict; a layout outside the band is a warning naming it and the
 * way it departs.  The proof's RFO over its CAS one-way turns c2c's
 * ping-pongs into hand-offs.  sbmlog report says the same from the
 * records (tools/exp/model/model_rows.c), with the scale curves too.  With rw,
 * the readers' scans and the writers' updates against the hand-offs
 * they pay (measure/coh_scan.h).  Runs with sbm or rw, last.  Its one
 * measurement checks the model's own assumption: for each shared layout
 * at each gap sbm ran, how many updates a CPU makes in a row before its
 * line changes owner (measure/own_runs.h); a layout below the band with
 * runs of many updates is explained, and the model's figure with one
 * hand-off per run is printed beside it.
 */
#include "output/record_schema.h"

#ifndef SBM_EXP_NO_RECORDS
/* runs: the image's count of a line's owners; model: its figures,
 * which sbmlog predict writes (the image prints its table and warns) */
const struct rec_schema exp_model_records[] = {
	REC_KIND("runs", REST, 5, ONE)
	REC_KEY("layout", STR, "")
	REC_KEY("gap", U64, "ns")
	REC_KEY("cpus", U64, "")
	REC_KEY("lines", U64, "")
	REC_KEY("updates", U64, "")
	REC_KEY("changes", U64, "")
	REC_KEY("per_owner", DBL, "")
	REC_KEY("cpu_min", U64, "")
	REC_KEY("cpu_max", U64, "")
	REC_KEY("stall_ms", DBL, "ms")
	REC_KEY("even", U64, "flag")

	REC_KIND("model", REST, 6, GROWS)
	REC_KEY("what", STR, "")
	REC_KEY("of_run", STR, "")
	REC_KEY("map", STR, "")
	REC_KEY("layout", STR, "")
	REC_KEY("op", STR, "")
	REC_KEY("order", STR, "")
	REC_KEY("gap", U64, "ns")
	REC_KEY("cpus", U64, "CPUs")
	REC_KEY("arbiter", STR, "")
	REC_KEY("bound", U64, "flag")
	REC_KEY("lines", U64, "")
	REC_KEY("sharers", U64, "CPUs")
	REC_KEY("op_ns", DBL, "ns")
	REC_KEY("think_ns", DBL, "ns")
	REC_KEY("handoff_ns", DBL, "ns")
	REC_KEY("upd_ns", DBL, "ns")
	REC_KEY("cost_ns", DBL, "ns")
	REC_KEY("pct", DBL, "%")
	REC_KEY("measured_ns", DBL, "ns")
	REC_KEY("measured_lo", DBL, "ns")
	REC_KEY("measured_hi", DBL, "ns")
	REC_KEY("measured_pct", DBL, "%")
	REC_KEY("ratio", DBL, "")
	REC_KEY("verdict", STR, "")
	REC_KEY("per_owner", DBL, "")
	REC_KEY("owner_cost_ns", DBL, "ns")
	REC_KEY("owner_overlap_ns", DBL, "ns")
	REC_KEY("owner_ratio", DBL, "")
	REC_END
};
#endif

#ifndef SBM_EXP_RECORDS_ONLY
#include "options/option.h"

const struct option_set exp_model_options = {
	.name = "model", .runs_with = "sbm,rw", .decls = NULL
};

#ifndef SBM_EXP_DECLS_ONLY
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/c2c/exp_c2c.h"
#include "exp/proof/exp_proof.h"
#include "exp/rw/exp_rw.h"
#include "exp/sbm/exp_sbm.h"
#include "measure/c2c_pairs.h"
#include "measure/coh_model.h"
#include "measure/coh_scan.h"
#include "measure/own_runs.h"
#include "measure/stats.h"
#include "output/report.h"

/* A pair matrix up to this many CPUs (8 MiB of doubles at 1024);
 * beyond, every pair takes its class's median. */
#define MODEL_MATRIX_MAX 1024

struct model {
	const struct topo *t;
	double *pair;		/* n x n one-way CAS ns, 0: not measured */
	double cls[PAIR_NCLASSES];
	uint32_t cls_pairs[PAIR_NCLASSES];
	double k;		/* hand-off per CAS one-way ns */
	/* per sbm result: its shared layout's ownership runs at its gap
	 * (updates 0: not measured), and their mean where even (else 0) */
	struct own_runs *own;
	double *run;
};

/* An ownership-runs window: long enough for thousands of hand-offs,
 * short beside sbm's windows. */
#define MODEL_RUNS_MS 20
#define MODEL_RUNS_MAX (1u << 22)

static double handoff(const void *ctx, uint32_t a, uint32_t b)
{
	const struct model *m = ctx;
	uint32_t n = m->t->ncpus;

	if (m->pair && m->pair[(size_t)a * n + b] > 0)
		return m->pair[(size_t)a * n + b] * m->k;
	return m->cls[pair_class_of(m->t, a, b)] * m->k;
}

static int model_prepare(struct engine *e, void **state)
{
	(void)e;
	*state = calloc(1, sizeof(struct model));
	return *state ? 0 : -1;
}

static void runs_record(const struct engine *e, const char *layout,
			uint32_t gap, const struct own_runs *r)
{
	struct rec rec;

	report_rec_start(&rec, "runs");
	rec_str(&rec, "layout", layout);
	rec_u64(&rec, "gap", gap);
	rec_u64(&rec, "cpus", r->n);
	rec_u64(&rec, "lines", r->ngroups);
	rec_u64(&rec, "updates", r->updates);
	rec_u64(&rec, "changes", r->changes);
	rec_dbl(&rec, "per_owner", own_runs_mean(r), 2);
	rec_u64(&rec, "cpu_min", r->cpu_min);
	rec_u64(&rec, "cpu_max", r->cpu_max);
	rec_dbl(&rec, "stall_ms", e->info.counter_hz ? (double)r->stall_max *
		1000 / (double)e->info.counter_hz : 0, 3);
	rec_u64(&rec, "even", own_runs_even(r));
	report_record(&rec);
}

/*
 * Group the CPUs @cpus of layout @kind by the line their slot lies in
 * (@group per position, lines in @ngroups); false when the layout does
 * not build here or no line has two sharers (nothing to hand off).
 */
static bool runs_groups(const struct engine *e, const struct sbm_exp *x,
			enum sbm_kind kind, const uint32_t *cpus, uint32_t n,
			uint32_t *group, uint64_t *key, uint32_t *ngroups)
{
	uint32_t line = e->topo->line_size ? e->topo->line_size : 64;
	const char *why = NULL;
	struct sbm_layout l;
	bool shared = false;

	if (sbm_layout_build(&l, kind, e->topo, x->spacing, &why))
		return false;
	*ngroups = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint64_t k = sbm_slot_line(&l.slot[cpus[i]], line);
		uint32_t g = 0;

		while (g < *ngroups && key[g] != k)
			g++;
		if (g == *ngroups)
			key[(*ngroups)++] = k;
		else
			shared = true;
		group[i] = g;
	}
	sbm_layout_free(&l);
	return shared;
}

/* Each shared layout's runs at each gap sbm measured it at, on the
 * chosen CPUs, once per layout and gap; only with a map to judge
 * against. */
static int model_run(struct engine *e, void *state)
{
	struct model *m = state;
	const struct sbm_exp *x = engine_state(e, &exp_sbm);
	const struct c2c_exp *c = engine_state(e, &exp_c2c);
	uint32_t *cpus, *group, n = 0;
	uint64_t *key;
	int rc = 0;

	if (!x || !x->nresults || !c || !c->nres || e->aborted ||
	    e->nchosen < 2)
		return 0;
	m->run = calloc(x->nresults, sizeof(double));
	m->own = calloc(x->nresults, sizeof(struct own_runs));
	cpus = malloc(sizeof(uint32_t) * e->topo->ncpus);
	group = malloc(sizeof(uint32_t) * e->topo->ncpus);
	key = malloc(sizeof(uint64_t) * e->topo->ncpus);
	if (!m->run || !m->own || !cpus || !group || !key) {
		rc = -1;
		goto out;
	}
	for (uint32_t i = 0; i < e->topo->ncpus; i++)
		if (e->chosen[i])
			cpus[n++] = i;
	for (uint32_t i = 0; i < x->nresults; i++) {
		const struct sbm_result *r = &x->results[i];
		struct own_runs o = {
			.cpus = cpus, .n = n, .group = group,
			.gap_ticks = ops_gap_ticks(r->gap_ns,
						   e->info.counter_hz),
			.window_ticks = e->info.counter_hz * MODEL_RUNS_MS /
					1000,
			.max_updates = MODEL_RUNS_MAX,
		};
		uint32_t j;

		for (j = 0; j < i; j++)
			if (m->run[j] > 0 && x->results[j].kind == r->kind &&
			    x->results[j].gap_ns == r->gap_ns)
				break;
		if (j < i) {
			m->run[i] = m->run[j];
			continue;
		}
		if (!runs_groups(e, x, r->kind, cpus, n, group, key,
				 &o.ngroups))
			continue;
		if (own_runs_run(e, &o)) {
			rc = -1;
			goto out;
		}
		/* uneven: recorded, not used (own_runs_even()) */
		m->run[i] = own_runs_even(&o) ? own_runs_mean(&o) : 0;
		o.cpus = NULL;
		o.group = NULL;
		m->own[i] = o;
	}
out:
	free(cpus);
	free(group);
	free(key);
	return rc;
}

/* Class medians of c2c's pairs, each missing class from the nearest
 * measured one farther out (else nearer). */
static int build_map(struct model *m, const struct engine *e,
		     const struct c2c_exp *c)
{
	uint32_t n = e->topo->ncpus;
	double *v = malloc(sizeof(double) * (c->nres + 1));

	m->t = e->topo;
	m->k = 1;
	if (!v)
		return -1;
	if (n <= MODEL_MATRIX_MAX)
		m->pair = calloc((size_t)n * n, sizeof(double));
	for (int cl = 0; cl < PAIR_NCLASSES; cl++) {
		uint32_t k = 0;

		for (size_t i = 0; i < c->nres; i++) {
			const struct c2c_result *r = &c->res[i];

			if (!r->ok || r->cls != (enum pair_class)cl ||
			    !(r->cas_median > 0))
				continue;
			v[k++] = r->cas_median;
			if (m->pair)
				m->pair[(size_t)r->a * n + r->b] =
					m->pair[(size_t)r->b * n + r->a] =
						r->cas_median;
		}
		m->cls_pairs[cl] = k;
		if (k) {
			stats_sort(v, k);
			m->cls[cl] = k % 2 ? v[k / 2] :
				     (v[k / 2 - 1] + v[k / 2]) / 2;
		}
	}
	free(v);
	for (int cl = 0; cl < PAIR_NCLASSES; cl++) {
		int from = -1;

		for (int d = cl + 1; !m->cls_pairs[cl] && d < PAIR_NCLASSES &&
		     from < 0; d++)
			if (m->cls_pairs[d])
				from = d;
		for (int d = cl - 1; !m->cls_pairs[cl] && d >= 0 && from < 0;
		     d--)
			if (m->cls_pairs[d])
				from = d;
		if (from >= 0)
			m->cls[cl] = m->cls[from];
	}
	return 0;
}

/* The private layout's update at gap 0 of @r's kind of slot: the op. */
static double floor_op(const struct engine *e, const struct sbm_exp *x,
		       const struct sbm_result *r)
{
	enum sbm_kind pk = sbm_floor_of(r->kind);

	for (uint32_t i = 0; i < x->nresults; i++)
		if (x->results[i].kind == pk && !x->results[i].gap_ns &&
		    x->results[i].clean)
			return sbm_ns(e, x->results[i].st.mean) / 2;
	return 0;
}

/*
 * The row again with one hand-off per measured run of @run updates, not
 * per update: the band from the run overlapping the hand-off to the run
 * then the hand-off (cm_predict_runs()).
 */
static void runs_line(const struct cm_lines *ls, double op, double think,
		      double run, double meas, double ci, bool bound)
{
	struct cm_pred s[CM_NARBITERS], o[CM_NARBITERS];
	double lo, hi;
	enum cm_verdict v;

	for (int a = 0; a < CM_NARBITERS; a++)
		if (cm_predict_runs(ls, (enum cm_arbiter)a, op, think, run,
				    &s[a], &o[a]))
			return;
	cm_runs_band(s, o, &lo, &hi);
	v = cm_judge(bound ? 0 : lo, hi, meas - ci, meas + ci, true);
	report_printf("%-10s %-8s %6s %5s %4s %8.1f %9.2f %9.2f %9s %8s "
		      "%7.3f %s (runs of %.1f updates; overlapped %.2f/%.2f)"
		      "\n", "", "", "", "", "", s[CM_FAIR].handoff_ns,
		      s[CM_FAIR].cost_ns, s[CM_NEAREST].cost_ns, "", "",
		      lo > 0 ? meas / lo : 0, cm_verdict_name(v), run,
		      o[CM_FAIR].cost_ns, o[CM_NEAREST].cost_ns);
}

static void row(struct engine *e, const struct sbm_exp *x,
		const struct model *m, const struct cm_map *map,
		const struct sbm_result *r, uint32_t id)
{
	double run = m->run ? m->run[id] : 0;
	bool bound = !strncmp(r->op, "store", 5);
	double op = floor_op(e, x, r), fg, think, meas, ci, lo, hi;
	struct cm_pred p[CM_NARBITERS];
	struct sbm_layout l;
	struct cm_lines ls;
	const char *why = NULL;
	enum cm_verdict v;
	char msg[200];

	if (!r->clean || !r->have_floor || !(op > 0))
		return;
	fg = sbm_ns(e, r->floor) / 2;
	think = fg > op ? fg - op : 0;
	if (sbm_layout_build(&l, r->kind, e->topo, x->spacing, &why))
		return;
	if (cm_lines_build(&ls, map, &l, e->topo->line_size ?
			   e->topo->line_size : 64, e->chosen, &why)) {
		sbm_layout_free(&l);
		return;
	}
	for (int a = 0; a < CM_NARBITERS; a++)
		p[a] = cm_predict(&ls, (enum cm_arbiter)a, op, think);
	meas = sbm_ns(e, r->above) / 2;
	ci = sbm_ns(e, r->above_ci) / 2;
	lo = p[CM_NEAREST].cost_ns < p[CM_FAIR].cost_ns ?
	     p[CM_NEAREST].cost_ns : p[CM_FAIR].cost_ns;
	hi = p[CM_NEAREST].cost_ns < p[CM_FAIR].cost_ns ?
	     p[CM_FAIR].cost_ns : p[CM_NEAREST].cost_ns;
	v = r->kind == SBM_PRIVATE || r->kind == SBM_PRIVATE_U8 ? CM_V_NONE :
	    cm_judge(bound ? 0 : lo, hi, meas - ci, meas + ci, true);
	report_printf("%-10s %-8s %6u %5u %4u %8.1f %9.2f %9.2f %9.2f "
		      "%8.2f %7.3f %s%s\n", sbm_kind_name(r->kind), r->op,
		      r->gap_ns, ls.nlines, ls.most,
		      p[CM_FAIR].handoff_ns, p[CM_FAIR].cost_ns,
		      p[CM_NEAREST].cost_ns, meas, ci,
		      lo > 0 ? meas / lo : 0, cm_verdict_name(v),
		      bound ? " (bound)" : "");
	if (run > 0)
		runs_line(&ls, op, think, run, meas, ci, bound);
	if (v == CM_V_BELOW || v == CM_V_ABOVE) {
		char runs[64] = "";

		if (run > 0)
			snprintf(runs, sizeof(runs), "; measured runs: %.1f "
				 "updates per change of owner", run);
		snprintf(msg, sizeof(msg), "%s %s gap %u: measured %.2f ns "
			 "above the floor, %s the model's %.2f..%.2f ns "
			 "(%s%s)", sbm_kind_name(r->kind), r->op, r->gap_ns,
			 meas, v == CM_V_BELOW ? "below" : "above",
			 bound ? 0 : lo, hi, v == CM_V_BELOW ?
			 "more than one update per hand-off" :
			 "more than the map's hand-offs", runs);
		report_warn("model", id, msg);
	}
	cm_lines_free(&ls);
	sbm_layout_free(&l);
}

/* One rw figure against its band: @what, the measured @a - @b (their
 * medians' difference the interval's other end), the band @lo..@hi. */
static void rw_line(const char *layout, const char *what, double a,
		    double b, double am, double bm, double lo, double hi,
		    uint32_t id)
{
	double m, mlo, mhi;
	enum cm_verdict v;
	char msg[200];

	cs_measured(a, b, am, bm, &m, &mlo, &mhi);
	v = cm_judge(lo, hi, mlo, mhi, true);
	report_printf("%-10s %-8s %9.2f %9.2f %9.2f %9.2f %7.3f %s\n", layout,
		      what, b, hi, lo, m, lo > 0 ? m / lo : 0,
		      cm_verdict_name(v));
	if (v == CM_V_BELOW || v == CM_V_ABOVE) {
		snprintf(msg, sizeof(msg), "rw %s %s: measured %.2f ns above "
			 "the work alone, %s the model's %.2f..%.2f ns",
			 layout, what, m, v == CM_V_BELOW ? "below" : "above",
			 lo, hi);
		report_warn("model", id, msg);
	}
}

/* rw's readers and writers against the hand-offs of their lines; their
 * warnings numbered from @id (after sbm's). */
static void rw_rows(struct engine *e, const struct cm_map *map, uint32_t id)
{
	const struct rw_exp *x = engine_state(e, &exp_rw);
	uint32_t line = e->topo->line_size ? e->topo->line_size : 64;
	bool head = false;

	for (int k = 0; x && k < SBM_NKINDS; k++) {
		const struct rw_result *r = &x->res[k];
		const char *name = sbm_kind_name(r->kind), *why = NULL;
		struct sbm_layout l;
		struct cs_scan cs;
		struct cs_pred pa, pb;

		if (!r->done || !r->ok || !r->ncached || !x->nreaders)
			continue;
		if (sbm_layout_build(&l, r->kind, e->topo, x->spacing, &why))
			continue;
		if (cs_scan_build(&cs, map, &l, line, x->writers, x->nwriters,
				  x->readers[0], &why)) {
			sbm_layout_free(&l);
			continue;
		}
		if (!head)
			report_printf("model: rw, ns above the same work "
				      "alone: scan (after every writer "
				      "wrote) and scan+w (while they write) "
				      "above the scan of cached lines, "
				      "write+r (a writer's update while "
				      "readers scan) above it without them; "
				      "band: serial misses .. %d in flight\n"
				      "%-10s %-8s %9s %9s %9s %9s %7s %s\n",
				      CS_MLP, "layout", "what", "base",
				      "serial", "overlap", "measured",
				      "ratio", "verdict");
		head = true;
		pa = cs_predict_alone(&cs);
		pb = cs_predict_both(&cs, r->ns[RW_BOTH] + rw_opts.scan_ns,
				     rw_opts.idle_ns, rw_opts.run_ns,
				     x->nreaders);
		rw_line(name, "scan", r->ns[RW_READERS], r->cached_ns,
			r->med[RW_READERS], r->cached_med, pa.overlap_ns,
			pa.serial_ns, id);
		rw_line(name, "scan+w", r->ns[RW_BOTH], r->cached_ns,
			r->med[RW_BOTH], r->cached_med, pb.overlap_ns,
			pb.serial_ns, id + 1);
		rw_line(name, "write+r", r->wboth_ns, r->ns[RW_WRITERS],
			r->wboth_med, r->med[RW_WRITERS], pb.writer_ns,
			pb.writer_ns, id + 2);
		id += 3;
		cs_scan_free(&cs);
		sbm_layout_free(&l);
	}
}

static void model_report(struct engine *e, void *state)
{
	struct model *m = state;
	const struct sbm_exp *x = engine_state(e, &exp_sbm);
	const struct rw_exp *w = engine_state(e, &exp_rw);
	const struct c2c_exp *c = engine_state(e, &exp_c2c);
	struct cm_map map = { e->topo, handoff, m };
	double rfo, cas;
	uint32_t pair[2];

	if ((!x || !x->nresults) && !w)
		return;
	if (!c || !c->nres) {
		report_printf("\nmodel: no map to predict from: boot with "
			      "experiment=sbm,c2c, or on the host: "
			      "tools/sbmbench predict --from-c2c CSV\n");
		return;
	}
	if (build_map(m, e, c)) {
		report_printf("\nmodel: out of memory for the map\n");
		return;
	}
	report_printf("\nmodel (docs/model.md): a contended update costs one "
		      "hand-off of its line; predicted ns above the floor for "
		      "a fair (_f) and a nearest-first (_n) arbiter beside the "
		      "measured (+- 95 %%), ratio to the band's low edge\n");
	if (proof_rfo_per_cas(e, &rfo, &cas, pair)) {
		m->k = rfo / cas;
		report_printf("model: hand-off = c2c's CAS one-way x %.3f (the "
			      "proof's one RFO %.1f ns over its CAS one-way "
			      "%.1f ns, CPUs %u-%u)\n", m->k, rfo, cas, pair[0],
			      pair[1]);
	}
	if (x && x->nresults) {
		report_printf("%-10s %-8s %6s %5s %4s %8s %9s %9s %9s %8s "
			      "%7s %s\n", "layout", "op", "gap_ns", "lines",
			      "most", "hand_f", "cost_f", "cost_n",
			      "measured", "+-95%", "ratio", "verdict");
		for (uint32_t i = 0; i < x->nresults; i++)
			row(e, x, m, &map, &x->results[i], i);
		for (uint32_t i = 0; m->own && i < x->nresults; i++)
			if (m->own[i].updates)
				runs_record(e, sbm_kind_name(x->results[i].kind),
					    x->results[i].gap_ns, &m->own[i]);
	}
	rw_rows(e, &map, x ? x->nresults : 0);
}

static void model_release(struct engine *e, void *state)
{
	struct model *m = state;

	(void)e;
	if (m) {
		free(m->pair);
		free(m->run);
		free(m->own);
	}
	free(m);
}

const struct experiment exp_model = {
	.options = &exp_model_options,
	.prepare = model_prepare,
	.run = model_run,
	.report = model_report,
	.release = model_release,
};

#endif /* !SBM_EXP_DECLS_ONLY */

#endif /* !SBM_EXP_RECORDS_ONLY */
