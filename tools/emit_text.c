/* SPDX-License-Identifier: BSD-2-Clause */
/* The human report: what the console table said, rebuilt from records. */
#include <stdio.h>
#include <string.h>

#include "logreport.h"
#include "runmap.h"

static void text_machine(FILE *f, const struct runset *rs,
			 const struct run *r)
{
	fprintf(f, "run %08x  (%s, lines %zu-%zu)%s%s\n", r->id,
		rs->files[r->file].path, r->first_line, r->last_line,
		run_complete(r) ? "" : "  INCOMPLETE",
		run_failed(r) ? "  FAILED" : "");
	if (!r->hello) {
		fprintf(f, "machine: unknown (no hello record)\n");
	} else {
		fprintf(f, "machine: %s/%s, virt=%s, cpu_model \"%s\", "
			"sbmbench %s\n", r->arch, r->platform, r->virt,
			r->cpu_model, r->version);
		if (strcmp(r->virt, "none"))
			fprintf(f, "NOTE: virtualized (%s): figures describe "
				"the virtual machine, not the hardware\n",
				r->virt);
		fprintf(f, "counter: %s at %llu Hz (%s), core cycles %s\n",
			r->counter, (unsigned long long)r->counter_hz,
			r->hz_source, r->cycles ? "readable" : "not readable");
	}
	if (r->topo)
		fprintf(f, "topology: %u CPUs, %u packages, %u NUMA nodes (%s), "
			"%u LLCs (%s), %u cores, SMT %u threads/core, line %u\n",
			r->cpus, r->packages, r->nodes, r->node_source, r->llcs,
			r->llc_source, r->cores, r->smt, r->line);
	for (size_t i = 0; i < r->ndomains; i++) {
		const struct run_domain *d = &r->domains[i];

		fprintf(f, "%s %u: %u CPUs %s%s%s\n", d->node ? "node" : "llc ",
			d->id, d->ncpus, d->cpus, d->dist[0] ? ", distances " :
			"", d->dist);
	}
	if (!r->ncaches)
		fprintf(f, "caches: none reported\n");
	for (size_t i = 0; i < r->ncaches; i++) {
		const struct run_cache *c = &r->caches[i];

		fprintf(f, "cache L%u %-7s %7llu KiB, line %u, %u-way, "
			"shared by %u CPUs, %u instances\n", c->level, c->type,
			(unsigned long long)(c->size / 1024), c->line, c->ways,
			c->shared_by, c->instances);
	}
	if (r->config)
		fprintf(f, "config: iters=%llu reps=%llu warmup=%llu cpus=%u "
			"mode=%s ops=%s placement=%s\n",
			(unsigned long long)r->iters,
			(unsigned long long)r->reps,
			(unsigned long long)r->warmup, r->run_cpus, r->mode,
			r->ops, r->placement[0] ? r->placement : "unknown");
	fprintf(f, "failed CPUs:");
	if (!r->nfails)
		fprintf(f, " none");
	for (size_t i = 0; i < r->nfails; i++)
		fprintf(f, " %u (hwid %s)", r->fails[i].id, r->fails[i].hwid);
	fprintf(f, "\nwarnings: %s\n", r->nwarns ? "" : "none");
	for (size_t i = 0; i < r->nwarns; i++)
		fprintf(f, "  %s %llu: %s\n", r->warns[i].what,
			(unsigned long long)r->warns[i].id, r->warns[i].msg);
}

/*
 * Same columns and formats as report_table() in core/report.c; a figure
 * the rounded records cannot pin to the console's digits gets one more.
 */
static void text_table(FILE *f, const struct run *r)
{
	bool open = false;

	if (!r->nresults) {
		fprintf(f, "\nno sbm results\n");
		return;
	}
	fprintf(f, "\n%-8s %-8s %5s %12s %10s %10s %9s %7s\n", "layout", "op",
		"cpus", "ticks/iter", "ns/iter", "min", "%global", "var%");
	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *x = &r->results[i];
		char pct[24] = "-", ns[24] = "-", med[24], min[24];
		double v;

		if (!x->clean)
			snprintf(pct, sizeof(pct), "LOST-UPD");
		else if (run_pct(r, x, &v))
			open |= fmt_fix(pct, sizeof(pct), v,
					run_pct_err(r, x, v), 2);
		if (run_ns(r, x, &v))
			open |= fmt_fix(ns, sizeof(ns), v, run_ns_err(r, x), 2);
		open |= fmt_fix(med, sizeof(med), x->median, x->err, 4);
		open |= fmt_fix(min, sizeof(min), x->min, x->err, 4);
		fprintf(f, "%-8s %-8s %5u %12s %10s %10s %9s %7.2f\n",
			x->layout, x->op, x->cpus, med, ns, min, pct,
			x->rep_cv);
	}
	if (run_global(r)) {
		fprintf(f, "\n%%ticks vs global mask operation\n");
		for (size_t i = 0; i < r->nresults; i++) {
			const struct run_result *x = &r->results[i];
			char pct[24];
			double v;

			if (!x->clean) {
				fprintf(f, "%-44s: lost updates, no figure\n",
					layout_label(x->layout, x->op));
				continue;
			}
			if (!run_pct(r, x, &v))
				continue;
			open |= fmt_fix(pct, sizeof(pct), v,
					run_pct_err(r, x, v), 4);
			fprintf(f, "%-44s: %8s%% (var: %.2f%%)\n",
				layout_label(x->layout, x->op), pct, x->rep_cv);
		}
	}
	if (open)
		fprintf(f, "(a figure with one more decimal than the console's: "
			"the record's rounding leaves its last digit open)\n");
}

static void text_groups(FILE *f, const struct run *r, const char *by,
			const char *title)
{
	bool any = false;

	for (size_t i = 0; i < r->ngroups; i++) {
		const struct run_group *g = &r->groups[i];
		double ns = r->counter_hz ?
			g->median * 1e9 / (double)r->counter_hz : 0;
		char med[24], nss[24];

		if (strcmp(g->by, by))
			continue;
		if (!any)
			fprintf(f, "\n%s (ticks/iter)\n%-8s %5s %5s %10s %10s "
				"%10s %10s %10s\n", title, "layout", by, "cpus",
				"median", "mean", "min", "max", "ns/iter");
		any = true;
		fmt_fix(med, sizeof(med), g->median, g->err, 4);
		fmt_fix(nss, sizeof(nss), ns, r->counter_hz ? g->err *
			1e9 / (double)r->counter_hz : 0, 2);
		fprintf(f, "%-8s %5u %5u %10s %10.4f %10.4f %10.4f %10s\n",
			g->layout, g->id, g->cpus, med, g->mean, g->min,
			g->max, nss);
	}
}

static void text_run(FILE *f, const struct runset *rs, const struct run *r)
{
	text_machine(f, rs, r);
	text_table(f, r);
	text_groups(f, r, "llc", "per-LLC breakdown");
	text_groups(f, r, "node", "per-node breakdown");
	runmap_text(f, r);
	if (r->end)
		fprintf(f, "\nend: status=%s, %llu warnings, %llu records\n",
			r->status, (unsigned long long)r->end_warnings,
			(unsigned long long)r->end_records);
}

void report_text(FILE *f, const struct runset *rs)
{
	size_t complete = 0;

	for (size_t i = 0; i < rs->nruns; i++) {
		fprintf(f, "%s", i ? "\n" : "");
		fprintf(f, "=== ");
		text_run(f, rs, &rs->runs[i]);
		complete += run_complete(&rs->runs[i]);
	}
	fprintf(f, "%s=== summary\n", rs->nruns ? "\n" : "");
	for (size_t i = 0; i < rs->nfiles; i++) {
		const struct run_file *x = &rs->files[i];

		fprintf(f, "%s: %zu lines, %zu records (%zu rejoined), "
			"%zu rejected\n", x->path, x->lines, x->records,
			x->repaired, x->rejected);
	}
	fprintf(f, "%zu runs, %zu complete, %zu damaged records\n", rs->nruns,
		complete, rs->nrejects);
	if (!rs->nruns)
		fprintf(f, "no runs found (no valid hello..end records)\n");
	report_problems(f, rs);
}
