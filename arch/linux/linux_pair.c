/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mode=pair, the method of the sbm proposal's own benchmark: on every
 * chosen CPU a setter and a clearer thread, pinned to that CPU, take turns
 * (each yields until the other has done its op).  Only the set and the
 * clear themselves are timed, so a yield costs nothing in the figures; the
 * cost of the two counter reads around each op (their minimum, measured
 * on the same thread) is taken off.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "exp_sbm.h"
#include "isa_ops.h"
#include "linux_twin.h"
#include "report.h"

struct pair_thread {
	struct engine *e;
	const struct sbm_layout *l;
	const struct sbm_op *op;
	const struct sbm_arena *arena;
	pthread_barrier_t *bar;
	uint32_t cpu;
	bool setter;
	uint64_t ticks;
};

/* The least a pair of back-to-back counter reads costs on this CPU. */
static uint64_t counter_overhead(void)
{
	uint64_t best = UINT64_MAX;

	for (int i = 0; i < 1000; i++) {
		uint64_t t0 = isa_counter(), t1 = isa_counter();

		if (t1 - t0 < best)
			best = t1 - t0;
	}
	return best;
}

static void *pair_main(void *p)
{
	struct pair_thread *pt = p;
	const struct sbm_slot *s = &pt->l->slot[pt->cpu];
	void *w = sbm_slot_ptr(pt->l, pt->arena, pt->cpu);
	uint64_t iters = pt->e->cfg.iters, sum = 0, overhead;

	linux_pin_self(pt->e->topo->cpus[pt->cpu].hwid);
	overhead = counter_overhead();
	pthread_barrier_wait(pt->bar);
	for (uint64_t i = 0; i < iters; i++) {
		uint64_t t0, t1;

		/* wait for our turn: set when clear, clear when set */
		while (sbm_test(pt->l, pt->arena, pt->cpu) == pt->setter)
			sched_yield();
		t0 = isa_counter();
		if (pt->setter)
			pt->op->set(w, s->bit);
		else
			pt->op->clear(w, s->bit);
		t1 = isa_counter();
		sum += t1 - t0 > overhead ? t1 - t0 - overhead : 0;
	}
	pt->ticks = sum;
	return NULL;
}

/*
 * sbm_pair_runner: a setter and a clearer thread per chosen CPU, for every
 * repetition; samples[rep][cpu] is the two threads' timed ticks per
 * iteration together.
 */
static int pair_layout(struct engine *e, struct sbm_exp *x,
		       const struct sbm_layout *l, const struct sbm_op *op,
		       double *samples, bool *clean)
{
	struct topo *t = e->topo;
	uint32_t n = e->nchosen * 2, k;
	struct pair_thread *pts = calloc(n, sizeof(*pts));
	pthread_t *th = calloc(n, sizeof(*th));
	pthread_barrier_t bar;

	if (!pts || !th) {
		free(pts);
		free(th);
		return -1;
	}
	for (uint32_t rep = 0; rep < e->cfg.reps; rep++) {
		sbm_zero(l, &x->arena.a);
		pthread_barrier_init(&bar, NULL, n);
		k = 0;
		for (uint32_t i = 0; i < t->ncpus; i++) {
			if (!e->chosen[i])
				continue;
			for (int s = 0; s < 2; s++, k++) {
				pts[k] = (struct pair_thread){
					.e = e, .l = l, .arena = &x->arena.a,
					.op = op, .bar = &bar, .cpu = i,
					.setter = s == 0,
				};
				if (pthread_create(&th[k], NULL, pair_main, &pts[k])) {
					report_warn("pair", i, "pthread_create failed");
					/* the barrier's waiters cannot be released: stop */
					abort();
				}
			}
		}
		for (k = 0; k < n; k++)
			pthread_join(th[k], NULL);
		pthread_barrier_destroy(&bar);
		for (k = 0; k < n; k += 2)
			samples[rep * t->ncpus + pts[k].cpu] =
				(double)(pts[k].ticks + pts[k + 1].ticks) /
				(double)e->cfg.iters;
		if (sbm_weight(l, &x->arena.a))
			*clean = false;
	}
	free(pts);
	free(th);
	return 0;
}

void linux_pair_offer(void)
{
	sbm_pair_runner = pair_layout;
}
