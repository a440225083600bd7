/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The proof every run carries: a contended update should cost about one
 * line transfer.  For the boot CPU and its nearest and its farthest
 * partner, a ping-pong of one line gives the one-way transfer latency,
 * and the global mask on just those two CPUs, at the largest gap, gives
 * the cost per update above the private floor (pingpong.c, the same
 * hand-off c2c measures).  Record kind "proof"; on
 * real hardware the two must agree within 25 %, else a warning.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "engine/arena.h"
#include "exp/experiment.h"
#include "isa_ops.h"
#include "engine/mem.h"
#include "engine/ops.h"
#include "engine/pingpong.h"
#include "out/report.h"
#include "engine/sbm.h"
#include "engine/stats.h"

#define PP_ROUNDS	1000	/* timed round trips per partner (as c2c) */
#define AGREE_PCT	25.0

struct proof_line {
	_Alignas(ENGINE_ALIGN) volatile uint64_t seq;
};

struct proof {
	uint32_t partner[2];		/* nearest, farthest; UINT32_MAX: none */
	const char *relation[2];
	struct proof_line *line;
	uint64_t pp_samples[PP_ROUNDS];	/* pingpong.c's batches */
	uint32_t pair[2];		/* the boot CPU and the partner */
	/* the update part: global and private on the two CPUs */
	struct node_arena arena;
	struct sbm_layout layout;
	const struct sbm_op *op;
	uint64_t spins;
	double spin_ns;
	uint32_t gap_ns;
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
	const char *why = "out of memory";

	*state = p;
	if (!p)
		return 0;
	p->partner[0] = p->partner[1] = UINT32_MAX;
	if (!e->chosen[e->bsp] || e->nchosen < 2)
		return 0;	/* nothing to compare: run() says so */
	pick_partners(e, p);
	p->line = mem_alloc_aligned(sizeof(*p->line), ENGINE_ALIGN);
	p->op = ops_find(e->cfg.op, false);
	p->spin_ns = ops_spin_ns(e->info.counter_hz);
	for (uint32_t i = 0; i < e->cfg.ngaps; i++)
		if (e->cfg.gap_ns[i] > p->gap_ns)
			p->gap_ns = e->cfg.gap_ns[i];
	p->spins = p->spin_ns > 0 ?
		   (uint64_t)((double)p->gap_ns / p->spin_ns + 0.5) : 0;
	if (!p->line || !p->op ||
	    node_arena_for_layouts(&p->arena, e->topo, 1u << SBM_GLOBAL |
				   1u << SBM_PRIVATE,
				   sbm_spacing(e->cfg.line, e->topo), &why)) {
		report_warn("proof", 0, why);
		p->partner[0] = p->partner[1] = UINT32_MAX;
	}
	return 0;
}

/* Both CPUs update their slot of the layout at the gap, timed. */
static void update_body(struct engine *e, uint32_t cpu, void *arg)
{
	struct proof *p = arg;
	void *w = sbm_slot_ptr(&p->layout, &p->arena.a, cpu);
	unsigned bit = p->layout.slot[cpu].bit;
	struct engine_window win;
	uint32_t sense = 0;
	uint64_t t1;

	if (!engine_barrier(e, &sense))
		return;
	p->op->loop_gap(w, bit, e->cfg.warmup, p->spins);
	if (!engine_barrier(e, &sense))
		return;
	engine_window_open(e, &win);
	p->op->loop_gap(w, bit, e->cfg.iters, p->spins);
	t1 = engine_window_close(e, cpu, &win);
	engine_window_done(e);
	while (engine_others_timing(e, t1))
		p->op->loop_gap(w, bit, 1, p->spins);
}

/* ns per update of @kind on the pair, mean over cfg.reps and its 95 %
 * interval in *@ci; <0 on error. */
static double update_ns(struct engine *e, struct proof *p, enum sbm_kind kind,
			uint64_t deadline_ms, double *ci)
{
	double *per_rep = calloc(e->cfg.reps, sizeof(double));
	const char *why;
	struct stats st;

	if (!per_rep || sbm_layout_build(&p->layout, kind, e->topo,
					 sbm_spacing(e->cfg.line, e->topo),
					 &why)) {
		free(per_rep);
		return -1;
	}
	for (uint32_t rep = 0; rep < e->cfg.reps; rep++) {
		double ticks = 0;

		sbm_zero(&p->layout, &p->arena.a);
		if (engine_run_on(e, p->pair, 2, update_body, p, deadline_ms)) {
			free(per_rep);
			return -1;	/* aborted: leave the layout be */
		}
		for (int i = 0; i < 2; i++)
			ticks += (double)e->mbox[p->pair[i]].ticks;
		/* two updates per iteration, two CPUs */
		per_rep[rep] = ticks * 1e9 / (double)e->info.counter_hz /
			       ((double)e->cfg.iters * 2 * 2);
	}
	sbm_layout_free(&p->layout);
	stats_compute(per_rep, e->cfg.reps, &st);
	free(per_rep);
	*ci = stats_ci95(&st);
	return st.mean;
}

static int measure_pair(struct engine *e, struct proof *p, int which)
{
	uint32_t b = p->partner[which];
	uint64_t n = e->cfg.iters + e->cfg.warmup;
	uint64_t deadline_ms = 120000 + n / 50 + n * p->gap_ns / 125000;
	double g, f, pp, pp_min, ratio, to_ns = 1e9 / (double)e->info.counter_hz;
	double ci_g = 0, ci_f = 0, ci;
	const char *verdict;
	struct pingpong ping = {
		.word = &p->line->seq, .a = e->bsp, .b = b,
		.warmup = pingpong_warmup(PP_ROUNDS), .rounds = PP_ROUNDS,
		.samples = p->pp_samples,
	};
	char msg[200];
	struct rec r;

	p->pair[0] = e->bsp;
	p->pair[1] = b;
	p->line->seq = 0;
	if (pingpong_run(e, &ping) || !pingpong_oneway(&ping, &pp, &pp_min))
		return -1;
	pp *= to_ns;
	pp_min *= to_ns;
	g = update_ns(e, p, SBM_GLOBAL, deadline_ms, &ci_g);
	f = g < 0 ? -1 : update_ns(e, p, SBM_PRIVATE, deadline_ms, &ci_f);
	if (g < 0 || f < 0)
		return -1;
	ratio = pp > 0 ? (g - f) / pp * 100.0 : 0;
	/* the difference of two means: its interval from both (reps = 1
	 * gives none, and then no verdict but the figure itself) */
	ci = sqrt(ci_g * ci_g + ci_f * ci_f);
	/* a point inside 25 % means nothing when the noise is wider */
	if (e->cfg.reps < 2 || ci > pp * AGREE_PCT / 100)
		verdict = "inconclusive";
	else if (ratio >= 100 - AGREE_PCT && ratio <= 100 + AGREE_PCT)
		verdict = "agree";
	else
		verdict = "disagree";
	report_printf("line transfer check: CPU %u <-> %u (%s): ping-pong "
		      "one-way %.1f ns (min %.1f); global %s update at gap %u "
		      "ns: %.1f +- %.1f ns above the private floor (%.0f %% of "
		      "a transfer): %s\n", e->bsp, b,
		      which ? "farthest" : "nearest", pp, pp_min, p->op->name,
		      p->gap_ns, g - f, ci, ratio,
		      !strcmp(verdict, "inconclusive") ?
		      "inconclusive, the interval is wider than 25 % of a "
		      "transfer (more iters= or reps=)" : verdict);
	report_rec_start(&r, "proof");
	rec_u64(&r, "a", e->bsp);
	rec_u64(&r, "b", b);
	rec_str(&r, "partner", which ? "farthest" : "nearest");
	rec_str(&r, "relation", p->relation[which]);
	rec_dbl(&r, "pingpong_ns", pp, 3);
	rec_dbl(&r, "pingpong_min_ns", pp_min, 3);
	rec_str(&r, "op", p->op->name);
	rec_u64(&r, "gap", p->gap_ns);
	rec_dbl(&r, "upd_ns", g, 3);
	rec_dbl(&r, "floor_ns", f, 3);
	rec_dbl(&r, "cost_ns", g - f, 3);
	rec_dbl(&r, "pct", ratio, 2);
	rec_dbl(&r, "cost_ci95_ns", ci, 3);
	rec_str(&r, "verdict", verdict);
	report_record(&r);
	if (!strcmp(verdict, "disagree")) {
		snprintf(msg, sizeof(msg), "CPU %u <-> %u: a global update at "
			 "gap %u ns costs %.0f %% of a line transfer (want "
			 "75..125 %%)%s", e->bsp, b, p->gap_ns, ratio,
			 strcmp(e->info.virt, "none") ?
			 "; virtualized: expected" : "");
		report_warn("proof", b, msg);
	}
	return 0;
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
	report_printf("line transfer check: %u round trips and %u reps of "
		      "global and private per partner ...\n", PP_ROUNDS,
		      e->cfg.reps);
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
	mem_free_aligned(p->line);
	node_arena_free(&p->arena);
	free(p);
}

const struct experiment exp_proof = {
	.name = "proof",
	.runs_with = "sbm",
	.options = &exp_proof_options,
	.prepare = proof_prepare,
	.run = proof_run,
	.release = proof_release,
};
