/* SPDX-License-Identifier: BSD-2-Clause */
/* One header line, then one row per (run, layout), RFC 4180 quoting. */
#include <stdio.h>
#include <string.h>

#include "inert.h"
#include "logreport.h"
#include "map_fields.h"

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
