/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine-map records read back (tools/log/runmap.c, tools/exp/c2c/host_c2c.c, host_noise.c), over
 * a real riscv64 QEMU log (8 harts, 2 sockets, 2 nodes, experiment=c2c,
 * noise): every pair once in topology order, noise per CPU, the grid's
 * separators, CSV rows (run_records.c) and JSON members.  Figures are QEMU's: only the
 * structure is checked.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "log/logreport.h"
#include "output/record_schema.h"
#include "log/run_records.h"
#include "exp/c2c/c2c_map.h"
#include "exp/noise/noise_map.h"
#include "exp/rw/rw_map.h"
#include "exp/scale/scale_map.h"
#include "log/runmap.h"
#include "log/runs.h"
#include "report/kind_tables.h"

static char *render(const struct runset *rs, int what, const char *table)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	if (what == 0)
		report_text(f, rs);
	else if (what == 1)
		CHECK(report_kind_csv(f, rs, table) == 0);
	else if (what == 3)
		report_csv(f, rs);
	else
		report_json(f, rs);
	fclose(f);
	return buf;
}

static size_t lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static const struct map_cpu *cpu(const struct run_map *m, unsigned id)
{
	for (size_t i = 0; i < m->ncpus; i++)
		if (m->cpus[i].id == id)
			return &m->cpus[i];
	return NULL;
}

/* Topology key of a CPU, packed for comparison. */
static unsigned long long key(const struct run_map *m, unsigned id)
{
	const struct map_cpu *c = cpu(m, id);

	CHECK(c != NULL);
	if (!c)
		return 0;
	return (unsigned long long)c->package << 48 |
	       (unsigned long long)c->node << 36 |
	       (unsigned long long)c->llc << 24 | c->core << 8 | c->smt;
}

static void riscv_log(void)
{
	const char *dir = getenv("SBM_SRCDIR");
	struct runset rs = { 0 };
	const struct run_map *m;
	unsigned seen[8][8] = { { 0 } };
	char path[1024], *s;

	snprintf(path, sizeof(path), "%s/tests/logs/map/riscv64-numa-c2c.log",
		 dir && *dir ? dir : ".");
	CHECK(runset_add_log(&rs, path) == 0);
	CHECK_EQ_U64(rs.nruns, 1);
	CHECK_EQ_U64(runset_problems(&rs), 0);
	m = rs.runs[0].map;
	CHECK(m != NULL);
	if (!m)
		return;
	CHECK(c2c_of(m)->c2c_plan && noise_of(m)->noise_plan);
	CHECK_EQ_U64(c2c_of(m)->plan_pairs, 28);
	CHECK_EQ_U64(c2c_of(m)->npairs, 28);
	CHECK_EQ_U64(m->ncpus, 8);
	CHECK_STR(c2c_of(m)->select, "all");
	CHECK_STR(c2c_of(m)->home, "a");
	for (size_t i = 0; i < c2c_of(m)->npairs; i++) {
		const struct map_pair *p = &c2c_of(m)->pairs[i];

		CHECK(p->a < 8 && p->b < 8 && p->a != p->b);
		if (p->a >= 8 || p->b >= 8)
			continue;
		seen[p->a][p->b]++;
		seen[p->b][p->a]++;
		CHECK(key(m, p->a) < key(m, p->b));
		if (i)
			CHECK(key(m, c2c_of(m)->pairs[i - 1].a) <= key(m, p->a));
		CHECK(p->median > 0 && p->cas_median > 0);
		CHECK(p->min <= p->median && p->cas_min <= p->cas_median);
		CHECK_EQ_U64(p->home, cpu(m, p->a)->node);
		CHECK(!strcmp(p->cls, "llc") || !strcmp(p->cls, "package") ||
		      !strcmp(p->cls, "none"));
	}
	for (unsigned a = 0; a < 8; a++)
		for (unsigned b = 0; b < 8; b++)
			CHECK_EQ_U64(seen[a][b], a != b);
	CHECK_EQ_U64(noise_of(m)->nnoise, 8);
	for (size_t i = 0; i < noise_of(m)->nnoise; i++) {
		CHECK_EQ_U64(noise_of(m)->noise[i].cpu, i);
		CHECK(noise_of(m)->noise[i].polled_ms > 0);
		CHECK(noise_of(m)->noise[i].hist_lo == 9);
	}

	s = render(&rs, 0, NULL);
	CHECK(strstr(s, "one-way latency, median ns, plain") != NULL);
	CHECK(strstr(s, "one-way latency, median ns, CAS") != NULL);
	/* sockets apart: a node column separator and a '=' rule */
	CHECK(strstr(s, " || ") != NULL && strstr(s, "  =====") != NULL);
	CHECK(strstr(s, "\nnoise: gaps above 1000 ns") != NULL);
	CHECK(strstr(s, "no sbm results") != NULL);
	free(s);
	s = render(&rs, 1, "c2c");
	CHECK_EQ_U64(lines(s), 29);
	CHECK(!strncmp(s, "file,run,arch,a,b,class,home,median,min,cas", 43));
	free(s);
	s = render(&rs, 1, "noise");
	CHECK_EQ_U64(lines(s), 9);
	CHECK(!strncmp(s, "file,run,arch,cpu,polled_ms,count,total,max,", 44));
	free(s);
	CHECK(report_kind_csv(stdout, &rs, "bogus") == -1);
	/* the JSON's records member: every kind, typed by the schema */
	s = render(&rs, 2, NULL);
	CHECK(strstr(s, "\"records\":{\"hello\":[{") != NULL);
	CHECK(strstr(s, "\"c2c-plan\":[{\"cpus\":8,\"pairs\":28") != NULL);
	/* the number as the record wrote it */
	CHECK(strstr(s, "\"noise-plan\":[{\"cpus\":8,\"seconds\":0.100,") != NULL);
	free(s);
	runset_free(&rs);
}

/* A stopped record (the engine ended the runs) and a proof record: in
 * the text report, and a kind no table reads still in CSV and JSON. */
static void stopped_and_proof(void)
{
	struct runset rs = { 0 };
	char log[4 * REC_MAX] = "", *s;
	struct rec r;

	rec_start(&r, "hello", 5);
	rec_str(&r, "arch", "x86_64");
	rec_finish(&r);
	strcat(log, r.buf);
	rec_start(&r, "proof", 5);
	rec_u64(&r, "a", 0);
	rec_u64(&r, "b", 2);
	rec_str(&r, "verdict", "agree");
	rec_finish(&r);
	strcat(log, r.buf);
	rec_start(&r, "stopped", 5);
	rec_str(&r, "experiment", "c2c");
	rec_str(&r, "when", "during");
	rec_str(&r, "why", "cpu-stopped");
	rec_u64(&r, "cpu", 3);
	rec_finish(&r);
	strcat(log, r.buf);
	runset_add_buffer(&rs, "mem", log, strlen(log));
	s = render(&rs, 0, NULL);
	CHECK(strstr(s, "\nSTOPPED: experiment=c2c when=during why=cpu-stopped "
		     "cpu=3\n") != NULL);
	CHECK(strstr(s, "\nproof: CPUs 0 and 2 (-, -): ") != NULL);
	CHECK(strstr(s, ": agree\n") != NULL);
	free(s);
	s = render(&rs, 1, "stopped");
	CHECK(strstr(s, "file,run,arch,experiment,when,why,cpu,hwid\n") != NULL);
	CHECK(strstr(s, ",00000005,x86_64,c2c,during,cpu-stopped,3,\n") != NULL);
	free(s);
	s = render(&rs, 2, NULL);
	CHECK(strstr(s, "\"stopped\":[{\"experiment\":\"c2c\",\"when\":"
		     "\"during\",\"why\":\"cpu-stopped\",\"cpu\":3}]") != NULL);
	free(s);
	runset_free(&rs);
}

/* A run without map records has no map and no such JSON records; a
 * damaged hist is JSON null. */
static void no_map_and_bad_hist(void)
{
	struct runset rs = { 0 };
	char log[3 * REC_MAX], *s;
	struct rec r;

	rec_start(&r, "hello", 1);
	rec_str(&r, "arch", "x86_64");
	rec_finish(&r);
	snprintf(log, sizeof(log), "%s", r.buf);
	runset_add_buffer(&rs, "mem", log, strlen(log));
	CHECK_EQ_U64(rs.nruns, 1);
	CHECK(rs.runs[0].map == NULL);
	s = render(&rs, 2, NULL);
	CHECK(strstr(s, "\"records\":{\"hello\":[{\"arch\":\"x86_64\"}]}") != NULL);
	CHECK(strstr(s, "c2c") == NULL);
	free(s);
	runset_free(&rs);

	rec_start(&r, "noise", 2);
	rec_u64(&r, "cpu", 0);
	rec_str(&r, "hist", "1,,2");
	rec_finish(&r);
	runset_add_buffer(&rs, "mem", r.buf, strlen(r.buf));
	CHECK(rs.nruns == 1 && rs.runs[0].map && noise_of(rs.runs[0].map)->nnoise == 1);
	s = render(&rs, 2, NULL);
	/* not a list as the schema's type says: null, never a broken array */
	CHECK(strstr(s, "\"hist\":null") != NULL);
	free(s);
	runset_free(&rs);
}

/* rw records: one row per layout in text and CSV; no floor, no figure */
static void rw_rows(void)
{
	struct runset rs = { 0 };
	char log[4 * REC_MAX] = "", *s;
	struct rec r;

	rec_start(&r, "rw-plan", 3);
	rec_str(&r, "place", "other-llc");
	rec_str(&r, "reader", "and");
	rec_u64(&r, "idle_ns", 20000);
	rec_finish(&r);
	strcat(log, r.buf);
	for (int k = 0; k < 2; k++) {
		rec_start(&r, "rw", 3);
		rec_str(&r, "layout", k ? "private" : "llc");
		rec_str(&r, "reader", "and");
		rec_dbl(&r, "writer_ns", 40, 3);
		rec_dbl(&r, "writer_alone_ns", 20, 3);
		if (k) {
			rec_dbl(&r, "floor_ns", 20, 3);
			rec_dbl(&r, "above_ns", 20, 3);
		}
		rec_dbl(&r, "reader_ns", 30, 3);
		rec_dbl(&r, "reader_alone_ns", 30, 3);
		rec_u64(&r, "dropped", k ? 7 : 0);
		rec_str(&r, "check", k ? "ok" : "wrong");
		if (!k)
			rec_str(&r, "wrong", "weight,gather");
		rec_finish(&r);
		strcat(log, r.buf);
	}
	runset_add_buffer(&rs, "mem", log, strlen(log));
	CHECK(rs.nruns == 1 && rs.runs[0].map && rw_of(rs.runs[0].map)->nrw == 2);
	s = render(&rs, 0, NULL);
	CHECK(strstr(s, "rw: reader=and on other-llc") != NULL);
	CHECK(strstr(s, "\nllc ") && strstr(s, "\nprivate "));
	CHECK(strstr(s, "+100%") && strstr(s, "+0%"));
	/* the ops left out of the means, in the last column */
	CHECK(strstr(s, " check trimmed\n") != NULL);
	CHECK(strstr(s, "     ok       7\n") != NULL);
	/* a failed check names its ops; a passed one says nothing */
	CHECK(strstr(s, "\nrw: llc: wrong answers from weight,gather\n") != NULL);
	CHECK(strstr(s, "rw: private: wrong") == NULL);
	free(s);
	s = render(&rs, 1, "rw");
	CHECK_EQ_U64(lines(s), 3);
	/* the records' own text, the schema's key order; absent keys are
	 * empty, never 0 */
	CHECK(!strncmp(s, "file,run,arch,layout,reader,writers", 35));
	CHECK(strstr(s, ",llc,and,,,40.000,20.000,,,,,,30.000,30.000,") != NULL);
	CHECK(strstr(s, ",private,and,,,40.000,20.000,20.000,20.000,") != NULL);
	CHECK(strstr(s, ",0,wrong,\"weight,gather\",") != NULL);
	free(s);
	s = render(&rs, 2, NULL);
	CHECK(strstr(s, "\"rw\":[{\"layout\":\"llc\"") != NULL);
	/* the failed layout (the first) names its ops; the passed one
	 * has no "wrong" key */
	CHECK(strstr(s, "\"check\":\"wrong\"") != NULL);
	CHECK(strstr(s, "\"check\":\"ok\"") != NULL);
	CHECK(strstr(s, "\"wrong\":\"weight,gather\"") != NULL &&
	      strstr(s, "\"wrong\":\"weight,gather\"") <
	      strstr(s, "{\"layout\":\"private\""));
	{
		const char *o = strstr(s, "{\"layout\":\"private\"");
		const char *w = o ? strstr(o, "\"wrong\"") : NULL;

		CHECK(o && (!w || w > strchr(o, '}')));
	}
	CHECK(strstr(s, "\"floor_ns\":20.000,\"above_ns\":20.000") != NULL);
	free(s);
	runset_free(&rs);
}

static void scale_rec(char *log, size_t len, const char *layout,
		      const char *order, unsigned cpus, double ns)
{
	struct rec r;

	rec_start(&r, "scale", 4);
	rec_u64(&r, "cpus", cpus);
	rec_dbl(&r, "median", ns * 2, 5);
	rec_dbl(&r, "ns", ns * 2, 3);
	rec_str(&r, "layout", layout);
	rec_str(&r, "order", order);
	rec_str(&r, "op", "lock_bts");
	rec_dbl(&r, "upd_ns", ns, 3);
	rec_u64(&r, "clean", 1);
	rec_finish(&r);
	strncat(log, r.buf, len - strlen(log) - 1);
}

/* scale: a table per order with a column per layout and the summary;
 * CSV rows for points and summaries; an old record is one shared line */
static void scale_rows(void)
{
	static char log[40 * REC_MAX];
	struct runset rs = { 0 };
	const char *layouts[] = { "global", "llc" };
	const char *orders[] = { "topo", "rr" };
	char *s;
	struct rec r;

	log[0] = 0;
	rec_start(&r, "scale-plan", 4);
	rec_u64(&r, "steps", 2);
	rec_str(&r, "op", "lock_bts");
	rec_u64(&r, "points", 9);
	rec_finish(&r);
	strcat(log, r.buf);
	for (int o = 0; o < 2; o++)
		for (int l = 0; l < 2; l++)
			for (unsigned k = 1; k <= 2; k++)
				scale_rec(log, sizeof(log), layouts[l], orders[o],
					  k, 10.0 * k * (l + 1) + o);
	rec_start(&r, "scale-summary", 4);
	rec_str(&r, "layout", "llc");
	rec_str(&r, "order", "rr");
	rec_u64(&r, "cpus", 2);
	rec_str(&r, "doubles_at", "2");
	rec_str(&r, "llc_wins_from", "2");
	rec_str(&r, "llc_stops_at", "never");
	rec_finish(&r);
	strcat(log, r.buf);
	/* a record from before layouts: no layout, order, upd_ns */
	rec_start(&r, "scale", 4);
	rec_u64(&r, "cpus", 1);
	rec_dbl(&r, "median", 7, 5);
	rec_dbl(&r, "ns", 7, 3);
	rec_finish(&r);
	strcat(log, r.buf);
	runset_add_buffer(&rs, "mem", log, strlen(log));
	CHECK(rs.nruns == 1 && rs.runs[0].map);
	if (!rs.nruns || !rs.runs[0].map)
		return;
	CHECK_EQ_U64(scale_of(rs.runs[0].map)->nscale, 9);
	CHECK_EQ_U64(scale_of(rs.runs[0].map)->nscale_sum, 1);
	CHECK_STR(scale_of(rs.runs[0].map)->scale[8].layout, "line");
	CHECK_STR(scale_of(rs.runs[0].map)->scale[8].order, "topo");
	CHECK(scale_of(rs.runs[0].map)->scale[8].upd_ns == 3.5);
	s = render(&rs, 0, NULL);
	CHECK(strstr(s, "CPUs in topology order") != NULL);
	CHECK(strstr(s, "CPUs in round-robin-over-LLCs order") != NULL);
	CHECK(strstr(s, " cpus     global        llc       line\n") != NULL);
	CHECK(strstr(s, "\n    2      20.00      40.00          -\n") != NULL);
	CHECK(strstr(s, "\n    2      21.00      41.00\n") != NULL);
	CHECK(strstr(s, "from 2 CPUs; stops beating it at: never") != NULL);
	CHECK(strstr(s, "points missing") == NULL);
	free(s);
	s = render(&rs, 1, "scale");
	CHECK_EQ_U64(lines(s), 10);
	CHECK(strstr(s, ",2,,40.00000,,,40.000,global,topo,lock_bts,20.000,1,,,\n") &&
	      strstr(s, ",llc,rr,lock_bts,"));
	free(s);
	s = render(&rs, 1, "scale-summary");
	CHECK_EQ_U64(lines(s), 2);
	CHECK(strstr(s, ",llc,rr,,2,,,2,2,never\n") != NULL);
	free(s);
	/* one LLC (the plan says so): nothing to compare */
	((struct scale_map *)runmap_part_make(&rs.runs[0].map, &host_scale,
					      sizeof(struct scale_map)))->scale_llcs = 1;
	s = render(&rs, 0, NULL);
	CHECK(strstr(s, "llc vs global: one LLC") != NULL);
	CHECK(strstr(s, "stops beating") == NULL);
	free(s);
	s = render(&rs, 2, NULL);
	CHECK(strstr(s, "\"layout\":\"global\",\"order\":\"topo\"") != NULL);
	CHECK(strstr(s, "\"doubles_at\":2,\"llc_wins_from\":2,"
		     "\"llc_stops_at\":\"never\"") != NULL);
	free(s);
	runset_free(&rs);
}

/* The JSON's older members and the sbm CSV name what the schema names:
 * keys no hand list had reach them (idle_wait, config's window), node's
 * dist is its LIST type, a key a record lacks is left out, a CPU list
 * in parts is one domain, and the CSV's columns are the result kind's
 * keys and the schema's MACHINE keys. */
static void older_members_are_the_schema(void)
{
	const struct rec_schema *k = rec_schema_kind("result");
	struct runset rs = { 0 };
	char log[8 * REC_MAX] = "", head[2048] = "file,run", *s;
	struct rec r;

	rec_start(&r, "hello", 6);
	rec_str(&r, "arch", "x86_64");
	rec_str(&r, "idle_wait", "hlt");
	rec_u64(&r, "counter_hz", 1000000000);
	rec_finish(&r);
	strcat(log, r.buf);
	rec_start(&r, "config", 6);
	rec_str(&r, "window", "time");
	rec_finish(&r);
	strcat(log, r.buf);
	rec_start(&r, "node", 6);
	rec_u64(&r, "id", 1);
	rec_str(&r, "cpus", "0-3");
	rec_str(&r, "dist", "20,10");
	rec_finish(&r);
	strcat(log, r.buf);
	rec_start(&r, "node", 6);
	rec_u64(&r, "id", 1);
	rec_str(&r, "cpus", "8-9");
	rec_u64(&r, "part", 1);
	rec_finish(&r);
	strcat(log, r.buf);
	rec_start(&r, "result", 6);
	rec_str(&r, "layout", "global");
	rec_dbl(&r, "median", 20, 1);
	rec_finish(&r);
	strcat(log, r.buf);
	runset_add_buffer(&rs, "mem", log, strlen(log));
	s = render(&rs, 2, NULL);
	CHECK(strstr(s, "\"arch\":\"x86_64\",\"counter_hz\":1000000000,"
		     "\"idle_wait\":\"hlt\",\"virtualized\":false") != NULL);
	CHECK(strstr(s, "\"config\":{\"window\":\"time\"}") != NULL);
	CHECK(strstr(s, "\"domains\":[{\"kind\":\"node\",\"id\":1,"
		     "\"cpus\":\"0-3,8-9\",\"dist\":[20,10]}]") != NULL);
	/* ns from the median and the clock, clean as none lost */
	CHECK(strstr(s, "\"results\":[\n{\"label\":\"global mask\","
		     "\"layout\":\"global\",\"median\":20.0,\"ns\":20,"
		     "\"pct\":100,\"clean\":1}") != NULL);
	CHECK(strstr(s, "\"cpus\":0") == NULL);	/* no topo: no cpus */
	free(s);
	for (size_t i = 1; k && k[i].key; i++)
		snprintf(head + strlen(head), sizeof(head) - strlen(head),
			 ",%s", k[i].key);
	strcat(head, ",complete,status");
	for (const struct rec_schema *x = rec_schema_first(); x;
	     x = rec_schema_next(x))
		for (size_t i = 1; x[i].key; i++)
			if (x[i].role == REC_R_MACHINE)
				snprintf(head + strlen(head),
					 sizeof(head) - strlen(head), ",%s",
					 x[i].key);
	strcat(head, "\n");
	s = render(&rs, 3, NULL);
	CHECK(k && !strncmp(s, head, strlen(head)));
	CHECK(strstr(s, ",20.0,") != NULL);	/* as the record wrote it */
	free(s);
	runset_free(&rs);
}

int main(void)
{
	older_members_are_the_schema();
	riscv_log();
	no_map_and_bad_hist();
	stopped_and_proof();
	rw_rows();
	scale_rows();
	/* every key the host files read, in all of the above, is one the
	 * schema gives the record's kind */
	CHECK_EQ_U64(run_rec_bad_reads, 0);
	return check_done("test_runmap");
}
