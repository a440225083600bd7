/* SPDX-License-Identifier: BSD-2-Clause */
/* The whole set as one JSON document: files, runs, rejected records. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "inert.h"
#include "logreport.h"
#include "runmap.h"

/* inert.h's JSON writer, each member followed by @sep */
static void jkey(FILE *f, const char *key, const char *val, const char *sep)
{
	json_kstr(f, key, val);
	fputs(sep, f);
}

static void jnum(FILE *f, const char *key, bool ok, double v, const char *sep)
{
	json_knum(f, key, ok, v);
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

static void json_result(FILE *f, const struct run *r,
			const struct run_result *x, const char *sep)
{
	double ns = 0, pct = 0;
	bool have_ns = run_ns(r, x, &ns), have_pct = run_pct(r, x, &pct);

	fputs("{", f);
	jkey(f, "layout", x->layout, ",");
	jkey(f, "label", layout_label(x->layout, x->op), ",");
	jkey(f, "op", x->op, ",");
	jkey(f, "mode", x->mode, ",");
	jint(f, "cpus", x->cpus, ",");
	jint(f, "iters", x->iters, ",");
	jint(f, "reps", x->reps, ",");
	jnum(f, "median", true, x->median, ",");
	jnum(f, "mean", true, x->mean, ",");
	jnum(f, "min", true, x->min, ",");
	jnum(f, "max", true, x->max, ",");
	jnum(f, "stddev", true, x->stddev, ",");
	jnum(f, "cv", true, x->cv, ",");
	jnum(f, "rep_cv", true, x->rep_cv, ",");
	jnum(f, "ns", have_ns, ns, ",");
	jnum(f, "pct", have_pct, pct, ",");
	jnum(f, "cycles", x->have_cycles, x->cycles, ",");
	jnum(f, "gap", x->have_gap, x->gap, ",");
	jnum(f, "ci95", x->have_gap, x->ci95, ",");
	jnum(f, "upd_ns", x->have_gap, x->upd_ns, ",");
	jnum(f, "cost_ns", x->have_floor, x->cost_ns, ",");
	jnum(f, "pct_median", x->have_gap && x->have_pct, x->pct_median, ",");
	jnum(f, "mhz", x->have_mhz, x->mhz, ",");
	jnum(f, "pct_ci", x->have_pct_ci, x->pct_ci, ",");
	jnum(f, "cost_ci", x->have_cost_ci, x->cost_ci, ",");
	/* null at gap 0 and where no floor ran: never a number */
	jnum(f, "pct_abv", x->have_pct_abv, x->pct_abv, ",");
	jnum(f, "pct_abv_ci", x->have_pct_abv, x->pct_abv_ci, ",");
	jnum(f, "gap_real_ns", x->have_gap_real, x->gap_real_ns, ",");
	jbool(f, "clean", x->clean, "}");
	fputs(sep, f);
}

static void json_groups(FILE *f, const struct run *r)
{
	fputs("\"groups\":[", f);
	for (size_t i = 0; i < r->ngroups; i++) {
		const struct run_group *g = &r->groups[i];

		fputs("{", f);
		jkey(f, "layout", g->layout, ",");
		jkey(f, "by", g->by, ",");
		jint(f, "id", g->id, ",");
		jint(f, "cpus", g->cpus, ",");
		jnum(f, "median", true, g->median, ",");
		jnum(f, "mean", true, g->mean, ",");
		jnum(f, "min", true, g->min, ",");
		jnum(f, "max", true, g->max, ",");
		jint(f, "gap", g->gap, "}");
		fputs(i + 1 < r->ngroups ? "," : "", f);
	}
	fputs("],\n", f);
}

static void json_machine(FILE *f, const struct run *r)
{
	fputs("\"caches\":[", f);
	for (size_t i = 0; i < r->ncaches; i++) {
		const struct run_cache *c = &r->caches[i];

		fputs("{", f);
		jint(f, "level", c->level, ",");
		jkey(f, "type", c->type, ",");
		jint(f, "size", c->size, ",");
		jint(f, "line", c->line, ",");
		jint(f, "ways", c->ways, ",");
		jint(f, "sets", c->sets, ",");
		jint(f, "shared_by", c->shared_by, ",");
		jint(f, "instances", c->instances, "}");
		fputs(i + 1 < r->ncaches ? "," : "", f);
	}
	fputs("],\n\"domains\":[", f);
	for (size_t i = 0; i < r->ndomains; i++) {
		const struct run_domain *d = &r->domains[i];

		fputs("{", f);
		jkey(f, "kind", d->node ? "node" : "llc", ",");
		jint(f, "id", d->id, ",");
		jint(f, "ncpus", d->ncpus, ",");
		jkey(f, "cpus", d->cpus, ",");
		jkey(f, "dist", d->dist, "}");
		fputs(i + 1 < r->ndomains ? "," : "", f);
	}
	fputs("],\n\"warnings\":[", f);
	for (size_t i = 0; i < r->nwarns; i++) {
		fputs("{", f);
		jkey(f, "what", r->warns[i].what, ",");
		jint(f, "id", r->warns[i].id, ",");
		jkey(f, "msg", r->warns[i].msg, "}");
		fputs(i + 1 < r->nwarns ? "," : "", f);
	}
	fputs("],\n\"failed_cpus\":[", f);
	for (size_t i = 0; i < r->nfails; i++) {
		fputs("{", f);
		jint(f, "id", r->fails[i].id, ",");
		jkey(f, "hwid", r->fails[i].hwid, "}");
		fputs(i + 1 < r->nfails ? "," : "", f);
	}
	fputs("],\n", f);
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
	jkey(f, "version", r->version, ",");
	jkey(f, "arch", r->arch, ",");
	jkey(f, "platform", r->platform, ",");
	jkey(f, "virt", r->virt, ",");
	jbool(f, "virtualized",
	      r->hello && r->virt[0] && strcmp(r->virt, "none"), ",");
	jkey(f, "cpu_model", r->cpu_model, ",");
	for (int i = 0; i < RUN_NIDENT; i++)
		if (r->ident[i][0])
			jkey(f, run_ident_key[i], r->ident[i], ",");
	jkey(f, "counter", r->counter, ",");
	jint(f, "counter_hz", r->counter_hz, ",");
	jkey(f, "hz_source", r->hz_source, ",");
	jbool(f, "cycles", r->cycles, ",\n");
	jint(f, "cpus", r->cpus, ",");
	jint(f, "packages", r->packages, ",");
	jint(f, "nodes", r->nodes, ",");
	jint(f, "llcs", r->llcs, ",");
	jint(f, "cores", r->cores, ",");
	jint(f, "smt", r->smt, ",");
	jint(f, "line", r->line, ",");
	jkey(f, "llc_source", r->llc_source, ",");
	jkey(f, "node_source", r->node_source, ",\n");
	jint(f, "iters", r->iters, ",");
	jint(f, "reps", r->reps, ",");
	jint(f, "warmup", r->warmup, ",");
	jint(f, "run_cpus", r->run_cpus, ",");
	jkey(f, "mode", r->mode, ",");
	jkey(f, "ops", r->ops, ",");
	jkey(f, "placement", r->placement, ",");
	jkey(f, "status", r->status, ",\n");
	json_machine(f, r);
	fputs("\"results\":[\n", f);
	for (size_t i = 0; i < r->nresults; i++)
		json_result(f, r, &r->results[i],
			    i + 1 < r->nresults ? ",\n" : "\n");
	fputs("],\n", f);
	json_groups(f, r);
	runmap_json(f, r);
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
