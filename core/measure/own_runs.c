/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>

#include "measure/ops.h"
#include "measure/own_runs.h"

/* Iterations between two counter reads: the window's end is looked at
 * rarely, so the loop is swaps and gaps. */
#define OWN_CHECK_EVERY 64

struct own_job {
	struct own_runs *r;
	volatile uint64_t *word;
	uint64_t *upd, *chg;	/* per position in r->cpus */
};

static void body(struct engine *e, uint32_t cpu, void *arg)
{
	struct own_job *j = arg;
	struct own_runs *r = j->r;
	uint64_t tag = (uint64_t)cpu + 1, end, n = 0, chg = 0;
	uint32_t sense = 0, me = 0;

	while (me < r->n && r->cpus[me] != cpu)
		me++;
	if (me == r->n ||
	    !engine_barrier_until(e, &sense, r->window_ticks, &end))
		return;
	while (n < r->max_updates) {
		if (__atomic_exchange_n(j->word, tag, __ATOMIC_SEQ_CST) != tag)
			chg++;
		n++;
		if (r->gap_ticks)
			ops_gap_wait(r->gap_ticks);
		if (!(n % OWN_CHECK_EVERY) && isa_counter() >= end)
			break;
	}
	j->upd[me] = n;
	j->chg[me] = chg;
}

int own_runs_run(struct engine *e, struct own_runs *r)
{
	uint64_t *mem = calloc(2 * r->n + 2 * ENGINE_ALIGN / 8, 8);
	struct own_job j = { .r = r };
	uint64_t deadline_ms;
	int rc;

	r->updates = r->changes = 0;
	if (!mem || r->n < 2) {
		free(mem);
		return -1;
	}
	/* the word alone on its (pair of) lines */
	j.word = (volatile uint64_t *)(((uintptr_t)mem + ENGINE_ALIGN - 1) &
				       ~(uintptr_t)(ENGINE_ALIGN - 1));
	j.upd = mem + 2 * ENGINE_ALIGN / 8;
	j.chg = j.upd + r->n;
	deadline_ms = 30000 + r->window_ticks * 1000 /
		      (e->info.counter_hz ? e->info.counter_hz : 1);
	rc = engine_run_on(e, r->cpus, r->n, body, &j, deadline_ms);
	for (uint32_t i = 0; !rc && i < r->n; i++) {
		r->updates += j.upd[i];
		r->changes += j.chg[i];
	}
	free(mem);
	return rc;
}

double own_runs_mean(const struct own_runs *r)
{
	return r->changes ? (double)r->updates / (double)r->changes : 0;
}
