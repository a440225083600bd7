/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The run engine.  The platform fills a struct bench (topology, options,
 * counter, what the machine is) and calls bench_main() on the boot CPU.
 * bench_main() starts the other CPUs through plat_cpu_start(); each enters
 * bench_secondary() and parks on its own mailbox line.  For every layout
 * the boot CPU posts a job, all chosen CPUs meet at a barrier, run
 * set(me); clear(me) for the given iterations between two counter reads,
 * and the boot CPU collects, summarises and reports.
 */
#ifndef SBM_BENCH_H
#define SBM_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "sbm.h"
#include "stats.h"
#include "topo.h"

#define BENCH_ALIGN 128		/* two 64-byte lines: spatial prefetch pairs */

typedef void (*bench_loop_fn)(void *p, unsigned bit, uint64_t iters);
typedef void (*bench_one_fn)(void *p, unsigned bit);

struct bench_op {
	const char *name;
	bool bytewise;
	bench_loop_fn loop;	/* iters x (set; clear), inlined */
	bench_one_fn set, clear; /* single ops, for the pair mode */
};

struct bench_mbox {
	_Alignas(BENCH_ALIGN) volatile uint32_t seq;	/* posted by the BSP */
	volatile uint32_t ack;		/* last seq done */
	volatile uint32_t online;	/* the CPU has arrived */
	volatile uint32_t cmd;
	volatile uint64_t ticks;	/* last timed run */
	volatile uint64_t cycles;
};

struct bench_barrier {
	_Alignas(BENCH_ALIGN) volatile uint32_t count;
	uint32_t total;
	_Alignas(BENCH_ALIGN) volatile uint32_t sense;
};

struct bench_job {
	const struct bench_op *op;
	const struct sbm_layout *layout;
	const struct sbm_arena *arena;
	uint64_t iters, warmup;
	uint64_t deadline;	/* counter ticks any one wait may take */
	bool cycles;		/* read isa_cycles() (it may trap where not) */
	struct bench_barrier barrier;
	/* CPUs whose timed window has closed: until all have, all keep
	 * hammering, so every window is measured under full contention */
	_Alignas(BENCH_ALIGN) volatile uint32_t done;
	volatile uint32_t failed;	/* a wait ran past the deadline */
};

struct bench_group_stat {
	uint32_t id, ncpus;
	struct stats st;
};

struct bench_result {
	enum sbm_kind kind;
	const char *op;
	uint32_t ncpus;
	uint64_t iters;
	uint32_t reps;
	struct stats st;	/* ticks per iteration over CPUs x reps */
	double rep_cv;		/* CV (%) of the per-repetition means */
	double cycles_median;	/* cycles per iteration, 0 when unknown */
	bool clean;		/* the mask was empty after every rep */
	uint32_t nllc, nnode;
	struct bench_group_stat *by_llc, *by_node;
};

/* What the platform tells the report about the machine. */
struct bench_info {
	const char *arch;	/* "x86_64", "arm64", "riscv64" */
	const char *platform;	/* "uefi", "opensbi", "linux" */
	const char *virt;	/* "none", "qemu-tcg", "kvm", "hypervisor" ... */
	const char *cpu_model;
	const char *counter;	/* "tsc", "cntvct", "time", "clock_gettime" */
	uint64_t counter_hz;
	const char *hz_source;	/* "cpuid-15h", "pm-timer", "dt", ... */
	bool cycles;		/* isa_cycles() is real */
};

struct bench {
	struct topo *topo;
	struct config cfg;
	struct bench_info info;
	uint32_t run_id;
	size_t stack_size;	/* per secondary CPU; 0 = the platform's own */
	/* report bookkeeping */
	uint32_t nrecords, nwarnings;
	/* engine state */
	struct bench_mbox *mbox;	/* per CPU */
	uint8_t *chosen;		/* per CPU: takes part in runs */
	uint32_t nchosen;
	struct bench_job job;
	struct sbm_layout layout;	/* the job's layout */
	/* The arena, one region per node, allocated once per run at the
	 * largest size a chosen layout needs and reused by every layout. */
	struct sbm_arena arena;
	size_t region_size[TOPO_MAX_NODES];
	bool region_placed[TOPO_MAX_NODES];	/* from plat_alloc_node() */
	const char *placement;	/* "node", "partial" or "boot" */
	bool aborted;		/* a CPU stopped answering: no more runs */
	struct bench_result results[SBM_NKINDS];
	uint32_t nresults;
};

/* The ops this build offers: bit ops first (native first), then byte ops. */
const struct bench_op *bench_ops(size_t *n);
const struct bench_op *bench_find_op(const char *name, bool bytewise);

/* Prepare @b (after the platform filled topo, cfg and info). */
int bench_init(struct bench *b, const char **why);

/* Start CPUs, run every chosen layout, report.  Returns 0 when all went
 * well, 1 when the run finished with errors. */
int bench_main(struct bench *b);

/* Entry of every secondary CPU; returns only on CMD_EXIT. */
void bench_secondary(void *arg, uint32_t cpu);

/* Select the CPUs that take part per cfg.cpuset; returns how many. */
uint32_t bench_choose_cpus(struct bench *b);

/*
 * Allocate the arena for every layout cfg.layouts names: region r from
 * plat_alloc_node(r), else from the common allocator, zeroed.  Sets
 * placement: "node" when every region is in its node's memory, "boot"
 * when none is (all from the common heap, the boot CPU's node on a
 * bare-metal machine), "partial" in between.  0, or -1 with a reason.
 */
int bench_arena_setup(struct bench *b, const char **why);
/* Zero what layout @l uses of every region. */
void bench_arena_zero(struct bench *b, const struct sbm_layout *l);

/* Summarise samples[rep][cpu] (ticks per iteration) into @r. */
void bench_summarise(struct bench *b, struct bench_result *r,
		     const double *samples, uint32_t reps);

/* Aligned allocation that is never freed (arena, mailboxes, stacks). */
void *bench_alloc(size_t size, size_t align);

void bench_free(void *p);

/* Hosted platforms: send the secondaries home and free the engine. */
void bench_release(struct bench *b);

/* Counter ticks in @ms milliseconds. */
uint64_t bench_ms_ticks(const struct bench *b, uint64_t ms);

#endif
