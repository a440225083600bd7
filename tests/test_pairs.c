/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The c2c pair selection: topology order, classes, pairs=all|reps|K, the
 * round-robin-over-LLCs order of scale, and the machine-map options.
 */
#include <stdlib.h>

#include "measure/c2c_pairs.h"
#include "check.h"
#include "exp/c2c/exp_c2c_opts.h"
#include "exp/noise/exp_noise_opts.h"
#include "exp/rw/exp_rw_opts.h"
#include "exp/scale/exp_scale_opts.h"
#include "options/config_exp.h"
#include "topo_fixtures.h"

static struct topo_cpu cpus[TOPO_MAX_CPUS];
static uint32_t order[TOPO_MAX_CPUS];
static uint8_t take[TOPO_MAX_CPUS];

/* packages x nodes per package x LLCs per node x cores x threads; SMT
 * siblings listed apart and packages interleaved, so that logical ids
 * are far from topology order. */
static void machine(struct topo *t, unsigned pk, unsigned nd, unsigned ll,
		    unsigned co, unsigned th)
{
	const char *why = "";

	topo_init(t, cpus);
	for (unsigned h = 0; h < th; h++)
		for (unsigned c = 0; c < co; c++)
			for (unsigned l = 0; l < ll; l++)
				for (unsigned n = 0; n < nd; n++)
					for (unsigned p = 0; p < pk; p++) {
						int i = topo_add_cpu(t, t->ncpus, 0);

						CHECK(i >= 0);
						t->cpus[i].raw_package = p;
						t->cpus[i].raw_node = p * nd + n;
						t->cpus[i].raw_llc = (p * nd + n) * ll + l;
						t->cpus[i].raw_core = ((p * nd + n) * ll + l) * co + c;
					}
	t->cpus[0].flags |= TOPO_CPU_BSP;
	CHECK(topo_finalize(t, &why) == 0);
}

static void take_all(const struct topo *t)
{
	for (uint32_t i = 0; i < t->ncpus; i++)
		take[i] = 1;
}

static int cmp_key(const struct topo *t, uint32_t a, uint32_t b)
{
	const struct topo_cpu *x = &t->cpus[a], *y = &t->cpus[b];
	const uint32_t kx[] = { x->package, x->node, x->llc, x->core, x->smt };
	const uint32_t ky[] = { y->package, y->node, y->llc, y->core, y->smt };

	for (int i = 0; i < 5; i++)
		if (kx[i] != ky[i])
			return kx[i] < ky[i] ? -1 : 1;
	return 0;
}

static void ordered(void)
{
	struct topo t;
	uint32_t n;

	machine(&t, 2, 2, 2, 2, 2);
	take_all(&t);
	n = topo_order(&t, take, order);
	CHECK_EQ_U64(n, 32);
	for (uint32_t i = 1; i < n; i++)
		CHECK(cmp_key(&t, order[i - 1], order[i]) < 0);
	/* SMT siblings end up side by side, though listed 16 apart */
	for (uint32_t i = 0; i < n; i += 2)
		CHECK_EQ_U64(t.cpus[order[i]].core, t.cpus[order[i + 1]].core);
	/* only what @take holds */
	memset(take, 0, sizeof(take));
	take[5] = take[3] = take[30] = 1;
	n = topo_order(&t, take, order);
	CHECK_EQ_U64(n, 3);
	for (uint32_t i = 0; i < n; i++)
		CHECK(order[i] == 3 || order[i] == 5 || order[i] == 30);
	CHECK(cmp_key(&t, order[0], order[1]) < 0 &&
	      cmp_key(&t, order[1], order[2]) < 0);
}

static void classes(void)
{
	struct topo t;
	unsigned count[PAIR_NCLASSES] = { 0 };
	uint32_t n;

	machine(&t, 2, 2, 2, 2, 2);
	take_all(&t);
	n = topo_order(&t, take, order);
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = i + 1; j < n; j++)
			count[pair_class_of(&t, order[i], order[j])]++;
	/* per CPU: 1 sibling, 2 in its LLC, 4 in the other LLC of its node,
	 * 8 in the other node of its package, 16 in the other package */
	CHECK_EQ_U64(count[PAIR_SMT], 32 * 1 / 2);
	CHECK_EQ_U64(count[PAIR_LLC], 32 * 2 / 2);
	CHECK_EQ_U64(count[PAIR_NODE], 32 * 4 / 2);
	CHECK_EQ_U64(count[PAIR_PACKAGE], 32 * 8 / 2);
	CHECK_EQ_U64(count[PAIR_NONE], 32 * 16 / 2);
	CHECK_STR(pair_class_name(PAIR_SMT), "smt");
	CHECK_STR(pair_class_name(PAIR_NONE), "none");
}

/* Sorted by position in @order, a before b, no pair twice. */
static void well_formed(const uint32_t *ord, uint32_t n,
			const struct cpu_pair *p, long np)
{
	uint32_t *pos = calloc(TOPO_MAX_CPUS, sizeof(*pos));
	long prev_a = -1, prev_b = -1;

	CHECK(pos != NULL);
	if (!pos)
		return;
	for (uint32_t i = 0; i < n; i++)
		pos[ord[i]] = i;
	for (long k = 0; k < np; k++) {
		long a = pos[p[k].a], b = pos[p[k].b];

		CHECK(a < b);
		CHECK(a > prev_a || (a == prev_a && b > prev_b));
		prev_a = a;
		prev_b = b;
	}
	free(pos);
}

/* The first CPU of LLC @llc in topology order (order[] holds it). */
static uint32_t first_of_llc(const struct topo *t, uint32_t llc)
{
	for (uint32_t i = 0; i < t->ncpus; i++)
		if (t->cpus[order[i]].llc == llc)
			return order[i];
	return UINT32_MAX;
}

/* Every LLC pair once, between the two LLCs' first CPUs. */
static void reps_cover_llc_pairs(const struct topo *t,
				 const struct cpu_pair *p, long np)
{
	static unsigned seen[64][64];

	memset(seen, 0, sizeof(seen));
	for (long k = 0; k < np; k++) {
		uint32_t la = t->cpus[p[k].a].llc, lb = t->cpus[p[k].b].llc;

		if (la == lb || la >= 64 || lb >= 64)
			continue;
		CHECK_EQ_U64(p[k].b, first_of_llc(t, lb));
		seen[la][lb]++;
		seen[lb][la]++;
	}
	for (uint32_t a = 0; a < t->nllcs && a < 64; a++)
		for (uint32_t b = 0; b < t->nllcs && b < 64; b++)
			CHECK_EQ_U64(seen[a][b], a != b);
}

/* Round-robin over LLCs: each LLC's CPUs in topology order, one LLC
 * after another, every CPU once. */
static void rr_order(void)
{
	uint32_t rr[TOPO_MAX_CPUS], seen_llc[64] = { 0 };
	uint8_t once[TOPO_MAX_CPUS] = { 0 };
	struct topo t;
	uint32_t n, nllc;

	machine(&t, 2, 2, 2, 2, 2);	/* 8 LLCs of 4 CPUs */
	take_all(&t);
	n = topo_order(&t, take, order);
	nllc = topo_order_rr(&t, order, n, rr);
	CHECK_EQ_U64(nllc, 8);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t llc = t.cpus[rr[i]].llc;

		CHECK(!once[rr[i]]);
		once[rr[i]] = 1;
		/* round i / 8 takes the (i / 8)th CPU of every LLC */
		CHECK_EQ_U64(seen_llc[llc], i / 8);
		CHECK_EQ_U64(t.cpus[rr[i]].llc, t.cpus[order[i % 8 * 4]].llc);
		seen_llc[llc]++;
		if (i % 8)
			CHECK(cmp_key(&t, rr[i - 1], rr[i]) < 0);
	}
	/* one LLC: the same order */
	machine(&t, 1, 1, 1, 4, 2);
	take_all(&t);
	n = topo_order(&t, take, order);
	CHECK_EQ_U64(topo_order_rr(&t, order, n, rr), 1);
	CHECK(!memcmp(rr, order, n * sizeof(*rr)));
	/* uneven LLCs: a chosen subset, 3 of one LLC and 1 of another */
	machine(&t, 1, 1, 2, 2, 2);
	memset(take, 0, sizeof(take));
	for (uint32_t i = 0, in[2] = { 0, 0 }; i < t.ncpus; i++) {
		uint32_t l = t.cpus[i].llc;

		take[i] = in[l] < (l ? 1u : 3u);
		in[l] += take[i];
	}
	n = topo_order(&t, take, order);
	CHECK_EQ_U64(topo_order_rr(&t, order, n, rr), 2);
	CHECK(t.cpus[rr[0]].llc == 0 && t.cpus[rr[1]].llc == 1 &&
	      t.cpus[rr[2]].llc == 0 && t.cpus[rr[3]].llc == 0);
}

static void select_all_reps_random(void)
{
	struct cpu_pair *p, *q;
	const char *why = "";
	unsigned count[PAIR_NCLASSES];
	struct topo t;
	uint32_t n;
	long np, nq;

	machine(&t, 2, 2, 2, 2, 2);
	take_all(&t);
	n = topo_order(&t, take, order);

	np = pairs_select(&t, order, n, PAIRS_ALL, 0, 1, 1u << 20, &p, &why);
	CHECK_EQ_U64(np, 32 * 31 / 2);
	well_formed(order, n, p, np);
	CHECK_EQ_U64(p[0].a, order[0]);
	CHECK_EQ_U64(p[0].b, order[1]);
	CHECK_EQ_U64(p[np - 1].a, order[30]);
	free(p);

	/* reps: 8 LLCs' first CPUs pairwise (28), and in each LLC an SMT
	 * and a cross-core pair (16); every a is its LLC's first CPU */
	np = pairs_select(&t, order, n, PAIRS_REPS, 0, 1, 1u << 20, &p, &why);
	CHECK_EQ_U64(np, 28 + 16);
	well_formed(order, n, p, np);
	memset(count, 0, sizeof(count));
	for (long k = 0; k < np; k++) {
		count[pair_class_of(&t, p[k].a, p[k].b)]++;
		CHECK_EQ_U64(p[k].a, first_of_llc(&t, t.cpus[p[k].a].llc));
	}
	CHECK_EQ_U64(count[PAIR_SMT], 8);
	CHECK_EQ_U64(count[PAIR_LLC], 8);
	CHECK_EQ_U64(count[PAIR_NODE], 4);
	CHECK_EQ_U64(count[PAIR_PACKAGE], 8);
	CHECK_EQ_U64(count[PAIR_NONE], 16);
	reps_cover_llc_pairs(&t, p, np);
	free(p);
	/* a max below what reps needs: refused with a reason */
	why = NULL;
	np = pairs_select(&t, order, n, PAIRS_REPS, 0, 1, 43, &p, &why);
	CHECK(np == -1 && why && strstr(why, "pairs=K") && !p);

	/* K per class, the same pairs for the same seed */
	np = pairs_select(&t, order, n, PAIRS_RANDOM, 3, 7, 1u << 20, &p, &why);
	nq = pairs_select(&t, order, n, PAIRS_RANDOM, 3, 7, 1u << 20, &q, &why);
	CHECK_EQ_U64(np, 3 * PAIR_NCLASSES);
	CHECK_EQ_U64(nq, np);
	CHECK(p && q && !memcmp(p, q, sizeof(*p) * (size_t)np));
	well_formed(order, n, p, np);
	memset(count, 0, sizeof(count));
	for (long k = 0; k < np; k++)
		count[pair_class_of(&t, p[k].a, p[k].b)]++;
	for (int c = 0; c < PAIR_NCLASSES; c++)
		CHECK_EQ_U64(count[c], 3);
	free(p);
	free(q);
	/* a class smaller than K gives all it has: 16 SMT pairs */
	np = pairs_select(&t, order, n, PAIRS_RANDOM, 20, 7, 1u << 20, &p, &why);
	memset(count, 0, sizeof(count));
	for (long k = 0; k < np; k++)
		count[pair_class_of(&t, p[k].a, p[k].b)]++;
	CHECK_EQ_U64(count[PAIR_SMT], 16);
	CHECK_EQ_U64(count[PAIR_NONE], 20);
	well_formed(order, n, p, np);
	free(p);

	/* more than max: refused with a reason */
	why = NULL;
	np = pairs_select(&t, order, n, PAIRS_ALL, 0, 1, 100, &p, &why);
	CHECK(np == -1 && why && strstr(why, "pairs=reps") && !p);
	/* one CPU: no pair, not an error */
	np = pairs_select(&t, order, 1, PAIRS_ALL, 0, 1, 100, &p, &why);
	CHECK_EQ_U64(np, 0);
	free(p);
}

static void auto_rule(void)
{
	CHECK_EQ_U64(pairs_resolve(PAIRS_AUTO, 2), PAIRS_ALL);
	CHECK_EQ_U64(pairs_resolve(PAIRS_AUTO, PAIRS_AUTO_MAX_CPUS), PAIRS_ALL);
	CHECK_EQ_U64(pairs_resolve(PAIRS_AUTO, PAIRS_AUTO_MAX_CPUS + 1),
		     PAIRS_REPS);
	CHECK_EQ_U64(pairs_resolve(PAIRS_RANDOM, 4096), PAIRS_RANDOM);
}

/* A big machine: reps and K stay small and ordered. */
static void big(void)
{
	struct cpu_pair *p;
	const char *why = "";
	struct topo t;
	uint32_t n;
	long np;

	machine(&t, 2, 2, 4, 16, 2);	/* 512 CPUs */
	take_all(&t);
	n = topo_order(&t, take, order);
	CHECK_EQ_U64(n, 512);
	/* reps: 16 LLCs pairwise, and 2 pairs in each */
	np = pairs_select(&t, order, n, PAIRS_AUTO, 0, 1, 1u << 20, &p, &why);
	CHECK_EQ_U64(np, 16 * 15 / 2 + 2 * 16);
	well_formed(order, n, p, np);
	reps_cover_llc_pairs(&t, p, np);
	free(p);
	np = pairs_select(&t, order, n, PAIRS_RANDOM, 50, 1, 1u << 20, &p, &why);
	CHECK_EQ_U64(np, 50 * PAIR_NCLASSES);
	well_formed(order, n, p, np);
	free(p);
}

static int parse(struct config *c, const char *s, char *err, size_t n)
{
	return config_parse(c, s, strlen(s), "test", err, n);
}

static void options(void)
{
	struct config c;
	char err[512], buf[600];

	config_defaults(&c);
	CHECK(config_runs(&c, "sbm") && !config_runs(&c, "c2c") &&
	      !config_runs(&c, "noise"));
	CHECK_EQ_U64(c2c_opts.pairs, PAIRS_AUTO);
	CHECK(parse(&c, "experiment=c2c,noise pairs=12 c2c_rounds=50 "
		    "c2c_home=node:3 noise_s=0.25 noise_ns=500", err,
		    sizeof(err)) == 0);
	CHECK(!config_runs(&c, "sbm") && config_runs(&c, "c2c") &&
	      config_runs(&c, "noise") && !config_runs(&c, "bogus"));
	CHECK_EQ_U64(c2c_opts.pairs, PAIRS_RANDOM);
	CHECK_EQ_U64(c2c_opts.pairs_k, 12);
	CHECK_EQ_U64(c2c_opts.rounds, 50);
	CHECK_EQ_U64(c2c_opts.home, HOME_NODE);
	CHECK_EQ_U64(c2c_opts.home_node, 3);
	CHECK_EQ_U64(noise_opts.ms, 250);
	CHECK_EQ_U64(noise_opts.ns, 500);
	config_format(&c, buf, sizeof(buf));
	CHECK(strstr(buf, " experiment=c2c,noise ") && strstr(buf, "pairs=12") &&
	      strstr(buf, "c2c_home=node:3") && strstr(buf, "noise_s=0.250"));
	CHECK(parse(&c, "experiment=all pairs=reps c2c_home=b noise_s=2", err,
		    sizeof(err)) == 0);
	CHECK(config_runs(&c, "sbm") && config_runs(&c, "c2c") &&
	      config_runs(&c, "noise"));
	CHECK_EQ_U64(c2c_opts.pairs, PAIRS_REPS);
	CHECK_EQ_U64(c2c_opts.home, HOME_B);
	CHECK_EQ_U64(noise_opts.ms, 2000);
	CHECK(parse(&c, "pairs=all noise_s=.5", err, sizeof(err)) == 0);
	CHECK_EQ_U64(c2c_opts.pairs, PAIRS_ALL);
	CHECK_EQ_U64(noise_opts.ms, 500);
	/* the rw test hook: off by default, and a run with it says so */
	CHECK(!rw_opts.test_stale);
	config_format(&c, buf, sizeof(buf));
	CHECK(strstr(buf, "rw_test_stale") == NULL);
	CHECK(parse(&c, "rw_test_stale=1", err, sizeof(err)) == 0);
	CHECK(rw_opts.test_stale);
	config_format(&c, buf, sizeof(buf));
	CHECK(strstr(buf, " rw_test_stale=1") != NULL);
	CHECK(parse(&c, "rw_test_stale=2", err, sizeof(err)) == -1);
	CHECK(strstr(err, "rw_test_stale") && strstr(err, "0, 1"));

	/* errors name the word and list what is valid */
	CHECK(parse(&c, "experiment=sbm,bogus", err, sizeof(err)) == -1);
	CHECK(strstr(err, "bogus") && strstr(err, "c2c") && strstr(err, "noise"));
	CHECK(parse(&c, "experiment=", err, sizeof(err)) == -1);
	CHECK(parse(&c, "experiment=,", err, sizeof(err)) == -1);
	CHECK(parse(&c, "pairs=0", err, sizeof(err)) == -1);
	CHECK(strstr(err, "reps"));
	CHECK(parse(&c, "c2c_home=node:", err, sizeof(err)) == -1);
	CHECK(parse(&c, "c2c_home=node:64", err, sizeof(err)) == -1);
	CHECK(parse(&c, "c2c_home=c", err, sizeof(err)) == -1);
	CHECK(parse(&c, "c2c_rounds=9", err, sizeof(err)) == -1);
	CHECK(parse(&c, "noise_s=0", err, sizeof(err)) == -1);
	CHECK(parse(&c, "noise_s=1.2345", err, sizeof(err)) == -1);
	CHECK(parse(&c, "noise_s=1.", err, sizeof(err)) == -1);
	CHECK(parse(&c, "noise_s=3601", err, sizeof(err)) == -1);
	CHECK(parse(&c, "noise_s=1x", err, sizeof(err)) == -1);
	CHECK(parse(&c, "noise_ns=0", err, sizeof(err)) == -1);
	/* scale's options; printed only when scale runs */
	CHECK_EQ_U64(scale_opts.order, SCALE_ORDER_AUTO);
	CHECK(parse(&c, "experiment=sbm scale_order=rr scale_steps=9", err,
		    sizeof(err)) == 0);
	CHECK(scale_opts.order == SCALE_ORDER_RR && scale_opts.steps == 9);
	config_format(&c, buf, sizeof(buf));
	CHECK(strstr(buf, "scale_order") == NULL);
	CHECK(parse(&c, "experiment=scale scale_order=both", err,
		    sizeof(err)) == 0);
	config_format(&c, buf, sizeof(buf));
	CHECK(strstr(buf, " scale_order=both scale_steps=9") != NULL);
	CHECK(parse(&c, "scale_order=spiral", err, sizeof(err)) == -1);
	CHECK(strstr(err, "spiral") && strstr(err, "topo, rr, both"));
	CHECK(parse(&c, "scale_steps=1", err, sizeof(err)) == -1);
	CHECK(parse(&c, "scale_steps=65", err, sizeof(err)) == -1);
	CHECK(strstr(err, "2..64") != NULL);
	CHECK(parse(&c, "frobnicate=1", err, sizeof(err)) == -1);
	CHECK(strstr(err, "experiment") && strstr(err, "noise_ns"));
	CHECK(strstr(config_help(), "experiment=") &&
	      strstr(config_help(), "c2c_home="));
}

int main(void)
{
	ordered();
	classes();
	rr_order();
	select_all_reps_random();
	auto_rule();
	big();
	options();
	return check_done("test_pairs");
}
