/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment's host side: its result and group records read into
 * the run's tables (runs.h) through the schema store's getters, and its
 * own CSV, the default of report --format csv: one header line, then one
 * row per (run, layout), RFC 4180 quoting.  The columns are the result
 * kind's keys and the keys that name the machine, as the schema gives
 * them; what is computed here is what older records leave to the reader
 * (ns, pct, clean).  Its seed-style table is sbm_text.c's, its bar chart
 * plot.c's; every other CSV and JSON is the schema's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/host_exp.h"
#include "report/kind_tables.h"
#include "exp/sbm/sbm_compare.h"
#include "exp/sbm/sbm_text.h"
#include "log/inert.h"
#include "exp/sbm/sbm_results.h"
#include "log/logreport.h"
#include "log/runs.h"

/* The run's first record of kind @k, NULL when it has none. */
static const struct run_rec *first_of(const struct run *r,
				      const struct rec_schema *k)
{
	for (size_t i = 0; i < r->records.n; i++)
		if (r->records.rec[i].kind == k)
			return &r->records.rec[i];
	return NULL;
}

/* The keys that name the machine, in the schema's order: each kind's
 * MACHINE keys.  With @r, their values (empty where it has none). */
static void machine_cols(FILE *f, const struct run *r)
{
	for (const struct rec_schema *k = rec_schema_first(); k;
	     k = rec_schema_next(k)) {
		const struct run_rec *x = NULL;

		for (size_t i = 1; k[i].key; i++) {
			if (k[i].role != REC_R_MACHINE)
				continue;
			fputc(',', f);
			if (!r) {
				fputs(k[i].key, f);
				continue;
			}
			if (!x)
				x = first_of(r, k);
			if (x && x->val[i - 1])
				csv_field(f, x->val[i - 1]);
		}
	}
}

/*
 * file and run, the result record's keys (ns, pct and clean as
 * run_result_row() fills them), the run's state, and the keys that name
 * the machine.
 */
void report_csv(FILE *f, const struct runset *rs)
{
	const struct rec_schema *k = rec_schema_kind("result");
	size_t nk = k ? rec_kind_nkeys(k) : 0;

	fputs("file,run", f);
	for (size_t i = 0; i < nk; i++)
		fprintf(f, ",%s", k[1 + i].key);
	fputs(",complete,status", f);
	machine_cols(f, NULL);
	fputc('\n', f);
	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];

		for (size_t j = 0; j < r->nresults; j++) {
			struct run_result_row row;
			char id[12];

			run_result_row(r, &r->results[j], &row);
			snprintf(id, sizeof(id), "%08x", r->id);
			csv_field(f, rs->files[r->file].path);
			fputc(',', f);
			csv_field(f, id);
			for (size_t c = 0; c < nk; c++) {
				fputc(',', f);
				if (row.val[c])
					csv_field(f, row.val[c]);
			}
			/* status: ok, fail, or none (no end record) */
			fprintf(f, ",%d,", run_complete(r) ? 1 : 0);
			csv_field(f, r->end ? run_status(r) : "none");
			machine_cols(f, r);
			fputc('\n', f);
			run_result_row_free(&row);
		}
	}
}

/* ---- the records ------------------------------------------------------- */

/* @key read as a number: false (and 0) where the record has none. */
static bool num(const struct run_rec *y, const char *key, double *v)
{
	*v = 0;
	return run_rec_dbl(y, key, v);
}

static void take_result(struct run *r, const struct rec_parsed *p)
{
	const struct run_rec *y = run_records_last(&r->records);
	struct run_result *x = RUN_PUSH(r->results, r->nresults);
	const char *clean = run_rec_str(y, "clean");
	bool ci;

	(void)p;
	x->rec = *y;
	run_rec_copy(x->layout, sizeof(x->layout), y, "layout");
	run_rec_copy(x->op, sizeof(x->op), y, "op");
	x->cpus = run_rec_uint(y, "cpus");
	x->reps = run_rec_u64(y, "reps");
	num(y, "median", &x->median);
	num(y, "mean", &x->mean);
	num(y, "min", &x->min);
	num(y, "rep_cv", &x->rep_cv);
	num(y, "cycles", &x->cycles);
	num(y, "ci95", &x->ci95);
	num(y, "upd_ns", &x->upd_ns);
	num(y, "pct_median", &x->pct_median);
	x->have_ns = num(y, "ns", &x->ns);
	x->have_pct = num(y, "pct", &x->pct);
	/* absent in older records: no lost update seen */
	x->clean = !*clean || *clean == '-' || run_rec_u64(y, "clean");
	x->have_gap = run_rec_get(y, "gap") != NULL;
	x->gap = run_rec_uint(y, "gap");
	x->have_floor = num(y, "cost_ns", &x->cost_ns);
	x->have_mhz = num(y, "mhz", &x->mhz);
	x->have_pct_ci = num(y, "pct_ci", &x->pct_ci);
	x->have_cost_ci = num(y, "cost_ci", &x->cost_ci);
	/* %global above the floor is read with its interval or not at all */
	ci = num(y, "pct_abv_ci", &x->pct_abv_ci);
	x->have_pct_abv = num(y, "pct_abv", &x->pct_abv) && ci;
	x->have_gap_real = num(y, "gap_real_ns", &x->gap_real_ns);
	x->have_iters_min = num(y, "iters_min", &x->iters_min);
	x->have_iters_max = num(y, "iters_max", &x->iters_max);
	x->have_late = num(y, "late", &x->late);
	x->err = run_round_err(y, "median");
}

static void take_group(struct run *r, const struct rec_parsed *p)
{
	const struct run_rec *y = run_records_last(&r->records);
	struct run_group *x = RUN_PUSH(r->groups, r->ngroups);

	(void)p;
	run_rec_copy(x->layout, sizeof(x->layout), y, "layout");
	run_rec_copy(x->by, sizeof(x->by), y, "by");
	x->id = run_rec_uint(y, "id");
	x->cpus = run_rec_uint(y, "cpus");
	x->gap = run_rec_uint(y, "gap");
	num(y, "median", &x->median);
	num(y, "mean", &x->mean);
	num(y, "min", &x->min);
	num(y, "max", &x->max);
	x->err = run_round_err(y, "median");
}

static void csv(FILE *f, const struct runset *rs, const char *format)
{
	(void)format;
	report_csv(f, rs);
}

/* ns, pct and clean as run_result_row() fills them in */
static void json_result(FILE *f, const struct run *r,
			const struct run_result *x, const char *sep)
{
	struct run_result_row row;

	run_result_row(r, x, &row);
	fputs("{", f);
	json_kstr(f, "label", layout_label(x->layout, x->op));
	if (run_rec_any(&row.rec)) {
		fputs(",", f);
		run_rec_json(f, &row.rec);
	}
	fputs("}", f);
	fputs(sep, f);
	run_result_row_free(&row);
}

/* "results", "groups" and "pct_basis" of the run's JSON */
static void json(FILE *f, const struct run *r)
{
	fputs("\"results\":[\n", f);
	for (size_t i = 0; i < r->nresults; i++)
		json_result(f, r, &r->results[i],
			    i + 1 < r->nresults ? ",\n" : "\n");
	fputs("],\n", f);
	run_kind_json(f, r, "groups", "group");
	/* since gap=, pct is the seed's ratio of sums (means) */
	json_kstr(f, "pct_basis", r->nresults && r->results[0].have_gap ?
		  "mean" : "median");
	fputs(",\n", f);
}

/* a layout that lost updates fails the run */
static bool failed(const struct run *r)
{
	for (size_t i = 0; i < r->nresults; i++)
		if (!r->results[i].clean)
			return true;
	return false;
}

const struct host_exp host_sbm = {
	.tables = (const struct host_table[]){
		{ "sbm", "csv", "one row per result: its record's keys, ns, pct "
		  "and clean filled in where the record left them out, the "
		  "run's state, the keys that name the machine (the default "
		  "CSV)", csv },
		{ NULL, NULL, NULL, NULL },
	},
	.takes = (const struct host_take[]){
		{ "result", take_result },
		{ "group", take_group },
		{ NULL, NULL },
	},
	.text = sbm_text,
	.compare = sbm_compare,
	.compare_width = sbm_compare_width,
	.json = json,
	.failed = failed,
};
