// SPDX-License-Identifier: BSD-2-Clause
/*
 * The toy experiment's host side (CONTRIBUTING.md's walk-through): what
 * sbmlog says of it beyond the schema's CSV and JSON, here one line of
 * report's text per toy record.
 */
#include <stdio.h>

#include "exp/host_exp.h"
#include "log/runs.h"

static void text(FILE *f, const struct run *r)
{
	const struct rec_schema *toy = rec_schema_kind("toy");

	for (size_t i = 0; toy && i < r->records.n; i++) {
		const struct run_rec *x = &r->records.rec[i];
		const char *reads = run_rec_get(x, "reads");
		const char *min = run_rec_get(x, "min_ticks");

		if (x->kind == toy)
			fprintf(f, "\ntoy: %s reads, the least gap %s ticks\n",
				reads ? reads : "?", min ? min : "?");
	}
}

const struct host_exp host_toy = {
	.takes = (const struct host_take[]){ { NULL, NULL } },
	.text = text,
};
