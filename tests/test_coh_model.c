/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The coherence model against cases worked by hand (docs/model.md): one
 * sharer is the floor, two at a long gap pay one hand-off, a saturated
 * line serves a round of S hand-offs, and a symmetric machine's layouts
 * follow from its class latencies by counting pairs.
 */
#include <math.h>

#include "check.h"
#include "measure/c2c_pairs.h"
#include "measure/coh_model.h"
#include "measure/coh_scan.h"

static struct topo_cpu storage[TOPO_MAX_CPUS];

#define NEAR(a, b) CHECK(fabs((a) - (double)(b)) < 1e-6 * (fabs((double)(b)) + 1))

/* class latencies of the worked example: smt 10, llc 40, node 100
 * (never: packages are nodes here), package 100, none 200 */
static const double class_ns[PAIR_NCLASSES] = { 10, 40, 100, 100, 200 };

static double by_class(const void *ctx, uint32_t a, uint32_t b)
{
	return class_ns[pair_class_of(ctx, a, b)];
}

/* packages x llcs x cores x threads, CPUs numbered in that order */
static void machine(struct topo *t, unsigned pk, unsigned llcs,
		    unsigned cores, unsigned thr)
{
	const char *why = NULL;
	unsigned id = 0;

	topo_init(t, storage);
	for (unsigned p = 0; p < pk; p++)
		for (unsigned l = 0; l < llcs; l++)
			for (unsigned c = 0; c < cores; c++)
				for (unsigned h = 0; h < thr; h++) {
					int i = topo_add_cpu(t, id, id ? 0 :
							     TOPO_CPU_BSP);
					struct topo_cpu *x = &t->cpus[i];

					x->raw_package = p;
					x->raw_node = p;
					x->raw_llc = p * llcs + l;
					x->raw_core = (p * llcs + l) * cores + c;
					id++;
				}
	t->line_size = 64;
	CHECK(topo_finalize(t, &why) == 0);
}

static struct cm_lines lines_of(const struct topo *t, enum sbm_kind k,
				const uint8_t *take)
{
	struct cm_map m = { t, by_class, t };
	struct sbm_layout l;
	struct cm_lines ls;
	const char *why = NULL;

	CHECK(sbm_layout_build(&l, k, t, 64, &why) == 0);
	CHECK(cm_lines_build(&ls, &m, &l, 64, take, &why) == 0);
	sbm_layout_free(&l);
	return ls;
}

static void test_queue(void)
{
	/* one sharer: the op alone, whatever the gap */
	NEAR(cm_response_ns(1, 100, 5, 0), 5);
	NEAR(cm_response_ns(1, 100, 5, 1000), 5);
	/* saturated: a round of S services */
	NEAR(cm_response_ns(2, 100, 5, 0), 210);
	NEAR(cm_response_ns(16, 100, 5, 0), 16 * 105);
	/* two sharers, think 900, service 100: R(1) = 100, Q(1) = 0.1,
	 * R(2) = 100 x 1.1 */
	NEAR(cm_response_ns(2, 100, 0, 900), 110);
	/* three, think 200, service 50: Q(1) = 0.2, R(2) = 60,
	 * Q(2) = 120 / 260, R(3) = 50 (1 + 6/13) */
	NEAR(cm_response_ns(3, 50, 0, 200), 50.0 * 19 / 13);
	/* a long gap: one hand-off and the op, nothing queued */
	CHECK(fabs(cm_response_ns(2, 100, 5, 1e9) - 105) < 1e-3);
}

static void test_floor_and_pair(void)
{
	struct topo t;
	struct cm_lines ls;
	struct cm_pred p;

	machine(&t, 1, 1, 2, 1);	/* two cores, one LLC */
	ls = lines_of(&t, SBM_PRIVATE, NULL);
	CHECK_EQ_U64(ls.nlines, 2);
	CHECK_EQ_U64(ls.most, 1);
	for (int a = 0; a < CM_NARBITERS; a++) {
		p = cm_predict(&ls, a, 5, 1000);
		NEAR(p.upd_ns, 1005);	/* S = 1: the floor */
		NEAR(p.cost_ns, 0);
	}
	cm_lines_free(&ls);
	ls = lines_of(&t, SBM_GLOBAL, NULL);
	CHECK_EQ_U64(ls.nlines, 1);
	CHECK_EQ_U64(ls.most, 2);
	/* S = 2 at a gap far above the hand-off: one hand-off an update */
	p = cm_predict(&ls, CM_FAIR, 5, 1e9);
	CHECK(fabs(p.cost_ns - 40) < 1e-3);
	NEAR(p.handoff_ns, 40);
	/* saturated: both hand-offs of a round */
	p = cm_predict(&ls, CM_FAIR, 5, 0);
	NEAR(p.upd_ns, 2 * 45);
	cm_lines_free(&ls);
}

/*
 * 2 packages x 2 LLCs x 2 cores x 2 threads.  From any CPU the other 15
 * are 1 SMT sibling (10 ns), 2 in its LLC (40), 4 in its package's other
 * LLC (100), 8 in the other package (200): a fair hand-off of global is
 * 2090 / 15 ns.  Nearest-first from CPU 0: 10 40 10 100 10 40 10 to the
 * package's last CPU, 200 across, the same 220 there, 200 back: 840 / 16.
 * An LLC: 1 sibling and 2 others, (10 + 80) / 3 fair; 10 40 10 40 round.
 * A node (= package): (10 + 80 + 400) / 7 fair; 10 40 10 100 10 40 10,
 * then 100 back: 320 / 8.
 */
static void test_symmetric(void)
{
	const double op = 5;
	const double fair[] = { 2090.0 / 15, 490.0 / 7, 30, 30 };
	const double near[] = { 840.0 / 16, 320.0 / 8, 25, 25 };
	const unsigned s[] = { 16, 8, 4, 4 };
	const enum sbm_kind k[] = { SBM_GLOBAL, SBM_NODE, SBM_LLC,
				    SBM_LLC_U8 };
	double g[CM_NARBITERS] = { 0 };
	struct topo t;

	machine(&t, 2, 2, 2, 2);
	for (int i = 0; i < 4; i++) {
		struct cm_lines ls = lines_of(&t, k[i], NULL);
		struct cm_pred f = cm_predict(&ls, CM_FAIR, op, 0);
		struct cm_pred n = cm_predict(&ls, CM_NEAREST, op, 0);

		CHECK_EQ_U64(ls.most, s[i]);
		CHECK_EQ_U64(ls.nlines, 16 / s[i]);
		NEAR(f.handoff_ns, fair[i]);
		NEAR(n.handoff_ns, near[i]);
		NEAR(f.upd_ns, s[i] * (fair[i] + op));
		NEAR(n.upd_ns, s[i] * (near[i] + op));
		/* the band: nearest-first never above fair here */
		CHECK(n.upd_ns <= f.upd_ns);
		if (i == 0) {
			g[CM_FAIR] = f.upd_ns;
			g[CM_NEAREST] = n.upd_ns;
		}
		/* %global of llc, worked out: 4 x 35 over 16 x (2090/15 + 5) */
		if (i == 2)
			NEAR(100 * f.upd_ns / g[CM_FAIR],
			     100.0 * 140 / (16 * (2090.0 / 15 + 5)));
		cm_lines_free(&ls);
	}
	/* at a gap: MVA of each line with the same hand-offs */
	{
		struct cm_lines ls = lines_of(&t, SBM_LLC, NULL);
		struct cm_pred p = cm_predict(&ls, CM_FAIR, op, 1000);

		NEAR(p.upd_ns, 1000 + cm_response_ns(4, 30, op, 1000));
		cm_lines_free(&ls);
	}
}

/* A mask of 600 CPUs spans two 64-byte lines: 512 bits, then 88; bytes
 * of an LLC of 100 CPUs, two lines (64 and 36).  Only the CPUs taken
 * share. */
static void test_lines(void)
{
	struct topo t;
	struct cm_lines ls;
	uint8_t *take = calloc(600, 1);

	machine(&t, 1, 6, 100, 1);
	ls = lines_of(&t, SBM_GLOBAL, NULL);
	CHECK_EQ_U64(ls.nlines, 2);
	CHECK_EQ_U64(ls.most, 512);
	CHECK_EQ_U64(ls.line[0].sharers + ls.line[1].sharers, 600);
	cm_lines_free(&ls);
	ls = lines_of(&t, SBM_LLC_U8, NULL);
	CHECK_EQ_U64(ls.nlines, 12);
	CHECK_EQ_U64(ls.most, 64);
	cm_lines_free(&ls);
	for (int i = 0; i < 3; i++)
		take[i * 100] = 1;	/* one CPU of each of three LLCs */
	ls = lines_of(&t, SBM_LLC, take);
	CHECK_EQ_U64(ls.ncpus, 3);
	CHECK_EQ_U64(ls.nlines, 3);
	CHECK_EQ_U64(ls.most, 1);
	cm_lines_free(&ls);
	free(take);
}

/*
 * An update on two lines (a spec's companion word): each CPU's own bit
 * (no sharer) and one counter every CPU increments, the op's 10 ns
 * spread as 5 per line.  Worked by hand: on one LLC of S = 4 CPUs the
 * counter's line is the bottleneck, so at gap 0 it serves one update
 * each 40 + 5 ns and a CPU's update comes round every 4 x 45 = 180 ns
 * (the own line's 5 ns overlap the others' service): 170 above the op.
 * At a long gap no one waits: one hand-off, 40 ns above the op.
 */
static void test_two_lines(void)
{
	struct topo t;
	struct cm_map m = { &t, by_class, &t };
	struct sbm_layout l;
	struct cm_lines ls;
	struct cm_pred p;
	const char *why = NULL;
	int k;

	machine(&t, 1, 1, 4, 1);
	k = sbm_layout_add("group=cpu,then=inc@one", 22, NULL, &why);
	CHECK(k >= 0);
	CHECK(sbm_layout_build(&l, (enum sbm_kind)k, &t, 64, &why) == 0);
	CHECK(cm_lines_build(&ls, &m, &l, 64, NULL, &why) == 0);
	CHECK_EQ_U64(ls.nlines, 5);		/* 4 own lines, 1 counter */
	CHECK_EQ_U64(ls.most, 4);
	p = cm_predict(&ls, CM_FAIR, 10, 0);
	/* counter: 4 x (40 + 5) = 180; own line: 5; op 10 */
	CHECK(p.upd_ns > 179.9 && p.upd_ns < 180.1);
	CHECK(p.cost_ns > 169.9 && p.cost_ns < 170.1);
	CHECK(p.handoff_ns > 39.9 && p.handoff_ns < 40.1);
	p = cm_predict(&ls, CM_FAIR, 10, 1e7);
	CHECK(p.cost_ns > 39.9 && p.cost_ns < 40.1);
	cm_lines_free(&ls);
	sbm_layout_free(&l);
	sbm_layout_reset();
}

static struct cs_scan scan_of(const struct topo *t, enum sbm_kind k,
			      const uint32_t *w, uint32_t nw, uint32_t reader)
{
	struct cm_map m = { t, by_class, t };
	struct sbm_layout l;
	struct cs_scan s;
	const char *why = NULL;

	CHECK(sbm_layout_build(&l, k, t, 64, &why) == 0);
	CHECK(cs_scan_build(&s, &m, &l, 64, w, nw, reader, &why) == 0);
	sbm_layout_free(&l);
	return s;
}

/* Reader scans (rw): worked by hand from the rhythm and the classes. */
static void test_scan(void)
{
	static const uint32_t all7[] = { 1, 2, 3, 4, 5, 6, 7 };
	static const uint32_t three[] = { 1, 2, 3 };
	struct topo t;
	struct cs_scan s;
	struct cs_pred p;

	/* updates at 0 and 20 us of a 100 us cycle: a 10 us window holds
	 * one in 2 x 10 of the 100; 50 us: 20 + 50; 200 us: always */
	NEAR(cs_touch_share(10000, 20000, 80000), 0.2);
	NEAR(cs_touch_share(50000, 20000, 80000), 0.7);
	NEAR(cs_touch_share(200000, 20000, 80000), 1);
	NEAR(cs_touch_share(0, 20000, 80000), 0);
	NEAR(cs_touch_share(10, 0, 0), 1);

	machine(&t, 1, 2, 4, 1);	/* two LLCs of four cores */
	/* global: one line, 7 writers, 3 in the reader's LLC (40 ns) and
	 * 4 in the other (100): the last writer any of them */
	s = scan_of(&t, SBM_GLOBAL, all7, 7, 0);
	CHECK_EQ_U64(s.nlines, 1);
	p = cs_predict_alone(&s);
	NEAR(p.lines, 1);
	NEAR(p.serial_ns, 520.0 / 7);
	NEAR(p.overlap_ns, 520.0 / 7);
	NEAR(p.writer_ns, 0);
	cs_scan_free(&s);
	/* private: 7 lines, each its writer's hand-off; 7 misses in
	 * flight at once */
	s = scan_of(&t, SBM_PRIVATE, all7, 7, 0);
	CHECK_EQ_U64(s.nlines, 7);
	p = cs_predict_alone(&s);
	NEAR(p.serial_ns, 520);
	NEAR(p.overlap_ns, 520.0 / 7);
	cs_scan_free(&s);
	/* both at their pace: a scan every 10 us finds a writer's line
	 * written with 0.2; three on one line: 1 - 0.8^3 */
	s = scan_of(&t, SBM_GLOBAL, three, 3, 0);
	p = cs_predict_both(&s, 10000, 20000, 80000, 1);
	NEAR(p.lines, 1 - 0.512);
	NEAR(p.serial_ns, 0.488 * 40);
	/* a writer's spells (20, 80 us) both outlast the scan period: read
	 * each time; nobody else wrote in 20 us with 0.6 each (0.36 for
	 * two), in 80 us never: half its updates x 0.36 x 40 */
	NEAR(p.writer_ns, 0.5 * 0.36 * 40);
	cs_scan_free(&s);
	/* one writer: every update pays the line back from the reader */
	s = scan_of(&t, SBM_GLOBAL, three, 1, 4);
	p = cs_predict_both(&s, 10000, 20000, 80000, 1);
	NEAR(p.writer_ns, 100);
	NEAR(p.serial_ns, 0.2 * 100);
	cs_scan_free(&s);
}

int main(void)
{
	test_scan();
	test_two_lines();
	test_queue();
	test_floor_and_pair();
	test_symmetric();
	test_lines();
	return check_done("test_coh_model");
}
