/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rw: writers set and clear their bits as idle entry and exit do while
 * readers scan the mask.  Options: the readers' op and place, the
 * writers' rhythm.
 *
 * One file, in three parts: its records' kinds and keys (all the host
 * tools need: they compile it with SBM_EXP_RECORDS_ONLY), its options
 * (the option fuzzer stops there: SBM_EXP_DECLS_ONLY), the experiment.
 */

/* its records, in the form of core/output/record_schema.def */
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

#include "options/config.h"
#include "options/config_words.h"
#include "options/option.h"
#include "measure/sbm_read.h"

static int set_reader(const struct option_decl *d, struct config *c,
		      const char *val, char *err, size_t errlen)
{
	int op = sbm_read_parse(val);

	if (op < 0)
		return config_bad_value(err, errlen, d->key, val,
					sbm_read_names());
	c->reader = (uint32_t)op;
	return 0;
}

static void format_reader(const struct option_decl *d,
			  const struct config *c, char *buf, size_t len)
{
	(void)d;
	snprintf(buf, len, "%s", sbm_read_name(c->reader));
}

/* auto (another LLC if any) is the default, not a value to give */
static const char *const places[] = {
	"auto", "other-llc", "same-llc", "other-node", NULL
};

static const struct option_decl decls[] = {
	/* find_new_ilb(): idle & housekeeping */
	{ .key = "reader", .kind = OPT_CUSTOM, OPT_FIELD(reader),
	  .flags = OPT_IF_RUNS, .set = set_reader, .format = format_reader,
	  .def = "and", .meta = "OP", .help = "the readers' op: first, "
	  "wrap, wrap-llc, and, weight, gather, idle-core" },
	{ .key = "rw_readers", .kind = OPT_ENUM, OPT_FIELD(rw_readers),
	  .flags = OPT_IF_RUNS, .names = places, .lo = 1,
	  .def_doc = "other-llc", .meta = "P",
	  .help = "where readers sit (unset: other-llc where there is one, "
	  "else same-llc)" },
	{ .key = "rw_nreaders", .kind = OPT_UINT, OPT_FIELD(rw_nreaders),
	  .flags = OPT_IF_RUNS, .lo = 1, .hi = 4095, .def = "1", .meta = "N",
	  .help = "reader CPUs" },
	{ .key = "rw_writers", .kind = OPT_UINT, OPT_FIELD(rw_writers),
	  .flags = OPT_IF_RUNS, .lo = 1, .hi = 4095,
	  .def_doc = "every chosen CPU the placement leaves", .meta = "N",
	  .help = "writer CPUs" },
	/* a busy server's idle spells: tens of us, some 10^4 a second */
	{ .key = "rw_idle_ns", .kind = OPT_UINT, OPT_FIELD(rw_idle_ns),
	  .flags = OPT_IF_RUNS, .lo = 0, .hi = CONFIG_MAX_GAP_NS,
	  .def = "20000", .meta = "N", .help = "a writer's idle spell, ns" },
	{ .key = "rw_run_ns", .kind = OPT_UINT, OPT_FIELD(rw_run_ns),
	  .flags = OPT_IF_RUNS, .lo = 0, .hi = CONFIG_MAX_GAP_NS,
	  .def = "80000", .meta = "N", .help = "a writer's busy spell, ns" },
	{ .key = "rw_scan_ns", .kind = OPT_UINT, OPT_FIELD(rw_scan_ns),
	  .flags = OPT_IF_RUNS, .lo = 0, .hi = CONFIG_MAX_GAP_NS,
	  .def = "10000", .meta = "N",
	  .help = "a reader's pause between two scans, ns" },
	{ .key = "rw_ms", .kind = OPT_UINT, OPT_FIELD(rw_ms),
	  .flags = OPT_IF_RUNS, .lo = 1, .hi = 600000, .def = "200",
	  .meta = "N", .help = "each phase of each layout, ms" },
	/* test only: the quiet check must see a stale bit; a run with it
	 * says so in its options line */
	{ .key = "rw_test_stale", .kind = OPT_UINT, OPT_FIELD(rw_test_stale),
	  .flags = OPT_IF_RUNS | OPT_IF_SET, .lo = 0, .hi = 1, .def = "0",
	  .meta = "BOOL", .help = "test only: a stale bit for the check" },
	{ .key = NULL }
};

const struct option_set exp_rw_options = { .name = "rw", .decls = decls };

#ifndef SBM_EXP_DECLS_ONLY
#include <stdlib.h>
#include <string.h>

#include "measure/c2c_pairs.h"
#include "exp/exp_rw.h"
#include "isa_ops.h"
#include "engine/mem.h"
#include "output/report.h"

#define RW_W 1
#define RW_R 2

static const char *const place_names[] = {
	"auto", "other-llc", "same-llc", "other-node"
};

static int rw_check(const struct engine *e, const char **why)
{
	if (e->cfg->mode == MODE_PAIR) {
		*why = "experiment=rw needs CPUs parked on the engine "
		       "(valid with mode=loop; mode=pair is sbm's only)";
		return -1;
	}
	if (!ops_find(e->cfg->op, false) || !ops_find(e->cfg->op_u8, true)) {
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
	enum rw_place p = e->cfg->rw_readers;

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
	want = e->cfg->rw_nreaders;
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
		    (e->cfg->rw_writers && x->nwriters == e->cfg->rw_writers))
			continue;
		x->role[c] = RW_W;
		x->writers[x->nwriters++] = c;
	}
	if (!x->nwriters || x->nwriters < e->cfg->rw_writers) {
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
				    (x->nwriters + x->nreaders), ENGINE_ALIGN);
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
	x->op = ops_find(e->cfg->op, false);
	x->op_u8 = ops_find(e->cfg->op_u8, true);
	x->spacing = sbm_spacing(e->cfg->line, t);
	if (node_arena_for_layouts(&x->arena, t, e->cfg->layouts, x->spacing,
				   &why))
		goto fail;
	x->spin_ns = ops_spin_ns(hz);
	if (x->spin_ns <= 0)
		x->spin_ns = 1;
	x->idle_spins = (uint64_t)(e->cfg->rw_idle_ns / x->spin_ns);
	x->run_spins = (uint64_t)(e->cfg->rw_run_ns / x->spin_ns);
	x->scan_spins = (uint64_t)(e->cfg->rw_scan_ns / x->spin_ns);
	x->phase_ticks = engine_ms_ticks(e, e->cfg->rw_ms);
	topo_format_list(wl, sizeof(wl), x->writers, x->nwriters);
	topo_format_list(rl, sizeof(rl), x->readers, x->nreaders);
	report_printf("rw: writers %s (idle %u ns, run %u ns), readers %s "
		      "(%s, every %u ns) on %s; %u ms a phase; alone, each "
		      "scan reads lines the writers just wrote\n", wl,
		      e->cfg->rw_idle_ns, e->cfg->rw_run_ns, rl,
		      sbm_read_name(e->cfg->reader), e->cfg->rw_scan_ns,
		      place_names[x->place], e->cfg->rw_ms);
	report_rec_start(&r, "rw-plan");
	rec_u64(&r, "writers", x->nwriters);
	rec_u64(&r, "readers", x->nreaders);
	rec_str(&r, "writer_cpus", wl);
	rec_str(&r, "reader_cpus", rl);
	rec_str(&r, "place", place_names[x->place]);
	rec_str(&r, "reader", sbm_read_name(e->cfg->reader));
	rec_u64(&r, "idle_ns", e->cfg->rw_idle_ns);
	rec_u64(&r, "run_ns", e->cfg->rw_run_ns);
	rec_u64(&r, "scan_ns", e->cfg->rw_scan_ns);
	rec_u64(&r, "phase_ms", e->cfg->rw_ms);
	rec_u64(&r, "line", x->spacing);
	/* reader_alone_ns is a scan of lines the writers last wrote, not
	 * of lines already in the reader's cache */
	rec_str(&r, "alone_scan", "after-write");
	if (e->cfg->rw_test_stale)
		rec_u64(&r, "test_stale", 1);
	report_record(&r);
	if (e->cfg->rw_test_stale)
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

	(void)state;
	for (int k = 0; k < SBM_NKINDS; k++)
		n += !!(e->cfg->layouts & (1u << k));
	return n * RW_NPHASES * e->cfg->rw_ms;
}

/* An idle cycle as nohz sees it: set on entry, clear on exit; only the
 * two updates are timed, never the spells. */
static void writer(struct rw_exp *x, uint32_t cpu, uint64_t end)
{
	const struct sbm_layout *l = &x->layout;
	const struct sbm_op *op = l->bytewise ? x->op_u8 : x->op;
	void *p = sbm_slot_ptr(l, &x->arena.a, cpu);
	unsigned bit = l->slot[cpu].bit;
	struct rw_cpu *c = &x->cpu[cpu];
	struct hist *h = &x->hist[x->hidx[cpu]].h;
	uint64_t ticks = 0, n = 0;

	memset(h, 0, sizeof(*h));
	/* at least one idle cycle: a CPU whose thread (twin) or vCPU was
	 * not running for the whole window still measures something */
	while (!n || isa_counter() < end) {
		uint64_t t0 = isa_counter(), t1, t2, t3;

		op->set(p, bit);
		t1 = isa_counter();
		ops_spin(x->idle_spins);
		t2 = isa_counter();
		op->clear(p, bit);
		t3 = isa_counter();
		ops_spin(x->run_spins);
		ticks += (t1 - t0) + (t3 - t2);
		n += 2;
		hist_add(h, t1 - t0);
		hist_add(h, t3 - t2);
	}
	c->ticks = ticks;
	c->n = n;
}

/* A wait of the handshake past the engine's deadline: the run fails. */
static bool gave_up(struct engine *e, uint64_t t0)
{
	if (e->failed || isa_counter() - t0 > e->deadline) {
		e->failed = 1;
		return true;
	}
	return false;
}

/* Readers alone: per round the readers ask for, one set and one clear
 * of this writer's place (untimed), so the line is modified in this
 * CPU's cache when the readers scan it. */
static void dirtier(struct engine *e, struct rw_exp *x, uint32_t cpu)
{
	const struct sbm_layout *l = &x->layout;
	const struct sbm_op *op = l->bytewise ? x->op_u8 : x->op;
	void *p = sbm_slot_ptr(l, &x->arena.a, cpu);
	unsigned bit = l->slot[cpu].bit;
	uint64_t seen = 0, t0 = isa_counter();

	for (;;) {
		uint64_t req = __atomic_load_n(&x->sync->req, __ATOMIC_ACQUIRE);

		if (req == RW_STOP)
			return;
		if (req == seen) {
			if (gave_up(e, t0))
				return;
			isa_relax();
			continue;
		}
		op->set(p, bit);
		op->clear(p, bit);
		seen = req;
		__atomic_add_fetch(&x->sync->ack, 1, __ATOMIC_RELEASE);
		t0 = isa_counter();
	}
}

/* Readers alone: wait until every writer has written for round @round;
 * false when the readers stopped or the wait gave up. */
static bool written(struct engine *e, struct rw_exp *x, uint64_t round)
{
	uint64_t t0 = isa_counter();

	while (__atomic_load_n(&x->sync->ack, __ATOMIC_ACQUIRE) <
	       round * x->nwriters) {
		if (__atomic_load_n(&x->sync->req, __ATOMIC_ACQUIRE) ==
		    RW_STOP || gave_up(e, t0))
			return false;
		isa_relax();
	}
	return true;
}

/* Readers alone: this scan done; the round's last reader asks for the
 * next round, or stops them all once its phase time is up and a timed
 * round (the second) is done. */
static void scanned(struct rw_exp *x, uint64_t round, uint64_t end)
{
	if (__atomic_add_fetch(&x->sync->scanned, 1, __ATOMIC_ACQ_REL) ==
	    round * x->nreaders)
		__atomic_store_n(&x->sync->req, round < 2 ||
				 isa_counter() < end ? round + 1 : RW_STOP,
				 __ATOMIC_RELEASE);
}

/* A reader's scans, one every rw_scan_ns; @alone: each after the
 * writers have written (the handshake), else while they update. */
static void reader(struct engine *e, struct rw_exp *x, uint32_t cpu,
		   uint64_t end, bool alone)
{
	const struct sbm_reader *rd = &x->rd[x->reader_idx[cpu]];
	enum sbm_read_op op = (enum sbm_read_op)e->cfg->reader;
	struct rw_cpu *c = &x->cpu[cpu];
	struct hist *h = &x->hist[x->hidx[cpu]].h;
	uint64_t ticks = 0, n = 0, visited = 0, lines = 0, round = 0;
	struct sbm_read_res res;

	memset(h, 0, sizeof(*h));
	/* one scan at least; alone, one a round, the first untimed (it
	 * brings the reader's own tables in, as a warm reader has them) */
	while (alone || !n || isa_counter() < end) {
		uint64_t t0, dt;

		if (alone && !written(e, x, ++round))
			break;
		t0 = isa_counter();
		sbm_read(rd, &x->arena.a, op, cpu, &res);
		dt = isa_counter() - t0;
		if (alone)
			scanned(x, round, end);
		if (round == 1)
			continue;
		ticks += dt;
		hist_add(h, dt);
		n++;
		visited += res.visited;
		lines += res.lines;
		ops_spin(x->scan_spins);
	}
	c->ticks = ticks;
	c->n = n;
	c->visited = visited;
	c->lines = lines;
}

/* Every op on the known mask, against the reference, on the reader. */
static void quiet_check(struct rw_exp *x, uint32_t cpu)
{
	const struct sbm_reader *rd = &x->rd[x->reader_idx[cpu]];
	size_t words = (x->layout.ncpus + 63) / 64;
	/* allocated by the boot CPU: a bare-metal heap is not for all */
	uint64_t *dense = x->ref_dense + x->reader_idx[cpu] * words;
	struct rw_cpu *c = &x->cpu[cpu];

	c->wrong = 0;
	for (int op = 0; op < SBM_NREADS; op++) {
		struct sbm_read_res got, want;

		sbm_read(rd, &x->arena.a, (enum sbm_read_op)op, cpu, &got);
		sbm_read_ref(rd, x->set, (enum sbm_read_op)op, cpu, dense,
			     &want);
		if (!sbm_read_agree((enum sbm_read_op)op, &got, &want,
				    rd->dense, dense, x->layout.ncpus))
			c->wrong |= 1u << op;
	}
}

static void rw_body(struct engine *e, uint32_t cpu, void *arg)
{
	struct rw_exp *x = arg;
	uint32_t sense = 0;
	uint64_t end;

	if (x->checking) {
		quiet_check(x, cpu);
		return;
	}
	if (!engine_barrier(e, &sense))
		return;
	/* each CPU times its own phase: no cross-CPU counter compare */
	end = isa_counter() + x->phase_ticks;
	if (x->role[cpu] == RW_W && x->phase == RW_READERS)
		dirtier(e, x, cpu);
	else if (x->role[cpu] == RW_W)
		writer(x, cpu, end);
	else if (x->role[cpu] == RW_R)
		reader(e, x, cpu, end, x->phase == RW_READERS);
}

static double ticks_ns(const struct engine *e, double ticks)
{
	return ticks * 1e9 / (double)e->info.counter_hz;
}

double rw_trimmed_mean(const struct hist *h, uint64_t counter_hz,
		       double *median, uint64_t *trimmed)
{
	double m = hist_quantile(h, 0.5);
	double cut = (double)RW_TRIM_NS * (double)counter_hz / 1e9;

	if (cut < m * RW_TRIM_X)
		cut = m * RW_TRIM_X;
	*median = m;
	return hist_mean_below(h, cut, trimmed);
}

/* The @n CPUs @set: the mean of their ops (the trim aside) and their
 * median, in ns; returns the ops counted. */
static uint64_t summarise(const struct engine *e, struct rw_exp *x,
			  const uint32_t *set, uint32_t n, double *mean,
			  double *med, uint64_t *trimmed)
{
	uint64_t out = 0;
	double m;

	memset(&x->sum, 0, sizeof(x->sum));
	for (uint32_t i = 0; i < n; i++)
		hist_merge(&x->sum, &x->hist[x->hidx[set[i]]].h);
	*mean = ticks_ns(e, rw_trimmed_mean(&x->sum, e->info.counter_hz, &m,
					    &out));
	*med = ticks_ns(e, m);
	*trimmed += out;
	return hist_count(&x->sum);
}

/* The readers' figures of phase @ph. */
static void collect(const struct engine *e, struct rw_exp *x,
		    struct rw_result *res, enum rw_phase ph)
{
	uint64_t cnt = 0, visited = 0, lines = 0;

	for (uint32_t i = 0; i < x->nreaders; i++) {
		const struct rw_cpu *c = &x->cpu[x->readers[i]];

		cnt += c->n;
		visited += c->visited;
		lines += c->lines;
	}
	res->n[ph] = summarise(e, x, x->readers, x->nreaders, &res->ns[ph],
			       &res->med[ph], &res->trimmed);
	res->visited[ph] = cnt ? (double)visited / (double)cnt : 0;
	res->lines[ph] = cnt ? (double)lines / (double)cnt : 0;
}

/*
 * Test only (rw_test_stale=1): the first writer's place flipped in the
 * mask the readers scan, not in the known state the reference is
 * computed from: a stale bit, as a lost or reordered update would leave.
 * Every op that covers that CPU must then disagree, and the run fail.
 */
static void stale_bit(struct rw_exp *x)
{
	uint32_t c = x->writers[0];

	if (x->set[c])
		sbm_clear(&x->layout, &x->arena.a, c);
	else
		sbm_set(&x->layout, &x->arena.a, c);
}

/* A warning per op reader @cpu answered wrong in @state; the ops. */
static uint32_t report_wrong(const struct rw_exp *x, uint32_t cpu,
			     const char *state)
{
	uint32_t wrong = x->cpu[cpu].wrong;

	for (int op = 0; op < SBM_NREADS; op++) {
		char msg[128];

		if (!(wrong & (1u << op)))
			continue;
		snprintf(msg, sizeof(msg), "%s: reader op %s answered unlike "
			 "the reference (%s)", sbm_kind_name(x->layout.kind),
			 sbm_read_name((enum sbm_read_op)op), state);
		report_warn("rw", cpu, msg);
	}
	return wrong;
}

/* Known states: every other writer set, all set, none; each reader's
 * answers must be the reference's.  The ops that were not: res->wrong. */
static bool check_layout(struct engine *e, struct rw_exp *x,
			 struct rw_result *res)
{
	static const char *const states[] = {
		"every other writer set", "all writers set", "none set"
	};
	uint64_t deadline_ms = 60000;
	bool ok = true;

	for (int s = 0; s < 3 && ok; s++) {
		sbm_zero(&x->layout, &x->arena.a);
		memset(x->set, 0, sizeof(bool) * x->layout.ncpus);
		for (uint32_t i = 0; i < x->nwriters; i++) {
			uint32_t c = x->writers[i];

			x->set[c] = s == 1 || (s == 0 && i % 2 == 0);
			if (x->set[c])
				sbm_set(&x->layout, &x->arena.a, c);
		}
		if (e->cfg->rw_test_stale)
			stale_bit(x);
		x->checking = true;
		if (engine_run_on(e, x->readers, x->nreaders, rw_body, x,
				  deadline_ms))
			ok = false;
		x->checking = false;
		for (uint32_t i = 0; i < x->nreaders && ok; i++)
			res->wrong |= report_wrong(x, x->readers[i], states[s]);
		if (res->wrong)
			ok = false;
	}
	sbm_zero(&x->layout, &x->arena.a);
	return ok;
}

static int run_layout(struct engine *e, struct rw_exp *x,
		      struct rw_result *res)
{
	uint64_t deadline_ms = 60000 + e->cfg->rw_ms;
	const char *why = "";
	int rc = 0;

	if (sbm_layout_build(&x->layout, res->kind, e->topo, x->spacing,
			     &why)) {
		report_warn("rw", 0, why);
		return 1;
	}
	for (uint32_t i = 0; i < x->nreaders; i++) {
		if (sbm_reader_init(&x->rd[i], &x->layout, e->topo)) {
			report_warn("rw", 0, "out of memory");
			for (uint32_t k = 0; k < i; k++)
				sbm_reader_free(&x->rd[k]);
			sbm_layout_free(&x->layout);
			return 1;
		}
		sbm_reader_set_other(&x->rd[i], x->other);
	}
	sbm_zero(&x->layout, &x->arena.a);
	x->phase = RW_WRITERS;
	if (engine_run_on(e, x->writers, x->nwriters, rw_body, x, deadline_ms))
		goto lost;
	res->n[RW_WRITERS] = summarise(e, x, x->writers, x->nwriters,
				       &res->ns[RW_WRITERS],
				       &res->med[RW_WRITERS], &res->trimmed);
	/* readers alone: the writers take part, writing between scans */
	x->phase = RW_READERS;
	x->sync->req = 1;
	x->sync->ack = 0;
	x->sync->scanned = 0;
	if (engine_run_on(e, x->both, x->nwriters + x->nreaders, rw_body, x,
			  deadline_ms))
		goto lost;
	collect(e, x, res, RW_READERS);
	x->phase = RW_BOTH;
	if (engine_run_on(e, x->both, x->nwriters + x->nreaders, rw_body, x,
			  deadline_ms))
		goto lost;
	collect(e, x, res, RW_BOTH);
	res->wboth_n = summarise(e, x, x->writers, x->nwriters, &res->wboth_ns,
				 &res->wboth_med, &res->trimmed);
	res->ok = check_layout(e, x, res);
	res->done = !e->aborted;
	rc = res->ok ? 0 : 1;
	goto out;
lost:
	report_warn("rw", 0, "a phase was not measured; rw stops");
	rc = 1;
out:
	for (uint32_t i = 0; i < x->nreaders; i++)
		sbm_reader_free(&x->rd[i]);
	sbm_layout_free(&x->layout);
	return rc;
}

/* The no-sharing floor of @k's kind of update: private or private-u8. */
static const struct rw_result *floor_of(const struct rw_exp *x,
					enum sbm_kind k)
{
	const struct rw_result *f =
		&x->res[sbm_kind_is_bytewise(k) ? SBM_PRIVATE_U8 : SBM_PRIVATE];

	return f->done ? f : NULL;
}

static void record(struct engine *e, struct rw_exp *x,
		   const struct rw_result *res)
{
	const struct rw_result *f = floor_of(x, res->kind);
	struct rec r;

	report_rec_start(&r, "rw");
	rec_str(&r, "layout", sbm_kind_name(res->kind));
	rec_str(&r, "reader", sbm_read_name(e->cfg->reader));
	rec_u64(&r, "writers", x->nwriters);
	rec_u64(&r, "readers", x->nreaders);
	rec_dbl(&r, "writer_ns", res->wboth_ns, 3);
	rec_dbl(&r, "writer_alone_ns", res->ns[RW_WRITERS], 3);
	if (f) {
		rec_dbl(&r, "floor_ns", f->ns[RW_WRITERS], 3);
		rec_dbl(&r, "above_ns", res->wboth_ns - f->ns[RW_WRITERS], 3);
		rec_dbl(&r, "above_alone_ns",
			res->ns[RW_WRITERS] - f->ns[RW_WRITERS], 3);
	}
	rec_dbl(&r, "writer_median_ns", res->wboth_med, 3);
	rec_dbl(&r, "writer_alone_median_ns", res->med[RW_WRITERS], 3);
	rec_dbl(&r, "reader_ns", res->ns[RW_BOTH], 3);
	rec_dbl(&r, "reader_alone_ns", res->ns[RW_READERS], 3);
	rec_dbl(&r, "reader_median_ns", res->med[RW_BOTH], 3);
	rec_dbl(&r, "reader_alone_median_ns", res->med[RW_READERS], 3);
	rec_dbl(&r, "visited", res->visited[RW_BOTH], 2);
	rec_dbl(&r, "visited_alone", res->visited[RW_READERS], 2);
	rec_dbl(&r, "lines", res->lines[RW_BOTH], 2);
	rec_dbl(&r, "per_cpu_ns", res->visited[RW_BOTH] > 0 ?
		res->ns[RW_BOTH] / res->visited[RW_BOTH] : 0, 3);
	rec_u64(&r, "updates", res->wboth_n);
	rec_u64(&r, "scans", res->n[RW_BOTH]);
	/* the ops left out, under the name older readers know, and as what
	 * it now is: a trim far above any line transfer */
	rec_u64(&r, "dropped", res->trimmed);
	rec_str(&r, "check", res->ok ? "ok" : "wrong");
	if (res->wrong) {
		char ops[96] = "";

		for (int op = 0; op < SBM_NREADS; op++)
			if (res->wrong & (1u << op)) {
				size_t l = strlen(ops);

				snprintf(ops + l, sizeof(ops) - l, "%s%s",
					 l ? "," : "",
					 sbm_read_name((enum sbm_read_op)op));
			}
		rec_str(&r, "wrong", ops);
	}
	rec_u64(&r, "trimmed", res->trimmed);
	report_record(&r);
}

static int rw_run(struct engine *e, void *state)
{
	struct rw_exp *x = state;
	int rc = 0;

	for (int k = 0; k < SBM_NKINDS && !e->aborted; k++) {
		if (!(e->cfg->layouts & (1u << k)))
			continue;
		x->res[k].kind = (enum sbm_kind)k;
		rc |= run_layout(e, x, &x->res[k]);
	}
	/* after all: the floors run last in layout order */
	for (int k = 0; k < SBM_NKINDS; k++)
		if (x->res[k].done)
			record(e, x, &x->res[k]);
	return rc;
}

static void rw_report(struct engine *e, void *state)
{
	struct rw_exp *x = state;

	report_printf("\nrw: reader=%s, %u writer(s), %u reader(s) on %s; "
		      "writer ns per update, reader ns per scan\n",
		      sbm_read_name(e->cfg->reader), x->nwriters, x->nreaders,
		      place_names[x->place]);
	report_printf("%-11s %9s %9s %9s %10s %10s %8s %8s %6s %7s\n",
		      "layout", "writer", "w-alone", "above", "reader",
		      "r-alone", "visited", "ns/cpu", "check", "trimmed");
	for (int k = 0; k < SBM_NKINDS; k++) {
		const struct rw_result *res = &x->res[k];
		const struct rw_result *f = floor_of(x, res->kind);
		char above[16] = "-";

		if (!res->done)
			continue;
		if (f)
			snprintf(above, sizeof(above), "%.2f",
				 res->wboth_ns - f->ns[RW_WRITERS]);
		report_printf("%-11s %9.2f %9.2f %9s %10.2f %10.2f %8.1f %8.3f "
			      "%6s %7llu\n",
			      sbm_kind_name(res->kind), res->wboth_ns,
			      res->ns[RW_WRITERS], above, res->ns[RW_BOTH],
			      res->ns[RW_READERS], res->visited[RW_BOTH],
			      res->visited[RW_BOTH] > 0 ?
			      res->ns[RW_BOTH] / res->visited[RW_BOTH] : 0,
			      res->ok ? "ok" : "WRONG",
			      (unsigned long long)res->trimmed);
	}
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
