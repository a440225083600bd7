/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment's host side: its result and group records read into
 * the run's tables (runs.h), and its own CSV, the default of report
 * --format csv: one header line, then one row per (run, layout), RFC
 * 4180 quoting, with ns and pct filled in where older records left them
 * out and the run's identity.  Its seed-style table is emit_text.c's,
 * its bar chart plot.c's; every other CSV and JSON is the schema's.
 */
#include <stdio.h>
#include <string.h>

#include "host_exp.h"
#include "inert.h"
#include "logreport.h"
#include "map_fields.h"
#include "runs.h"

static void csv_str(FILE *f, const char *s)
{
	csv_field(f, s);
	fputc(',', f);
}

/*
 * The run's columns, then the result record's (run_result_table: the
 * record's keys, ns and pct as run_ns()/run_pct() compute them where the
 * record left them out), then the run's state and identity.
 */
void report_csv(FILE *f, const struct runset *rs)
{
	fprintf(f, "file,run,arch,platform,virt,cpu_model,counter_hz,"
		"machine_cpus,");
	map_csv_keys(f, &run_result_table);
	fprintf(f, ",complete,status");
	for (int i = 0; i < RUN_NIDENT; i++)
		fprintf(f, ",%s", run_ident_key[i]);
	fputc('\n', f);
	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];

		for (size_t j = 0; j < r->nresults; j++) {
			struct run_result x = r->results[j];
			char id[12];

			x.have_ns = run_ns(r, &r->results[j], &x.ns);
			x.have_pct = run_pct(r, &r->results[j], &x.pct);
			snprintf(id, sizeof(id), "%08x", r->id);
			csv_str(f, rs->files[r->file].path);
			csv_str(f, id);
			csv_str(f, r->arch);
			csv_str(f, r->platform);
			csv_str(f, r->virt);
			csv_str(f, r->cpu_model);
			fprintf(f, "%llu,%u,", (unsigned long long)r->counter_hz,
				r->cpus);
			map_csv_cols(f, &run_result_table, &x);
			/* status: ok, fail, or none (no end record) */
			fprintf(f, ",%d,", run_complete(r) ? 1 : 0);
			csv_field(f, r->end ? r->status : "none");
			for (int k = 0; k < RUN_NIDENT; k++) {
				fputc(',', f);
				csv_field(f, r->ident[k]);
			}
			fputc('\n', f);
		}
	}
}

/* ---- the records ------------------------------------------------------- */

static void take_result(struct run *r, const struct rec_parsed *p)
{
	struct run_result *x = RUN_PUSH(r->results, r->nresults);

	map_fill(&run_result_table, x, p);
	x->err = run_round_err(p, "median");
	/* %global above the floor is read with its interval or not at all */
	x->have_pct_abv = x->have_pct_abv && x->have_pct_abv_ci;
}

static void take_group(struct run *r, const struct rec_parsed *p)
{
	struct run_group *x = RUN_PUSH(r->groups, r->ngroups);

	map_fill(&run_group_table, x, p);
	x->err = run_round_err(p, "median");
}

static void csv(FILE *f, const struct runset *rs, const char *format)
{
	(void)format;
	report_csv(f, rs);
}

const struct host_exp host_sbm = {
	.tables = (const struct host_table[]){
		{ "sbm", "csv", "one row per result: its record, ns and pct "
		  "where the record left them out, the run's identity (the "
		  "default CSV)", csv },
		{ NULL, NULL, NULL, NULL },
	},
	.takes = (const struct host_take[]){
		{ "result", take_result },
		{ "group", take_group },
		{ NULL, NULL },
	},
};
