/* SPDX-License-Identifier: BSD-2-Clause */
/* The human report: what the console table said, rebuilt from records. */
#include <stdio.h>
#include <string.h>

#include "host_exp.h"
#include "inert.h"
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
		char id[320];

		run_ident_line(r, id, sizeof(id));
		if (id[0])
			fprintf(f, "machine id: %s\n", id);
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
	if (r->have_lost)
		fprintf(f, "CPUs up: %llu of %llu%s\n",
			(unsigned long long)(r->end_cpus - r->end_lost),
			(unsigned long long)r->end_cpus,
			r->end_lost ? " (CPUs LOST: figures are for fewer CPUs "
				      "than the machine has)" : "");
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

static double ticks_ns(const struct run *r, double ticks)
{
	return r->counter_hz ? ticks * 1e9 / (double)r->counter_hz : 0;
}

/* The seed block of one gap, as the image prints it. */
static void gap_seed_block(FILE *f, const struct run *r, unsigned gap)
{
	bool any = false;

	for (size_t i = 0; i < r->nresults; i++)
		any |= r->results[i].gap == gap && r->results[i].have_pct;
	if (!any)
		return;
	/* at a gap, %global is above the floors (pct_abv): a log without
	 * it has only the ratio of whole iterations, which is not shown */
	if (gap)
		fprintf(f, "\n%%cost above floor vs global mask operation, "
			"gap %u ns (each layout over its own floor; +- 95 %%)"
			"\n", gap);
	else
		fprintf(f, "\n%%ticks vs global mask operation, gap 0 ns "
			"(ratio of sums; var = CV of the rep means; +- 95 %%)"
			"\n");
	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *x = &r->results[i];
		const char *l = layout_label(x->layout, x->op);

		if (x->gap != gap)
			continue;
		if (!x->clean)
			fprintf(f, "%-50s: lost updates, no figure\n", l);
		else if (!gap && x->have_pct)
			fprintf(f, "%-50s: %8.4f%% (var: %.2f%%, +-%.2f)\n",
				l, x->pct, x->rep_cv, x->pct_ci);
		else if (gap && x->have_pct_abv)
			fprintf(f, "%-50s: %8.4f%% (+-%.2f)\n", l, x->pct_abv,
				x->pct_abv_ci);
		else if (gap)
			fprintf(f, "%-50s: %8s  (%s)\n", l, "-",
				x->have_floor ? "global not above its floor" :
				"no floor");
	}
}

/* The per-node rows under a layout's row, as the image prints them: only
 * where the layout has more than one node group at this gap. */
static void text_node_rows(FILE *f, const struct run *r,
			   const struct run_result *x)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ngroups; i++) {
		const struct run_group *g = &r->groups[i];

		n += !strcmp(g->by, "node") && !strcmp(g->layout, x->layout) &&
		     g->gap == x->gap;
	}
	if (n < 2)
		return;
	for (size_t i = 0; i < r->ngroups; i++) {
		const struct run_group *g = &r->groups[i];

		if (strcmp(g->by, "node") || strcmp(g->layout, x->layout) ||
		    g->gap != x->gap)
			continue;
		fprintf(f, "  node %-4u %-8s %7s %4u %11.4f %9.3f  (median "
			"%.3f, max %.3f ns/upd)\n", g->id, "", "", g->cpus,
			g->mean, ticks_ns(r, g->mean) / 2,
			ticks_ns(r, g->median) / 2, ticks_ns(r, g->max) / 2);
	}
}

/* Cycles per update and the effective clock, where the image read them. */
static void text_clock_block(FILE *f, const struct run *r)
{
	bool any = false;

	for (size_t i = 0; i < r->nresults; i++)
		any |= r->results[i].have_mhz;
	if (!any)
		return;
	fprintf(f, "\ncore cycles (%s) in the windows: per update, and the "
		"effective clock\n", r->cycle_counter[0] ? r->cycle_counter :
		"cycle counter");
	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *x = &r->results[i];

		if (x->have_mhz)
			fprintf(f, "%-10s %-8s %7u %10.2f cycles/upd %8.1f "
				"MHz\n", x->layout, x->op, x->gap,
				x->cycles / 2, x->mhz);
	}
}

/*
 * Runs with gap= (the image states every derived figure): the columns
 * and formats of the image's own table (core/exp/sbm_report.c), one seed block
 * per gap.
 */
static void text_table_gaps(FILE *f, const struct run *r)
{
	unsigned gaps[16];
	size_t ngaps = 0;

	bool spread = r->nresults && r->results[0].have_iters_min &&
		      r->results[0].have_iters_max;

	fprintf(f, "\nper update = half an iteration (set, clear); above "
		"floor = over private / private-u8 at the same gap; "
		"%%global at a gap = above floor / global's above floor; "
		"+- = 95 %% interval%s\n", spread ? "; iters/window = the "
		"fewest and most one CPU completed in one window (with "
		"windows bounded by time, a CPU far below the others got its "
		"updates through less often)" : "");
	fprintf(f, "%-10s %-8s %7s %4s %11s %9s %8s %9s %7s %8s %7s %8s "
		"%6s %4s %8s%s\n", "layout", "op", "gap_ns", "cpus",
		"ticks/iter", "ns/upd", "+-95%", "abv_floor", "+-95%",
		"%global", "+-95%", "%g(med)", "var%", "reps", "gap_real",
		spread ? " iters/window" : "");
	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *x = &r->results[i];
		char pct[24] = "-", pci[24] = "-", pmed[24] = "-";
		char above[24] = "-", aci[24] = "-", greal[24] = "-";
		size_t g;

		if (!x->clean) {
			snprintf(pct, sizeof(pct), "LOST-UPD");
		} else if (x->gap && x->have_pct_abv) {
			snprintf(pct, sizeof(pct), "%.2f", x->pct_abv);
			snprintf(pci, sizeof(pci), "%.2f", x->pct_abv_ci);
		} else if (!x->gap && x->have_pct) {
			snprintf(pct, sizeof(pct), "%.2f", x->pct);
			snprintf(pmed, sizeof(pmed), "%.2f", x->pct_median);
			if (x->have_pct_ci)
				snprintf(pci, sizeof(pci), "%.2f", x->pct_ci);
		}
		if (x->have_floor)
			snprintf(above, sizeof(above), "%.2f", x->cost_ns);
		if (x->have_cost_ci)
			snprintf(aci, sizeof(aci), "%.2f", x->cost_ci);
		if (x->gap && x->have_gap_real)
			snprintf(greal, sizeof(greal), "%.0f", x->gap_real_ns);
		fprintf(f, "%-10s %-8s %7u %4u %11.4f %9.3f %8.3f %9s %7s "
			"%8s %7s %8s %6.2f %4llu %8s", x->layout, x->op,
			x->gap, x->cpus, x->mean, x->upd_ns,
			ticks_ns(r, x->ci95) / 2, above, aci, pct, pci, pmed,
			x->rep_cv, (unsigned long long)x->reps, greal);
		if (spread)
			fprintf(f, " %.0f-%.0f", x->iters_min, x->iters_max);
		fputc('\n', f);
		text_node_rows(f, r, x);
		for (g = 0; g < ngaps && gaps[g] != x->gap; g++)
			;
		if (g == ngaps && ngaps < sizeof(gaps) / sizeof(gaps[0]))
			gaps[ngaps++] = x->gap;
	}
	text_clock_block(f, r);
	for (size_t g = 0; g < ngaps; g++)
		gap_seed_block(f, r, gaps[g]);
}

/*
 * Older runs: the columns and formats of their console table; a figure
 * the rounded records cannot pin to the console's digits gets one more.
 */
static void text_table(FILE *f, const struct run *r)
{
	bool open = false;

	if (!r->nresults) {
		fprintf(f, "\nno sbm results\n");
		return;
	}
	if (r->results[0].have_gap) {
		text_table_gaps(f, r);
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

/* What the engine stopped (stopped records): an experiment not run, or
 * cut short, and why, its keys as the schema names them. */
static void text_stopped(FILE *f, const struct run *r)
{
	const struct rec_schema *k = rec_schema_kind("stopped");

	for (size_t i = 0; k && i < r->records.n; i++)
		if (r->records.rec[i].kind == k) {
			fputs("\nSTOPPED:", f);
			run_rec_text(f, &r->records.rec[i]);
			fputc('\n', f);
		}
}

static void text_run(FILE *f, const struct runset *rs, const struct run *r)
{
	text_machine(f, rs, r);
	text_table(f, r);
	text_groups(f, r, "llc", "per-LLC breakdown");
	text_groups(f, r, "node", "per-node breakdown");
	/* each experiment's own tables, in the registry's order */
	for (size_t i = 0; host_names[i]; i++)
		if (host_experiments[i] && host_experiments[i]->text)
			host_experiments[i]->text(f, r);
	text_stopped(f, r);
	if (r->end)
		fprintf(f, "\nend: status=%s, %llu warnings, %llu records\n",
			r->status, (unsigned long long)r->end_warnings,
			(unsigned long long)r->end_records);
	if (run_from_qr(r))
		fprintf(f, "from the screen's QR codes: %zu of the %llu "
			"records, %llu of %llu results\n", r->nrecords,
			(unsigned long long)r->end_records,
			(unsigned long long)r->qr_results,
			(unsigned long long)r->qr_of_results);
}

static void text_all(FILE *f, const void *arg)
{
	const struct runset *rs = arg;
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

/* The log's text reaches a terminal: escaped where it is no plain text. */
void report_text(FILE *f, const struct runset *rs)
{
	text_inert(f, text_all, rs);
}
