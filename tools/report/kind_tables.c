/* SPDX-License-Identifier: BSD-2-Clause */
/* Every record kind's CSV and JSON, named and typed by the schema. */
#include <stdio.h>
#include <string.h>

#include "log/inert.h"
#include "log/run_records.h"
#include "log/runs.h"
#include "report/kind_tables.h"

int report_kind_csv(FILE *f, const struct runset *rs, const char *kind)
{
	const struct rec_schema *k = rec_schema_kind(kind);
	size_t nk;

	if (!k)
		return -1;
	nk = rec_kind_nkeys(k);
	fputs("file,run,arch", f);
	for (size_t i = 0; i < nk; i++)
		fprintf(f, ",%s", k[1 + i].key);
	fputc('\n', f);
	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];
		char id[12];

		snprintf(id, sizeof(id), "%08x", r->id);
		for (size_t j = 0; j < r->records.n; j++) {
			const struct run_rec *x = &r->records.rec[j];

			if (x->kind != k)
				continue;
			csv_field(f, rs->files[r->file].path);
			fputc(',', f);
			csv_field(f, id);
			fputc(',', f);
			csv_field(f, run_rec_str(&r->one.hello, "arch"));
			for (size_t c = 0; c < nk; c++) {
				fputc(',', f);
				if (x->val[c])
					csv_field(f, x->val[c]);
			}
			fputc('\n', f);
		}
	}
	return 0;
}

void run_records_json(FILE *f, const struct run *r)
{
	const struct run_records *rr = &r->records;
	bool first_kind = true;

	fputs("\"records\":{", f);
	/* kinds in the schema's order, each with its records in log order */
	for (const struct rec_schema *k = rec_schema_first(); k;
	     k = rec_schema_next(k)) {
		bool first = true;

		for (size_t j = 0; j < rr->n; j++) {
			const struct run_rec *x = &rr->rec[j];

			if (x->kind != k)
				continue;
			if (first) {
				if (!first_kind)
					fputc(',', f);
				first_kind = false;
				json_str(f, k->kind);
				fputs(":[", f);
			}
			fputs(first ? "{" : ",{", f);
			first = false;
			run_rec_json(f, x);
			fputc('}', f);
		}
		if (!first)
			fputc(']', f);
	}
	fputs("},\n", f);
}

/* "NAME":[{...},...], of every @kind record, its keys as the schema
 * types them */
void run_kind_json(FILE *f, const struct run *r, const char *name,
		   const char *kind)
{
	size_t n = 0;

	json_str(f, name);
	fputs(":[", f);
	for (size_t i = 0; i < r->records.n; i++) {
		if (!run_rec_is(r, i, kind))
			continue;
		fputs(n++ ? ",{" : "{", f);
		run_rec_json(f, &r->records.rec[i]);
		fputs("}", f);
	}
	fputs("],\n", f);
}
