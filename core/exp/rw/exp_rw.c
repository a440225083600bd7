/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rw: writers set and clear their bits as idle entry and exit do while
 * readers scan the mask.  Options: the readers' op and place, the
 * writers' rhythm.
 *
 * In three parts: its records' kinds and keys (all the host tools need:
 * they compile it with SBM_EXP_RECORDS_ONLY), its options (the option
 * fuzzer stops there: SBM_EXP_DECLS_ONLY), the experiment: placement,
 * prepare and struct experiment here, what each CPU runs in
 * rw_bodies.c, the phases, records and table in rw_run.c (exp_rw.h).
 */

/* its records, in the form of core/output/record_schema.def */
#include "exp/sbm/exp_sbm_opts.h"
#include "output/record_schema.h"

#ifndef SBM_EXP_NO_RECORDS
const struct rec_schema exp_rw_records[] = {
	REC_KIND("rw-plan", REST, 5, ONE)
	REC_KEY("writers", U64, "")
	REC_KEY("readers", U64, "")
	REC_KEY("writer_cpus", CPUS, "")
	REC_KEY("reader_cpus", CPUS, "")
	REC_KEY("place", STR, "")
	REC_KEY("reader", STR, "")
	REC_KEY("idle_ns", U64, "ns")
	REC_KEY("run_ns", U64, "ns")
	REC_KEY("scan_ns", U64, "ns")
	REC_KEY("phase_ms", U64, "ms")
	REC_KEY("line", U64, "bytes")
	REC_KEY("alone_scan", STR, "")
	REC_KEY("test_stale", U64, "flag")

	REC_KIND("rw", REST, 4, ONE)
	REC_KEY("layout", STR, "")
	REC_KEY("reader", STR, "")
	REC_KEY("writers", U64, "")
	REC_KEY("readers", U64, "")
	REC_KEY("writer_ns", DBL, "ns")
	REC_KEY("writer_alone_ns", DBL, "ns")
	REC_KEY("floor_ns", DBL, "ns")
	REC_KEY("above_ns", DBL, "ns")
	REC_KEY("above_alone_ns", DBL, "ns")
	REC_KEY("writer_median_ns", DBL, "ns")
	REC_KEY("writer_alone_median_ns", DBL, "ns")
	REC_KEY("reader_ns", DBL, "ns")
	REC_KEY("reader_alone_ns", DBL, "ns")
	REC_KEY("reader_median_ns", DBL, "ns")
	REC_KEY("reader_alone_median_ns", DBL, "ns")
	REC_KEY("reader_cached_ns", DBL, "ns")
	REC_KEY("reader_cached_median_ns", DBL, "ns")
	REC_KEY("visited", DBL, "CPUs")
	REC_KEY("visited_alone", DBL, "CPUs")
	REC_KEY("lines", DBL, "lines")
	REC_KEY("per_cpu_ns", DBL, "ns")
	REC_KEY("updates", U64, "")
	REC_KEY("scans", U64, "")
	REC_KEY("dropped", U64, "")
	REC_KEY("check", STR, "")
	REC_KEY("wrong", STR, "")
	REC_KEY("trimmed", U64, "")
	REC_END
};
#endif /* !SBM_EXP_NO_RECORDS */

#ifndef SBM_EXP_RECORDS_ONLY
#include <stdio.h>

#include "exp/rw/exp_rw_opts.h"
#include "options/config.h"
#include "options/config_words.h"
#include "options/option.h"
#include "measure/sbm_read.h"

struct rw_opts rw_opts;

static int set_reader(const struct option_decl *d, struct config *c,
		      const char *val, char *err, size_t errlen)
{
	int op = sbm_read_parse(val);

	if (op < 0)
		return config_bad_value(err, errlen, d->key, val,
					sbm_read_names());
	(void)c;
	rw_opts.reader = (uint32_t)op;
	return 0;
}

static void format_reader(const struct option_decl *d,
			  const struct config *c, char *buf, size_t len)
{
	(void)d;
	(void)c;
	snprintf(buf, len, "%s", sbm_read_name(rw_opts.reader));
}

/* auto (another LLC if any) is the default, not a value to give */
static const char *const places[] = {
	"auto", "other-llc", "same-llc", "other-node", NULL
};

static const struct option_decl decls[] = {
	/* find_new_ilb(): idle & housekeeping */
	{ .key = "reader", .kind = OPT_CUSTOM,
	  OPT_OWN_FIELD(struct rw_opts, reader),
	  .flags = OPT_IF_RUNS, .set = set_reader, .format = format_reader,
	  .def = "and", .meta = "OP", .help = "the readers' op: first, "
	  "wrap, wrap-llc, and, weight, gather, idle-core" },
	{ .key = "rw_readers", .kind = OPT_ENUM,
	  OPT_OWN_FIELD(struct rw_opts, place),
	  .flags = OPT_IF_RUNS, .names = places, .lo = 1,
	  .def_doc = "other-llc", .meta = "P",
	  .help = "where readers sit (unset: other-llc where there is one, "
	  "else same-llc)" },
	{ .key = "rw_nreaders", .kind = OPT_UINT,
	  OPT_OWN_FIELD(struct rw_opts, nreaders),
	  .flags = OPT_IF_RUNS, .lo = 1, .hi = 4095, .def = "1", .meta = "N",
	  .help = "reader CPUs" },
	{ .key = "rw_writers", .kind = OPT_UINT,
	  OPT_OWN_FIELD(struct rw_opts, writers),
	  .flags = OPT_IF_RUNS, .lo = 1, .hi = 4095,
	  .def_doc = "every chosen CPU the placement leaves", .meta = "N",
	  .help = "writer CPUs" },
	/* a busy server's idle spells: tens of us, some 10^4 a second */
	{ .key = "rw_idle_ns", .kind = OPT_UINT,
	  OPT_OWN_FIELD(struct rw_opts, idle_ns),
	  .flags = OPT_IF_RUNS, .lo = 0, .hi = SBM_MAX_GAP_NS,
	  .def = "20000", .meta = "N", .help = "a writer's idle spell, ns" },
	{ .key = "rw_run_ns", .kind = OPT_UINT,
	  OPT_OWN_FIELD(struct rw_opts, run_ns),
	  .flags = OPT_IF_RUNS, .lo = 0, .hi = SBM_MAX_GAP_NS,
	  .def = "80000", .meta = "N", .help = "a writer's busy spell, ns" },
	{ .key = "rw_scan_ns", .kind = OPT_UINT,
	  OPT_OWN_FIELD(struct rw_opts, scan_ns),
	  .flags = OPT_IF_RUNS, .lo = 0, .hi = SBM_MAX_GAP_NS,
	  .def = "10000", .meta = "N",
	  .help = "a reader's pause between two scans, ns" },
	{ .key = "rw_ms", .kind = OPT_UINT, OPT_OWN_FIELD(struct rw_opts, ms),
	  .flags = OPT_IF_RUNS, .lo = 1, .hi = 600000, .def = "200",
	  .meta = "N", .help = "each phase of each layout, ms" },
	/* test only: the quiet check must see a stale bit; a run with it
	 * says so in its options line */
	{ .key = "rw_test_stale", .kind = OPT_UINT,
	  OPT_OWN_FIELD(struct rw_opts, test_stale),
	  .flags = OPT_IF_RUNS | OPT_IF_SET, .lo = 0, .hi = 1, .def = "0",
	  .meta = "BOOL", .help = "test only: a stale bit for the check" },
	{ .key = NULL }
};

const struct option_set exp_rw_options = {
	.name = "rw", .decls = decls, .own = &rw_opts,
	.own_size = sizeof(rw_opts)
};

#ifndef SBM_EXP_DECLS_ONLY
#include <stdlib.h>
#include <string.h>

#include "measure/c2c_pairs.h"
#include "exp/rw/exp_rw.h"
#include "isa_ops.h"
#include "engine/mem.h"
#include "output/report.h"

const char *const rw_place_names[] = {
	"auto", "other-llc", "same-llc", "other-node"
};

static int rw_check(const struct engine *e, const char **why)
{
	(void)e;
	if (sbm_opts.mode == MODE_PAIR) {
		*why = "experiment=rw needs CPUs parked on the engine "
		       "(valid with mode=loop; mode=pair is sbm's only)";
		return -1;
	}
	if (!ops_find(sbm_opts.op, false) || !ops_find(sbm_opts.op_u8, true)) {
		*why = "experiment=rw: unknown op (valid: see ops available)";
		return -1;
	}
	return 0;
}

static uint32_t group_of(const struct topo *t, uint32_t cpu,
			 enum rw_place p)
{
	return p == RW_OTHER_NODE ? t->cpus[cpu].node : t->cpus[cpu].llc;
}

/*
 * Readers at the far end of the topology order (other-llc, other-node)
 * or in the first CPU's LLC (same-llc); writers from the start of the
 * order, outside the readers' LLC or node unless same-llc.
 */
static int place_cpus(struct engine *e, struct rw_exp *x, const char **why)
{
	const struct topo *t = e->topo;
	uint32_t *ord = malloc(sizeof(uint32_t) * t->ncpus), n, want;
	enum rw_place p = rw_opts.place;

	if (!ord)
		return -1;
	n = topo_order(t, e->chosen, ord);
	if (n < 2) {
		*why = "experiment=rw needs two CPUs or more";
		goto fail;
	}
	if (p == RW_AUTO)
		p = t->cpus[ord[0]].llc != t->cpus[ord[n - 1]].llc ?
		    RW_OTHER_LLC : RW_SAME_LLC;
	x->place = p;
	want = rw_opts.nreaders;
	for (uint32_t i = n; i-- > 1 && x->nreaders < want;) {
		uint32_t c = ord[i];

		if (p == RW_SAME_LLC ? t->cpus[c].llc != t->cpus[ord[0]].llc :
		    group_of(t, c, p) == group_of(t, ord[0], p))
			continue;
		x->role[c] = RW_R;
		x->reader_idx[c] = x->nreaders;
		x->readers[x->nreaders++] = c;
	}
	if (x->nreaders < want) {
		*why = p == RW_SAME_LLC ? "rw: too few CPUs in the first LLC "
		       "for the readers (valid: fewer rw_nreaders)" :
		       "rw: too few CPUs outside the first LLC or node for the "
		       "readers (valid: rw_readers=same-llc, fewer rw_nreaders)";
		goto fail;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t c = ord[i];
		bool apart = true;

		for (uint32_t k = 0; k < x->nreaders && p != RW_SAME_LLC; k++)
			if (group_of(t, c, p) == group_of(t, x->readers[k], p))
				apart = false;
		if (x->role[c] || !apart ||
		    (rw_opts.writers && x->nwriters == rw_opts.writers))
			continue;
		x->role[c] = RW_W;
		x->writers[x->nwriters++] = c;
	}
	if (!x->nwriters || x->nwriters < rw_opts.writers) {
		*why = "rw: too few CPUs left for the writers "
		       "(valid: fewer rw_writers or rw_nreaders)";
		goto fail;
	}
	memcpy(x->both, x->writers, sizeof(uint32_t) * x->nwriters);
	memcpy(x->both + x->nwriters, x->readers,
	       sizeof(uint32_t) * x->nreaders);
	free(ord);
	return 0;
fail:
	free(ord);
	return -1;
}

static int rw_prepare(struct engine *e, void **state)
{
	struct rw_exp *x = calloc(1, sizeof(*x));
	const struct topo *t = e->topo;
	size_t cpu_bytes;
	const char *why = "out of memory";
	uint64_t hz = e->info.counter_hz;
	char wl[64], rl[64];
	struct rec r;

	*state = x;
	if (!x)
		goto fail;
	cpu_bytes = sizeof(struct rw_cpu) * t->ncpus;
	x->cpu_mem = mem_alloc_aligned(cpu_bytes, ENGINE_ALIGN);
	x->cpu = x->cpu_mem;
	x->sync = mem_alloc_aligned(sizeof(*x->sync), ENGINE_ALIGN);
	x->role = calloc(t->ncpus, 1);
	x->reader_idx = calloc(t->ncpus, sizeof(uint32_t));
	x->hidx = calloc(t->ncpus, sizeof(uint32_t));
	x->writers = calloc(t->ncpus, sizeof(uint32_t));
	x->readers = calloc(t->ncpus, sizeof(uint32_t));
	x->both = calloc(t->ncpus, sizeof(uint32_t));
	x->set = calloc(t->ncpus, sizeof(bool));
	x->other = calloc((t->ncpus + 63) / 64, sizeof(uint64_t));
	if (!x->cpu || !x->sync || !x->role || !x->reader_idx || !x->hidx ||
	    !x->writers || !x->readers || !x->both || !x->set || !x->other)
		goto fail;
	memset(x->cpu, 0, cpu_bytes);
	if (place_cpus(e, x, &why))
		goto fail;
	x->rd = calloc(x->nreaders, sizeof(*x->rd));
	x->ref_dense = calloc((size_t)x->nreaders * ((t->ncpus + 63) / 64),
			      sizeof(uint64_t));
	x->hist = mem_alloc_aligned(sizeof(struct rw_hist) *
				    (x->nwriters + 2 * x->nreaders),
				    ENGINE_ALIGN);
	if (!x->rd || !x->ref_dense || !x->hist)
		goto fail;
	for (uint32_t i = 0; i < x->nwriters; i++)
		x->hidx[x->writers[i]] = i;
	for (uint32_t i = 0; i < x->nreaders; i++)
		x->hidx[x->readers[i]] = x->nwriters + i;
	/* housekeeping for the and op: every CPU but the readers */
	for (uint32_t i = 0; i < t->ncpus; i++)
		if (x->role[i] != RW_R)
			x->other[i / 64] |= 1ull << (i % 64);
	x->spacing = sbm_spacing(sbm_opts.line, t);
	if (node_arena_for_layouts(&x->arena, t, sbm_opts.layouts, x->spacing,
				   &why))
		goto fail;
	x->spin_ns = ops_spin_ns(hz);
	if (x->spin_ns <= 0)
		x->spin_ns = 1;
	x->idle_spins = (uint64_t)(rw_opts.idle_ns / x->spin_ns);
	x->run_spins = (uint64_t)(rw_opts.run_ns / x->spin_ns);
	x->scan_spins = (uint64_t)(rw_opts.scan_ns / x->spin_ns);
	x->phase_ticks = engine_ms_ticks(e, rw_opts.ms);
	topo_format_list(wl, sizeof(wl), x->writers, x->nwriters);
	topo_format_list(rl, sizeof(rl), x->readers, x->nreaders);
	report_printf("rw: writers %s (idle %u ns, run %u ns), readers %s "
		      "(%s, every %u ns) on %s; %u ms a phase; alone, each "
		      "scan reads lines the writers just wrote\n", wl,
		      rw_opts.idle_ns, rw_opts.run_ns, rl,
		      sbm_read_name(rw_opts.reader), rw_opts.scan_ns,
		      rw_place_names[x->place], rw_opts.ms);
	report_rec_start(&r, "rw-plan");
	rec_u64(&r, "writers", x->nwriters);
	rec_u64(&r, "readers", x->nreaders);
	rec_str(&r, "writer_cpus", wl);
	rec_str(&r, "reader_cpus", rl);
	rec_str(&r, "place", rw_place_names[x->place]);
	rec_str(&r, "reader", sbm_read_name(rw_opts.reader));
	rec_u64(&r, "idle_ns", rw_opts.idle_ns);
	rec_u64(&r, "run_ns", rw_opts.run_ns);
	rec_u64(&r, "scan_ns", rw_opts.scan_ns);
	rec_u64(&r, "phase_ms", rw_opts.ms);
	rec_u64(&r, "line", x->spacing);
	/* reader_alone_ns is a scan of lines the writers last wrote, not
	 * of lines already in the reader's cache */
	rec_str(&r, "alone_scan", "after-write");
	if (rw_opts.test_stale)
		rec_u64(&r, "test_stale", 1);
	report_record(&r);
	if (rw_opts.test_stale)
		report_printf("rw: TEST rw_test_stale=1: the quiet check "
			      "reads a stale bit and must fail\n");
	return 0;
fail:
	report_warn("rw", 0, why);
	return -1;
}

static uint64_t rw_estimate_ms(struct engine *e, void *state)
{
	uint64_t n = 0;

	(void)e;
	(void)state;
	for (int k = 0; k < SBM_NKINDS; k++)
		n += !!(sbm_opts.layouts & (1u << k));
	return n * RW_NPHASES * rw_opts.ms;
}

static void rw_release(struct engine *e, void *state)
{
	struct rw_exp *x = state;

	(void)e;
	if (!x)
		return;
	node_arena_free(&x->arena);
	mem_free_aligned(x->cpu_mem);
	mem_free_aligned(x->sync);
	free(x->rd);
	free(x->role);
	free(x->reader_idx);
	free(x->writers);
	free(x->readers);
	free(x->both);
	free(x->set);
	free(x->other);
	free(x->ref_dense);
	free(x->hidx);
	mem_free_aligned(x->hist);
	free(x);
}

const struct experiment exp_rw = {
	.options = &exp_rw_options,
	.check = rw_check,
	.prepare = rw_prepare,
	.estimate_ms = rw_estimate_ms,
	.run = rw_run,
	.report = rw_report,
	.release = rw_release,
};

#endif /* !SBM_EXP_DECLS_ONLY */

#endif /* !SBM_EXP_RECORDS_ONLY */
