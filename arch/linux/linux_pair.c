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

#include "bench.h"
#include "isa_ops.h"
#include "linux_twin.h"
#include "report.h"

struct pair_thread {
	struct bench *b;
	const struct sbm_layout *l;
	const struct bench_op *op;
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
	uint64_t iters = pt->b->cfg.iters, sum = 0, overhead;

	linux_pin_self(pt->b->topo->cpus[pt->cpu].hwid);
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

static int pair_layout(struct bench *b, enum sbm_kind kind)
{
	struct topo *t = b->topo;
	struct bench_result *r = &b->results[b->nresults];
	uint32_t n = b->nchosen * 2, k;
	struct pair_thread *pts = calloc(n, sizeof(*pts));
	pthread_t *th = calloc(n, sizeof(*th));
	double *samples = calloc((size_t)t->ncpus * b->cfg.reps, sizeof(double));
	struct sbm_layout l;
	pthread_barrier_t bar;
	const char *why;
	int rc = -1;

	if (sbm_layout_build(&l, kind, t, t->line_size, &why)) {
		report_warn(b, "layout", kind, why);
		goto out_free;
	}
	if (!pts || !th || !samples)
		goto out;
	for (uint32_t g = 0; g < l.nregions; g++)
		if (sbm_region_size(&l, g) > b->region_size[g])
			goto out;	/* bench_arena_setup() sized it: never */
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	r->op = bench_find_op(l.bytewise ? b->cfg.op_u8 : b->cfg.op,
			      l.bytewise)->name;
	r->iters = b->cfg.iters;
	r->ncpus = b->nchosen;
	r->clean = true;
	for (uint32_t rep = 0; rep < b->cfg.reps; rep++) {
		bench_arena_zero(b, &l);
		pthread_barrier_init(&bar, NULL, n);
		k = 0;
		for (uint32_t i = 0; i < t->ncpus; i++) {
			if (!b->chosen[i])
				continue;
			for (int s = 0; s < 2; s++, k++) {
				pts[k] = (struct pair_thread){
					.b = b, .l = &l, .arena = &b->arena,
					.op = bench_find_op(l.bytewise ? b->cfg.op_u8 : b->cfg.op,
							    l.bytewise),
					.bar = &bar, .cpu = i, .setter = s == 0,
				};
				if (pthread_create(&th[k], NULL, pair_main, &pts[k])) {
					report_warn(b, "pair", i, "pthread_create failed");
					/* release the barrier's waiters is not possible: stop */
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
				(double)b->cfg.iters;
		if (sbm_weight(&l, &b->arena))
			r->clean = false;
	}
	bench_summarise(b, r, samples, b->cfg.reps);
	b->nresults++;
	rc = r->clean ? 0 : -1;
out:
	sbm_layout_free(&l);
out_free:
	free(pts);
	free(th);
	free(samples);
	return rc;
}

int linux_pair_main(struct bench *b)
{
	const char *why;
	int status = 0;

	report_hello(b);
	report_topology(b);
	/* no mailbox workers here: the threads live for one repetition */
	if (!bench_choose_cpus(b)) {
		report_end(b, 1);
		return 1;
	}
	if (bench_arena_setup(b, &why)) {
		report_warn(b, "layout", 0, why);
		report_end(b, 1);
		return 1;
	}
	report_config(b);
	for (int k = 0; k < SBM_NKINDS; k++) {
		if (!(b->cfg.layouts & (1u << k)))
			continue;
		report_progress(b, (enum sbm_kind)k);
		if (pair_layout(b, (enum sbm_kind)k))
			status = 1;
		else
			report_result(b, &b->results[b->nresults - 1]);
	}
	report_table(b);
	report_end(b, status);
	return status;
}
