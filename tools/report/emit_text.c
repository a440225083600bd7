/* SPDX-License-Identifier: BSD-2-Clause */
/* The human report: what the console table said, rebuilt from records. */
#include <stdio.h>
#include <string.h>

#include "exp/host_exp.h"
#include "log/inert.h"
#include "log/logreport.h"
#include "log/runmap.h"

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
	/* each experiment's own tables, in the registry's order (sbm's
	 * seed-style table first) */
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
