/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine map on the real engine and threads: engine_run_on() runs a
 * body on exactly the listed CPUs; experiment= runs only what it names;
 * c2c measures every selected pair, in topology order, with its line on
 * the stated node; noise fills every chosen CPU's figures; scale runs
 * every layout in each order, and its summary is derived as documented.
 */
#define _GNU_SOURCE
#include <unistd.h>

#include "check.h"
#include "engine_fixture.h"
#include "measure/pingpong.h"
#include "measure/rfo.h"
#include "exp/c2c/exp_c2c.h"
#include "exp/noise/exp_noise.h"
#include "exp/sbm/exp_sbm.h"
#include "exp/scale/exp_scale.h"
#include "isa_ops.h"
#include "linux_twin.h"
#include "engine/mem.h"
#include "options/config.h"
#include "topo_fixtures.h"

static struct topo_cpu cpus[TOPO_MAX_CPUS];
static struct topo topo;
static volatile uint32_t ran[16];

/* 2 nodes x 1 LLC x 2 cores: hwids folded onto this machine's CPUs. */
static void setup(struct engine *b, const char *opts)
{
	CHECK(engine_fixture(b, &topo, cpus, 2, 1, 2, 1, opts) == 0);
}

static void mark(struct engine *e, uint32_t cpu, void *arg)
{
	uint32_t sense = 0;

	(void)arg;
	if (engine_barrier(e, &sense))
		__atomic_add_fetch(&ran[cpu], 1, __ATOMIC_RELAXED);
}

/* Only sbm (2 layouts), so the engine brings CPUs up; then bodies on
 * subsets, the boot CPU in them or not. */
static void run_on_subsets(void)
{
	static struct engine b;
	uint32_t two[2] = { 1, 3 }, with_bsp[2] = { 2, 0 }, bad[1] = { 99 };

	setup(&b, "iters=100 reps=1 layouts=private");
	CHECK_EQ_U64(experiments_run(&b), 0);
	memset((void *)ran, 0, sizeof(ran));
	CHECK(engine_run_on(&b, two, 2, mark, NULL, 10000) == 0);
	CHECK(ran[1] == 1 && ran[3] == 1 && ran[0] == 0 && ran[2] == 0);
	CHECK(engine_run_on(&b, with_bsp, 2, mark, NULL, 10000) == 0);
	CHECK(ran[0] == 1 && ran[2] == 1 && ran[1] == 1 && ran[3] == 1);
	CHECK(engine_run_on(&b, bad, 1, mark, NULL, 10000) == -1);
	CHECK(!b.aborted);
	experiments_release(&b);
}

/*
 * A ping-pong past its time budget: CPU a stops between two round trips
 * and b ends on the stop word (the run succeeds, no CPU left waiting),
 * with whole batches timed and fewer round trips than asked.
 */
static void pingpong_budget(void)
{
	static struct engine b;
	static uint64_t word[16] __attribute__((aligned(128)));
	static uint64_t samples[1000000];
	struct pingpong pp = {
		.word = word, .a = 0, .b = 1, .warmup = 16,
		.rounds = 1000000, .budget_ms = 2, .samples = samples,
	};
	double med, min;

	setup(&b, "iters=100 reps=1 layouts=private");
	CHECK_EQ_U64(experiments_run(&b), 0);
	CHECK(pingpong_run(&b, &pp) == 0);
	CHECK(pp.cut);
	CHECK(pp.timed >= 1 && pp.timed < pp.rounds);
	CHECK(pingpong_oneway(&pp, &med, &min) && med > 0 && min <= med);
	/* the same CPUs answer the next run: b did not stay behind */
	memset((void *)ran, 0, sizeof(ran));
	CHECK(engine_run_on(&b, (uint32_t[]){ 0, 1 }, 2, mark, NULL, 10000) == 0);
	CHECK(ran[0] == 1 && ran[1] == 1);
	CHECK(!b.aborted);
	experiments_release(&b);
}

/*
 * RFO runs (rfo.h) on the twin's CPUs 0 and 1: every round timed (or the
 * budget cut them, with one timed at least), b's word holds the last
 * round a handed over, a's bit cleared after each; then one past a 2 ms
 * budget: cut between rounds, and both CPUs answer the next run.
 */
static void rfo_runs(void)
{
	static struct engine b;
	static uint64_t line[16] __attribute__((aligned(128)));
	static uint64_t token[16] __attribute__((aligned(128)));
	static uint64_t remote[1000000], local[1000000];
	struct rfo r = {
		.line = line, .token = token, .bit = 3, .a = 0, .b = 1,
		.warmup = 16, .rounds = 500, .remote = remote, .local = local,
	};
	double ticks;

	setup(&b, "iters=100 reps=1 layouts=private");
	CHECK_EQ_U64(experiments_run(&b), 0);
	r.op = ops_find(sbm_opts.op, false);
	CHECK(r.op != NULL);
	if (!r.op)
		return;
	CHECK(rfo_run(&b, &r) == 0);
	/* all 500 rounds, or cut by the default budget on a host that
	 * keeps the two threads apart (beside make -j2's boots): then at
	 * least one */
	CHECK(r.cut ? r.n >= 1 && r.n < 500 : r.n == 500);
	/* b wrote in every round a handed over, the last one last (the
	 * warm-up may end early at half the budget on a loaded host) */
	CHECK(r.warm <= 16);
	CHECK_EQ_U64(line[1], r.warm + r.n - 1);
	CHECK_EQ_U64(line[0] & (1u << 3), 0);	/* a set and cleared */
	CHECK(rfo_ticks(&r, &ticks));
	/* the budget: a stops between rounds, b sees it and returns */
	r.rounds = 1000000;
	r.budget_ms = 2;
	CHECK(rfo_run(&b, &r) == 0);
	CHECK(r.cut);
	CHECK(r.n >= 1 && r.n < r.rounds);
	CHECK(rfo_ticks(&r, &ticks));
	memset((void *)ran, 0, sizeof(ran));
	CHECK(engine_run_on(&b, (uint32_t[]){ 0, 1 }, 2, mark, NULL, 10000) == 0);
	CHECK(ran[0] == 1 && ran[1] == 1);
	CHECK(!b.aborted);
	experiments_release(&b);
}

static void c2c_and_noise(const char *opts, uint32_t want_pairs,
			  int home_rule)
{
	static struct engine b;
	struct c2c_exp *x;
	struct noise_exp *nz;

	setup(&b, opts);
	CHECK_EQ_U64(experiments_run(&b), 0);
	CHECK(engine_state(&b, &exp_sbm) == NULL);	/* not chosen */
	x = engine_state(&b, &exp_c2c);
	nz = engine_state(&b, &exp_noise);
	CHECK(x != NULL && nz != NULL);
	if (!x || !nz)
		return;
	CHECK_EQ_U64(x->ncpus, 4);
	CHECK_EQ_U64(x->npairs, want_pairs);
	CHECK_EQ_U64(x->nres, want_pairs);
	for (size_t i = 0; i < x->nres; i++) {
		const struct c2c_result *r = &x->res[i];
		uint32_t want_home = home_rule < 0 ? topo.cpus[r->a].node :
				     home_rule == 2 ? topo.cpus[r->b].node :
				     (uint32_t)home_rule;

		CHECK(r->ok);
		CHECK(r->a != r->b);
		CHECK(r->median > 0 && r->min > 0 && r->min <= r->median);
		CHECK(r->cas_median > 0 && r->cas_min <= r->cas_median);
		CHECK(r->batch >= 1 && r->cas_batch >= 1);
		CHECK_EQ_U64(r->cls, pair_class_of(&topo, r->a, r->b));
		CHECK_EQ_U64(r->home, want_home);
		/* topology order: a's node never after b's; rows ascend */
		CHECK(topo.cpus[r->a].node <= topo.cpus[r->b].node);
		if (i)
			CHECK(topo.cpus[x->res[i - 1].a].node <=
			      topo.cpus[r->a].node);
	}
	for (uint32_t i = 0; i < topo.ncpus; i++)
		CHECK(nz->cpu[i].polled > 0);
	experiments_release(&b);
}

static void step_lists(void)
{
	uint32_t steps[64], n;
	const uint32_t most[] = { 2, 3, 8, 9, 20 };

	n = scale_steps(4, 0, steps);
	CHECK(n == 4 && steps[0] == 1 && steps[3] == 4);
	n = scale_steps(100, 0, steps);
	CHECK(n == 34 && steps[31] == 32 && steps[32] == 64 && steps[33] == 100);
	n = scale_steps(4096, 0, steps);
	CHECK(n == 39 && steps[37] == 2048 && steps[38] == 4096);
	/* a limit the full list fits in changes nothing */
	CHECK_EQ_U64(scale_steps(4, 8, steps), 4);
	/* 256 CPUs in 9 points: ratio 2, the powers of two */
	n = scale_steps(256, 9, steps);
	CHECK_EQ_U64(n, 9);
	for (uint32_t i = 0; i < n; i++)
		CHECK_EQ_U64(steps[i], 1u << i);
	for (size_t m = 0; m < sizeof(most) / sizeof(most[0]); m++) {
		uint32_t cpus[] = { 10, 40, 4096 };

		for (size_t c = 0; c < 3; c++) {
			n = scale_steps(cpus[c], most[m], steps);
			CHECK(n <= most[m] && n >= 2);
			CHECK(steps[0] == 1 && steps[n - 1] == cpus[c]);
			for (uint32_t i = 1; i < n; i++)
				CHECK(steps[i] > steps[i - 1]);
		}
	}
}

/* The summary from made-up curves: doubling, llc against global. */
static void derive(void)
{
	static struct scale_exp x;
	struct scale_point g[5], l[5], p[5];
	const double gm[5] = { 10, 15, 20, 40, 80 };
	const double lm[5] = { 10, 8, 19, 30, 79 };
	const double pm[5] = { 10, 11, 12, 13, 19 };

	for (int i = 0; i < 5; i++) {
		g[i] = (struct scale_point){ .cpus = 1u << i, .median = gm[i] };
		l[i] = (struct scale_point){ .cpus = 1u << i, .median = lm[i],
					     .llcs = i ? 2 : 1 };
		p[i] = (struct scale_point){ .cpus = 1u << i, .median = pm[i] };
	}
	x.ncurves = 4;
	x.curves[0] = (struct scale_curve){ .kind = SBM_GLOBAL, .pt = g, .npts = 5 };
	x.curves[1] = (struct scale_curve){ .kind = SBM_LLC, .pt = l, .npts = 5 };
	x.curves[2] = (struct scale_curve){ .kind = SBM_PRIVATE, .pt = p, .npts = 5 };
	/* llc in the other order, with no global there */
	x.curves[3] = (struct scale_curve){ .kind = SBM_LLC, .order = SCALE_RR,
					    .pt = l, .npts = 5 };
	scale_derive(&x);
	CHECK_EQ_U64(x.curves[0].doubles_at, 4);
	CHECK_EQ_U64(x.curves[1].doubles_at, 8);	/* 19 < 2 x 10 at 4 */
	CHECK_EQ_U64(x.curves[2].doubles_at, 0);	/* never */
	/* beats at 2 (8 <= 13.5) and 8 (30 <= 36), not at 4 nor 16 */
	CHECK(x.curves[1].vs_global && !x.curves[0].vs_global);
	CHECK_EQ_U64(x.curves[1].wins_from, 2);
	CHECK_EQ_U64(x.curves[1].stops_at, 16);
	CHECK(!x.curves[3].vs_global);
	/* still beating at the last point: never stops */
	l[4].median = 50;
	scale_derive(&x);
	CHECK_EQ_U64(x.curves[1].stops_at, 0);
	/* 2 CPUs in one LLC share llc's one line, as global's: no win */
	l[1].llcs = 1;
	scale_derive(&x);
	CHECK_EQ_U64(x.curves[1].wins_from, 8);
	/* k = 1 is one CPU alone in both, whatever the noise says */
	l[0].median = 1;
	scale_derive(&x);
	CHECK_EQ_U64(x.curves[1].wins_from, 8);
	/* never beating */
	for (int i = 0; i < 5; i++)
		l[i].median = gm[i];
	scale_derive(&x);
	CHECK(x.curves[1].vs_global && x.curves[1].wins_from == 0);
}

/* scale on the engine: each layout for k = 1..4 in both orders (two
 * LLCs), every point clean; the round-robin order alternates LLCs */
static void scale(const char *opts, uint32_t want_curves, uint32_t want_pts)
{
	static struct engine b;
	struct scale_exp *x;

	setup(&b, opts);
	CHECK_EQ_U64(experiments_run(&b), 0);
	x = engine_state(&b, &exp_scale);
	CHECK(x != NULL);
	if (!x)
		return;
	CHECK_EQ_U64(x->ncpus, 4);
	CHECK_EQ_U64(x->nllcs, 2);
	CHECK_EQ_U64(x->ncurves, want_curves);
	CHECK_EQ_U64(x->nsteps, want_pts);
	for (uint32_t i = 0; i + 1 < x->ncpus; i++) {
		const uint32_t *rr = x->order[SCALE_RR];

		CHECK(topo.cpus[rr[i]].llc != topo.cpus[rr[i + 1]].llc);
	}
	for (uint32_t i = 0; i < x->ncurves; i++) {
		const struct scale_curve *c = &x->curves[i];

		CHECK_EQ_U64(c->npts, want_pts);
		CHECK(c->op != NULL);
		for (uint32_t s = 0; s < c->npts; s++) {
			CHECK_EQ_U64(c->pt[s].cpus, x->steps[s]);
			/* 2 CPUs an LLC: topo fills one first, rr spreads */
			CHECK_EQ_U64(c->pt[s].llcs, c->order == SCALE_RR ?
				     (x->steps[s] > 1 ? 2 : 1) :
				     (x->steps[s] + 1) / 2);
			CHECK(c->pt[s].clean);
			CHECK(c->pt[s].median > 0 &&
			      c->pt[s].min <= c->pt[s].median &&
			      c->pt[s].median <= c->pt[s].max);
		}
		CHECK_EQ_U64(c->vs_global, c->kind == SBM_LLC);
		if (i)	/* layouts in registry order, orders within */
			CHECK(c->kind > x->curves[i - 1].kind ||
			      (c->kind == x->curves[i - 1].kind &&
			       c->order > x->curves[i - 1].order));
	}
	experiments_release(&b);
}

static void buckets(void)
{
	CHECK_EQ_U64(noise_bucket(0), 0);
	CHECK_EQ_U64(noise_bucket(1), 0);
	CHECK_EQ_U64(noise_bucket(1000), 9);
	CHECK_EQ_U64(noise_bucket(1024), 10);
	CHECK_EQ_U64(noise_bucket(UINT64_MAX), NOISE_BUCKETS - 1);
}

/* fixture_init() with @opts on the fixture: its verdict and reason. */
static int init_with(const char *opts, const char **why)
{
	static struct engine b;
	char err[256];
	int rc;

	memset(&b, 0, sizeof(b));
	CHECK(fixture_topo(&topo, cpus, 2, 1, 2, 1) == 0);
	b.topo = &topo;
	b.info.counter_hz = 1000;
	b.cfg = fixture_config();
	CHECK(config_parse(b.cfg, opts, strlen(opts), "t", err,
			   sizeof(err)) == 0);
	rc = fixture_init(&b, why);
	free(b.chosen);
	mem_free_aligned(b.mbox);
	return rc;
}

static void refusals(void)
{
	const char *why = "";

	CHECK(init_with("experiment=c2c c2c_home=node:2", &why) == -1);
	CHECK(strstr(why, "node") != NULL);
	/* no platform offered pair mode here, and noise refuses it */
	CHECK(init_with("experiment=noise mode=pair", &why) == -1);
	CHECK(strstr(why, "mode=pair") != NULL);
	/* sbm's own checks do not stop a run without sbm */
	CHECK(init_with("experiment=c2c op=nosuchop", &why) == 0);
	CHECK(init_with("experiment=sbm,c2c op=nosuchop", &why) == -1);
}

int main(void)
{
	buckets();
	refusals();
	run_on_subsets();
	step_lists();
	derive();
	pingpong_budget();
	rfo_runs();
	scale("experiment=scale iters=300 warmup=10 layouts=global,llc,private",
	      6, 4);
	scale("experiment=scale iters=300 warmup=10 layouts=all "
	      "scale_order=topo scale_steps=2", 6, 2);
	scale("experiment=scale iters=300 warmup=10 layouts=global,llc-u8 "
	      "scale_order=rr", 2, 4);
	c2c_and_noise("experiment=c2c,noise c2c_rounds=10 noise_s=0.02", 6, -1);
	/* reps: the two LLCs' first CPUs, and a cross-core pair in each */
	c2c_and_noise("experiment=noise,c2c pairs=reps c2c_rounds=10 "
		      "c2c_home=node:1 noise_s=0.02", 3, 1);
	c2c_and_noise("experiment=c2c,noise pairs=1 c2c_rounds=10 c2c_home=b "
		      "noise_s=0.01", 2, 2);
	return check_done("test_map_engine");
}
