/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "record.h"
#include "report.h"

void report_printf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(buf))
		n = sizeof(buf) - 1;
	plat_console_write(buf, (size_t)n);
}

void report_record(struct bench *b, struct rec *r)
{
	size_t n = rec_finish(r);

	plat_console_write(r->buf, n);
	b->nrecords++;
}

void report_warn(struct bench *b, const char *what, uint32_t id,
		 const char *msg)
{
	struct rec r;

	b->nwarnings++;
	report_printf("warning: %s %u: %s\n", what, id, msg);
	rec_start(&r, "warn", b->run_id);
	rec_str(&r, "what", what);
	rec_u64(&r, "id", id);
	rec_str(&r, "msg", msg);
	report_record(b, &r);
}

void report_hello(struct bench *b)
{
	const struct bench_info *in = &b->info;
	struct rec r;

	report_printf("\nsbmbench %s: sparse-bitmap coherence cost, %s/%s\n",
		      SBM_VERSION, in->arch, in->platform);
	report_printf("counter %s at %llu Hz (%s)%s\n", in->counter,
		      (unsigned long long)in->counter_hz, in->hz_source,
		      in->cycles ? ", core cycles readable" : "");
	if (strcmp(in->virt, "none"))
		report_printf("NOTE: running virtualized (%s): figures describe "
			      "the virtual machine, not the hardware\n",
			      in->virt);
	rec_start(&r, "hello", b->run_id);
	rec_str(&r, "version", SBM_VERSION);
	rec_str(&r, "arch", in->arch);
	rec_str(&r, "platform", in->platform);
	rec_str(&r, "virt", in->virt);
	rec_str(&r, "cpu_model", in->cpu_model ? in->cpu_model : "unknown");
	rec_str(&r, "counter", in->counter);
	rec_u64(&r, "counter_hz", in->counter_hz);
	rec_str(&r, "hz_source", in->hz_source);
	rec_u64(&r, "cycles", in->cycles);
	report_record(b, &r);
}

static const char *cache_type_name(enum topo_cache_type t)
{
	return t == CACHE_DATA ? "data" : t == CACHE_INST ? "inst" : "unified";
}

void report_topology(struct bench *b)
{
	struct topo *t = b->topo;
	uint32_t *ids = malloc(sizeof(uint32_t) * t->ncpus);
	char list[400];
	struct rec r;

	report_printf("topology: %u CPUs, %u packages, %u NUMA nodes (%s), "
		      "%u LLCs (%s), %u cores, %u threads/core, line %u\n",
		      t->ncpus, t->npackages, t->nnodes, t->node_source,
		      t->nllcs, t->llc_source, t->ncores, t->max_smt,
		      t->line_size);
	rec_start(&r, "topo", b->run_id);
	rec_u64(&r, "cpus", t->ncpus);
	rec_u64(&r, "packages", t->npackages);
	rec_u64(&r, "nodes", t->nnodes);
	rec_u64(&r, "llcs", t->nllcs);
	rec_u64(&r, "cores", t->ncores);
	rec_u64(&r, "smt", t->max_smt);
	rec_u64(&r, "line", t->line_size);
	rec_str(&r, "llc_source", t->llc_source);
	rec_str(&r, "node_source", t->node_source);
	rec_u64(&r, "llc_split", t->llc_split_by_node);
	report_record(b, &r);
	for (uint32_t i = 0; i < t->ncpus; i++) {
		const struct topo_cpu *c = &t->cpus[i];

		rec_start(&r, "cpu", b->run_id);
		rec_u64(&r, "id", i);
		rec_hex(&r, "hwid", c->hwid);
		rec_u64(&r, "node", c->node);
		rec_u64(&r, "package", c->package);
		rec_u64(&r, "llc", c->llc);
		rec_u64(&r, "core", c->core);
		rec_u64(&r, "smt", c->smt);
		rec_u64(&r, "bsp", !!(c->flags & TOPO_CPU_BSP));
		rec_u64(&r, "enabled", !(c->flags & TOPO_CPU_DISABLED));
		report_record(b, &r);
	}
	for (uint32_t i = 0; i < t->ncaches; i++) {
		const struct topo_cache *c = &t->caches[i];

		report_printf("cache L%u %-7s %7u KiB, line %u, %u-way, "
			      "shared by %u CPUs, %u instances\n", c->level,
			      cache_type_name(c->type), c->size / 1024,
			      c->line, c->ways, c->shared_by, c->instances);
		rec_start(&r, "cache", b->run_id);
		rec_u64(&r, "level", c->level);
		rec_str(&r, "type", cache_type_name(c->type));
		rec_u64(&r, "size", c->size);
		rec_u64(&r, "line", c->line);
		rec_u64(&r, "ways", c->ways);
		rec_u64(&r, "sets", c->sets);
		rec_u64(&r, "shared_by", c->shared_by);
		rec_u64(&r, "instances", c->instances);
		report_record(b, &r);
	}
	if (t->llc_split_by_node)
		report_warn(b, "topology", 0, "an LLC spans NUMA nodes (sub-NUMA "
			    "clustering?): one LLC leaf per node");
	for (uint32_t g = 0; ids && g < t->nllcs + t->nnodes; g++) {
		bool llc = g < t->nllcs;
		uint32_t id = llc ? g : g - t->nllcs, n = 0, part = 0;
		size_t done = 0;

		for (uint32_t i = 0; i < t->ncpus; i++)
			if ((llc ? t->cpus[i].llc : t->cpus[i].node) == id)
				ids[n++] = i;
		/* long lists go out in parts, each a valid record of its own */
		do {
			size_t k = topo_format_list(list, sizeof(list),
						    ids + done, n - done);

			rec_start(&r, llc ? "llc" : "node", b->run_id);
			rec_u64(&r, "id", id);
			rec_u64(&r, "ncpus", n);
			rec_str(&r, "cpus", list);
			if (k < n - done || part)
				rec_u64(&r, "part", part);
			if (!llc && t->have_distance && !part) {
				char d[TOPO_MAX_NODES * 4 + 1] = "";

				for (uint32_t j = 0; j < t->nnodes; j++) {
					size_t l = strlen(d);

					snprintf(d + l, sizeof(d) - l, "%s%u",
						 j ? "," : "",
						 topo_distance(t, id, j));
				}
				rec_str(&r, "dist", d);
			}
			if (!part)
				report_printf("%s %u: %u CPUs %s%s\n",
					      llc ? "llc " : "node", id, n, list,
					      k < n - done ? ",..." : "");
			report_record(b, &r);
			done += k ? k : 1;	/* k = 0 only if an id is huge */
			part++;
		} while (done < n);
	}
	free(ids);
}

void report_config(struct bench *b)
{
	char buf[400], ops[200] = "";
	size_t n;
	const struct bench_op *all = bench_ops(&n);
	struct rec r;

	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(ops);

		snprintf(ops + l, sizeof(ops) - l, "%s%s%s", l ? "," : "",
			 all[i].name, all[i].bytewise ? "(u8)" : "");
	}
	config_format(&b->cfg, buf, sizeof(buf));
	report_printf("options: %s\nops available: %s\n", buf, ops);
	report_printf("running on %u of %u CPUs\n", b->nchosen, b->topo->ncpus);
	report_printf("leaves in %s\n",
		      !strcmp(b->placement ? b->placement : "boot", "node") ?
		      "each node's own memory (placement=node)" :
		      !strcmp(b->placement ? b->placement : "boot", "partial") ?
		      "their node's memory where the platform could place "
		      "them, else the common heap (placement=partial)" :
		      "the common heap: the platform could not place memory "
		      "by node (placement=boot)");
	rec_start(&r, "config", b->run_id);
	rec_u64(&r, "iters", b->cfg.iters);
	rec_u64(&r, "reps", b->cfg.reps);
	rec_u64(&r, "warmup", b->cfg.warmup);
	rec_u64(&r, "line", b->topo->line_size);
	rec_u64(&r, "cpus", b->nchosen);
	rec_str(&r, "mode", b->cfg.mode == MODE_PAIR ? "pair" : "loop");
	rec_str(&r, "ops", ops);
	rec_str(&r, "placement", b->placement ? b->placement : "boot");
	report_record(b, &r);
	for (uint32_t i = 0; i < b->topo->ncpus; i++)
		if (b->topo->cpus[i].flags & TOPO_CPU_FAILED) {
			rec_start(&r, "cpufail", b->run_id);
			rec_u64(&r, "id", i);
			rec_hex(&r, "hwid", b->topo->cpus[i].hwid);
			report_record(b, &r);
		}
}

void report_progress(struct bench *b, enum sbm_kind k)
{
	report_printf("running %s x %u reps on %u CPUs ...\n", sbm_kind_name(k),
		      b->cfg.reps, b->nchosen);
}

static double to_ns(const struct bench *b, double ticks)
{
	return ticks * 1e9 / (double)b->info.counter_hz;
}

static void group_records(struct bench *b, const struct bench_result *r,
			  const char *by, const struct bench_group_stat *g,
			  uint32_t n)
{
	struct rec rec;

	for (uint32_t i = 0; i < n; i++) {
		rec_start(&rec, "group", b->run_id);
		rec_str(&rec, "layout", sbm_kind_name(r->kind));
		rec_str(&rec, "by", by);
		rec_u64(&rec, "id", g[i].id);
		rec_u64(&rec, "cpus", g[i].ncpus);
		rec_dbl(&rec, "median", g[i].st.median, 5);
		rec_dbl(&rec, "mean", g[i].st.mean, 5);
		rec_dbl(&rec, "min", g[i].st.min, 5);
		rec_dbl(&rec, "max", g[i].st.max, 5);
		report_record(b, &rec);
	}
}

void report_result(struct bench *b, const struct bench_result *r)
{
	const struct bench_result *global = NULL;
	struct rec rec;

	for (uint32_t i = 0; i < b->nresults; i++)
		if (b->results[i].kind == SBM_GLOBAL)
			global = &b->results[i];

	rec_start(&rec, "result", b->run_id);
	rec_str(&rec, "layout", sbm_kind_name(r->kind));
	rec_str(&rec, "op", r->op);
	rec_str(&rec, "mode", b->cfg.mode == MODE_PAIR ? "pair" : "loop");
	rec_u64(&rec, "cpus", r->ncpus);
	rec_u64(&rec, "iters", r->iters);
	rec_u64(&rec, "reps", r->reps);
	rec_str(&rec, "unit", "ticks/iter");
	rec_dbl(&rec, "median", r->st.median, 5);
	rec_dbl(&rec, "mean", r->st.mean, 5);
	rec_dbl(&rec, "min", r->st.min, 5);
	rec_dbl(&rec, "max", r->st.max, 5);
	rec_dbl(&rec, "stddev", r->st.stddev, 5);
	rec_dbl(&rec, "cv", r->st.cv, 2);
	rec_dbl(&rec, "rep_cv", r->rep_cv, 2);
	rec_dbl(&rec, "ns", to_ns(b, r->st.median), 3);
	if (global && global->st.median > 0)
		rec_dbl(&rec, "pct", r->st.median / global->st.median * 100.0, 4);
	if (b->info.cycles)
		rec_dbl(&rec, "cycles", r->cycles_median, 3);
	rec_u64(&rec, "clean", r->clean);
	report_record(b, &rec);
	group_records(b, r, "llc", r->by_llc, r->nllc);
	group_records(b, r, "node", r->by_node, r->nnode);
}

static const char *seed_label(const struct bench_result *r)
{
	switch (r->kind) {
	case SBM_GLOBAL:
		return "global mask";
	case SBM_NODE:
		return "per-NUMA mask";
	case SBM_LLC:
		return "per-LLC mask";
	case SBM_LLC_U8:
		return strcmp(r->op, "store") ?
			"per-LLC mask (u8 operation; byte atomic)" :
			"per-LLC mask (u8 operation; no LOCK prefix)";
	default:
		return "per-CPU line (no sharing)";
	}
}

void report_table(struct bench *b)
{
	const struct bench_result *global = NULL;

	for (uint32_t i = 0; i < b->nresults; i++)
		if (b->results[i].kind == SBM_GLOBAL)
			global = &b->results[i];
	report_printf("\n%-8s %-8s %5s %12s %10s %10s %9s %7s\n", "layout",
		      "op", "cpus", "ticks/iter", "ns/iter", "min", "%global",
		      "var%");
	for (uint32_t i = 0; i < b->nresults; i++) {
		const struct bench_result *r = &b->results[i];
		char pct[16] = "-";

		if (!r->clean)
			snprintf(pct, sizeof(pct), "LOST-UPD");
		else if (global && global->st.median > 0)
			snprintf(pct, sizeof(pct), "%.2f",
				 r->st.median / global->st.median * 100.0);
		report_printf("%-8s %-8s %5u %12.4f %10.2f %10.4f %9s %7.2f\n",
			      sbm_kind_name(r->kind), r->op, r->ncpus,
			      r->st.median, to_ns(b, r->st.median), r->st.min,
			      pct, r->rep_cv);
	}
	if (!global || global->st.median <= 0)
		return;
	/*
	 * The seed's block.  Ratios of medians: one preempted vCPU or an SMI
	 * moves a mean, not a median.
	 */
	report_printf("\n%%ticks vs global mask operation\n");
	for (uint32_t i = 0; i < b->nresults; i++) {
		const struct bench_result *r = &b->results[i];

		if (!r->clean) {
			report_printf("%-44s: lost updates, no figure\n",
				      seed_label(r));
			continue;
		}
		report_printf("%-44s: %8.4f%% (var: %.2f%%)\n",
			      seed_label(r),
			      r->st.median / global->st.median * 100.0, r->rep_cv);
	}
}

void report_early_end(struct bench *b, const char *what, const char *msg)
{
	report_hello(b);
	report_printf("sbmbench: %s: %s\n", what, msg);
	report_warn(b, what, 0, msg);
	report_end(b, 1);
}

void report_end(struct bench *b, int status)
{
	struct rec r;

	report_printf("\nsbmbench: %s (%u warnings)\n",
		      status ? "FAILED" : "done", b->nwarnings);
	rec_start(&r, "end", b->run_id);
	rec_str(&r, "status", status ? "fail" : "ok");
	rec_u64(&r, "warnings", b->nwarnings);
	rec_u64(&r, "records", b->nrecords);
	report_record(b, &r);
}
