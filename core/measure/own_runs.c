/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>

#include "measure/ops.h"
#include "measure/own_runs.h"

struct own_job {
	struct own_runs *r;
	volatile uint64_t *word;	/* a word per group, ENGINE_ALIGN apart */
	uint64_t *upd, *chg, *stall;	/* per position in r->cpus */
};

static void body(struct engine *e, uint32_t cpu, void *arg)
{
	struct own_job *j = arg;
	struct own_runs *r = j->r;
	uint64_t tag = (uint64_t)cpu + 1, end, n = 0, chg = 0, prev, stall = 0;
	uint32_t sense = 0, me = 0;
	volatile uint64_t *w;

	while (me < r->n && r->cpus[me] != cpu)
		me++;
	if (me == r->n ||
	    !engine_barrier_until(e, &sense, r->window_ticks, &end))
		return;
	w = j->word + (r->group ? r->group[me] : 0) * (ENGINE_ALIGN / 8);
	prev = isa_counter();
	while (n < r->max_updates) {
		if (__atomic_exchange_n(w, tag, __ATOMIC_SEQ_CST) != tag)
			chg++;
		n++;
		if (r->gap_ticks)
			ops_gap_wait(r->gap_ticks);
		if (!(n % OWN_CHECK_EVERY)) {
			uint64_t now = isa_counter();

			/* beyond the gaps asked for: a large gap= is no
			 * stall, a vCPU not run during one is */
			uint64_t busy = now - prev, gaps = OWN_CHECK_EVERY *
							   r->gap_ticks;

			busy = busy > gaps ? busy - gaps : 0;
			if (busy > stall)
				stall = busy;
			prev = now;
			if (now >= end)
				break;
		}
	}
	j->upd[me] = n;
	j->chg[me] = chg;
	j->stall[me] = stall;
}

int own_runs_run(struct engine *e, struct own_runs *r)
{
	uint32_t ng = r->group ? r->ngroups : 1;
	size_t words = (size_t)(ng + 1) * (ENGINE_ALIGN / 8);
	uint64_t *mem = calloc(words + 3 * (size_t)r->n, 8);
	struct own_job j = { .r = r };
	uint64_t deadline_ms;
	int rc;

	r->updates = r->changes = 0;
	if (!mem || r->n < 2 || !ng) {
		free(mem);
		return -1;
	}
	for (uint32_t i = 0; r->group && i < r->n; i++)
		if (r->group[i] >= ng) {
			free(mem);
			return -1;
		}
	/* each word alone on its (pair of) lines */
	j.word = (volatile uint64_t *)(((uintptr_t)mem + ENGINE_ALIGN - 1) &
				       ~(uintptr_t)(ENGINE_ALIGN - 1));
	j.upd = mem + words;
	j.chg = j.upd + r->n;
	j.stall = j.chg + r->n;
	deadline_ms = 30000 + r->window_ticks * 1000 /
		      (e->info.counter_hz ? e->info.counter_hz : 1);
	rc = engine_run_on(e, r->cpus, r->n, body, &j, deadline_ms);
	r->cpu_min = UINT64_MAX;
	r->cpu_max = 0;
	r->stall_max = 0;
	for (uint32_t i = 0; !rc && i < r->n; i++) {
		r->updates += j.upd[i];
		r->changes += j.chg[i];
		if (j.upd[i] < r->cpu_min)
			r->cpu_min = j.upd[i];
		if (j.upd[i] > r->cpu_max)
			r->cpu_max = j.upd[i];
		if (j.stall[i] > r->stall_max)
			r->stall_max = j.stall[i];
	}
	if (r->cpu_min == UINT64_MAX)
		r->cpu_min = 0;
	free(mem);
	return rc;
}

double own_runs_mean(const struct own_runs *r)
{
	return r->changes ? (double)r->updates / (double)r->changes : 0;
}

bool own_runs_even(const struct own_runs *r)
{
	return r->n && r->changes && r->cpu_min * 4 * r->n >= r->updates &&
	       r->stall_max * 8 < r->window_ticks;
}
