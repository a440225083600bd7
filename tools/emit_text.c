/* SPDX-License-Identifier: BSD-2-Clause */
/* The human report: what the console table said, rebuilt from records. */
#include <stdio.h>
#include <string.h>

#include "host_exp.h"
#include "inert.h"
#include "logreport.h"
#include "runmap.h"
#include "measure/stats.h"

/* The llc and node records, one line a domain (its parts joined). */
static void text_domains(FILE *f, const struct run *r)
{
	for (size_t i = 0; i < r->records.n; i++) {
		const struct run_rec *d = &r->records.rec[i];
		const char *dist;
		char cpus[1024];
		bool node;

		if (!run_domain_first(r, i))
			continue;
		node = run_rec_is(r, i, "node");
		dist = node ? run_rec_str(d, "dist") : "";
		run_domain_cpus(r, i, cpus, sizeof(cpus));
		fprintf(f, "%s %u: %u CPUs %s%s%s\n", node ? "node" : "llc ",
			run_rec_uint(d, "id"), run_rec_uint(d, "ncpus"), cpus,
			dist[0] ? ", distances " : "", dist);
	}
}

static void text_caches(FILE *f, const struct run *r)
{
	bool any = false;

	for (size_t i = 0; i < r->records.n; i++) {
		const struct run_rec *c = &r->records.rec[i];

		if (!run_rec_is(r, i, "cache"))
			continue;
		any = true;
		fprintf(f, "cache L%u %-7s %7llu KiB, line %u, %u-way, "
			"shared by %u CPUs, %u instances\n",
			run_rec_uint(c, "level"), run_rec_str(c, "type"),
			(unsigned long long)(run_rec_u64(c, "size") / 1024),
			run_rec_uint(c, "line"), run_rec_uint(c, "ways"),
			run_rec_uint(c, "shared_by"),
			run_rec_uint(c, "instances"));
	}
	if (!any)
		fprintf(f, "caches: none reported\n");
}

/* failed CPUs, then warnings and errors in the order they came */
static void text_trouble(FILE *f, const struct run *r)
{
	bool any = false;

	fprintf(f, "failed CPUs:");
	for (size_t i = 0; i < r->records.n; i++)
		if (run_rec_is(r, i, "cpufail")) {
			const struct run_rec *x = &r->records.rec[i];

			fprintf(f, " %u (hwid %s)", run_rec_uint(x, "id"),
				run_rec_str(x, "hwid"));
			any = true;
		}
	if (!any)
		fprintf(f, " none");
	any = false;
	for (size_t i = 0; i < r->records.n; i++)
		any |= run_rec_is(r, i, "warn") || run_rec_is(r, i, "error");
	fprintf(f, "\nwarnings: %s\n", any ? "" : "none");
	for (size_t i = 0; i < r->records.n; i++) {
		const struct run_rec *x = &r->records.rec[i];

		if (run_rec_is(r, i, "warn"))
			fprintf(f, "  %s %llu: %s\n", run_rec_str(x, "what"),
				(unsigned long long)run_rec_u64(x, "id"),
				run_rec_str(x, "msg"));
		else if (run_rec_is(r, i, "error"))	/* what went wrong */
			fprintf(f, "  error 0: %s\n", run_rec_str(x, "what"));
	}
}

static void text_machine(FILE *f, const struct runset *rs,
			 const struct run *r)
{
	const struct run_rec *h = &r->one.hello, *t = &r->one.topo;
	const struct run_rec *c = &r->one.config, *e = &r->one.end;

	fprintf(f, "run %08x  (%s, lines %zu-%zu)%s%s\n", r->id,
		rs->files[r->file].path, r->first_line, r->last_line,
		run_complete(r) ? "" : "  INCOMPLETE",
		run_failed(r) ? "  FAILED" : "");
	if (!r->hello) {
		fprintf(f, "machine: unknown (no hello record)\n");
	} else {
		const char *virt = run_rec_str(h, "virt");
		char id[320];

		fprintf(f, "machine: %s/%s, virt=%s, cpu_model \"%s\", "
			"sbmbench %s\n", run_rec_str(h, "arch"),
			run_rec_str(h, "platform"), virt,
			run_rec_str(h, "cpu_model"), run_rec_str(h, "version"));
		run_ident_line(r, id, sizeof(id));
		if (id[0])
			fprintf(f, "machine id: %s\n", id);
		if (strcmp(virt, "none"))
			fprintf(f, "NOTE: virtualized (%s): figures describe "
				"the virtual machine, not the hardware\n",
				virt);
		fprintf(f, "counter: %s at %llu Hz (%s), core cycles %s\n",
			run_rec_str(h, "counter"),
			(unsigned long long)run_hz(r),
			run_rec_str(h, "hz_source"),
			run_rec_u64(h, "cycles") ? "readable" : "not readable");
	}
	if (t->val)
		fprintf(f, "topology: %u CPUs, %u packages, %u NUMA nodes (%s), "
			"%u LLCs (%s), %u cores, SMT %u threads/core, line %u\n",
			run_rec_uint(t, "cpus"), run_rec_uint(t, "packages"),
			run_rec_uint(t, "nodes"), run_rec_str(t, "node_source"),
			run_rec_uint(t, "llcs"), run_rec_str(t, "llc_source"),
			run_rec_uint(t, "cores"), run_rec_uint(t, "smt"),
			run_rec_uint(t, "line"));
	text_domains(f, r);
	text_caches(f, r);
	if (c->val) {
		const char *place = run_rec_str(c, "placement");

		fprintf(f, "config: iters=%llu reps=%llu warmup=%llu cpus=%u "
			"mode=%s ops=%s placement=%s\n",
			(unsigned long long)run_rec_u64(c, "iters"),
			(unsigned long long)run_rec_u64(c, "reps"),
			(unsigned long long)run_rec_u64(c, "warmup"),
			run_rec_uint(c, "cpus"), run_rec_str(c, "mode"),
			run_rec_str(c, "ops"), place[0] ? place : "unknown");
	}
	/* lost of how many: both, or neither */
	if (run_rec_get(e, "lost") && run_rec_get(e, "cpus")) {
		uint64_t cpus = run_rec_u64(e, "cpus");
		uint64_t lost = run_rec_u64(e, "lost");

		fprintf(f, "CPUs up: %llu of %llu%s\n",
			(unsigned long long)(cpus - lost),
			(unsigned long long)cpus,
			lost ? " (CPUs LOST: figures are for fewer CPUs "
			       "than the machine has)" : "");
	}
	text_trouble(f, r);
}

static double ticks_ns(const struct run *r, double ticks)
{
	uint64_t hz = run_hz(r);

	return hz ? ticks * 1e9 / (double)hz : 0;
}

/* The result of @layout at @gap, NULL when the run has none. */
static const struct run_result *result_at(const struct run *r,
					  const char *layout, unsigned gap)
{
	for (size_t i = 0; i < r->nresults; i++)
		if (r->results[i].gap == gap &&
		    !strcmp(r->results[i].layout, layout))
			return &r->results[i];
	return NULL;
}

/* A cost above the floor whose 95 % interval holds 0 (or below 0), as
 * the image says it in words (core/exp/sbm_report.c); the floor layouts
 * are the floor. */
static bool above_noise(const struct run_result *x)
{
	return x && x->clean && x->have_floor &&
	       strncmp(x->layout, "private", 7) &&
	       stats_within_noise(x->cost_ns, x->have_cost_ci ? x->cost_ci : 0);
}

/* The seed block of one gap, as the image prints it. */
static void gap_seed_block(FILE *f, const struct run *r, unsigned gap)
{
	const struct run_result *g = result_at(r, "global", gap);
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
		else if (gap && above_noise(x))
			fprintf(f, "%-50s: not above the floor (within noise: "
				"%.2f +- %.2f ns)\n", l, x->cost_ns, x->cost_ci);
		else if (gap && above_noise(g))
			fprintf(f, "%-50s: %8s  (global not above its floor "
				"within noise: %.2f +- %.2f ns)\n", l, "-",
				g->cost_ns, g->cost_ci);
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
	const char *cc = run_rec_str(&r->one.hello, "cycle_counter");
	bool any = false;

	for (size_t i = 0; i < r->nresults; i++)
		any |= r->results[i].have_mhz;
	if (!any)
		return;
	fprintf(f, "\ncore cycles (%s) in the windows: per update, and the "
		"effective clock\n", cc[0] ? cc : "cycle counter");
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
		"+- = 95 %% interval%s\nnoise = a cost above the floor whose "
		"95 %% interval holds 0 (or below 0): not above the floor "
		"within the run's noise\n", spread ? "; iters/window = the "
		"fewest and most one CPU completed in one window (with "
		"windows bounded by time, a CPU far below the others got its "
		"updates through less often; N late: windows a CPU began after "
		"another had closed them, left out of the spread)" : "");
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
		} else if (x->gap && (above_noise(x) ||
			   above_noise(result_at(r, "global", x->gap)))) {
			snprintf(pct, sizeof(pct), "noise");
		} else if (x->gap && x->have_pct_abv) {
			snprintf(pct, sizeof(pct), "%.2f", x->pct_abv);
			snprintf(pci, sizeof(pci), "%.2f", x->pct_abv_ci);
		} else if (!x->gap && x->have_pct) {
			snprintf(pct, sizeof(pct), "%.2f", x->pct);
			snprintf(pmed, sizeof(pmed), "%.2f", x->pct_median);
			if (x->have_pct_ci)
				snprintf(pci, sizeof(pci), "%.2f", x->pct_ci);
		}
		if (above_noise(x))
			snprintf(above, sizeof(above), "noise");
		else if (x->have_floor)
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
		if (spread && x->have_late && x->late > 0)
			fprintf(f, " (%.0f late)", x->late);
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
		double hz = (double)run_hz(r);
		double ns = hz ? g->median * 1e9 / hz : 0;
		char med[24], nss[24];

		if (strcmp(g->by, by))
			continue;
		if (!any)
			fprintf(f, "\n%s (ticks/iter)\n%-8s %5s %5s %10s %10s "
				"%10s %10s %10s\n", title, "layout", by, "cpus",
				"median", "mean", "min", "max", "ns/iter");
		any = true;
		fmt_fix(med, sizeof(med), g->median, g->err, 4);
		fmt_fix(nss, sizeof(nss), ns, hz ? g->err * 1e9 / hz : 0, 2);
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
	const struct run_rec *e = &r->one.end;

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
			run_status(r),
			(unsigned long long)run_rec_u64(e, "warnings"),
			(unsigned long long)run_rec_u64(e, "records"));
	if (run_from_qr(r))
		fprintf(f, "from the screen's QR codes: %zu of the %llu "
			"records, %llu of %llu results\n", r->nrecords,
			(unsigned long long)run_rec_u64(e, "records"),
			(unsigned long long)run_rec_u64(&r->one.qr, "results"),
			(unsigned long long)run_rec_u64(&r->one.qr,
							"of_results"));
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
