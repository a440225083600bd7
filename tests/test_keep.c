// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host test for core/output/keep.c: the record stream of a 2-socket server with
 * 384 CPUs and 24 LLCs (a default run's shape: hello, topo, 384 cpu and
 * their cache records, 24 llc and node lines, per-LLC group records for
 * every layout and gap, then the results, proof, qr and end) overflows
 * the 48 KiB store.  Every record of rank 0 (the verdict) must be kept,
 * in console order; the per-CPU and per-group detail gives way.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "output/keep.h"
#include "output/record_schema.h"

static unsigned sent[3], total_bytes;

static void rec(const char *kind, const char *fmt, unsigned i)
{
	char body[256], line[320];
	int n;

	snprintf(body, sizeof(body), fmt, i, i % 24, i / 192, i % 2);
	n = snprintf(line, sizeof(line), "@sbm %s v=1 run=1a2b3c4d %s  "
		     "#%08x\n", kind, body, i * 2654435761u);
	keep_record(line, (size_t)n);
	sent[keep_rank(kind)]++;
	total_bytes += (unsigned)n;
}

static void stream(void)
{
	static const char *const layouts[] = { "global", "node", "llc",
					       "llc-u8", "private",
					       "private-u8" };

	rec("hello", "version=0.1.0 arch=x86_64 platform=uefi virt=none "
	    "cpu_model=\"AMD EPYC 9654 96-Core Processor\" counter=tsc "
	    "counter_hz=2400000000 hz_source=cpuid-15h cycles=1 n=%u%u%u%u", 0);
	rec("topo", "cpus=384 packages=2 nodes=2 llcs=24 cores=192 smt=2 "
	    "line=64 llc_source=cpuid-8000001d node_source=srat n=%u%u%u%u", 0);
	for (unsigned i = 0; i < 384; i++)
		rec("cpu", "id=%u hwid=0x%x node=%u package=%u core=0 smt=0 "
		    "llc=0 bsp=0", i);
	for (unsigned i = 0; i < 4 * 24; i++)
		rec("cache", "level=%u type=unified size=33554432 line=64 "
		    "ways=16 shared_by=16 instances=24 n=%u%u", i);
	for (unsigned i = 0; i < 24; i++)
		rec("llc", "id=%u cpus=16 list=0-7,192-199 n=%u%u%u", i);
	rec("config", "iters=100000 reps=auto warmup=1000 cpus=384 mode=loop "
	    "ops=lock_bts,lock_btr placement=node n=%u%u%u%u", 0);
	for (unsigned gap = 0; gap < 2; gap++)
		for (unsigned l = 0; l < 6; l++) {
			for (unsigned g = 0; g < 24; g++)
				rec("group", "layout=x gap=%u group=%u cpus=16 "
				    "mean=123.456 median=120.1 max=180.3 "
				    "cv=1.25 n=%u%u", g);
			rec("result", "layout=x op=lock_bts mode=loop cpus=384 "
			    "iters=100000 reps=7 unit=ticks median=1234.5 "
			    "mean=1240.1 min=1100.2 max=1500.3 stddev=12.5 "
			    "cv=1.01 rep_cv=0.8 ns=514.3 pct=100 clean=1 "
			    "gap=%u ci95=4.5 upd_ns=257.1 n=%u%u%u", l);
			(void)layouts;
		}
	rec("proof", "partner=nearest gap=1000 cost_ns=150.2 c2c_ns=140.1 "
	    "verdict=agree n=%u%u%u%u", 0);
	rec("qr", "parts=2 held=40 results=12 of_results=12 n=%u%u%u%u", 0);
	rec("end", "status=ok warnings=0 records=1400 cpus=384 lost=0 "
	    "start_ms=1234 n=%u%u%u%u", 0);
}

/*
 * The ranks come from the schema (record_schema.def) and keep what the
 * three keepers' own tables said before it: the verdict first, the
 * lists that grow with the machine last; a kind the schema does not know
 * is kept last by every keeper (it was kept first by one, last by
 * another).  And the schema is well formed: kinds fit keep_kind()'s
 * buffer, no kind or key twice, QR ranks in range.
 */
static void ranks_from_schema(void)
{
	static const char *const verdict[] = { "hello", "topo", "config",
		"result", "proof", "qr", "end", "error", "cpufail" };
	static const char *const rest[] = { "warn", "llc", "node", "rw",
		"c2c-plan", "noise-plan", "scale-plan", "rw-plan",
		"scale-summary" };
	static const char *const lists[] = { "cpu", "cache", "c2c", "noise",
		"scale", "group" };
	size_t nkinds = 0;

	for (size_t i = 0; i < sizeof(verdict) / sizeof(verdict[0]); i++)
		CHECK(keep_rank(verdict[i]) == 0 && !keep_bulky(verdict[i]));
	for (size_t i = 0; i < sizeof(rest) / sizeof(rest[0]); i++)
		CHECK(keep_rank(rest[i]) == 1 && !keep_bulky(rest[i]));
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		CHECK(keep_rank(lists[i]) == 2);
	CHECK(keep_bulky("cpu") && keep_bulky("c2c") && keep_bulky("scale"));
	CHECK(!keep_bulky("group"));
	CHECK(keep_rank("frob") == 2 && keep_bulky("frob"));
	CHECK(rec_schema_rank("frob")->qr == REC_QR_RANKS - 1);
	CHECK(rec_schema_kind("frob") == NULL);
	CHECK(rec_schema_kind("end")->save == REC_SAVE_END);
	for (const struct rec_schema *k = rec_schema_first(); k;
	     k = rec_schema_next(k)) {
		char kind[16];
		char line[64];

		nkinds++;
		snprintf(line, sizeof(line), "@sbm %s v=1", k->kind);
		keep_kind(line, strlen(line), kind, sizeof(kind));
		CHECK_STR(kind, k->kind);
		CHECK(rec_schema_kind(k->kind) == k);
		CHECK(k->qr < REC_QR_RANKS && k->save <= REC_SAVE_LIST);
		for (const struct rec_schema *f = k + 1; f->key; f++) {
			CHECK(rec_schema_key(k, f->key) == f);
			CHECK(f->key[strcspn(f->key, " =\"#")] == 0);
		}
	}
	CHECK(nkinds >= 24);
	CHECK(rec_schema_key(rec_schema_kind("result"), "gap") != NULL);
	CHECK(rec_schema_key(rec_schema_kind("result"), "gap_ns") == NULL);
	CHECK(rec_schema_key(NULL, "gap") == NULL);
	CHECK(rec_schema_value_ok(REC_T_U64, "12") &&
	      !rec_schema_value_ok(REC_T_U64, "-1") &&
	      !rec_schema_value_ok(REC_T_U64, ""));
	CHECK(rec_schema_value_ok(REC_T_DBL, "-0.125") &&
	      rec_schema_value_ok(REC_T_DBL, "3") &&
	      !rec_schema_value_ok(REC_T_DBL, "nan") &&
	      !rec_schema_value_ok(REC_T_DBL, "1."));
	CHECK(rec_schema_value_ok(REC_T_HEX, "0x1f") &&
	      !rec_schema_value_ok(REC_T_HEX, "0x") &&
	      !rec_schema_value_ok(REC_T_HEX, "0X1F"));
	CHECK(rec_schema_value_ok(REC_T_LIST, "0,12,9") &&
	      !rec_schema_value_ok(REC_T_LIST, "1,") &&
	      !rec_schema_value_ok(REC_T_LIST, "1-3"));
	CHECK(rec_schema_value_ok(REC_T_CPUS, "0-3,8") &&
	      !rec_schema_value_ok(REC_T_CPUS, "0-") &&
	      !rec_schema_value_ok(REC_T_CPUS, ",1"));
	CHECK(rec_schema_value_ok(REC_T_U64_OR_NEVER, "never") &&
	      rec_schema_value_ok(REC_T_U64_OR_NEVER, "4") &&
	      !rec_schema_value_ok(REC_T_U64_OR_NEVER, "soon"));
}

int main(void)
{
	size_t n, len, kept[3] = { 0 }, bytes = 0;
	char kind[16], last[16] = "";
	unsigned order = 0;

	ranks_from_schema();
	keep_reset();
	stream();
	CHECK(total_bytes > KEEP_BYTES * 3 / 2);	/* the stream overflows */
	n = keep_count();
	for (size_t i = 0; i < n; i++) {
		const char *l = keep_line(i, &len);

		keep_kind(l, len, kind, sizeof(kind));
		kept[keep_rank(kind)]++;
		bytes += len;
		/* console order: hello first, end last */
		if (i == 0)
			CHECK_STR(kind, "hello");
		if (!strcmp(kind, "end"))
			order = (unsigned)i;
		strcpy(last, kind);
	}
	CHECK_STR(last, "end");
	CHECK_EQ_U64(order, n - 1);
	CHECK(bytes <= KEEP_BYTES);
	/* every verdict record, and none of the detail is lost first */
	CHECK_EQ_U64(kept[0], sent[0]);
	CHECK_EQ_U64(sent[0], 1 + 1 + 1 + 12 + 1 + 1 + 1);
	CHECK(kept[2] < sent[2]);
	CHECK(kept[2] > 0);		/* but detail where it fits */
	CHECK_EQ_U64(keep_dropped(), sent[0] + sent[1] + sent[2] - n);
	printf("kept %zu of %u records (%zu bytes of %u): rank 0 %zu/%u, "
	       "rank 1 %zu/%u, rank 2 %zu/%u\n", n, sent[0] + sent[1] + sent[2],
	       bytes, total_bytes, kept[0], sent[0], kept[1], sent[1],
	       kept[2], sent[2]);

	/* a verdict record that cannot fit even after every eviction is
	 * dropped without evicting anything */
	keep_reset();
	for (unsigned i = 0; i < 2000; i++)
		rec("result", "layout=global gap=%u pad=%u%u%u "
		    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", i);
	CHECK(keep_count() <= KEEP_MAX);
	CHECK(keep_dropped() > 0);
	return check_done("test_keep");
}
