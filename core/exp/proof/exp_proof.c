/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The proof every run carries: a contended update should cost about one
 * line transfer, an RFO of a modified line.  For the boot CPU and its
 * nearest and its farthest partner: one RFO timed on its own (rfo.h: the
 * partner writes the line, the boot CPU times the global layout's op on
 * it), and the global mask on just those two CPUs at the proof's gap (the
 * smallest listed gap of at least 4 CAS transfers, else 2 us:
 * proof_plan.h) above the private floor at the same gap, each run's real
 * gaps taken out (a deadline gap absorbs a preempted vCPU; its length is
 * not the update's cost).  Reps of global and private alternate, with an
 * RFO run and a CAS ping-pong before each pair and after the last; the
 * RFO runs' spread widens the tolerance.  The CAS and plain ping-pongs'
 * one-way times are printed beside: a ping-pong hand-off is more than one
 * transfer, so the verdict is on the RFO.  The lines live on the global
 * mask's node.  Record kind "proof"; a disagreement is a warning.
 *
 * Its records' kinds and keys come first (the host tools compile this
 * file with SBM_EXP_RECORDS_ONLY), then its option set (the option
 * fuzzer stops there: SBM_EXP_DECLS_ONLY), which names it and runs it
 * with sbm: its options are sbm's (exp_sbm.c).
 */

/* its records, in the form of core/output/record_schema.def */
#include "output/record_schema.h"

#ifndef SBM_EXP_NO_RECORDS
const struct rec_schema exp_proof_records[] = {
	REC_KIND("proof", VERDICT, 4, ONE)
	REC_KEY("a", U64, "cpu")
	REC_KEY("b", U64, "cpu")
	REC_KEY("partner", STR, "")
	REC_KEY("relation", STR, "")
	REC_KEY("pingpong_ns", DBL, "ns")
	REC_KEY("pingpong_min_ns", DBL, "ns")
	REC_KEY("op", STR, "")
	REC_KEY("gap", U64, "ns")
	REC_KEY("upd_ns", DBL, "ns")
	REC_KEY("floor_ns", DBL, "ns")
	REC_KEY("cost_ns", DBL, "ns")
	REC_KEY("pct", DBL, "%")
	REC_KEY("cost_ci95_ns", DBL, "ns")
	REC_KEY("verdict", STR, "")
	REC_KEY("cas_op", STR, "")
	REC_KEY("cas_ns", DBL, "ns")
	REC_KEY("cas_min_ns", DBL, "ns")
	REC_KEY("cas_runs", U64, "")
	REC_KEY("cas_pct", DBL, "%")
	REC_KEY("tol_pct", DBL, "%")
	REC_KEY("gap_rule", STR, "")
	REC_KEY("home", U64, "node")
	REC_KEY("gap_real_ns", DBL, "ns")
	REC_KEY("pp_cut", U64, "")
	REC_KEY("rfo_ns", DBL, "ns")
	REC_KEY("rfo_runs", U64, "")
	REC_KEY("rfo_pct", DBL, "%")
	REC_END
};
#endif /* !SBM_EXP_NO_RECORDS */

#ifndef SBM_EXP_RECORDS_ONLY
#include "options/option.h"

/* Its name for experiment= and the console; it runs with sbm, on sbm's
 * options (exp_sbm.c), and declares none of its own. */
const struct option_set exp_proof_options = {
	.name = "proof", .runs_with = "sbm", .decls = NULL
};

#ifndef SBM_EXP_DECLS_ONLY
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "exp/sbm/exp_sbm_opts.h"
#include "measure/arena.h"
#include "measure/estimate.h"
#include "exp/experiment.h"
#include "exp/proof/exp_proof.h"
#include "exp/proof/proof_plan.h"
#include "isa_ops.h"
#include "engine/mem.h"
#include "measure/ops.h"
#include "measure/pingpong.h"
#include "measure/rfo.h"
#include "options/config.h"
#include "output/report.h"
#include "measure/sbm.h"
#include "measure/stats.h"

#define PP_ROUNDS	1000	/* timed round trips per ping-pong (as c2c) */
/* The plain and the CAS word, each alone on its prefetch pair of lines */
#define PLAIN_OFF	0
#define CAS_OFF		(2 * ENGINE_ALIGN)
/* The RFO run's line (a's word, then b's) and its token, likewise */
#define RFO_OFF		(4 * ENGINE_ALIGN)
#define TOKEN_OFF	(6 * ENGINE_ALIGN)
#define RFO_ROUNDS	1000
#define LINES_SIZE	4096

enum { L_GLOBAL, L_PRIVATE, NLAYOUTS };

struct proof {
	uint32_t partner[2];		/* nearest, farthest; UINT32_MAX: none */
	const char *relation[2];
	struct node_arena lines;	/* the ping-pong words, on home */
	uint32_t home;			/* the global mask's node */
	uint64_t pp_samples[PP_ROUNDS];	/* pingpong.c's batches */
	uint64_t rfo_remote[RFO_ROUNDS], rfo_local[RFO_ROUNDS];
	uint32_t pair[2];		/* the boot CPU and the partner */
	/* the update part: global and private on the two CPUs */
	struct node_arena arena;
	struct sbm_layout layout[NLAYOUTS];
	bool built[NLAYOUTS];
	const struct sbm_layout *cur;	/* the one update_body() runs */
	const struct sbm_op *op;
	uint64_t spins;			/* the gap, in counter ticks */
	uint64_t gap_ticks[2];		/* the timed gaps, per pair CPU */
	uint32_t gap_ns;
	uint32_t pp_cut;		/* ping-pongs and RFO runs their
					 * time budget cut */
	/* the first partner's one RFO and CAS one-way, for the model's
	 * hand-off (exp_proof.h); 0 until measured */
	double cal_rfo, cal_cas;
	uint32_t cal_pair[2];
};

static const char *relation_of(const struct topo *t, uint32_t a, uint32_t b)
{
	const struct topo_cpu *x = &t->cpus[a], *y = &t->cpus[b];

	if (x->node != y->node)
		return "node";
	if (x->package != y->package)
		return "package";
	if (x->llc != y->llc)
		return "llc";
	if (x->core != y->core)
		return "core";
	return "smt";
}

/* Rank of a relation, nearest first. */
static int rank_of(const char *rel)
{
	static const char *const order[] = { "core", "smt", "llc", "package",
					     "node" };

	for (int i = 0; i < 5; i++)
		if (!strcmp(rel, order[i]))
			return i;
	return 5;
}

/* Nearest: another core in the boot CPU's LLC before an SMT sibling;
 * farthest: the largest NUMA distance, then the widest relation. */
static void pick_partners(const struct engine *e, struct proof *p)
{
	const struct topo *t = e->topo;
	int best_near = 99, best_far = -1, far_dist = -1;

	p->partner[0] = p->partner[1] = UINT32_MAX;
	for (uint32_t i = 0; i < t->ncpus; i++) {
		const char *rel;
		int rank, dist;

		if (i == e->bsp || !e->chosen[i] ||
		    !(t->cpus[i].flags & TOPO_CPU_ONLINE))
			continue;
		rel = relation_of(t, e->bsp, i);
		rank = rank_of(rel);
		dist = topo_distance(t, t->cpus[e->bsp].node, t->cpus[i].node);
		if (rank < best_near) {
			best_near = rank;
			p->partner[0] = i;
			p->relation[0] = rel;
		}
		if (dist > far_dist || (dist == far_dist && rank > best_far)) {
			far_dist = dist;
			best_far = rank;
			p->partner[1] = i;
			p->relation[1] = rel;
		}
	}
}

static int proof_prepare(struct engine *e, void **state)
{
	struct proof *p = calloc(1, sizeof(*p));
	uint32_t spacing = sbm_spacing(sbm_opts.line, e->topo);
	size_t size[TOPO_MAX_NODES] = { 0 };
	const char *why = "out of memory";

	*state = p;
	if (!p)
		return 0;
	p->partner[0] = p->partner[1] = UINT32_MAX;
	if (!e->chosen[e->bsp] || e->nchosen < 2)
		return 0;	/* nothing to compare: run() says so */
	pick_partners(e, p);
	p->op = ops_find(sbm_opts.op, false);
	if (!p->op)
		why = "no such op";
	for (int k = 0; k < NLAYOUTS && p->op; k++) {
		if (sbm_layout_build(&p->layout[k], k == L_GLOBAL ? SBM_GLOBAL :
				     SBM_PRIVATE, e->topo, spacing, &why))
			break;
		p->built[k] = true;
	}
	if (p->built[L_GLOBAL]) {
		/* the ping-pong's line where the global mask's is */
		p->home = p->layout[L_GLOBAL].slot[e->bsp].region;
		size[p->home] = LINES_SIZE;
	}
	if (!p->built[L_PRIVATE] ||
	    node_arena_alloc(&p->lines, e->topo, size, &why) ||
	    node_arena_for_layouts(&p->arena, e->topo, 1u << SBM_GLOBAL |
				   1u << SBM_PRIVATE, spacing, &why)) {
		report_warn("proof", 0, why);
		p->partner[0] = p->partner[1] = UINT32_MAX;
	}
	return 0;
}

/* Both CPUs update their slot of the layout at the gap, timed. */
static void update_body(struct engine *e, uint32_t cpu, void *arg)
{
	struct proof *p = arg;
	void *w = sbm_slot_ptr(p->cur, &p->arena.a, cpu);
	unsigned bit = p->cur->slot[cpu].bit;
	struct engine_spin sp = { 0 };
	struct engine_window win;
	uint32_t sense = 0;
	uint64_t gap;

	if (!engine_barrier(e, &sense))
		return;
	ops_run(p->op, w, bit, sbm_opts.warmup, p->spins);
	if (!engine_barrier(e, &sense))
		return;
	engine_window_open(e, &win);
	gap = ops_run(p->op, w, bit, sbm_count_iters(), p->spins);
	engine_window_close(e, cpu, &win);
	p->gap_ticks[cpu == p->pair[0] ? 0 : 1] = gap;
	engine_window_done(e);
	while (engine_others_timing(e, &sp))
		ops_run_untimed(p->op, w, bit, p->spins);
}

/*
 * One rep of layout @k on the pair: ns per update, the gap included
 * (*@whole) and without the gaps the loop really had (*@busy), and the
 * mean real gap (*@gap).  The gap is a deadline: a preempted vCPU or a
 * slower clock stretches it, and what it took is taken out, so that the
 * update's own time is what global and private are compared on.
 */
static int update_ns(struct engine *e, struct proof *p, int k,
		     uint64_t deadline_ms, double *whole, double *busy,
		     double *gap)
{
	double ticks = 0, gaps = 0, to_ns = 1e9 / (double)e->info.counter_hz;
	/* two updates (and gaps) per iteration, two CPUs */
	double n = (double)sbm_count_iters() * 2 * 2;

	p->cur = &p->layout[k];
	sbm_zero(p->cur, &p->arena.a);
	p->gap_ticks[0] = p->gap_ticks[1] = 0;
	if (engine_run_on(e, p->pair, 2, update_body, p, deadline_ms))
		return -1;	/* aborted: leave the layout be */
	for (int i = 0; i < 2; i++) {
		ticks += (double)e->mbox[p->pair[i]].ticks;
		gaps += (double)p->gap_ticks[i];
	}
	*whole = ticks * to_ns / n;
	*busy = (ticks - gaps) * to_ns / n;
	*gap = gaps * to_ns / n;
	return 0;
}

/* One ping-pong on the pair: its one-way median and fastest, in ns. */
static int transfer_ns(struct engine *e, struct proof *p, bool cas,
		       double *med, double *min)
{
	uint8_t *base = p->lines.a.base[p->home];
	double to_ns = 1e9 / (double)e->info.counter_hz;
	struct pingpong ping = {
		.word = (volatile uint64_t *)(base + (cas ? CAS_OFF : PLAIN_OFF)),
		.a = p->pair[0], .b = p->pair[1], .cas = cas,
		.warmup = pingpong_warmup(PP_ROUNDS), .rounds = PP_ROUNDS,
		.samples = p->pp_samples,
	};

	if (pingpong_run(e, &ping) || !pingpong_oneway(&ping, med, min))
		return -1;
	p->pp_cut += ping.cut;
	*med *= to_ns;
	*min *= to_ns;
	return 0;
}

/* One RFO run on the pair (rfo.h): the transfer a contended update pays,
 * in ns; a times with the global layout's own op. */
static int rfo_ns(struct engine *e, struct proof *p, double *ns)
{
	uint8_t *base = p->lines.a.base[p->home];
	struct rfo r = {
		.line = (volatile uint64_t *)(base + RFO_OFF),
		.token = (volatile uint64_t *)(base + TOKEN_OFF),
		.op = p->op, .bit = 0, .a = p->pair[0], .b = p->pair[1],
		.warmup = pingpong_warmup(RFO_ROUNDS), .rounds = RFO_ROUNDS,
		.remote = p->rfo_remote, .local = p->rfo_local,
	};
	double ticks;

	if (rfo_run(e, &r) || !rfo_ticks(&r, &ticks))
		return -1;
	p->pp_cut += r.cut;
	*ns = ticks * 1e9 / (double)e->info.counter_hz;
	return 0;
}

struct proof_figures {
	double pp, pp_min;		/* plain ping-pong, one-way ns */
	double cas, cas_min;		/* CAS: median of the repeated ones */
	double rfo;			/* one RFO: median of the runs */
	double tol;			/* percent, around @rfo */
	uint32_t npp;			/* CAS ping-pongs, RFO runs */
	double g, f, cost, ci;		/* per update, ns */
	double gap_real;		/* the gaps really had, mean ns */
	bool fallback_gap;
	const char *verdict;
};

/*
 * Reps of global and private alternate, a CAS ping-pong and an RFO run
 * before each pair and after the last, so that drift lands in both alike
 * and the RFO runs' spread says how steady a transfer is.
 */
static int measure_reps(struct engine *e, struct proof *p,
			uint64_t deadline_ms, double *cas_pp, double *rfo,
			struct proof_figures *fig)
{
	uint32_t reps = sbm_opts.reps;
	double *g = calloc(reps, sizeof(double));
	double *f = calloc(reps, sizeof(double));
	double *d = calloc(reps, sizeof(double));
	double min, gb, fb, gg, fg, gaps = 0;
	struct stats st;
	int rc = -1;

	if (!g || !f || !d)
		goto out;
	for (uint32_t rep = 0; rep < reps; rep++) {
		if (update_ns(e, p, L_GLOBAL, deadline_ms, &g[rep], &gb, &gg) ||
		    update_ns(e, p, L_PRIVATE, deadline_ms, &f[rep], &fb, &fg) ||
		    transfer_ns(e, p, true, &cas_pp[rep + 1], &min) ||
		    rfo_ns(e, p, &rfo[rep + 1]))
			goto out;
		/* above the floor: the gaps each run really had taken out */
		d[rep] = gb - fb;
		gaps += gg + fg;
		if (min < fig->cas_min)
			fig->cas_min = min;
	}
	fig->gap_real = gaps / (2.0 * reps);
	fig->npp = reps + 1;
	stats_compute(g, reps, &st);
	fig->g = st.mean;
	stats_compute(f, reps, &st);
	fig->f = st.mean;
	/* paired reps: the interval of the differences (none from one) */
	stats_compute(d, reps, &st);
	fig->cost = st.mean;
	fig->ci = stats_ci95(&st);
	rc = 0;
out:
	free(g);
	free(f);
	free(d);
	return rc;
}

static void proof_record(struct engine *e, struct proof *p, int which,
			 const struct proof_figures *fig)
{
	struct rec r;

	report_rec_start(&r, "proof");
	rec_u64(&r, "a", e->bsp);
	rec_u64(&r, "b", p->pair[1]);
	rec_str(&r, "partner", which ? "farthest" : "nearest");
	rec_str(&r, "relation", p->relation[which]);
	rec_dbl(&r, "pingpong_ns", fig->pp, 3);
	rec_dbl(&r, "pingpong_min_ns", fig->pp_min, 3);
	rec_str(&r, "op", p->op->name);
	rec_u64(&r, "gap", p->gap_ns);
	rec_dbl(&r, "upd_ns", fig->g, 3);
	rec_dbl(&r, "floor_ns", fig->f, 3);
	rec_dbl(&r, "cost_ns", fig->cost, 3);
	/* % of the plain transfer, as before; the verdict's is cas_pct */
	rec_dbl(&r, "pct", fig->pp > 0 ? fig->cost / fig->pp * 100 : 0, 2);
	rec_dbl(&r, "cost_ci95_ns", fig->ci, 3);
	rec_str(&r, "verdict", fig->verdict);
	rec_str(&r, "cas_op", isa_cas_name());
	rec_dbl(&r, "cas_ns", fig->cas, 3);
	rec_dbl(&r, "cas_min_ns", fig->cas_min, 3);
	rec_u64(&r, "cas_runs", fig->npp);
	rec_dbl(&r, "cas_pct", fig->cas > 0 ? fig->cost / fig->cas * 100 : 0,
		2);
	rec_dbl(&r, "tol_pct", fig->tol > 0 ? fig->tol : 0, 2);
	rec_str(&r, "gap_rule", fig->fallback_gap ? "fallback" : "4x");
	rec_u64(&r, "home", p->home);
	rec_dbl(&r, "gap_real_ns", fig->gap_real, 1);
	rec_u64(&r, "pp_cut", p->pp_cut);
	rec_dbl(&r, "rfo_ns", fig->rfo, 3);
	rec_u64(&r, "rfo_runs", fig->npp);
	rec_dbl(&r, "rfo_pct", fig->rfo > 0 ? fig->cost / fig->rfo * 100 : 0,
		2);
	report_record(&r);
}

/*
 * The proof's gap from a CAS transfer of @cas_ns (a larger one's floor
 * noise would bury the cost), as loop_gap()'s counter deadline too; the
 * deadline of an update run at it, in ms.
 */
static uint64_t set_gap(struct engine *e, struct proof *p, double cas_ns,
			bool *fallback)
{
	uint64_t n = sbm_count_iters() + sbm_opts.warmup;

	p->gap_ns = proof_pick_gap(sbm_opts.gap_ns, sbm_opts.ngaps, cas_ns,
				   fallback);
	p->spins = ops_gap_ticks(p->gap_ns, e->info.counter_hz);
	ops_gap_calibrate(e->info.counter_hz);
	return 120000 + n / 50 + n * p->gap_ns / 125000;
}

static int measure_pair(struct engine *e, struct proof *p, int which)
{
	uint64_t deadline_ms;
	struct proof_figures fig = { .cas_min = INFINITY };
	double *cas_pp = calloc(sbm_opts.reps + 1, sizeof(double));
	double *rfo = calloc(sbm_opts.reps + 1, sizeof(double));
	double pct, tick_ns = 1e9 / (double)e->info.counter_hz;
	char msg[200];
	int rc = -1;

	p->pair[0] = e->bsp;
	p->pair[1] = p->partner[which];
	p->pp_cut = 0;
	if (!cas_pp || !rfo || transfer_ns(e, p, false, &fig.pp, &fig.pp_min) ||
	    transfer_ns(e, p, true, &cas_pp[0], &fig.cas_min) ||
	    rfo_ns(e, p, &rfo[0]))
		goto out;
	deadline_ms = set_gap(e, p, cas_pp[0], &fig.fallback_gap);
	if (measure_reps(e, p, deadline_ms, cas_pp, rfo, &fig))
		goto out;
	proof_tolerance(cas_pp, fig.npp, 0, &fig.cas);	/* its median */
	fig.tol = proof_tolerance(rfo, fig.npp, tick_ns, &fig.rfo);
	fig.verdict = proof_verdict(fig.cost, fig.ci, fig.rfo, fig.tol,
				    sbm_opts.reps, p->pp_cut);
	pct = fig.rfo > 0 ? fig.cost / fig.rfo * 100 : 0;
	if (!(p->cal_rfo > 0) && fig.rfo > 0 && fig.cas > 0) {
		p->cal_rfo = fig.rfo;
		p->cal_cas = fig.cas;
		p->cal_pair[0] = p->pair[0];
		p->cal_pair[1] = p->pair[1];
	}
	report_printf("line transfer check: CPU %u <-> %u (%s): one RFO (%s "
		      "on a line the partner just wrote) %.1f ns (%u runs); "
		      "ping-pong one-way CAS (%s) %.1f ns (min %.1f), plain "
		      "%.1f ns (min %.1f); global %s update at gap %u ns%s: "
		      "%.1f +- %.1f ns above the private floor = %.0f %% of "
		      "one RFO (%.0f %% of a CAS one-way, %.0f %% of a plain "
		      "one): %s (tolerance %.0f %%)\n",
		      e->bsp, p->pair[1], which ? "farthest" : "nearest",
		      p->op->name, fig.rfo, fig.npp, isa_cas_name(), fig.cas,
		      fig.cas_min, fig.pp, fig.pp_min, p->op->name, p->gap_ns,
		      fig.fallback_gap ? " (no listed gap of 4 transfers)" : "",
		      fig.cost, fig.ci, pct,
		      fig.cas > 0 ? fig.cost / fig.cas * 100 : 0,
		      fig.pp > 0 ? fig.cost / fig.pp * 100 : 0, fig.verdict,
		      fig.tol);
	if (!strcmp(fig.verdict, "inconclusive"))
		report_printf("line transfer check: inconclusive: %s\n",
			      p->pp_cut ? "a ping-pong or RFO run ran out "
			      "of its time before its rounds (the two "
			      "CPUs were not both running: vCPUs on a busy "
			      "host)" :
			      sbm_opts.reps < 2 ? "one rep gives no interval "
			      "(reps=)" : fig.tol < 0 ? "no RFO stands a "
			      "counter tick above an update of an owned line "
			      "(TCG has no caches to miss in)" :
			      fig.tol > PROOF_MAX_TOL_PCT ? "the transfer "
			      "itself varied too much between the reps" :
			      "the cost's interval is wider than the tolerance "
			      "(more iters= or reps=)");
	proof_record(e, p, which, &fig);
	if (!strcmp(fig.verdict, "disagree")) {
		snprintf(msg, sizeof(msg), "CPU %u <-> %u: a global update at "
			 "gap %u ns costs %.0f %% of one RFO (want "
			 "%.0f..%.0f %%)%s", e->bsp, p->pair[1], p->gap_ns, pct,
			 100 - fig.tol, 100 + fig.tol,
			 strcmp(e->info.virt, "none") ?
			 "; virtualized: expected" : "");
		report_warn("proof", p->pair[1], msg);
	}
	rc = 0;
out:
	free(cas_pp);
	free(rfo);
	return rc;
}

/*
 * One CAS ping-pong, one RFO run and one global update run on the
 * nearest pair at the gap the proof would pick, timed, times what
 * measure_pair() runs per partner: reps + 2 ping-pongs (plain, then CAS
 * before each rep and after the last), reps + 1 RFO runs and 2 x reps
 * update runs.  Costs about one run in 4 x reps + 3 of each partner's.
 */
static uint64_t proof_estimate_ms(struct engine *e, void *state)
{
	struct proof *p = state;
	uint64_t reps = sbm_opts.reps;
	uint64_t t0, pp, rfo, upd, deadline_ms, parts;
	double med, min, whole, busy, gap, ns;
	bool fallback;

	if (!p || p->partner[0] == UINT32_MAX)
		return 0;
	p->pair[0] = e->bsp;
	p->pair[1] = p->partner[0];
	t0 = isa_counter();
	if (transfer_ns(e, p, true, &med, &min))
		return 0;
	pp = isa_counter() - t0;
	t0 = isa_counter();
	if (rfo_ns(e, p, &ns))
		return 0;
	rfo = isa_counter() - t0;
	deadline_ms = set_gap(e, p, med, &fallback);
	t0 = isa_counter();
	if (update_ns(e, p, L_GLOBAL, deadline_ms, &whole, &busy, &gap))
		return 0;
	upd = isa_counter() - t0;
	parts = p->partner[1] != UINT32_MAX && p->partner[1] != p->partner[0] ?
		2 : 1;
	return estimate_ms(e, parts * ((reps + 2) * pp + (reps + 1) * rfo +
				       2 * reps * upd));
}

static int proof_run(struct engine *e, void *state)
{
	struct proof *p = state;
	int rc = 0;

	if (!p || p->partner[0] == UINT32_MAX) {
		report_printf("line transfer check: needs the boot CPU and "
			      "one more CPU in cpus=; skipped\n");
		return 0;
	}
	report_printf("line transfer check: ping-pongs of %u round trips, "
		      "plain, then CAS and an RFO run before each of %u reps "
		      "of global and private and after the last, per partner "
		      "...\n",
		      PP_ROUNDS, sbm_opts.reps);
	for (int w = 0; w < 2 && !rc; w++) {
		if (w && p->partner[1] == p->partner[0])
			break;	/* two CPUs: one partner */
		rc = measure_pair(e, p, w);
	}
	return rc ? 1 : 0;
}

static void proof_release(struct engine *e, void *state)
{
	struct proof *p = state;

	(void)e;
	if (!p)
		return;
	for (int k = 0; k < NLAYOUTS; k++)
		if (p->built[k])
			sbm_layout_free(&p->layout[k]);
	node_arena_free(&p->lines);
	node_arena_free(&p->arena);
	free(p);
}

bool proof_rfo_per_cas(const struct engine *e, double *rfo_ns,
		       double *cas_ns, uint32_t pair[2])
{
	const struct proof *p = engine_state(e, &exp_proof);

	if (!p || !(p->cal_rfo > 0) || !(p->cal_cas > 0))
		return false;
	*rfo_ns = p->cal_rfo;
	*cas_ns = p->cal_cas;
	pair[0] = p->cal_pair[0];
	pair[1] = p->cal_pair[1];
	return true;
}

const struct experiment exp_proof = {
	.options = &exp_proof_options,
	.prepare = proof_prepare,
	.estimate_ms = proof_estimate_ms,
	.run = proof_run,
	.release = proof_release,
};

#endif /* !SBM_EXP_DECLS_ONLY */

#endif /* !SBM_EXP_RECORDS_ONLY */
