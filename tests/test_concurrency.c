/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The engine on real threads: the compiler-atomic sbm ops from many
 * threads lose no bit, and experiments_run() with the Linux platform runs
 * every layout on a fixture topology mapped onto this machine's CPUs,
 * leaving every mask empty.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <unistd.h>

#include "check.h"
#include "engine_fixture.h"
#include "exp/sbm/exp_sbm.h"
#include "engine/mem.h"
#include "options/config.h"
#include "output/report.h"
#include "isa_ops.h"
#include "linux_twin.h"
#include "topo_fixtures.h"

#define NTHREADS 8
#define ROUNDS 20000

static struct topo_cpu cpus[TOPO_MAX_CPUS];
static struct topo topo;
static struct sbm_layout layout;
static struct sbm_arena arena;
static volatile int errors;

static void *hammer(void *p)
{
	uint32_t me = (uint32_t)(uintptr_t)p;

	for (int i = 0; i < ROUNDS; i++) {
		sbm_set(&layout, &arena, me);
		if (!sbm_test(&layout, &arena, me))
			__atomic_add_fetch(&errors, 1, __ATOMIC_RELAXED);
		sbm_clear(&layout, &arena, me);
		if (sbm_test(&layout, &arena, me))
			__atomic_add_fetch(&errors, 1, __ATOMIC_RELAXED);
	}
	/* leave our bit set: the final weight must count every thread */
	sbm_set(&layout, &arena, me);
	return NULL;
}

static void threads_on_shared_words(void)
{
	pthread_t th[NTHREADS];
	const char *why = "";

	/* 8 CPUs in one LLC: every bit layout puts them in one word */
	CHECK(fixture_topo(&topo, cpus, 1, 1, NTHREADS, 1) == 0);
	for (int k = 0; k < SBM_NBUILTIN; k++) {
		CHECK(sbm_layout_build(&layout, (enum sbm_kind)k, &topo, 64, &why) == 0);
		arena.nregions = layout.nregions;
		arena.base[0] = aligned_alloc(4096, 4096 * 4);
		memset(arena.base[0], 0, 4096 * 4);
		errors = 0;
		for (uintptr_t i = 0; i < NTHREADS; i++)
			pthread_create(&th[i], NULL, hammer, (void *)i);
		for (int i = 0; i < NTHREADS; i++)
			pthread_join(th[i], NULL);
		CHECK_EQ_U64(errors, 0);
		CHECK_EQ_U64(sbm_weight(&layout, &arena), NTHREADS);
		for (uint32_t i = 0; i < NTHREADS; i++)
			sbm_clear(&layout, &arena, i);
		CHECK_EQ_U64(sbm_weight(&layout, &arena), 0);
		free(arena.base[0]);
		sbm_layout_free(&layout);
	}
}

/* Options, a 1 GHz "counter" for the timeouts, init and a whole run:
 * the run must succeed. */
static void run_engine(struct engine *b, const char *opts)
{
	const char *why = "";
	char err[256];

	b->cfg = fixture_config();
	CHECK(config_parse(b->cfg, opts, strlen(opts), "test", err,
			   sizeof(err)) == 0);
	b->info = (struct machine_info){ .arch = ISA_NAME, .platform = "test",
		.virt = "none", .counter = "test", .counter_hz = 1000000000,
		.hz_source = "test" };
	CHECK(fixture_init(b, &why) == 0);
	CHECK_EQ_U64(experiments_run(b), 0);
}

static void engine_runs(const char *opts, uint32_t want_results)
{
	static struct engine b;
	struct sbm_exp *x;
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	memset(&b, 0, sizeof(b));
	/* 2 nodes x 2 LLCs x 2 cores, hwids folded onto this machine */
	CHECK(fixture_topo(&topo, cpus, 2, 2, 2, 1) == 0);
	for (uint32_t i = 0; i < topo.ncpus; i++)
		topo.cpus[i].hwid = i % (uint32_t)(online > 0 ? online : 1);
	b.topo = &topo;
	b.join_cpus = linux_join_cpus;
	linux_numa_topo(&topo);
	run_engine(&b, opts);
	x = engine_state(&b, &exp_sbm);
	CHECK(x != NULL);
	CHECK_EQ_U64(x->nresults, want_results);
	/* the fixture's raw nodes (3, 10) are not this machine's, so mbind
	 * refuses them (placement=boot) unless it happens to have them */
	CHECK(x->arena.placement && (!strcmp(x->arena.placement, "boot") ||
				     !strcmp(x->arena.placement, "node")));
	for (uint32_t r = 0; r < topo.nnodes; r++)
		CHECK((x->arena.a.base[r] != NULL) == (x->arena.size[r] != 0));
	for (uint32_t i = 0; i < x->nresults; i++) {
		CHECK(x->results[i].clean);
		CHECK(x->results[i].st.n == (size_t)b.nchosen * sbm_opts.reps);
		CHECK(x->results[i].st.min > 0);
		CHECK(x->results[i].nllc >= 1);
		/* the floor ran at every gap where private did */
		CHECK_EQ_U64(x->results[i].have_floor,
			     (sbm_opts.layouts &
			      (1u << (sbm_kind_is_bytewise(x->results[i].kind) ?
				      SBM_PRIVATE_U8 : SBM_PRIVATE))) != 0);
		/* %global is in the result, made once: global itself is 100 */
		CHECK_EQ_U64(x->results[i].have_pct,
			     (sbm_opts.layouts & (1u << SBM_GLOBAL)) != 0);
		if (x->results[i].kind == SBM_GLOBAL)
			CHECK(x->results[i].pct == 100.0);
	}
	for (uint32_t i = 0; i < topo.ncpus; i++)
		CHECK(topo.cpus[i].flags & TOPO_CPU_ONLINE);
	experiments_release(&b);
}

/* A CPU that never arrives is reported and left out; the run goes on. */
static void cpu_never_arrives(void)
{
	static struct engine b;
	const char *opts = "iters=300 reps=1 timeout_ms=200 layouts=global,private gap=0";
	struct sbm_exp *x;
	uint32_t warnings;

	memset(&b, 0, sizeof(b));
	CHECK(fixture_topo(&topo, cpus, 1, 1, 3, 1) == 0);
	topo.cpus[0].hwid = 0;
	topo.cpus[1].hwid = 0;
	topo.cpus[2].hwid = 100000;	/* no such CPU: pinning fails */
	b.topo = &topo;
	b.join_cpus = linux_join_cpus;
	warnings = report_warnings();
	run_engine(&b, opts);
	x = engine_state(&b, &exp_sbm);
	CHECK(topo.cpus[2].flags & TOPO_CPU_FAILED);
	CHECK(!(topo.cpus[1].flags & TOPO_CPU_FAILED));
	CHECK_EQ_U64(b.nlost, 1);
	CHECK_EQ_U64(x->nresults, 2);
	CHECK_EQ_U64(x->results[0].ncpus, 2);
	CHECK(report_warnings() >= warnings + 1);
	experiments_release(&b);
}

/*
 * A node this machine has (raw 0): mbind may place it (placement=node),
 * or a kernel without NUMA or a filter refuses it (placement=boot).
 * Either way the run is clean and the region is this node's.
 */
static void node_placement(void)
{
	static struct engine b;
	const char *opts = "iters=300 reps=1 layouts=global,node,private gap=0";
	struct sbm_exp *x;
	long online = sysconf(_SC_NPROCESSORS_ONLN);

	memset(&b, 0, sizeof(b));
	CHECK(fixture_topo(&topo, cpus, 1, 1, 2, 1) == 0);
	topo.node_raw[0] = 0;
	for (uint32_t i = 0; i < topo.ncpus; i++)
		topo.cpus[i].hwid = i % (uint32_t)(online > 0 ? online : 1);
	b.topo = &topo;
	b.join_cpus = linux_join_cpus;
	linux_numa_topo(&topo);
	run_engine(&b, opts);
	x = engine_state(&b, &exp_sbm);
	CHECK_EQ_U64(x->nresults, 3);
	CHECK(x->arena.placement != NULL);
	CHECK_EQ_U64(!strcmp(x->arena.placement, "node"), x->arena.placed[0]);
	CHECK(!strcmp(x->arena.placement, "node") ||
	      !strcmp(x->arena.placement, "boot"));
	/* private: 2 CPUs x one line; the region holds the largest layout */
	CHECK(x->arena.size[0] >= 2 * topo.line_size);
	printf("test_concurrency: placement=%s on node 0\n",
	       x->arena.placement);
	experiments_release(&b);
	linux_numa_topo(NULL);
}

static void bad_options(void)
{
	static struct engine b;
	const char *why = "";

	memset(&b, 0, sizeof(b));
	CHECK(fixture_topo(&topo, cpus, 1, 1, 2, 1) == 0);
	b.topo = &topo;
	b.cfg = fixture_config();
	b.info.counter_hz = 1000;
	strcpy(sbm_opts.op, "nosuchop");
	CHECK(fixture_init(&b, &why) == -1);
	CHECK(strstr(why, "op") != NULL);
	free(b.chosen);
	mem_free_aligned(b.mbox);
	memset(&b, 0, sizeof(b));
	b.topo = &topo;
	b.cfg = fixture_config();
	b.info.counter_hz = 1000;
	b.cfg->cpuset = CPUSET_FIRST;
	b.cfg->first = 3;
	CHECK(fixture_init(&b, &why) == -1);
	free(b.chosen);
	mem_free_aligned(b.mbox);
	/* no platform offered mode=pair here: refused, in one place */
	memset(&b, 0, sizeof(b));
	b.topo = &topo;
	b.cfg = fixture_config();
	b.info.counter_hz = 1000;
	sbm_opts.mode = MODE_PAIR;
	CHECK(fixture_init(&b, &why) == -1);
	CHECK(strstr(why, "mode=pair") != NULL);
	free(b.chosen);
	mem_free_aligned(b.mbox);
}

/* A CPU that arrives after the boot CPU gave up on it turns back at once:
 * it neither parks nor touches the run (a hosted run may have freed it). */
static void late_arrival_turns_back(void)
{
	static struct engine b;
	const char *why = "";

	memset(&b, 0, sizeof(b));
	CHECK(fixture_topo(&topo, cpus, 1, 1, 2, 1) == 0);
	b.topo = &topo;
	b.cfg = fixture_config();
	b.info.counter_hz = 1000;
	CHECK(fixture_init(&b, &why) == 0);
	b.mbox[1].online = 2;	/* given up (engine.c MBOX_GIVEN_UP) */
	engine_secondary(&b, 1);	/* returns: it would park forever */
	CHECK_EQ_U64(b.mbox[1].online, 2);
	free(b.chosen);
	mem_free_aligned(b.mbox);
}

int main(void)
{
	threads_on_shared_words();
	/* every layout at the default gaps (0 and 1000 ns) */
	engine_runs("iters=2000 reps=3 warmup=10", SBM_NBUILTIN * 2);
	engine_runs("iters=500 reps=2 cpus=cores layouts=llc,llc-u8 gap=0", 2);
	engine_runs("iters=500 reps=2 cpus=3 op=lock_or layouts=global gap=0,50,500", 3);
	cpu_never_arrives();
	node_placement();
	bad_options();
	late_arrival_turns_back();
	return check_done("test_concurrency");
}
