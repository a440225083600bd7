/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "isa_ops.h"
#include "output/keep.h"
#include "output/record.h"
#include "output/record_schema.h"
#include "output/report.h"

static struct {
	uint32_t run_id;
	uint32_t nrecords, nwarnings;
	uint32_t cpus, lost;
	double start_ms;	/* bring-up, <0 when not timed */
	bool have_cpus;
	uint32_t off_schema;	/* records unlike record_schema.def */
	char first_off[48];	/* "KIND KEY" of the first */
	uint64_t rec_ticks;	/* counter ticks the last record took */
} rep;

void report_cpus(uint32_t cpus, uint32_t lost, double start_ms,
		 const char *note)
{
	char took[48] = "";

	rep.cpus = cpus;
	rep.lost = lost;
	rep.start_ms = start_ms;
	rep.have_cpus = true;
	if (start_ms >= 0)
		snprintf(took, sizeof(took), ", started in %.1f ms", start_ms);
	report_printf("CPUs up: %u of %u%s%s%s%s\n", cpus - lost, cpus, took,
		      note ? ", " : "", note ? note : "",
		      lost ? " -- CPUs LOST, see the cpu-start warnings: "
			     "figures are for fewer CPUs than the machine has" :
			     "");
}

/*
 * The platform's power-off calls all returned.  Halting is the safe end:
 * a reset (the FADT reset register, say) would boot the stick again and
 * start another run nobody asked for.
 */
void report_power_off_failed(void)
{
	report_printf("sbmbench: the firmware did not power the machine off; "
		      "halted here: switch it off (the result is above and, "
		      "where it could be, saved)\n");
}

void report_cpus_stopped(uint32_t n)
{
	rep.lost += n;
}

void report_set_run_id(uint32_t run_id)
{
	rep.run_id = run_id;
}

uint32_t report_run_id(void)
{
	return rep.run_id;
}

uint32_t report_warnings(void)
{
	return rep.nwarnings;
}

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

void report_rec_start(struct rec *r, const char *kind)
{
	rec_start(r, kind, rep.run_id);
}

static void off_schema(const char *kind, const char *key)
{
	if (!rep.off_schema++)
		snprintf(rep.first_off, sizeof(rep.first_off), "%s %s", kind,
			 key);
}

/*
 * Every record read back against the schema: a kind or key it lacks, or
 * a value not of the declared type, is counted (report_off_schema()) for
 * the tests; the console line is never changed.  Records go out one at a
 * time, from the CPU that holds the console.
 */
static void schema_check(const struct rec *r, size_t n)
{
	static struct rec_parsed p;	/* large */
	const struct rec_schema *k;
	const char *why;

	if (rec_parse(r->buf, n, &p, &why) <= 0) {
		off_schema("?", why);
		return;
	}
	k = rec_schema_kind(p.kind);
	if (!k) {
		off_schema(p.kind, "-");
		return;
	}
	for (size_t i = 0; i < p.nfields; i++) {
		const struct rec_schema *f = rec_schema_key(k, p.f[i].key);

		if (!strcmp(p.f[i].key, "v") || !strcmp(p.f[i].key, "run"))
			continue;
		if (!f || !rec_schema_value_ok(f->type, p.f[i].val))
			off_schema(p.kind, p.f[i].key);
	}
}

uint32_t report_off_schema(const char **first)
{
	*first = rep.first_off;
	return rep.off_schema;
}

static void emit(const struct rec *r, size_t n)
{
	uint64_t t0 = isa_counter();

	schema_check(r, n);
	plat_console_write(r->buf, n);
	keep_record(r->buf, n);
	rep.nrecords++;
	rep.rec_ticks = isa_counter() - t0;
}

uint64_t report_record_ticks(void)
{
	return rep.rec_ticks;
}

void report_record(struct rec *r)
{
	emit(r, rec_finish(r));
}

void report_warn(const char *what, uint32_t id, const char *msg)
{
	struct rec r;

	rep.nwarnings++;
	report_printf("warning: %s %u: %s\n", what, id, msg);
	report_rec_start(&r, "warn");
	rec_str(&r, "what", what);
	rec_u64(&r, "id", id);
	rec_str(&r, "msg", msg);
	report_record(&r);
}

static const char *cycle_counter_name(const struct machine_info *in)
{
	return in->cycle_counter ? in->cycle_counter : "unknown";
}

static void id_str(struct rec *r, const char *key, const char *v)
{
	if (v[0])
		rec_str(r, key, v);
}

/* Which machine this is: SMBIOS names and the CPU's own ids. */
static void hello_identity(struct rec *r, const struct machine_info *in)
{
	const struct smbios_id *s = in->smbios;

	if (s) {
		id_str(r, "sys_vendor", s->sys_vendor);
		id_str(r, "product", s->product);
		id_str(r, "board_vendor", s->board_vendor);
		id_str(r, "board", s->board);
		id_str(r, "bios_vendor", s->bios_vendor);
		id_str(r, "bios_version", s->bios_version);
		id_str(r, "bios_date", s->bios_date);
		id_str(r, "cpu_version", s->cpu_version);
		if (s->cpu_mhz)
			rec_u64(r, "cpu_mhz", s->cpu_mhz);
	}
	for (unsigned i = 0; i < in->nids; i++)
		rec_str(r, in->id_key[i], in->id_val[i]);
}

static void identity_line(const struct machine_info *in)
{
	const struct smbios_id *s = in->smbios;

	if (s && (s->product[0] || s->board[0] || s->bios_version[0]))
		report_printf("machine: %s %s%s%s%s%s, firmware %s %s (%s)\n",
			      s->sys_vendor, s->product,
			      s->board[0] ? ", board " : "", s->board_vendor,
			      s->board[0] ? " " : "", s->board,
			      s->bios_vendor, s->bios_version, s->bios_date);
	for (unsigned i = 0; i < in->nids; i++)
		report_printf("%s%s %s%s", i ? ", " : "cpu id: ",
			      in->id_key[i], in->id_val[i],
			      i + 1 == in->nids ? "\n" : "");
}

void report_hello(const struct machine_info *in)
{
	struct rec r;

	report_printf("\nsbmbench %s: sparse-bitmap coherence cost, %s/%s\n",
		      SBM_VERSION, in->arch, in->platform);
	report_printf("counter %s at %llu Hz (%s)%s%s\n", in->counter,
		      (unsigned long long)in->counter_hz, in->hz_source,
		      in->cycles ? ", core cycles from " : "",
		      in->cycles ? cycle_counter_name(in) : "");
	if (in->idle_wait)
		report_printf("parked CPUs wait with %s%s\n", in->idle_wait,
			      !strcmp(in->idle_wait, "pause") ?
			      " (no MONITOR/MWAIT: the BIOS may hide it)" : "");
	if (strcmp(in->virt, "none"))
		report_printf("NOTE: running virtualized (%s): figures describe "
			      "the virtual machine, not the hardware\n",
			      in->virt);
	if (in->screen)
		report_printf("screen %s (%s)\n", in->screen,
			      in->screen_format);
	identity_line(in);
	report_rec_start(&r, "hello");
	rec_str(&r, "version", SBM_VERSION);
	rec_str(&r, "arch", in->arch);
	rec_str(&r, "platform", in->platform);
	rec_str(&r, "virt", in->virt);
	rec_str(&r, "cpu_model", in->cpu_model ? in->cpu_model : "unknown");
	rec_str(&r, "counter", in->counter);
	rec_u64(&r, "counter_hz", in->counter_hz);
	rec_str(&r, "hz_source", in->hz_source);
	rec_u64(&r, "cycles", in->cycles);
	if (in->cycles)
		rec_str(&r, "cycle_counter", cycle_counter_name(in));
	rec_str(&r, "idle_wait", in->idle_wait ? in->idle_wait : "unknown");
	if (in->heap_node_known)
		rec_u64(&r, "heap_node", in->heap_node);
	if (in->screen) {
		rec_str(&r, "screen", in->screen);
		rec_str(&r, "screen_format", in->screen_format);
	}
	if (in->secure_boot_known)
		rec_u64(&r, "secure_boot", in->secure_boot);
	hello_identity(&r, in);
	report_record(&r);
}

static const char *cache_type_name(enum topo_cache_type t)
{
	return t == CACHE_DATA ? "data" : t == CACHE_INST ? "inst" : "unified";
}

static void topo_summary(const struct topo *t)
{
	struct rec r;

	report_printf("topology: %u CPUs, %u packages, %u NUMA nodes (%s), "
		      "%u LLCs (%s), %u cores, %u threads/core, line %u\n",
		      t->ncpus, t->npackages, t->nnodes, t->node_source,
		      t->nllcs, t->llc_source, t->ncores, t->max_smt,
		      t->line_size);
	if (t->ndisabled)
		report_printf("topology: %u more CPUs listed disabled (hot-plug "
			      "slots): not started, in no count (cpu records "
			      "with enabled=0)\n", t->ndisabled);
	report_rec_start(&r, "topo");
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
	report_record(&r);
}

static void topo_cpus(const struct topo *t)
{
	struct rec r;

	/* the disabled ones too (after the others), with enabled=0 */
	for (uint32_t i = 0; i < t->ncpus + t->ndisabled; i++) {
		const struct topo_cpu *c = &t->cpus[i];

		report_rec_start(&r, "cpu");
		rec_u64(&r, "id", i);
		rec_hex(&r, "hwid", c->hwid);
		rec_u64(&r, "node", c->node);
		rec_u64(&r, "package", c->package);
		rec_u64(&r, "llc", c->llc);
		rec_u64(&r, "core", c->core);
		rec_u64(&r, "smt", c->smt);
		rec_u64(&r, "bsp", !!(c->flags & TOPO_CPU_BSP));
		rec_u64(&r, "enabled", !(c->flags & TOPO_CPU_DISABLED));
		report_record(&r);
	}
}

static void topo_caches(const struct topo *t)
{
	struct rec r;

	for (uint32_t i = 0; i < t->ncaches; i++) {
		const struct topo_cache *c = &t->caches[i];

		report_printf("cache L%u %-7s %7u KiB, line %u, %u-way, "
			      "shared by %u CPUs, %u instances\n", c->level,
			      cache_type_name(c->type), c->size / 1024,
			      c->line, c->ways, c->shared_by, c->instances);
		report_rec_start(&r, "cache");
		rec_u64(&r, "level", c->level);
		rec_str(&r, "type", cache_type_name(c->type));
		rec_u64(&r, "size", c->size);
		rec_u64(&r, "line", c->line);
		rec_u64(&r, "ways", c->ways);
		rec_u64(&r, "sets", c->sets);
		rec_u64(&r, "shared_by", c->shared_by);
		rec_u64(&r, "instances", c->instances);
		report_record(&r);
	}
}

/* The "llc"/"node" records of one group: long CPU lists go out in parts,
 * each a valid record of its own. */
static void topo_group(const struct topo *t, bool llc, uint32_t id,
		       uint32_t *ids)
{
	char list[400];
	uint32_t n = 0, part = 0;
	size_t done = 0;
	struct rec r;

	for (uint32_t i = 0; i < t->ncpus; i++)
		if ((llc ? t->cpus[i].llc : t->cpus[i].node) == id)
			ids[n++] = i;
	do {
		size_t k = topo_format_list(list, sizeof(list), ids + done,
					    n - done);

		report_rec_start(&r, llc ? "llc" : "node");
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
					 j ? "," : "", topo_distance(t, id, j));
			}
			rec_str(&r, "dist", d);
		}
		if (!part)
			report_printf("%s %u: %u CPUs %s%s\n",
				      llc ? "llc " : "node", id, n, list,
				      k < n - done ? ",..." : "");
		report_record(&r);
		done += k ? k : 1;	/* k = 0 only if an id is huge */
		part++;
	} while (done < n);
}

void report_topology(const struct topo *t)
{
	uint32_t *ids = malloc(sizeof(uint32_t) * t->ncpus);

	topo_summary(t);
	topo_cpus(t);
	topo_caches(t);
	if (t->llc_split_by_node)
		report_warn("topology", 0, "an LLC spans NUMA nodes (sub-NUMA "
			    "clustering?): one LLC leaf per node");
	for (uint32_t g = 0; ids && g < t->nllcs + t->nnodes; g++) {
		bool llc = g < t->nllcs;

		topo_group(t, llc, llc ? g : g - t->nllcs, ids);
	}
	free(ids);
}

void report_cpufail(const struct topo *t)
{
	struct rec r;

	for (uint32_t i = 0; i < t->ncpus; i++)
		if (t->cpus[i].flags & TOPO_CPU_FAILED) {
			report_rec_start(&r, "cpufail");
			rec_u64(&r, "id", i);
			rec_hex(&r, "hwid", t->cpus[i].hwid);
			report_record(&r);
		}
}

void report_early_end(const struct machine_info *in, const char *what,
		      const char *msg)
{
	report_hello(in);
	report_printf("sbmbench: %s: %s\n", what, msg);
	report_warn(what, 0, msg);
	report_end(1);
}

void report_end(int status)
{
	struct rec r;
	size_t n;

	if (rep.have_cpus && rep.lost)
		report_printf("\nsbmbench: %s on %u of %u CPUs, %u LOST "
			      "(%u warnings)\n", status ? "FAILED" : "done",
			      rep.cpus - rep.lost, rep.cpus, rep.lost,
			      rep.nwarnings);
	else
		report_printf("\nsbmbench: %s (%u warnings)\n",
			      status ? "FAILED" : "done", rep.nwarnings);
	plat_before_end();
	report_rec_start(&r, "end");
	rec_str(&r, "status", status ? "fail" : "ok");
	rec_u64(&r, "warnings", rep.nwarnings);
	rec_u64(&r, "records", rep.nrecords);
	if (rep.have_cpus) {
		rec_u64(&r, "cpus", rep.cpus);
		rec_u64(&r, "lost", rep.lost);
		if (rep.start_ms >= 0)
			rec_dbl(&r, "start_ms", rep.start_ms, 1);
	}
	n = rec_finish(&r);
	plat_end_record(r.buf, n);
	emit(&r, n);
}
