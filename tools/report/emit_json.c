/* SPDX-License-Identifier: BSD-2-Clause */
/* The whole set as one JSON document: files, runs, rejected records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/host_exp.h"
#include "log/inert.h"
#include "log/logreport.h"
#include "log/run_records.h"
#include "report/kind_tables.h"
#include "log/runmap.h"

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

/* @x has a value for at least one key */
/* @pre, @x's keys typed by the schema, then @post; nothing where it has
 * none */
static void members(FILE *f, const char *pre, const struct run_rec *x,
		    const char *post)
{
	if (!run_rec_any(x))
		return;
	fputs(pre, f);
	run_rec_json(f, x);
	fputs(post, f);
}

/* each llc and node record that starts a domain, its kind first, its
 * cpus joined from its parts */
static void json_domains(FILE *f, const struct run *r)
{
	size_t n = 0;

	fputs("\"domains\":[", f);
	for (size_t i = 0; i < r->records.n; i++) {
		const struct run_rec *d = &r->records.rec[i];
		const struct rec_schema *cpus = rec_schema_key(d->kind, "cpus");
		size_t nk = rec_kind_nkeys(d->kind);
		const char **val;
		char list[1024];

		if (!run_domain_first(r, i))
			continue;
		val = calloc(nk, sizeof(*val));
		if (!val) {
			fprintf(stderr, "sbmlog: out of memory\n");
			exit(2);
		}
		memcpy(val, d->val, nk * sizeof(*val));
		run_domain_cpus(r, i, list, sizeof(list));
		if (cpus && d->val[cpus - d->kind - 1])
			val[cpus - d->kind - 1] = list;
		fputs(n++ ? ",{" : "{", f);
		json_kstr(f, "kind", d->kind->kind);
		members(f, ",", &(struct run_rec){ d->kind, val }, "");
		fputs("}", f);
		free(val);
	}
	fputs("],\n", f);
}

static void json_run(FILE *f, const struct runset *rs, const struct run *r)
{
	const char *virt = run_rec_str(&r->one.hello, "virt");
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
	/* hello's and topo's keys beside the run's, config's in config */
	members(f, "", &r->one.hello, ",");
	jbool(f, "virtualized", r->hello && virt[0] && strcmp(virt, "none"),
	      ",\n");
	members(f, "", &r->one.topo, ",\n");
	fputs("\"config\":{", f);
	members(f, "", &r->one.config, "");
	fputs("},\n", f);
	jkey(f, "status", run_status(r), ",\n");
	run_kind_json(f, r, "caches", "cache");
	json_domains(f, r);
	run_kind_json(f, r, "warnings", "warn");
	run_kind_json(f, r, "failed_cpus", "cpufail");
	/* each experiment's members, in the registry's order */
	for (size_t i = 0; host_names[i]; i++)
		if (host_experiments[i] && host_experiments[i]->json)
			host_experiments[i]->json(f, r);
	run_records_json(f, r);
	jint(f, "records_read", r->records.n, "}");
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
