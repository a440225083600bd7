// SPDX-License-Identifier: BSD-2-Clause
/*
 * The window planner (core/measure/window_plan.c) and its model, as
 * issue 31 asks: at 4, 64, 384 and 1024 CPUs with a 300 ns contended
 * transfer, the default plan's time with windows bounded by time, beside
 * the same plan with today's fixed count (iters=100000); the 384-CPU
 * default under 60 s.  The figures are printed: a model, not a timing.
 * And the loops a window runs: window_loop() (one chunk at least,
 * chunks within chunk_max, the chunk carried from one window into the
 * next) and a gap's wait (ends at its deadline, never before).
 */
#include <stdio.h>

#include "check.h"
#include "isa_ops.h"
#include "measure/window_loop.h"
#include "measure/window_plan.h"

#define TRANSFER_NS	300.0
#define DEFAULT_ITERS	100000	/* docs/options.md: iters */
#define REPS_MAX	20	/* reps=auto's cap: the longest default */
#define LAYOUTS		6
#define GAPS		2	/* gap=0,1000 */
#define BLOCK		15	/* reps=auto: a pilot block of 5, then 15 */

static void model(void)
{
	static const uint32_t cpus[] = { 4, 64, 384, 1024 };
	double last = 0;

	printf("cpus  iter_us  window_ms  bound       plan_s  count_plan_s\n");
	for (unsigned i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++) {
		struct window_plan_in in = {
			.counter_hz = 1000000000,
			.slow_iter_ns = window_model_iter_ns(cpus[i],
							     TRANSFER_NS),
			.reps = REPS_MAX, .layouts = LAYOUTS, .gaps = GAPS,
			.block = BLOCK, .budget_ns = 24e9,	/* budget=24 */
			.overhead_ns = window_model_overhead_ns(cpus[i],
								TRANSFER_NS),
		};
		struct window_plan p;
		double count_s;

		CHECK(window_plan(&in, &p) == 0);
		count_s = (double)REPS_MAX * LAYOUTS * GAPS *
			  (DEFAULT_ITERS * in.slow_iter_ns + in.overhead_ns) /
			  1e9;
		printf("%4u %8.1f %10.1f  %-10s %7.1f %13.1f\n", cpus[i],
		       in.slow_iter_ns / 1e3, p.window_ns / 1e6, p.bound,
		       p.total_s, count_s);
		/* the slowest CPU completes what was asked, unless capped */
		CHECK(p.window_ns >= in.slow_iter_ns * WINDOW_MIN_ITERS ||
		      !strcmp(p.bound, "maximum"));
		CHECK(p.total_s < count_s);
		CHECK(p.total_s >= last);
		last = p.total_s;
		if (cpus[i] == 384)
			CHECK(p.total_s < 60);
		CHECK_EQ_U64(p.windows, REPS_MAX * LAYOUTS * GAPS);
		CHECK_EQ_U64(p.runs, 2 * LAYOUTS * GAPS);
	}
}

static void bounds(void)
{
	struct window_plan_in in = { .counter_hz = 10000000,	/* 100 ns */
				     .slow_iter_ns = 50, .reps = 1,
				     .layouts = 1, .gaps = 1 };
	struct window_plan p;

	/* a fast iteration: the 10 ms minimum decides; warm-up an 8th */
	CHECK(window_plan(&in, &p) == 0);
	CHECK_EQ_U64(p.window_ns, WINDOW_MIN_NS);
	CHECK_EQ_U64(p.window_ticks, 100000);
	CHECK_EQ_U64(p.warm_ticks, 12500);
	CHECK(!strcmp(p.bound, "minimum"));
	CHECK(p.total_s > 0.01124 && p.total_s < 0.01126);
	/* a chunk is at most what the slowest CPU does in a 256th of the
	 * window: 390 ticks of 100 ns / 50 ns = 780 iterations */
	CHECK_EQ_U64(p.chunk_max, 780);
	in.slow_iter_ns = 0.01;		/* faster than any CPU: the cap */
	CHECK(window_plan(&in, &p) == 0);
	CHECK_EQ_U64(p.chunk_max, WINDOW_CHUNK_MAX);
	in.slow_iter_ns = 50;
	/* a coarse counter (4 MHz, as the U74's rdtime) and a slow
	 * iteration: 200 of them, 2000 ticks or more */
	in.counter_hz = 4000000;
	in.slow_iter_ns = 250000;
	CHECK(window_plan(&in, &p) == 0);
	CHECK(!strcmp(p.bound, "iterations"));
	CHECK_EQ_U64(p.window_ns, 50000000);
	CHECK(p.window_ticks >= WINDOW_MIN_TICKS);
	/* 33 us ticks: 2000 of them take longer than 200 iterations */
	in.counter_hz = 30000;
	CHECK(window_plan(&in, &p) == 0);
	CHECK(!strcmp(p.bound, "ticks"));
	CHECK_EQ_U64(p.window_ticks, WINDOW_MIN_TICKS);
	/* window=US: as asked */
	in.fixed_ns = 3000000;
	CHECK(window_plan(&in, &p) == 0);
	CHECK(!strcmp(p.bound, "fixed"));
	CHECK_EQ_U64(p.window_ticks, 90);	/* 3 ms at 30 kHz */
	in.fixed_ns = 0;
	/* a CPU so slow the window would pass 100 ms: capped, said */
	in.counter_hz = 1000000000;
	in.slow_iter_ns = 5e6;
	CHECK(window_plan(&in, &p) == 0);
	CHECK_EQ_U64(p.window_ns, WINDOW_MAX_NS);
	CHECK(!strcmp(p.bound, "maximum"));
	/* 5 ms an iteration, a chunk's time 390 us: one at a time */
	CHECK_EQ_U64(p.chunk_max, 1);
	/* blocks: 7 reps in blocks of 3 are 3 runs, each one warm-up and
	 * one fixed cost: 7 x 20 ms + 3 x (2.5 ms + 1 ms) */
	in.slow_iter_ns = 100000;
	in.reps = 7;
	in.block = 3;
	in.overhead_ns = 1e6;
	CHECK(window_plan(&in, &p) == 0);
	CHECK_EQ_U64(p.runs, 3);
	CHECK(p.total_s > 0.15049 && p.total_s < 0.15051);
	in.block = 0;
	in.reps = 1;
	in.overhead_ns = 0;
	/* the interval asked: a pilot block at 10 ms with a 25 % CV, 20
	 * reps for 2 %: target 2 x sqrt(20) / 2 = 4.47 %, (25 / 4.47)^2 =
	 * 31.25 x as long: capped at 100 ms; one at 3 % is fine as it is */
	CHECK(window_interval_ns(1e7, 3, 2, 20) == 0);
	CHECK(window_interval_ns(1e7, 25, 2, 20) > 3.12e8 &&
	      window_interval_ns(1e7, 25, 2, 20) < 3.13e8);
	in.slow_iter_ns = 1000;
	in.interval_ns = window_interval_ns(1e7, 6, 2, 20);	/* 18 ms */
	CHECK(window_plan(&in, &p) == 0);
	CHECK(!strcmp(p.bound, "interval"));
	CHECK(p.window_ns > 17990000 && p.window_ns < 18010000);
	in.interval_ns = window_interval_ns(1e7, 25, 2, 20);
	CHECK(window_plan(&in, &p) == 0);
	CHECK(!strcmp(p.bound, "maximum"));
	/* budget=: 120 windows in 12 runs of 0.5 s overhead, 12 s in all:
	 * (12 - 6) s / (120 + 12 / 8) = 49.38 ms; the plan takes the
	 * budget, no more */
	in.reps = 20;
	in.layouts = 6;
	in.block = 15;
	in.overhead_ns = 5e8;
	in.budget_ns = 12e9;
	CHECK(window_plan(&in, &p) == 0);
	CHECK(!strcmp(p.bound, "budget"));
	CHECK(p.window_ns > 49380000 && p.window_ns < 49390000);
	CHECK(p.total_s > 11.999 && p.total_s < 12.001);
	/* overhead past the budget: the 10 ms minimum, over budget */
	in.overhead_ns = 2e9;
	CHECK(window_plan(&in, &p) == 0);
	CHECK_EQ_U64(p.window_ns, WINDOW_MIN_NS);
	CHECK(!strcmp(p.bound, "budget"));
	/* never below the slowest CPU's iterations: 200 x 300 us */
	in.slow_iter_ns = 300000;
	CHECK(window_plan(&in, &p) == 0);
	CHECK_EQ_U64(p.window_ns, 60000000);
	CHECK(!strcmp(p.bound, "budget"));
	/* a budget the plan fits in changes nothing */
	in.slow_iter_ns = 1000;
	in.overhead_ns = 0;
	in.budget_ns = 1e12;
	CHECK(window_plan(&in, &p) == 0);
	CHECK(!strcmp(p.bound, "maximum"));
	in.budget_ns = 0;
	in.reps = 1;
	in.layouts = 1;
	in.block = 0;
	in.interval_ns = 0;
	/* min_iters asked */
	in.slow_iter_ns = 20000;
	in.min_iters = 1000;
	CHECK(window_plan(&in, &p) == 0);
	CHECK_EQ_U64(p.window_ns, 20000000);
	/* what cannot be planned */
	in.counter_hz = 0;
	CHECK(window_plan(&in, &p) == -1);
	in.counter_hz = 1000;
	in.slow_iter_ns = 0;
	CHECK(window_plan(&in, &p) == -1);
	in.slow_iter_ns = 1;
	in.reps = 0;
	CHECK(window_plan(&in, &p) == -1);
}

static void loop(void)
{
	size_t n;
	const struct sbm_op *op = &ops_all(&n)[0];
	uint64_t word[2] = { 0, 0 }, until;
	struct window_loop run = { .chunk = 0 };

	/* a deadline already past: still one chunk, of one iteration */
	window_loop(op, word, 5, 0, isa_counter() - 1, 1000, 7, &run);
	CHECK_EQ_U64(run.iters, 1);
	CHECK_EQ_U64(run.gap_ticks, 0);
	/* a chunk carried in above chunk_max starts again at one */
	run.chunk = 1000;
	window_loop(op, word, 5, 0, isa_counter() - 1, 1000, 7, &run);
	CHECK_EQ_U64(run.iters, 1);
	/* every chunk fast: it doubles up to chunk_max (1, 2, 4; 8 > 7),
	 * and the loop ends at or past its deadline */
	run.chunk = 0;
	until = isa_counter() + 100000;
	window_loop(op, word, 5, 0, until, UINT64_MAX / 4, 7, &run);
	CHECK_EQ_U64(run.chunk, 4);
	CHECK(run.end >= until);
	CHECK(run.iters >= 7);
	/* the chunk it ended on is where the next window starts */
	window_loop(op, word, 5, 0, isa_counter() - 1, UINT64_MAX / 4, 7,
		    &run);
	CHECK_EQ_U64(run.iters, 4);
	CHECK_EQ_U64(word[0], 0);	/* every set cleared */
}

/* The count of windows closed that the CPUs of a run share: a window
 * another CPU has closed stops this one after a piece, whatever its
 * deadline; one that ends by the counter raises the count, never lowers
 * it. */
static void shared_close(void)
{
	size_t n;
	const struct sbm_op *op = &ops_all(&n)[0];
	uint64_t word[2] = { 0, 0 }, far = isa_counter() + (1ull << 34);
	uint32_t closed = 3;
	struct window_loop run = { .chunk = 1000, .closed = &closed,
				   .index = 2 };

	/* window 2 closed elsewhere: one piece of the chunk, then out (a
	 * loop that missed the close runs seconds to @far and fails, not
	 * hangs) */
	window_loop(op, word, 5, 0, far, UINT64_MAX / 4, 1000, &run);
	CHECK(run.stopped);
	CHECK(run.late);	/* begun after the close */
	CHECK_EQ_U64(run.iters, WINDOW_STOP_EVERY);
	CHECK_EQ_U64(run.chunk, 1000);	/* a part chunk keeps the pace */
	CHECK_EQ_U64(closed, 3);
	/* window 3 not yet closed: runs to its own deadline and closes it */
	run.index = 3;
	run.chunk = 0;
	window_loop(op, word, 5, 0, isa_counter() + 1000, 1, 1000, &run);
	CHECK(!run.stopped);
	CHECK(!run.late);
	CHECK_EQ_U64(closed, 4);
	/* a CPU late in window 1 ends past its deadline: the count stays */
	run.index = 1;
	window_loop(op, word, 5, 0, isa_counter() - 1, 1, 1000, &run);
	CHECK(run.stopped);
	CHECK(run.late);
	CHECK_EQ_U64(closed, 4);
	/* none shared: the counter alone, as before */
	run.closed = NULL;
	run.chunk = 0;
	window_loop(op, word, 5, 0, isa_counter() - 1, 1, 1000, &run);
	CHECK(!run.stopped);
	CHECK(!run.late);	/* nobody else to have closed it */
	CHECK_EQ_U64(run.iters, 1);
	CHECK_EQ_U64(word[0], 0);	/* every set cleared */
}

/* A gap ends at its counter deadline, never before, whatever pace it
 * was calibrated at (none, one round a tick, far too many). */
static void gap_wait(void)
{
	static const uint64_t q8[] = { 0, 256, 1u << 20 };
	static const uint64_t gaps[] = { 1, 100, 10000 };

	for (size_t i = 0; i < sizeof(q8) / sizeof(q8[0]); i++)
		for (size_t g = 0; g < sizeof(gaps) / sizeof(gaps[0]); g++) {
			ops_gap_half_q8 = q8[i];
			CHECK(ops_gap_wait(gaps[g]) >= gaps[g]);
		}
	ops_gap_half_q8 = 0;
}

/* The untimed loop after a CPU's windows: one iteration sets and clears
 * its own bit (a byte op: the byte at the slot) and leaves the rest of
 * the word as it was, with a gap spun or none, calibrated or not. */
static void untimed(void)
{
	static const uint64_t q8[] = { 0, 256 };
	static const uint64_t gaps[] = { 0, 1000 };
	size_t n;
	const struct sbm_op *all = ops_all(&n);

	for (size_t o = 0; o < n; o++)
		for (size_t i = 0; i < 2; i++)
			for (size_t g = 0; g < 2; g++) {
				uint64_t was = all[o].bytewise ? 0x8100 : 0x81;
				uint64_t word[2] = { was, 0 };

				ops_gap_half_q8 = q8[i];
				ops_run_untimed(&all[o], word, 5, gaps[g]);
				CHECK_EQ_U64(word[0], was);
				CHECK_EQ_U64(word[1], 0);
			}
	ops_gap_half_q8 = 0;
}

/* At gap 0 a window's op is the bare loop: no gap, no gap ticks.
 * loop_gap() at gap 0 still spins and reads the counter after every
 * update and returns what that took; the warm-up, the tail and the
 * proof ran it at gap 0 until 501e571, so a window's edges were less
 * contended than its middle.  At a gap, every gap is in the ticks. */
static void run_gap0(void)
{
	size_t n;
	const struct sbm_op *all = ops_all(&n);

	for (size_t o = 0; o < n; o++) {
		uint64_t was = all[o].bytewise ? 0x8100 : 0x81;
		uint64_t word[2] = { was, 0 };

		CHECK_EQ_U64(ops_run(&all[o], word, 5, 1000, 0), 0);
		CHECK(ops_run(&all[o], word, 5, 10, 1) >= 20);
		CHECK_EQ_U64(word[0], was);
	}
}

int main(void)
{
	model();
	bounds();
	loop();
	shared_close();
	gap_wait();
	untimed();
	run_gap0();
	return check_done("test_window_plan");
}
