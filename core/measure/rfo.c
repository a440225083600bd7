/* SPDX-License-Identifier: BSD-2-Clause */
#include "isa_ops.h"
#include "measure/pingpong.h"
#include "measure/rfo.h"
#include "measure/stats.h"

#define RFO_STOP	UINT64_MAX	/* a's budget is spent: b returns */

/* Spin until *@t is @v: false past the engine's deadline or at a's stop
 * word.  No relax hint: how fast the change is seen is what is timed. */
static bool wait_token(struct engine *e, volatile uint64_t *t, uint64_t v)
{
	struct engine_spin d = { 0, 0, 0 };
	uint64_t cur;

	while ((cur = __atomic_load_n(t, __ATOMIC_ACQUIRE)) != v)
		if (cur == RFO_STOP || !engine_spin(e, &d))
			return false;
	return true;
}

/* b: for each round, write its word of the line, then hand it over,
 * until a's stop word. */
static void writer(struct engine *e, struct rfo *r)
{
	for (uint64_t k = 0;; k++) {
		if (!wait_token(e, r->token, 2 * k + 1))
			return;
		__atomic_store_n(&r->line[1], k, __ATOMIC_RELAXED);
		__atomic_store_n(r->token, 2 * k + 2, __ATOMIC_RELEASE);
	}
}

/*
 * a: hand b the line, then time an update on it and one more.  The
 * warm-up ends at @warmup rounds or half the budget, whichever first;
 * the timed rounds have the other half, and at least one is timed
 * whatever the warm-up took.  a ends with a stop word that b, waiting
 * for its next round, sees.
 */
static void timer(struct engine *e, struct rfo *r, uint64_t budget)
{
	uint64_t end = isa_counter() + budget / 2;
	bool timing = false;

	for (uint64_t k = 0; r->n < r->rounds; k++) {
		uint64_t t0, t1, t2, now = isa_counter();

		if (!timing && (k >= r->warmup || now > end)) {
			timing = true;
			r->warm = (uint32_t)k;
			end = now + budget / 2;
		} else if (timing && now > end) {
			r->cut = true;
			break;
		}
		__atomic_store_n(r->token, 2 * k + 1, __ATOMIC_RELEASE);
		if (!wait_token(e, r->token, 2 * k + 2))
			return;
		/* the same op twice (set pairs a barrier the clear may
		 * not have): first on b's line, then on a's own */
		t0 = isa_counter();
		r->op->set((void *)r->line, r->bit);
		t1 = isa_counter();
		r->op->set((void *)r->line, r->bit);
		t2 = isa_counter();
		r->op->clear((void *)r->line, r->bit);
		if (timing) {
			r->remote[r->n] = t1 - t0;
			r->local[r->n] = t2 - t1;
			r->n++;
		}
	}
	__atomic_store_n(r->token, RFO_STOP, __ATOMIC_RELEASE);
}

struct rfo_run {
	struct rfo *r;
	uint64_t budget;	/* ticks */
};

static void body(struct engine *e, uint32_t cpu, void *arg)
{
	struct rfo_run *run = arg;
	uint32_t sense = 0;

	if (!engine_barrier(e, &sense))
		return;
	if (cpu == run->r->a)
		timer(e, run->r, run->budget);
	else
		writer(e, run->r);
}

int rfo_run(struct engine *e, struct rfo *r)
{
	uint32_t cpus[2] = { r->a, r->b };
	uint64_t deadline_ms = 30000 +
			       ((uint64_t)r->warmup + r->rounds) / 5;
	struct rfo_run run = { .r = r };

	if (r->a == r->b || !r->op->set || !r->op->clear)
		return -1;
	if (!r->budget_ms)
		r->budget_ms = pingpong_budget_ms(r->rounds);
	run.budget = (uint64_t)r->budget_ms * e->info.counter_hz / 1000;
	r->n = 0;
	r->warm = 0;
	r->cut = false;
	__atomic_store_n(r->token, 0, __ATOMIC_RELEASE);
	return engine_run_on(e, cpus, 2, body, &run, deadline_ms);
}

bool rfo_ticks(const struct rfo *r, double *ticks)
{
	if (!r->n)
		return false;
	*ticks = stats_median_u64(r->remote, r->n) -
		 stats_median_u64(r->local, r->n);
	return true;
}
