/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment's derived figures: the paired-difference and ratio
 * intervals (hand-computed cases and a coverage simulation), reps=auto's
 * second-stage count, the interleaved order of reps, and the measured
 * estimate's arithmetic.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "exp/sbm/exp_sbm.h"
#include "measure/estimate.h"
#include "measure/rep_order.h"
#include "measure/stats.h"

static int near(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

/* xorshift64 and Box-Muller: reproducible normal deviates. */
static uint64_t rng = 0x9e3779b97f4a7c15ull;

static double uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
}

static double normal(void)
{
	return sqrt(-2 * log(uniform())) * cos(6.283185307179586 * uniform());
}

static void diff_interval(void)
{
	const double a[] = { 5, 7, 9 }, b[] = { 1, 2, 3 };
	double m, h;

	/* differences 4, 5, 6: mean 5, sd 1, t(2) 4.303 / sqrt(3) */
	CHECK(stats_diff_ci95(a, b, 3, &m, &h));
	CHECK(near(m, 5, 1e-12));
	CHECK(near(h, 4.303 / sqrt(3), 1e-9));
	/* one pair: its difference, no interval; none: no figure */
	CHECK(stats_diff_ci95(a, b, 1, &m, &h) && m == 4 && h == 0);
	CHECK(!stats_diff_ci95(a, b, 0, &m, &h));
}

static void ratio_interval(void)
{
	const double prop_n[] = { 2, 4, 6 }, prop_d[] = { 1, 2, 3 };
	const double n3[] = { 10, 12, 14 }, d3[] = { 5, 5, 5 };
	const double n2[] = { 1, 3 }, d2[] = { 1, 1 };
	const double zero[] = { 1, -1 }, neg[] = { -2, -3 };
	double r, h;

	/* proportional pairs: the ratio exactly, no spread */
	CHECK(stats_ratio_ci95(prop_n, prop_d, 3, &r, &h));
	CHECK(near(r, 2, 1e-12) && near(h, 0, 1e-12));
	/* a constant denominator: the numerator's own t interval over it,
	 * 4.303 x (2 / sqrt(3)) / 5 */
	CHECK(stats_ratio_ci95(n3, d3, 3, &r, &h));
	CHECK(near(r, 2.4, 1e-12));
	CHECK(near(h, 4.303 * 2 / sqrt(3) / 5, 1e-9));
	/* residuals -1, 1: s^2 2, Var(R) = 2 / (2 x 1), t(1) 12.706 */
	CHECK(stats_ratio_ci95(n2, d2, 2, &r, &h));
	CHECK(near(r, 2, 1e-12) && near(h, 12.706, 1e-9));
	/* a denominator not above zero, or one rep: no figure */
	CHECK(!stats_ratio_ci95(n2, zero, 2, &r, &h));
	CHECK(!stats_ratio_ci95(n2, neg, 2, &r, &h));
	CHECK(!stats_ratio_ci95(n3, d3, 1, &r, &h));
}

/*
 * The delta-method interval covers the true ratio about 95 % of the
 * time: layout and global costs above their floors, each rep sharing a
 * drift (what interleaving pairs), true ratio 0.3, 20 reps.
 */
static void ratio_coverage(void)
{
	const int trials = 4000, n = 20;
	double a[20], b[20], r, h;
	int cover = 0;

	for (int t = 0; t < trials; t++) {
		for (int i = 0; i < n; i++) {
			double drift = 10 * normal();

			b[i] = 100 + drift + 8 * normal();
			a[i] = 30 + 0.3 * drift + 4 * normal();
		}
		CHECK(stats_ratio_ci95(a, b, n, &r, &h));
		cover += fabs(r - 0.3) <= h;
	}
	printf("test_sbm_figures: ratio interval covered %d of %d\n", cover,
	       trials);
	CHECK(cover >= trials * 93 / 100 && cover <= trials * 97 / 100);
}

static void reps_needed(void)
{
	/* (t(4) sd / target)^2 = 2.776^2 = 7.71: 8 reps */
	CHECK_EQ_U64(stats_reps_needed(1, 1, 5, 5, 20), 8);
	/* (2.776 x 2)^2 = 30.8: capped at the most */
	CHECK_EQ_U64(stats_reps_needed(2, 1, 5, 5, 20), 20);
	/* a quiet pilot: the pilot is enough */
	CHECK_EQ_U64(stats_reps_needed(0, 1, 5, 5, 20), 5);
	CHECK_EQ_U64(stats_reps_needed(0.1, 1, 5, 5, 20), 5);
	/* no target (a zero figure) or no spread to read: the most */
	CHECK_EQ_U64(stats_reps_needed(1, 0, 5, 5, 20), 20);
	CHECK_EQ_U64(stats_reps_needed(NAN, 1, 5, 5, 20), 20);
}

static void interleaving(void)
{
	struct rep_step s[32];
	/* global (0), llc (2), private (4): rep-major, mask order */
	const uint32_t want[][2] = {
		{ 0, 0 }, { 0, 2 }, { 0, 4 },
		{ 1, 0 }, { 1, 2 }, { 1, 4 },
		{ 2, 0 }, { 2, 2 }, { 2, 4 },
	};
	size_t n = rep_order(0x15, 0, 3, s, 32);

	CHECK_EQ_U64(n, 9);
	for (size_t i = 0; i < n && i < 9; i++) {
		CHECK_EQ_U64(s[i].rep, want[i][0]);
		CHECK_EQ_U64(s[i].kind, want[i][1]);
	}
	/* the second stage goes on from the pilot's last rep */
	n = rep_order(0x3, 5, 7, s, 32);
	CHECK_EQ_U64(n, 4);
	CHECK(s[0].rep == 5 && s[0].kind == 0 && s[1].rep == 5 &&
	      s[1].kind == 1 && s[2].rep == 6 && s[3].rep == 6);
	/* what does not fit is refused whole, nothing half-planned */
	CHECK_EQ_U64(rep_order(0x3f, 0, 20, s, 32), 0);
	CHECK_EQ_U64(rep_order(0x3, 4, 4, s, 32), 0);
}

static void estimate(void)
{
	const uint32_t steps[] = { 1, 2, 3, 4 }, one[] = { 4 };

	/* 1 CPU 100 ticks a rep, 4 CPUs 400: 100 + 200 + 300 + 400, 5 reps */
	CHECK_EQ_U64(estimate_points(100, 1, 400, 4, steps, 4, 5), 5000);
	/* a flat curve: every point the same */
	CHECK_EQ_U64(estimate_points(70, 1, 70, 4, steps, 4, 2), 560);
	/* one point (first and last the same CPU count): its own time */
	CHECK_EQ_U64(estimate_points(90, 4, 90, 4, one, 1, 3), 270);
	/* the last cheaper than the first (noise): still between them */
	CHECK_EQ_U64(estimate_points(400, 1, 100, 4, steps, 4, 1), 1000);
	/* nothing measured, nothing estimated */
	CHECK_EQ_U64(estimate_points(0, 1, 0, 4, steps, 4, 5), 0);
}

/* c2c's pairs at 4 CPUs: 0-1 0-2 0-3 1-2 1-3 2-3; four picks take two
 * with CPU 0 and two without, as the list has them half and half. */
static void picks(void)
{
	static const size_t want[] = { 0, 2, 3, 5 };
	char w[32];

	for (size_t i = 0; i < 4; i++)
		CHECK_EQ_U64(estimate_pick(i, 4, 6), want[i]);
	/* as many picks as items: every item once */
	for (size_t n = 1; n <= 4; n++)
		for (size_t i = 0; i < n; i++)
			CHECK_EQ_U64(estimate_pick(i, n, n), i);
	/* always in range, strictly rising, one in each quarter */
	for (size_t total = 4; total <= 5000; total += 7) {
		size_t prev = 0;

		for (size_t i = 0; i < 4; i++) {
			size_t p = estimate_pick(i, 4, total);

			CHECK(p < total);
			CHECK(i == 0 || p > prev);
			CHECK(p >= i * total / 4 && p < (i + 1) * total / 4 + 1);
			prev = p;
		}
	}
	estimate_words(99, w, sizeof(w));
	CHECK(!strcmp(w, "under 0.1 s"));
	estimate_words(100, w, sizeof(w));
	CHECK(!strcmp(w, "0.10 s"));
	estimate_words(162930, w, sizeof(w));
	CHECK(!strcmp(w, "162.93 s"));
}

/*
 * A rep's figure is a ratio of sums: the windows' ticks over the
 * iterations the CPUs completed.  Two CPUs in one 1000-tick window, one
 * completing 1000 iterations and one the host barely ran completing 10:
 * 2000 / 1010 ticks an iteration, where the mean of their own figures
 * (1 and 100) would say 50.5.  Without iterations, or with equal ones
 * (windows bounded by count), it is the plain mean; a CPU not chosen
 * does not count.
 */
static void iter_mean(void)
{
	struct topo t = { .ncpus = 3 };
	uint8_t chosen[3] = { 1, 1, 0 };
	struct engine e = { .topo = &t, .chosen = chosen };
	/* [rep][cpu], two reps */
	const double ticks[] = { 1, 100, 7, 2, 2, 7 };
	const double iters[] = { 1000, 10, 5, 50, 50, 5 };
	const double equal[] = { 10, 10, 10, 10, 10, 10 };
	double m[2];

	CHECK(near(sbm_iter_mean(&e, ticks, iters, 1), 2000.0 / 1010, 1e-12));
	CHECK(near(sbm_iter_mean(&e, ticks, NULL, 1), 50.5, 1e-12));
	CHECK(near(sbm_iter_mean(&e, ticks, equal, 2), 105.0 / 4, 1e-12));
	CHECK(near(sbm_iter_mean(&e, ticks, iters, 2),
		   (1000 + 1000 + 100 + 100) / 1110.0, 1e-12));
	sbm_rep_means(&e, ticks, iters, 2, m);
	CHECK(near(m[0], 2000.0 / 1010, 1e-12));
	CHECK(near(m[1], 2, 1e-12));
	/* nothing completed: no figure, not a division by zero */
	CHECK(sbm_iter_mean(&e, ticks, (const double[]){ 0, 0, 0 }, 1) == 0);
}

int main(void)
{
	iter_mean();
	diff_interval();
	ratio_interval();
	ratio_coverage();
	reps_needed();
	interleaving();
	estimate();
	picks();
	return check_done("test_sbm_figures");
}
