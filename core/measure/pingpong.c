/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>

#include "isa_ops.h"
#include "measure/pingpong.h"
#include "measure/pingpong_batch.h"
#include "measure/stats.h"

/* A batch spans at least this many ticks, and 50 counter reads, where
 * ten samples of the timed rounds allow it. */
#define MIN_SPAN_TICKS	256

uint32_t pingpong_warmup(uint32_t rounds)
{
	uint32_t w = rounds / 4;

	return w < 16 ? 16 : w > 1000 ? 1000 : w;
}

uint32_t pingpong_budget_ms(uint32_t rounds)
{
	return 100 + rounds / 10;
}

/* Never a round trip's word: b stops on it (a's budget is spent). */
#define PP_STOP		UINT64_MAX

/* How a wait or a round trip ended. */
enum rt { RT_OK, RT_FAILED, RT_STOPPED };

/* One CPU's side of a run. */
struct side {
	struct engine *e;
	struct pingpong *p;
	bool ping;
	uint64_t end;		/* a: the counter tick its budget ends at */
	bool late;		/* a: past @end; b: never set */
};

/*
 * The engine's spin deadline (RT_FAILED: engine_spin()); on the spins
 * that read the counter, for a, whether its budget is spent; for b,
 * whether a has stopped.
 */
static inline enum rt spin_on(struct side *s, struct engine_spin *d)
{
	if (!engine_spin(s->e, d))
		return RT_FAILED;
	if (!d->now)
		return RT_OK;
	if (s->ping) {
		if (d->now > s->end)
			s->late = true;
	} else if (__atomic_load_n(s->p->word, __ATOMIC_ACQUIRE) == PP_STOP) {
		return RT_STOPPED;
	}
	return RT_OK;
}

/* Spin until *w == v.  No relax hint: how fast the change is seen is what
 * is measured. */
static enum rt wait_for(struct side *s, volatile uint64_t *w, uint64_t v)
{
	struct engine_spin d = { 0, 0, 0 };
	enum rt r;

	while (__atomic_load_n(w, __ATOMIC_ACQUIRE) != v)
		if ((r = spin_on(s, &d)))
			return r;
	return RT_OK;
}

/*
 * Compare-and-swap *w from @from to @from + 1, retrying until it holds:
 * the ISA's own CAS (casal on arm64 with LSE, in the image as in the
 * twin), an RFO of the line the other CPU just modified.
 */
static enum rt cas_from(struct side *s, volatile uint64_t *w, uint64_t from)
{
	struct engine_spin d = { 0, 0, 0 };
	enum rt r;

	while (!isa_cas(w, from, from + 1))
		if ((r = spin_on(s, &d)))
			return r;
	return RT_OK;
}

/* Round trip @k as CPU a or b. */
static enum rt step(struct side *s, uint64_t k)
{
	const struct pingpong *p = s->p;
	uint64_t mine = 2 * k + (s->ping ? 1 : 2);
	enum rt r;

	if (p->cas)
		return cas_from(s, p->word, mine - 1);
	if (s->ping) {
		__atomic_store_n(p->word, mine, __ATOMIC_RELEASE);
		return wait_for(s, p->word, mine + 1);
	}
	if ((r = wait_for(s, p->word, mine - 1)))
		return r;
	__atomic_store_n(p->word, mine, __ATOMIC_RELEASE);
	return RT_OK;
}

/*
 * a ends before the round trips b counts on (its budget spent, in the
 * warm-up or the timed part), between two of its round trips: b waits
 * for a's next word (plain; a writes PP_STOP instead) or tries its CAS
 * from a's last word, which either landed before PP_STOP overwrote it
 * or fails on PP_STOP: either way b's next wait sees PP_STOP.
 */
static void stop(struct side *s)
{
	__atomic_store_n(s->p->word, PP_STOP, __ATOMIC_RELEASE);
}

/* The cheapest of a few back-to-back counter reads. */
static uint64_t read_cost(void)
{
	uint64_t best = UINT64_MAX;

	for (int i = 0; i < 16; i++) {
		uint64_t t0 = isa_counter(), t1 = isa_counter();

		if (t1 - t0 < best)
			best = t1 - t0;
	}
	return best;
}

/* Warm-up round trips timed as one batch, for pingpong_batch_size(). */
struct grow {
	struct side *s;
	uint64_t *k;
	bool failed;
};

static uint64_t time_rounds(void *arg, uint32_t n)
{
	struct grow *g = arg;
	uint64_t t = isa_counter();

	for (uint32_t j = 0; j < n && !g->failed && !g->s->late;
	     j++, (*g->k)++)
		if (step(g->s, *g->k))
			g->failed = true;
	/* a failed run or a spent warm-up ends the growth: no span ever
	 * falls short of it */
	return g->failed || g->s->late ? UINT64_MAX : isa_counter() - t;
}

/*
 * The warm-up, until half the budget: single round trips, the fastest
 * of which sizes the batch (a stalled one, a vCPU descheduled, says
 * nothing about the pace), then growing batches where a round trip
 * reads 0 ticks, then the rest untimed.  false: the run failed.
 */
static bool warm_up(struct side *s, uint64_t *k)
{
	struct pingpong *p = s->p;
	uint64_t t, t1, min_span, best = UINT64_MAX;
	uint32_t singles = p->warmup / 2, used;
	struct grow g = { .s = s, .k = k };

	t = isa_counter();
	for (; *k < singles && !s->late; (*k)++) {
		if (step(s, *k))
			return false;
		t1 = isa_counter();
		if (t1 - t < best)
			best = t1 - t;
		if (t1 > s->end)
			s->late = true;
		t = t1;
	}
	min_span = 50 * p->read_ticks > MIN_SPAN_TICKS ?
		   50 * p->read_ticks : MIN_SPAN_TICKS;
	/* at least ten samples; a round trip inside one tick: the rest of
	 * the warm-up grows the batch until it spans min_span */
	p->batch = pingpong_batch_size(best == UINT64_MAX ? 0 : best, min_span,
				       p->rounds / 10, time_rounds, &g,
				       p->warmup - singles, &used);
	if (g.failed)
		return false;
	for (; *k < p->warmup && !s->late; (*k)++)
		if (step(s, *k))
			return false;
	return true;
}

static void ping(struct side *s, uint64_t budget)
{
	struct pingpong *p = s->p;
	uint64_t k = 0, t, t1, span, total = (uint64_t)p->warmup + p->rounds;
	uint32_t left = p->rounds, j;

	p->read_ticks = read_cost();
	t = isa_counter();
	s->end = t + budget / 2;
	if (!warm_up(s, &k))
		return;
	/* the timed round trips: at least one, whatever the warm-up took */
	s->late = false;
	t = isa_counter();
	s->end = t + budget / 2;
	while (left >= p->batch && !p->cut) {
		for (j = 0; j < p->batch && !s->late; j++, k++)
			if (step(s, k))
				return;
		t1 = isa_counter();
		span = t1 > t + p->read_ticks ? t1 - t - p->read_ticks : 0;
		if (j < p->batch) {
			/* the budget ended inside a batch: as a batch's
			 * worth, only when it is the first */
			if (!p->nsamples) {
				p->samples[p->nsamples++] = span * p->batch / j;
				p->timed = j;
			}
			p->cut = true;
			break;
		}
		p->samples[p->nsamples++] = span;
		p->timed += p->batch;
		t = t1;
		left -= p->batch;
		if (left >= p->batch && t1 > s->end)
			p->cut = true;
	}
	/* b answers every round: finish the ones no batch held */
	for (; left && !p->cut && !s->late; left--, k++)
		if (step(s, k))
			return;
	if (k < total)
		stop(s);
}

static void pong(struct side *s)
{
	struct pingpong *p = s->p;
	uint64_t total = (uint64_t)p->warmup + p->rounds;

	for (uint64_t k = 0; k < total; k++)
		if (step(s, k))
			return;
}

struct run {
	struct pingpong *p;
	uint64_t budget;	/* ticks */
};

static void body(struct engine *e, uint32_t cpu, void *arg)
{
	struct run *r = arg;
	struct side s = { .e = e, .p = r->p, .ping = cpu == r->p->a };
	uint32_t sense = 0;

	if (!engine_barrier(e, &sense))
		return;
	if (s.ping)
		ping(&s, r->budget);
	else
		pong(&s);
}

int pingpong_run(struct engine *e, struct pingpong *p)
{
	uint32_t cpus[2] = { p->a, p->b };
	/* each wait may take 30 s; the whole run 0.2 ms a round trip more */
	uint64_t deadline_ms = 30000 +
			       ((uint64_t)p->warmup + p->rounds) / 5;

	struct run r = { .p = p };

	if (p->a == p->b)
		return -1;
	if (!p->budget_ms)
		p->budget_ms = pingpong_budget_ms(p->rounds);
	/* the first half for the warm-up, the second for the timed rounds */
	r.budget = 2 * ((uint64_t)p->budget_ms * e->info.counter_hz / 2000);
	p->batch = 0;
	p->nsamples = 0;
	p->timed = 0;
	p->cut = false;
	__atomic_store_n(p->word, 0, __ATOMIC_RELEASE);
	return engine_run_on(e, cpus, 2, body, &r, deadline_ms);
}

bool pingpong_oneway(const struct pingpong *p, double *median, double *min)
{
	uint32_t n = p->nsamples;
	double per;

	if (!n || !p->batch)
		return false;
	per = 2.0 * p->batch;
	*median = stats_median_u64(p->samples, n) / per;
	*min = (double)p->samples[0] / per;	/* sorted */
	return true;
}
