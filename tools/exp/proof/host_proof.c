// SPDX-License-Identifier: BSD-2-Clause
/*
 * The proof's host side: its verdict in report's text, one line per
 * proof record (the pair, the ping-pong a contended update should cost,
 * what the global mask cost above the floor, the verdict).  Its CSV and
 * JSON are the schema's (run_records.h); it has no tables of its own.
 */
#include <stdio.h>
#include <string.h>

#include "exp/host_exp.h"
#include "log/runs.h"

/* The value of @key in record @x, "-" when it has none. */
static const char *val(const struct run_rec *x, const char *key)
{
	const char *v = run_rec_get(x, key);

	return v ? v : "-";
}

static void text(FILE *f, const struct run *r)
{
	const struct rec_schema *proof = rec_schema_kind("proof");

	for (size_t i = 0; proof && i < r->records.n; i++) {
		const struct run_rec *x = &r->records.rec[i];

		if (x->kind != proof)
			continue;
		fprintf(f, "\nproof: CPUs %s and %s (%s, %s): ping-pong %s ns, "
			"global at gap %s ns costs %s ns above the floor "
			"(+-%s): %s\n", val(x, "a"), val(x, "b"),
			val(x, "partner"), val(x, "relation"),
			val(x, "pingpong_ns"), val(x, "gap"), val(x, "cost_ns"),
			val(x, "cost_ci95_ns"), val(x, "verdict"));
	}
}

const struct host_exp host_proof = {
	.takes = (const struct host_take[]){ { NULL, NULL } },
	.text = text,
};
