/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>

#include "measure/estimate.h"
#include "isa_ops.h"
#include "measure/pingpong.h"

#define CAL_ROUNDS	200

uint64_t estimate_local_atomic(void)
{
	static volatile uint64_t word;
	uint64_t t0 = isa_counter();

	for (int i = 0; i < 1000; i++)
		__atomic_fetch_or(&word, 1u, __ATOMIC_SEQ_CST);
	return (isa_counter() - t0) / 1000 + 1;
}

/* The first chosen CPU other than the boot CPU, else any online one. */
static uint32_t partner(const struct engine *e)
{
	const struct topo *t = e->topo;

	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = 0; i < t->ncpus; i++)
			if (i != e->bsp && (pass || e->chosen[i]) &&
			    topo_cpu_usable(&t->cpus[i]) &&
			    (t->cpus[i].flags & TOPO_CPU_ONLINE))
				return i;
	return UINT32_MAX;
}

uint64_t estimate_handoff(struct engine *e)
{
	static uint64_t samples[CAL_ROUNDS];
	static uint64_t word[2 * ENGINE_ALIGN / 8]
		__attribute__((aligned(ENGINE_ALIGN)));
	struct pingpong pp = {
		.word = word, .a = e->bsp, .b = partner(e),
		.rounds = CAL_ROUNDS, .warmup = 20, .samples = samples,
	};
	double med, min;

	if (e->handoff_ticks)
		return e->handoff_ticks;
	if (pp.b == UINT32_MAX || e->self_threaded ||
	    pingpong_run(e, &pp) || !pingpong_oneway(&pp, &med, &min))
		e->handoff_ticks = estimate_local_atomic();
	else
		e->handoff_ticks = (uint64_t)med + 1;
	return e->handoff_ticks;
}

uint64_t estimate_ms(const struct engine *e, uint64_t ticks)
{
	uint64_t ms = (uint64_t)((double)ticks * 1000.0 /
				 (double)e->info.counter_hz);

	return ms ? ms : 1;
}

uint32_t estimate_most_per_group(const struct engine *e, bool by_llc)
{
	const struct topo *t = e->topo;
	uint32_t n = by_llc ? t->nllcs : t->nnodes, best = 0;
	uint32_t *count = calloc(n ? n : 1, sizeof(*count));

	if (!count)
		return e->nchosen;
	for (uint32_t i = 0; i < t->ncpus; i++) {
		uint32_t g = by_llc ? t->cpus[i].llc : t->cpus[i].node;

		if (e->chosen[i] && g < n && ++count[g] > best)
			best = count[g];
	}
	free(count);
	return best;
}
