/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>

#include "isa_ops.h"
#include "engine/pingpong.h"
#include "engine/pingpong_batch.h"

/* A batch spans at least this many ticks, and 50 counter reads, where
 * ten samples of the timed rounds allow it. */
#define MIN_SPAN_TICKS	256

uint32_t pingpong_warmup(uint32_t rounds)
{
	uint32_t w = rounds / 4;

	return w < 16 ? 16 : w > 1000 ? 1000 : w;
}

/*
 * The deadline of one spin-wait, read every 1024 spins only so that the
 * counter read costs the measured loop nothing: false (the run failed)
 * once e->deadline ticks passed or another CPU gave up.
 */
struct spin_deadline {
	uint64_t t0;
	uint32_t n;
};

static inline bool spin_in_time(struct engine *e, struct spin_deadline *d)
{
	if (++d->n % 1024)
		return true;
	if (!d->t0) {
		d->t0 = isa_counter();
	} else if (e->failed || isa_counter() - d->t0 > e->deadline) {
		e->failed = 1;
		return false;
	}
	return true;
}

/* Spin until *w == v.  No relax hint: how fast the change is seen is what
 * is measured. */
static bool wait_for(struct engine *e, volatile uint64_t *w, uint64_t v)
{
	struct spin_deadline d = { 0, 0 };

	while (__atomic_load_n(w, __ATOMIC_ACQUIRE) != v)
		if (!spin_in_time(e, &d))
			return false;
	return true;
}

/*
 * Compare-and-swap *w from @from to @from + 1, retrying until it holds:
 * the ISA's own CAS (casal on arm64 with LSE, in the image as in the
 * twin), an RFO of the line the other CPU just modified.
 */
static bool cas_from(struct engine *e, volatile uint64_t *w, uint64_t from)
{
	struct spin_deadline d = { 0, 0 };

	while (!isa_cas(w, from, from + 1))
		if (!spin_in_time(e, &d))
			return false;
	return true;
}

/* Round trip @k as CPU a (@ping) or b. */
static bool step(struct engine *e, const struct pingpong *p, bool ping,
		 uint64_t k)
{
	uint64_t mine = 2 * k + (ping ? 1 : 2);

	if (p->cas)
		return cas_from(e, p->word, mine - 1);
	if (ping) {
		__atomic_store_n(p->word, mine, __ATOMIC_RELEASE);
		return wait_for(e, p->word, mine + 1);
	}
	if (!wait_for(e, p->word, mine - 1))
		return false;
	__atomic_store_n(p->word, mine, __ATOMIC_RELEASE);
	return true;
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
	struct engine *e;
	const struct pingpong *p;
	uint64_t *k;
	bool failed;
};

static uint64_t time_rounds(void *arg, uint32_t n)
{
	struct grow *g = arg;
	uint64_t t = isa_counter();

	for (uint32_t j = 0; j < n && !g->failed; j++, (*g->k)++)
		if (!step(g->e, g->p, true, *g->k))
			g->failed = true;
	/* a failed run ends the growth: no span ever falls short of it */
	return g->failed ? UINT64_MAX : isa_counter() - t;
}

static void ping(struct engine *e, struct pingpong *p)
{
	uint64_t k = 0, t, t1, span, min_span, best = UINT64_MAX;
	uint32_t left = p->rounds, most = p->rounds / 10, used;
	uint32_t singles = p->warmup / 2;
	struct grow g = { .e = e, .p = p, .k = &k };

	p->read_ticks = read_cost();
	/* the fastest of the first half of the warm-up sizes the batch: a
	 * stalled round (a vCPU descheduled) says nothing about the pace */
	t = isa_counter();
	for (; k < singles; k++) {
		if (!step(e, p, true, k))
			return;
		t1 = isa_counter();
		if (t1 - t < best)
			best = t1 - t;
		t = t1;
	}
	min_span = 50 * p->read_ticks > MIN_SPAN_TICKS ?
		   50 * p->read_ticks : MIN_SPAN_TICKS;
	/* at least ten samples; a round trip inside one tick: the rest of
	 * the warm-up grows the batch until it spans min_span */
	p->batch = pingpong_batch_size(best == UINT64_MAX ? 0 : best, min_span,
				       most, time_rounds, &g,
				       p->warmup - singles, &used);
	if (g.failed)
		return;
	for (; k < p->warmup; k++)
		if (!step(e, p, true, k))
			return;
	t = isa_counter();
	while (left >= p->batch) {
		for (uint32_t j = 0; j < p->batch; j++, k++)
			if (!step(e, p, true, k))
				return;
		t1 = isa_counter();
		span = t1 - t;
		p->samples[p->nsamples++] = span > p->read_ticks ?
					    span - p->read_ticks : 0;
		t = t1;
		left -= p->batch;
	}
	/* b answers every round: finish the ones no batch held */
	for (; left; left--, k++)
		if (!step(e, p, true, k))
			return;
}

static void pong(struct engine *e, struct pingpong *p)
{
	uint64_t total = (uint64_t)p->warmup + p->rounds;

	for (uint64_t k = 0; k < total; k++)
		if (!step(e, p, false, k))
			return;
}

static void body(struct engine *e, uint32_t cpu, void *arg)
{
	struct pingpong *p = arg;
	uint32_t sense = 0;

	if (!engine_barrier(e, &sense))
		return;
	if (cpu == p->a)
		ping(e, p);
	else
		pong(e, p);
}

int pingpong_run(struct engine *e, struct pingpong *p)
{
	uint32_t cpus[2] = { p->a, p->b };
	/* each wait may take 30 s; the whole run 0.2 ms a round trip more */
	uint64_t deadline_ms = 30000 +
			       ((uint64_t)p->warmup + p->rounds) / 5;

	if (p->a == p->b)
		return -1;
	p->batch = 0;
	p->nsamples = 0;
	__atomic_store_n(p->word, 0, __ATOMIC_RELEASE);
	return engine_run_on(e, cpus, 2, body, p, deadline_ms);
}

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

bool pingpong_oneway(const struct pingpong *p, double *median, double *min)
{
	uint32_t n = p->nsamples;
	double per;

	if (!n || !p->batch)
		return false;
	qsort(p->samples, n, sizeof(*p->samples), cmp_u64);
	per = 2.0 * p->batch;
	*min = (double)p->samples[0] / per;
	*median = (n % 2 ? (double)p->samples[n / 2] :
		   ((double)p->samples[n / 2 - 1] + (double)p->samples[n / 2]) / 2) /
		  per;
	return true;
}
