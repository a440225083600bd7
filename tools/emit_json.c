/* SPDX-License-Identifier: BSD-2-Clause */
/* The whole set as one JSON document: files, runs, rejected records. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "inert.h"
#include "logreport.h"
#include "map_fields.h"
#include "run_records.h"
#include "runmap.h"

/* inert.h's JSON writer, each member followed by @sep */
static void jkey(FILE *f, const char *key, const char *val, const char *sep)
{
	json_kstr(f, key, val);
	fputs(sep, f);
}

static void jint(FILE *f, const char *key, unsigned long long v,
		 const char *sep)
{
	json_kuint(f, key, v);
	fputs(sep, f);
}

static void jbool(FILE *f, const char *key, bool v, const char *sep)
{
	json_kbool(f, key, v);
	fputs(sep, f);
}

/* ns and pct as run_ns()/run_pct() give them where the record did not */
static void json_result(FILE *f, const struct run *r,
			const struct run_result *res, const char *sep)
{
	struct run_result x = *res;

	x.have_ns = run_ns(r, res, &x.ns);
	x.have_pct = run_pct(r, res, &x.pct);
	fputs("{", f);
	jkey(f, "label", layout_label(x.layout, x.op), ",");
	map_json_row(f, &run_result_table, &x);
	fputs("}", f);
	fputs(sep, f);
}

/* an array of rows of one table */
static void json_rows(FILE *f, const char *name, const struct map_table *t,
		      const void *rows, size_t n, size_t size)
{
	json_str(f, name);
	fputs(":[", f);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ",{" : "{", f);
		map_json_row(f, t, (const char *)rows + i * size);
		fputs("}", f);
	}
	fputs("],\n", f);
}

static void json_machine(FILE *f, const struct run *r)
{
	json_rows(f, "caches", &run_cache_table, r->caches, r->ncaches,
		  sizeof(*r->caches));
	fputs("\"domains\":[", f);
	for (size_t i = 0; i < r->ndomains; i++) {
		const struct run_domain *d = &r->domains[i];

		/* the record's kind, then its keys */
		fputs(i ? ",{" : "{", f);
		jkey(f, "kind", d->node ? "node" : "llc", ",");
		map_json_row(f, d->node ? &run_node_table : &run_llc_table, d);
		fputs("}", f);
	}
	fputs("],\n", f);
	json_rows(f, "warnings", &run_warn_table, r->warns, r->nwarns,
		  sizeof(*r->warns));
	json_rows(f, "failed_cpus", &run_cpufail_table, r->fails, r->nfails,
		  sizeof(*r->fails));
}

static void json_run(FILE *f, const struct runset *rs, const struct run *r)
{
	char id[12];

	snprintf(id, sizeof(id), "%08x", r->id);
	fputs("{", f);
	jkey(f, "file", rs->files[r->file].path, ",");
	jkey(f, "run", id, ",");
	jint(f, "first_line", r->first_line, ",");
	jint(f, "last_line", r->last_line, ",");
	jbool(f, "complete", run_complete(r), ",");
	jbool(f, "has_hello", r->hello, ",");
	jbool(f, "has_end", r->end, ",");
	jint(f, "missing_records", run_missing(r), ",\n");
	map_json_row(f, &run_hello_table, r);
	fputs(",", f);
	jbool(f, "virtualized",
	      r->hello && r->virt[0] && strcmp(r->virt, "none"), ",");
	for (int i = 0; i < RUN_NIDENT; i++)
		if (r->ident[i][0])
			jkey(f, run_ident_key[i], r->ident[i], ",");
	fputs("\n", f);
	map_json_row(f, &run_topo_table, r);
	fputs(",\n\"config\":{", f);
	map_json_row(f, &run_config_table, r);
	fputs("},\n", f);
	jkey(f, "status", r->status, ",\n");
	json_machine(f, r);
	fputs("\"results\":[\n", f);
	for (size_t i = 0; i < r->nresults; i++)
		json_result(f, r, &r->results[i],
			    i + 1 < r->nresults ? ",\n" : "\n");
	fputs("],\n", f);
	json_rows(f, "groups", &run_group_table, r->groups, r->ngroups,
		  sizeof(*r->groups));
	run_records_json(f, r);
	/* since gap=, pct is the seed's ratio of sums (means) */
	jkey(f, "pct_basis", r->nresults && r->results[0].have_gap ? "mean" :
	     "median", "}");
}

void report_json(FILE *f, const struct runset *rs)
{
	fputs("{\"files\":[", f);
	for (size_t i = 0; i < rs->nfiles; i++) {
		const struct run_file *x = &rs->files[i];

		fputs("{", f);
		jkey(f, "path", x->path, ",");
		jint(f, "lines", x->lines, ",");
		jint(f, "records", x->records, ",");
		jint(f, "rejoined", x->repaired, ",");
		jint(f, "rejected", x->rejected, "}");
		fputs(i + 1 < rs->nfiles ? "," : "", f);
	}
	fputs("],\n\"runs\":[\n", f);
	for (size_t i = 0; i < rs->nruns; i++) {
		json_run(f, rs, &rs->runs[i]);
		fputs(i + 1 < rs->nruns ? ",\n" : "\n", f);
	}
	fputs("],\n\"rejected\":[", f);
	for (size_t i = 0; i < rs->nrejects; i++) {
		const struct run_reject *x = &rs->rejects[i];

		fputs("{", f);
		jkey(f, "file", rs->files[x->file].path, ",");
		jint(f, "line", x->line, ",");
		jkey(f, "reason", x->why, ",");
		jkey(f, "text", x->text, "}");
		fputs(i + 1 < rs->nrejects ? ",\n" : "", f);
	}
	fputs("],\n", f);
	jbool(f, "ok", !runset_problems(rs), "}\n");
}
