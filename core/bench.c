/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "bench.h"
#include "isa_ops.h"
#include "report.h"

enum { CMD_NONE, CMD_RUN, CMD_EXIT };

/*
 * One loop function per op, generated from the ISA's op list so that the
 * set and clear inline into the timed loop.
 */
#define DEFINE_BIT_LOOP(name, set, clear)                                  \
	static void set_bit_##name(void *p, unsigned bit)                  \
	{                                                                  \
		set((volatile uint64_t *)p, bit);                          \
	}                                                                  \
	static void clear_bit_##name(void *p, unsigned bit)                \
	{                                                                  \
		clear((volatile uint64_t *)p, bit);                        \
	}                                                                  \
	static void loop_bit_##name(void *p, unsigned bit, uint64_t n)     \
	{                                                                  \
		volatile uint64_t *w = p;                                  \
		for (uint64_t i = 0; i < n; i++) {                         \
			set(w, bit);                                       \
			clear(w, bit);                                     \
		}                                                          \
	}
#define DEFINE_BYTE_LOOP(name, set, clear)                                 \
	static void set_byte_##name(void *p, unsigned bit)                 \
	{                                                                  \
		(void)bit;                                                 \
		set((volatile uint8_t *)p);                                \
	}                                                                  \
	static void clear_byte_##name(void *p, unsigned bit)               \
	{                                                                  \
		(void)bit;                                                 \
		clear((volatile uint8_t *)p);                              \
	}                                                                  \
	static void loop_byte_##name(void *p, unsigned bit, uint64_t n)    \
	{                                                                  \
		volatile uint8_t *b = p;                                   \
		(void)bit;                                                 \
		for (uint64_t i = 0; i < n; i++) {                         \
			set(b);                                            \
			clear(b);                                          \
		}                                                          \
	}

ISA_BIT_OPS(DEFINE_BIT_LOOP)
ISA_BYTE_OPS(DEFINE_BYTE_LOOP)

/* The plain store is the same on every ISA: one byte write, no RMW. */
static inline void store_set(volatile uint8_t *b)
{
	*b = 1;
}

static inline void store_clear(volatile uint8_t *b)
{
	*b = 0;
}

DEFINE_BYTE_LOOP(store, store_set, store_clear)

#define BIT_ENTRY(name, set, clear)                                        \
	{ #name, false, loop_bit_##name, set_bit_##name, clear_bit_##name },
#define BYTE_ENTRY(name, set, clear)                                       \
	{ #name, true, loop_byte_##name, set_byte_##name, clear_byte_##name },

static const struct bench_op all_ops[] = {
	ISA_BIT_OPS(BIT_ENTRY)
	BYTE_ENTRY(store, store_set, store_clear)
	ISA_BYTE_OPS(BYTE_ENTRY)
};

const struct bench_op *bench_ops(size_t *n)
{
	*n = sizeof(all_ops) / sizeof(all_ops[0]);
	return all_ops;
}

const struct bench_op *bench_find_op(const char *name, bool bytewise)
{
	size_t n;
	const struct bench_op *ops = bench_ops(&n);

	for (size_t i = 0; i < n; i++) {
		if (ops[i].bytewise != bytewise)
			continue;
		/* "native": the first of its kind is the kernel-equivalent op */
		if (!strcmp(name, "native") || !strcmp(name, ops[i].name))
			return &ops[i];
	}
	return NULL;
}

void *bench_alloc(size_t size, size_t align)
{
	char *raw = malloc(size + align + sizeof(void *));
	uintptr_t p;

	if (!raw)
		return NULL;
	p = ((uintptr_t)raw + sizeof(void *) + align - 1) & ~(uintptr_t)(align - 1);
	((void **)p)[-1] = raw;
	memset((void *)p, 0, size);
	return (void *)p;
}

void bench_free(void *p)
{
	if (p)
		free(((void **)p)[-1]);
}

uint64_t bench_ms_ticks(const struct bench *b, uint64_t ms)
{
	uint64_t hz = b->info.counter_hz;

	/* exact for slow counters too, no overflow for fast ones */
	return hz / 1000 * ms + hz % 1000 * ms / 1000 + 1;
}

/* Sense-reversing barrier; false when it waited past the job's deadline
 * or another CPU already gave up. */
static bool barrier_wait(struct bench_job *job, uint32_t *sense)
{
	struct bench_barrier *bar = &job->barrier;
	uint32_t s = !*sense;
	uint64_t t0;

	*sense = s;
	if (__atomic_add_fetch(&bar->count, 1, __ATOMIC_ACQ_REL) == bar->total) {
		bar->count = 0;
		__atomic_store_n(&bar->sense, s, __ATOMIC_RELEASE);
		return true;
	}
	t0 = isa_counter();
	while (__atomic_load_n(&bar->sense, __ATOMIC_ACQUIRE) != s) {
		if (job->failed || isa_counter() - t0 > job->deadline) {
			job->failed = 1;
			return false;
		}
		isa_relax();
	}
	return true;
}

/* One timed run on the calling CPU. */
static void run_one(struct bench *b, uint32_t cpu)
{
	struct bench_job *job = &b->job;
	const struct sbm_slot *slot = &job->layout->slot[cpu];
	void *p = sbm_slot_ptr(job->layout, job->arena, cpu);
	struct bench_mbox *m = &b->mbox[cpu];
	uint32_t sense = 0;
	uint64_t t0, t1, c0 = 0, c1 = 0;

	if (!barrier_wait(job, &sense))
		return;
	if (job->warmup)
		job->op->loop(p, slot->bit, job->warmup);
	if (!barrier_wait(job, &sense))
		return;
	if (job->cycles)
		c0 = isa_cycles();
	t0 = isa_counter();
	job->op->loop(p, slot->bit, job->iters);
	t1 = isa_counter();
	if (job->cycles)
		c1 = isa_cycles();
	m->ticks = t1 - t0;
	m->cycles = c1 - c0;
	/* Keep the line contended until the slowest CPU's window closes. */
	__atomic_add_fetch(&job->done, 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(&job->done, __ATOMIC_ACQUIRE) < job->barrier.total) {
		if (job->failed || isa_counter() - t1 > job->deadline) {
			job->failed = 1;
			return;
		}
		job->op->loop(p, slot->bit, 16);
	}
}

void bench_secondary(void *arg, uint32_t cpu)
{
	struct bench *b = arg;
	struct bench_mbox *m = &b->mbox[cpu];
	uint32_t seen = __atomic_load_n(&m->seq, __ATOMIC_ACQUIRE);

	__atomic_store_n(&m->online, 1, __ATOMIC_RELEASE);
	for (;;) {
		uint32_t s, cmd;

		while ((s = __atomic_load_n(&m->seq, __ATOMIC_ACQUIRE)) == seen)
			isa_relax();
		seen = s;
		/* once: after the ack below the BSP may already post again */
		cmd = m->cmd;
		if (cmd == CMD_RUN)
			run_one(b, cpu);
		__atomic_store_n(&m->ack, s, __ATOMIC_RELEASE);
		if (cmd == CMD_EXIT)
			return;
	}
}

uint32_t bench_choose_cpus(struct bench *b)
{
	struct topo *t = b->topo;
	uint32_t n = 0, first_llc = TOPO_NONE;

	for (uint32_t i = 0; i < t->ncpus; i++) {
		struct topo_cpu *c = &t->cpus[i];
		bool take = topo_cpu_usable(c);

		switch (b->cfg.cpuset) {
		case CPUSET_ALL:
			break;
		case CPUSET_CORES:
			take = take && c->smt == 0;
			break;
		case CPUSET_LLC:
			/* the LLC of the boot CPU, so the BSP takes part */
			if (first_llc == TOPO_NONE)
				for (uint32_t j = 0; j < t->ncpus; j++)
					if (t->cpus[j].flags & TOPO_CPU_BSP)
						first_llc = t->cpus[j].llc;
			take = take && c->llc == first_llc;
			break;
		case CPUSET_FIRST:
			take = take && n < b->cfg.first;
			break;
		}
		b->chosen[i] = take;
		n += take;
	}
	b->nchosen = n;
	return n;
}

int bench_init(struct bench *b, const char **why)
{
	struct topo *t = b->topo;

	if (!b->info.counter_hz) {
		*why = "counter frequency unknown";
		return -1;
	}
	b->mbox = bench_alloc(sizeof(*b->mbox) * t->ncpus, BENCH_ALIGN);
	b->chosen = calloc(t->ncpus, 1);
	if (!b->mbox || !b->chosen) {
		*why = "out of memory";
		return -1;
	}
	if (!bench_find_op(b->cfg.op, false) ||
	    !bench_find_op(b->cfg.op_u8, true)) {
		static char msg[256];
		bool u8 = bench_find_op(b->cfg.op, false) != NULL;
		size_t n, len;
		const struct bench_op *ops = bench_ops(&n);

		len = (size_t)snprintf(msg, sizeof(msg),
				       "unknown %s '%s' (valid: native",
				       u8 ? "op_u8" : "op",
				       u8 ? b->cfg.op_u8 : b->cfg.op);
		for (size_t i = 0; i < n && len < sizeof(msg); i++)
			if (ops[i].bytewise == u8)
				len += (size_t)snprintf(msg + len, sizeof(msg) - len,
							", %s", ops[i].name);
		if (len < sizeof(msg))
			snprintf(msg + len, sizeof(msg) - len, ")");
		*why = msg;
		return -1;
	}
	if (b->cfg.cpuset == CPUSET_FIRST && b->cfg.first > t->ncpus) {
		*why = "cpus= asks for more CPUs than the machine has";
		return -1;
	}
	if (b->cfg.line)
		t->line_size = b->cfg.line;
	if (!b->run_id)
		b->run_id = (uint32_t)(isa_counter() * 2654435761u) ^
			    (uint32_t)t->ncpus;
	return 0;
}

static uint32_t bsp_index(const struct topo *t)
{
	for (uint32_t i = 0; i < t->ncpus; i++)
		if (t->cpus[i].flags & TOPO_CPU_BSP)
			return i;
	return 0;
}

/* Start every usable secondary and wait for it; failures are left out. */
static void bring_up(struct bench *b)
{
	struct topo *t = b->topo;
	uint32_t bsp = bsp_index(t);

	t->cpus[bsp].flags |= TOPO_CPU_ONLINE;
	b->mbox[bsp].online = 1;
	for (uint32_t i = 0; i < t->ncpus; i++) {
		struct topo_cpu *c = &t->cpus[i];
		void *stack_top = NULL;
		uint64_t t0, limit;
		int rc;

		if (i == bsp || (c->flags & TOPO_CPU_DISABLED))
			continue;
		if (b->stack_size) {
			char *stack = bench_alloc(b->stack_size, 64);

			if (!stack) {
				report_warn(b, "cpu-start", i, "no memory for stack");
				c->flags |= TOPO_CPU_FAILED;
				continue;
			}
			stack_top = stack + b->stack_size;
		}
		rc = plat_cpu_start(i, c->hwid, bench_secondary, b, stack_top);
		if (rc) {
			report_warn(b, "cpu-start", i, "start request refused");
			c->flags |= TOPO_CPU_FAILED;
			continue;
		}
		t0 = isa_counter();
		limit = bench_ms_ticks(b, b->cfg.start_timeout_ms);
		while (!__atomic_load_n(&b->mbox[i].online, __ATOMIC_ACQUIRE) &&
		       isa_counter() - t0 < limit)
			isa_relax();
		if (!b->mbox[i].online) {
			report_warn(b, "cpu-start", i,
				    "did not arrive within timeout_ms; left out");
			c->flags |= TOPO_CPU_FAILED;
			continue;
		}
		c->flags |= TOPO_CPU_ONLINE;
	}
}

/*
 * Post @cmd to every chosen CPU but the caller, run the BSP's own part,
 * wait for every ack.  A CPU that does not answer by the deadline makes
 * the whole run stop: it may still be inside the job, so neither the
 * barrier nor the arena can be reused.
 */
static int post_and_wait(struct bench *b, uint32_t cmd, uint32_t bsp)
{
	struct topo *t = b->topo;
	uint64_t t0;

	for (uint32_t i = 0; i < t->ncpus; i++) {
		if (i == bsp || !b->chosen[i])
			continue;
		b->mbox[i].cmd = cmd;
		__atomic_add_fetch(&b->mbox[i].seq, 1, __ATOMIC_RELEASE);
	}
	if (cmd == CMD_RUN && b->chosen[bsp])
		run_one(b, bsp);
	t0 = isa_counter();
	for (uint32_t i = 0; i < t->ncpus; i++) {
		if (i == bsp || !b->chosen[i])
			continue;
		while (__atomic_load_n(&b->mbox[i].ack, __ATOMIC_ACQUIRE) !=
		       b->mbox[i].seq) {
			if (isa_counter() - t0 > b->job.deadline) {
				report_warn(b, "run", i, "CPU stopped answering; "
					    "no further runs");
				t->cpus[i].flags |= TOPO_CPU_FAILED;
				b->aborted = true;
				return -1;
			}
			isa_relax();
		}
	}
	if (cmd == CMD_RUN && b->job.failed) {
		report_warn(b, "run", bsp, "a CPU did not reach the barrier "
			    "in time; no further runs");
		b->aborted = true;
		return -1;
	}
	return 0;
}

int bench_arena_setup(struct bench *b, const char **why)
{
	struct topo *t = b->topo;
	uint32_t need = 0, placed = 0;

	memset(b->region_size, 0, sizeof(b->region_size));
	b->arena.nregions = t->nnodes;
	for (int k = 0; k < SBM_NKINDS; k++) {
		struct sbm_layout l;
		const char *lwhy;

		if (!(b->cfg.layouts & (1u << k)) ||
		    sbm_layout_build(&l, (enum sbm_kind)k, t, t->line_size, &lwhy))
			continue;	/* run_layout() reports it */
		for (uint32_t r = 0; r < l.nregions; r++) {
			/* whole pages: a region shares no page with others */
			size_t sz = (sbm_region_size(&l, r) + 4095) & ~(size_t)4095;

			if (sz > b->region_size[r])
				b->region_size[r] = sz;
		}
		sbm_layout_free(&l);
	}
	for (uint32_t r = 0; r < t->nnodes; r++) {
		size_t sz = b->region_size[r];

		if (!sz)
			continue;
		need++;
		b->arena.base[r] = plat_alloc_node(sz, 4096, r);
		b->region_placed[r] = b->arena.base[r] != NULL;
		if (!b->arena.base[r])
			b->arena.base[r] = bench_alloc(sz, 4096);
		if (!b->arena.base[r]) {
			*why = "out of memory for the arena";
			return -1;
		}
		placed += b->region_placed[r];
		/* first touch from the boot CPU: placement is the platform's
		 * (physical memory, or mbind on Linux) */
		memset(b->arena.base[r], 0, sz);
	}
	b->placement = need && placed == need ? "node" : placed ? "partial" :
		       "boot";
	return 0;
}

void bench_arena_zero(struct bench *b, const struct sbm_layout *l)
{
	for (uint32_t r = 0; r < l->nregions; r++)
		if (sbm_region_size(l, r))
			memset(b->arena.base[r], 0, sbm_region_size(l, r));
}

static void arena_free(struct bench *b)
{
	for (uint32_t r = 0; r < b->arena.nregions; r++) {
		if (b->region_placed[r])
			plat_free_node(b->arena.base[r], b->region_size[r]);
		else
			bench_free(b->arena.base[r]);
		b->arena.base[r] = NULL;
		b->region_placed[r] = false;
	}
}

static void group_stats(struct bench *b, struct bench_result *r,
			const double *samples, uint32_t reps, bool by_llc)
{
	struct topo *t = b->topo;
	uint32_t ngroups = by_llc ? t->nllcs : t->nnodes;
	struct bench_group_stat *gs = calloc(ngroups, sizeof(*gs));
	double *v = malloc(sizeof(double) * t->ncpus * reps);
	uint32_t out = 0;

	if (!gs || !v) {
		free(gs);
		free(v);
		return;
	}
	for (uint32_t g = 0; g < ngroups; g++) {
		size_t n = 0;

		for (uint32_t i = 0; i < t->ncpus; i++) {
			uint32_t cg = by_llc ? t->cpus[i].llc : t->cpus[i].node;

			if (cg != g || !b->chosen[i])
				continue;
			for (uint32_t rep = 0; rep < reps; rep++)
				v[n++] = samples[rep * t->ncpus + i];
		}
		if (!n)
			continue;
		gs[out].id = g;
		gs[out].ncpus = (uint32_t)(n / reps);
		stats_compute(v, n, &gs[out].st);
		out++;
	}
	free(v);
	if (by_llc) {
		r->by_llc = gs;
		r->nllc = out;
	} else {
		r->by_node = gs;
		r->nnode = out;
	}
}

void bench_summarise(struct bench *b, struct bench_result *r,
		     const double *samples, uint32_t reps)
{
	struct topo *t = b->topo;
	double *all = malloc(sizeof(double) * t->ncpus * reps);
	double *means = malloc(sizeof(double) * reps);
	struct stats ms;
	size_t n = 0;

	if (!all || !means) {
		free(all);
		free(means);
		return;
	}
	for (uint32_t rep = 0; rep < reps; rep++) {
		double sum = 0;
		uint32_t k = 0;

		for (uint32_t i = 0; i < t->ncpus; i++) {
			if (!b->chosen[i])
				continue;
			all[n++] = samples[rep * t->ncpus + i];
			sum += samples[rep * t->ncpus + i];
			k++;
		}
		means[rep] = k ? sum / k : 0;
	}
	stats_compute(all, n, &r->st);
	stats_compute(means, reps, &ms);
	r->rep_cv = ms.cv;
	r->reps = reps;
	free(all);
	free(means);
	group_stats(b, r, samples, reps, true);
	group_stats(b, r, samples, reps, false);
}

static int run_layout(struct bench *b, enum sbm_kind kind, uint32_t bsp)
{
	struct topo *t = b->topo;
	struct bench_result *r = &b->results[b->nresults];
	struct sbm_layout *layout = &b->layout;
	const struct bench_op *op;
	double *samples, *cyc;
	const char *why;
	int rc = 0;

	if (sbm_layout_build(layout, kind, t, t->line_size, &why)) {
		report_warn(b, "layout", kind, why);
		return -1;
	}
	op = bench_find_op(layout->bytewise ? b->cfg.op_u8 : b->cfg.op,
			   layout->bytewise);
	for (uint32_t r = 0; r < layout->nregions; r++)
		if (sbm_region_size(layout, r) > b->region_size[r]) {
			/* bench_arena_setup() sized every chosen layout */
			report_warn(b, "layout", kind, "arena too small");
			sbm_layout_free(layout);
			return -1;
		}
	b->job.arena = &b->arena;
	samples = calloc((size_t)t->ncpus * b->cfg.reps, sizeof(double));
	cyc = calloc((size_t)t->ncpus * b->cfg.reps, sizeof(double));
	if (!samples || !cyc) {
		report_warn(b, "layout", kind, "out of memory");
		rc = -1;
		goto out;
	}
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	r->op = op->name;
	r->iters = b->cfg.iters;
	r->ncpus = b->nchosen;
	r->clean = true;
	b->job.op = op;
	b->job.layout = layout;
	b->job.iters = b->cfg.iters;
	b->job.warmup = b->cfg.warmup;
	b->job.cycles = b->info.cycles;
	/* generous: 2 minutes plus 20 us per iteration */
	b->job.deadline = bench_ms_ticks(b, 120000 + (b->cfg.iters + b->cfg.warmup) / 50);
	for (uint32_t rep = 0; rep < b->cfg.reps && !rc; rep++) {
		bench_arena_zero(b, layout);
		b->job.barrier.count = 0;
		b->job.barrier.sense = 0;
		b->job.barrier.total = b->nchosen;
		b->job.done = 0;
		b->job.failed = 0;
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		rc = post_and_wait(b, CMD_RUN, bsp);
		for (uint32_t i = 0; i < t->ncpus; i++) {
			if (!b->chosen[i])
				continue;
			samples[rep * t->ncpus + i] =
				(double)b->mbox[i].ticks / (double)b->cfg.iters;
			cyc[rep * t->ncpus + i] =
				(double)b->mbox[i].cycles / (double)b->cfg.iters;
		}
		/* Every CPU cleared what it set: a lost update shows here. */
		if (sbm_weight(layout, b->job.arena))
			r->clean = false;
	}
	if (!rc) {
		bench_summarise(b, r, samples, b->cfg.reps);
		if (b->info.cycles) {
			struct stats cs;
			double *v = malloc(sizeof(double) * t->ncpus * b->cfg.reps);
			size_t n = 0;

			if (v) {
				for (uint32_t rep = 0; rep < b->cfg.reps; rep++)
					for (uint32_t i = 0; i < t->ncpus; i++)
						if (b->chosen[i])
							v[n++] = cyc[rep * t->ncpus + i];
				stats_compute(v, n, &cs);
				r->cycles_median = cs.median;
				free(v);
			}
		}
		b->nresults++;
		if (!r->clean)
			report_warn(b, "layout", kind,
				    "mask not empty after the run: lost update");
	}
out:
	free(samples);
	free(cyc);
	if (b->aborted)
		return rc;	/* a straggler may still touch layout and arena */
	sbm_layout_free(layout);
	return rc;
}

int bench_main(struct bench *b)
{
	struct topo *t = b->topo;
	uint32_t bsp = bsp_index(t);
	const char *why;
	int status = 0;

	report_hello(b);
	report_topology(b);
	bring_up(b);
	if (!bench_choose_cpus(b)) {
		report_warn(b, "cpus", 0, "no CPU selected by cpus=");
		report_end(b, 1);
		return 1;
	}
	if (!b->chosen[bsp] && b->cfg.cpuset != CPUSET_FIRST)
		report_warn(b, "cpus", bsp, "boot CPU not in the set; it only coordinates");
	if (bench_arena_setup(b, &why)) {
		report_warn(b, "layout", 0, why);
		report_end(b, 1);
		return 1;
	}
	report_config(b);
	for (int k = 0; k < SBM_NKINDS; k++) {
		if (!(b->cfg.layouts & (1u << k)))
			continue;
		if (b->aborted)
			break;
		report_progress(b, (enum sbm_kind)k);
		if (run_layout(b, (enum sbm_kind)k, bsp)) {
			status = 1;
		} else {
			report_result(b, &b->results[b->nresults - 1]);
			/* a lost update means the op is broken: not a figure */
			if (!b->results[b->nresults - 1].clean)
				status = 1;
		}
	}
	report_table(b);
	report_end(b, status);
	return status;
}

void bench_release(struct bench *b)
{
	if (b->aborted)
		return;	/* stuck CPUs would not answer: leave them */
	/* Let the secondaries leave bench_secondary() (hosted platforms). */
	for (uint32_t i = 0; i < b->topo->ncpus; i++)
		b->chosen[i] = (b->topo->cpus[i].flags & TOPO_CPU_ONLINE) &&
			       !(b->topo->cpus[i].flags & TOPO_CPU_BSP);
	b->job.deadline = bench_ms_ticks(b, 10000);
	post_and_wait(b, CMD_EXIT, bsp_index(b->topo));
	for (uint32_t i = 0; i < b->nresults; i++) {
		free(b->results[i].by_llc);
		free(b->results[i].by_node);
	}
	arena_free(b);
	bench_free(b->mbox);
	free(b->chosen);
}
