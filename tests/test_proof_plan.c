/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The line-transfer proof's choices (proof_plan.h) and the ping-pong's
 * batch growth (pingpong_batch.h), as issue 20 states them: the gap is
 * the smallest listed one of at least 4 transfers, else 2 us; the
 * tolerance grows with the spread of the repeated ping-pongs; a batch
 * grows until it spans the minimum ticks even when a round trip reads 0.
 */
#include <math.h>

#include "check.h"
#include "measure/pingpong_batch.h"
#include "exp/proof/proof_plan.h"

static void test_gap(void)
{
	const uint32_t def[] = { 0, 1000 };
	const uint32_t many[] = { 5000, 0, 800, 2000, 1000 };
	const uint32_t small[] = { 0, 100, 500 };
	bool fb;

	/* the default list: 190 ns x 4 = 760 -> 1000, never 0 */
	CHECK_EQ_U64(proof_pick_gap(def, 2, 190, &fb), 1000);
	CHECK(!fb);
	/* the smallest of those at least 4 x, not the largest */
	CHECK_EQ_U64(proof_pick_gap(many, 5, 190, &fb), 800);
	CHECK(!fb);
	CHECK_EQ_U64(proof_pick_gap(many, 5, 250, &fb), 1000);
	CHECK_EQ_U64(proof_pick_gap(many, 5, 500, &fb), 2000);
	/* exactly 4 x counts */
	CHECK_EQ_U64(proof_pick_gap(many, 5, 200, &fb), 800);
	/* none large enough: 2 us, said so */
	CHECK_EQ_U64(proof_pick_gap(small, 3, 190, &fb), 2000);
	CHECK(fb);
	CHECK_EQ_U64(proof_pick_gap(many, 5, 1300, &fb), 2000);
	CHECK(fb);
	/* only gap 0 listed (saturation): the fallback */
	CHECK_EQ_U64(proof_pick_gap(def, 1, 10, &fb), 2000);
	CHECK(fb);
}

static void test_tolerance(void)
{
	const double steady[] = { 190, 188, 190, 189, 190, 190 };
	const double moved[] = { 25, 188, 190, 189, 190, 190 };
	const double stalled[] = { 190, 188, 600, 189, 190, 190 };
	const double even[] = { 100, 120, 140, 160 };
	const double zero[] = { 0, 0, 0 };
	double med, tol;

	/* 2 ns of range around 190: 25 % and a hair */
	tol = proof_tolerance(steady, 6, 0, &med);
	CHECK(fabs(med - 190) < 1e-9);
	CHECK(fabs(tol - (25 + 1.0 / 190 * 100)) < 1e-9);
	/* a vCPU moved in one round (issue 20: 25 ns, then 190): the
	 * median keeps the transfer, the range widens the band */
	tol = proof_tolerance(moved, 6, 0, &med);
	CHECK(fabs(med - 189.5) < 1e-9);
	CHECK(fabs(tol - (25 + 82.5 / 189.5 * 100)) < 1e-9);
	/* a stalled round: past the cap, no verdict (test_verdict) */
	tol = proof_tolerance(stalled, 6, 0, &med);
	CHECK(fabs(med - 190) < 1e-9);
	CHECK(tol > PROOF_MAX_TOL_PCT);
	/* even count: the median is the middle pair's mean */
	tol = proof_tolerance(even, 4, 0, &med);
	CHECK(fabs(med - 130) < 1e-9);
	CHECK(fabs(tol - (25 + 30.0 / 130 * 100)) < 1e-9);
	/* one run: no spread, the least tolerance */
	tol = proof_tolerance(steady, 1, 0, &med);
	CHECK(fabs(tol - PROOF_AGREE_PCT) < 1e-9);
	/* nothing to judge against */
	CHECK(proof_tolerance(steady, 0, 0, &med) < 0);
	CHECK(proof_tolerance(zero, 3, 0, &med) < 0);
	/* a tick of 10 ns widens the band by 10 / 190 of it */
	tol = proof_tolerance(steady, 6, 10, &med);
	CHECK(fabs(tol - (25 + 1.0 / 190 * 100 + 10.0 / 190 * 100)) < 1e-9);
	/* TCG: RFOs either side of zero, or within a tick of it */
	{
		const double tcg[] = { -130, 130, -140 };
		const double fine[] = { 8, 9, 9 };

		CHECK(proof_tolerance(tcg, 3, 1, &med) < 0);
		CHECK(proof_tolerance(fine, 3, 10, &med) < 0);
		CHECK(proof_tolerance(fine, 3, 1, &med) > 0);
	}
}

static void test_verdict(void)
{
	/* issue 20's figures: 132..154 ns against a CAS of 189 ns */
	CHECK_STR(proof_verdict(154, 10, 189, 25, 5, 0), "agree");
	CHECK_STR(proof_verdict(132, 10, 189, 25, 5, 0), "disagree");
	/* a spread of the transfer widens the band */
	CHECK_STR(proof_verdict(132, 10, 189, 31, 5, 0), "agree");
	/* and against the plain transfer (283 ns) it would not agree */
	CHECK_STR(proof_verdict(132, 10, 283, 25, 5, 0), "disagree");
	/* above as below */
	CHECK_STR(proof_verdict(240, 10, 189, 25, 5, 0), "disagree");
	CHECK_STR(proof_verdict(230, 10, 189, 25, 5, 0), "agree");
	/* the cost's interval wider than the band: no verdict */
	CHECK_STR(proof_verdict(189, 60, 189, 25, 5, 0), "inconclusive");
	/* one rep, a transfer too unsteady, no transfer */
	CHECK_STR(proof_verdict(189, 0, 189, 25, 1, 0), "inconclusive");
	CHECK_STR(proof_verdict(189, 1, 189, PROOF_MAX_TOL_PCT + 1, 5, 0),
		  "inconclusive");
	CHECK_STR(proof_verdict(189, 1, 0, 25, 5, 0), "inconclusive");
	CHECK_STR(proof_verdict(189, 1, 189, -1, 5, 0), "inconclusive");
	/* a ping-pong cut by its budget: a figure that would agree is
	 * still no verdict, and nor is one that would disagree */
	CHECK_STR(proof_verdict(154, 10, 189, 25, 5, 1), "inconclusive");
	CHECK_STR(proof_verdict(132, 10, 189, 25, 5, 3), "inconclusive");
}

/* A counter that ticks once every @per round trips, the CPU a fixed
 * pace: what a coarse counter shows of n round trips. */
struct coarse {
	uint64_t done, per, calls;
};

static uint64_t coarse_time(void *arg, uint32_t n)
{
	struct coarse *c = arg;
	uint64_t t0 = c->done / c->per;

	c->done += n;
	c->calls++;
	return c->done / c->per - t0;
}

static void test_batch(void)
{
	struct coarse c = { .per = 100 };
	uint32_t used, b;

	/* a round trip of 4 ticks, 256 wanted: 64, timing nothing more */
	b = pingpong_batch_size(4, 256, 1000, coarse_time, &c, 500, &used);
	CHECK_EQ_U64(b, 64);
	CHECK_EQ_U64(used, 0);
	CHECK_EQ_U64(c.calls, 0);
	/* rounded up, and capped at most */
	CHECK_EQ_U64(pingpong_batch_size(3, 256, 1000, coarse_time, &c, 500,
					 &used), 86);
	CHECK_EQ_U64(pingpong_batch_size(1, 256, 100, coarse_time, &c, 500,
					 &used), 100);
	CHECK_EQ_U64(pingpong_batch_size(1, 256, 0, coarse_time, &c, 500,
					 &used), 1);
	/* a round trip reads 0 ticks (100 round trips a tick): it grows
	 * until a batch spans 4 ticks, never the batch of 1 of before */
	b = pingpong_batch_size(0, 4, 100000, coarse_time, &c, 100000, &used);
	CHECK(b >= 400 && b < 1600);
	CHECK(b > 1);
	CHECK(used <= 100000);
	CHECK(c.calls > 1);
	/* what it settles on does span the minimum */
	c.done = 0;
	CHECK(coarse_time(&c, b) >= 4);
	/* capped at most */
	c = (struct coarse){ .per = 100 };
	b = pingpong_batch_size(0, 4, 100, coarse_time, &c, 100000, &used);
	CHECK_EQ_U64(b, 100);
	/* a warm-up too short to grow it: the most it may be */
	c = (struct coarse){ .per = 100 };
	b = pingpong_batch_size(0, 4, 1000, coarse_time, &c, 30, &used);
	CHECK_EQ_U64(b, 1000);
	CHECK(used <= 30);
}

int main(void)
{
	test_gap();
	test_tolerance();
	test_verdict();
	test_batch();
	return check_done("test_proof_plan");
}
