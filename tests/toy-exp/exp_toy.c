/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A toy experiment, the walk-through's (CONTRIBUTING.md): how many ticks
 * one counter read costs on the boot CPU, the least of toy_reads back to
 * back.  Its option is declared in exp_toy_options.c; its record kind is
 * `toy`.  tests/toy-exp.sh builds both into the twin and runs it.
 */
#include <stdio.h>

#include "exp/experiment.h"
#include "isa_ops.h"
#include "out/report.h"

/* its option's value (exp_toy_options.c) */
extern uint32_t toy_reads;

/* prepare() is every experiment's; the toy has nothing to lay out */
static int toy_prepare(struct engine *e, void **state)
{
	(void)e;
	*state = NULL;
	return 0;
}

static int toy_run(struct engine *e, void *state)
{
	uint64_t least = UINT64_MAX, prev = isa_counter();
	struct rec r;

	(void)e;
	(void)state;
	for (uint32_t i = 0; i < toy_reads; i++) {
		uint64_t now = isa_counter();

		if (now - prev < least)
			least = now - prev;
		prev = now;
	}
	report_printf("toy: %u reads, the least %llu ticks apart\n",
		      toy_reads, (unsigned long long)least);
	report_rec_start(&r, "toy");
	rec_u64(&r, "reads", toy_reads);
	rec_u64(&r, "min_ticks", least);
	report_record(&r);
	return 0;
}

const struct experiment exp_toy = {
	.options = &exp_toy_options,
	.prepare = toy_prepare,
	.run = toy_run,
};
