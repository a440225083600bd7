/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mode=pair, the method of the sbm proposal's own benchmark: on every
 * chosen CPU a setter and a clearer thread, pinned to that CPU, take turns
 * (each yields until the other has done its op).  Only the set and the
 * clear themselves are timed, so a yield costs nothing in the figures; the
 * cost of the two counter reads around each op (their minimum, measured
 * on the same thread) is taken off.  Turns go through a flag on a line of
 * the CPU's own, never by reading the measured leaf, and every thread
 * keeps taking turns, untimed, until the last one has finished its timed
 * part, so every window is measured under full contention.  The closing
 * counter read comes after the op completed (ops.c's single ops wait for
 * it, isa_update_wait()), and the overhead taken off includes that wait.
 * The floor
 * (private, private-u8 in this mode) is subtracted where results are made.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "exp/sbm/exp_sbm.h"
#include "isa_ops.h"
#include "linux_twin.h"
#include "options/config.h"
#include "output/report.h"

/* Whose turn it is on one CPU: the setter's, the clearer's, or stop. */
enum { TURN_SET, TURN_CLEAR, TURN_STOP };

struct pair_turn {
	_Alignas(128) volatile uint32_t turn;
};

struct pair_shared {
	pthread_barrier_t bar;
	_Alignas(128) volatile uint32_t done;	/* threads past their window */
	uint32_t nthreads;
	struct pair_turn *turns;		/* per CPU */
};

struct pair_thread {
	struct engine *e;
	struct pair_shared *sh;
	const struct sbm_layout *l;
	const struct sbm_op *op;
	const struct sbm_arena *arena;
	uint32_t cpu;
	bool setter;
	uint64_t ticks;
};

/* The least the timing around an op costs on this CPU: two counter reads
 * and the wait for completion between them, with no op to wait for. */
static uint64_t counter_overhead(void)
{
	uint64_t best = UINT64_MAX;

	for (int i = 0; i < 1000; i++) {
		uint64_t t0 = isa_counter(), t1;

		isa_update_wait();
		t1 = isa_counter();

		if (t1 - t0 < best)
			best = t1 - t0;
	}
	return best;
}

/* Wait until it is @want's turn on this CPU; false when told to stop. */
static bool wait_turn(volatile uint32_t *turn, uint32_t want)
{
	uint32_t t;

	while ((t = __atomic_load_n(turn, __ATOMIC_ACQUIRE)) != want) {
		if (t == TURN_STOP)
			return false;
		sched_yield();
	}
	return true;
}

static void *pair_main(void *p)
{
	struct pair_thread *pt = p;
	struct pair_shared *sh = pt->sh;
	volatile uint32_t *turn = &sh->turns[pt->cpu].turn;
	const struct sbm_slot *s = &pt->l->slot[pt->cpu];
	void *w = sbm_slot_ptr(pt->l, pt->arena, pt->cpu);
	uint64_t iters = sbm_count_iters(), sum = 0, overhead;
	uint32_t mine = pt->setter ? TURN_SET : TURN_CLEAR;
	uint32_t next = pt->setter ? TURN_CLEAR : TURN_SET;

	linux_pin_self(pt->e->topo->cpus[pt->cpu].hwid);
	overhead = counter_overhead();
	pthread_barrier_wait(&sh->bar);
	for (uint64_t i = 0;; i++) {
		uint64_t t0, t1;

		if (i == iters)
			__atomic_add_fetch(&sh->done, 1, __ATOMIC_ACQ_REL);
		if (!wait_turn(turn, mine))
			break;
		/* past the window: the setter ends the pair once every
		 * thread is, after a whole set+clear round */
		if (i >= iters && pt->setter &&
		    __atomic_load_n(&sh->done, __ATOMIC_ACQUIRE) == sh->nthreads) {
			__atomic_store_n(turn, TURN_STOP, __ATOMIC_RELEASE);
			break;
		}
		t0 = isa_counter();
		if (pt->setter)
			pt->op->set(w, s->bit);
		else
			pt->op->clear(w, s->bit);
		/* .set/.clear return once the op completed (ops.c), not
		 * merely issued: the closing read times all of it */
		t1 = isa_counter();
		if (i < iters)
			sum += t1 - t0 > overhead ? t1 - t0 - overhead : 0;
		__atomic_store_n(turn, next, __ATOMIC_RELEASE);
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
	struct pair_shared sh = { .nthreads = n };

	sh.turns = aligned_alloc(128, sizeof(*sh.turns) * t->ncpus);
	if (!pts || !th || !sh.turns) {
		free(pts);
		free(th);
		free(sh.turns);
		return -1;
	}
	for (uint32_t rep = 0; rep < sbm_opts.reps; rep++) {
		sbm_zero(l, &x->arena.a);
		memset(sh.turns, 0, sizeof(*sh.turns) * t->ncpus);
		sh.done = 0;
		pthread_barrier_init(&sh.bar, NULL, n);
		k = 0;
		for (uint32_t i = 0; i < t->ncpus; i++) {
			if (!e->chosen[i])
				continue;
			for (int s = 0; s < 2; s++, k++) {
				pts[k] = (struct pair_thread){
					.e = e, .sh = &sh, .l = l,
					.arena = &x->arena.a, .op = op, .cpu = i,
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
		pthread_barrier_destroy(&sh.bar);
		for (k = 0; k < n; k += 2)
			samples[rep * t->ncpus + pts[k].cpu] =
				(double)(pts[k].ticks + pts[k + 1].ticks) /
				(double)sbm_count_iters();
		if (sbm_weight(l, &x->arena.a))
			*clean = false;
	}
	free(pts);
	free(th);
	free(sh.turns);
	return 0;
}

void linux_pair_offer(void)
{
	sbm_pair_runner = pair_layout;
}
