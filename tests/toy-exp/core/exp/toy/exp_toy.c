/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A toy experiment, the walk-through's (CONTRIBUTING.md): how many ticks
 * one counter read costs on the boot CPU, the least of toy_reads back to
 * back.  Its record kind is `toy`.  tests/toy-exp.sh builds it into the
 * twin and runs it.
 *
 * One file, in three parts: its record kind (all the host tools need:
 * they compile it with SBM_EXP_RECORDS_ONLY), its option (the option
 * fuzzer stops there: SBM_EXP_DECLS_ONLY; its value lands in the toy's
 * own variable, not in the shared struct config), the experiment.
 */

/* its record, in the form of core/output/record_schema.def */
#include "output/record_schema.h"

#ifndef SBM_EXP_NO_RECORDS
const struct rec_schema exp_toy_records[] = {
	REC_KIND("toy", LIST, 7, ONE)
	REC_KEY("reads", U64, "")
	REC_KEY("min_ticks", U64, "ticks")
	REC_END
};
#endif /* !SBM_EXP_NO_RECORDS */

#ifndef SBM_EXP_RECORDS_ONLY
#include <stdio.h>

#include "options/option.h"

uint32_t toy_reads;

static const struct option_decl decls[] = {
	{ .key = "toy_reads", .kind = OPT_UINT, .offset = 0,
	  .size = sizeof(toy_reads), .flags = OPT_IF_RUNS, .lo = 1,
	  .hi = 1000000, .def = "1000", .meta = "N",
	  .help = "counter reads, back to back" },
	{ .key = NULL }
};

const struct option_set exp_toy_options = {
	.name = "toy", .decls = decls, .own = &toy_reads,
	.own_size = sizeof(toy_reads)
};

#ifndef SBM_EXP_DECLS_ONLY
#include "exp/experiment.h"
#include "isa_ops.h"
#include "output/report.h"

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

#endif /* !SBM_EXP_DECLS_ONLY */

#endif /* !SBM_EXP_RECORDS_ONLY */
