/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>

#include "check.h"
#include "topo/topo.h"
#include "topo_fixtures.h"

static struct topo_cpu cpus[TOPO_MAX_CPUS];

static void shape(unsigned nodes, unsigned llcs, unsigned cores,
		  unsigned threads)
{
	struct topo t;
	unsigned n = nodes * llcs * cores * threads;

	CHECK(fixture_topo(&t, cpus, nodes, llcs, cores, threads) == 0);
	CHECK_EQ_U64(t.ncpus, n);
	CHECK_EQ_U64(t.nnodes, nodes);
	CHECK_EQ_U64(t.npackages, nodes);
	CHECK_EQ_U64(t.nllcs, nodes * llcs);
	CHECK_EQ_U64(t.ncores, nodes * llcs * cores);
	CHECK_EQ_U64(t.max_smt, threads);
	CHECK(!t.llc_split_by_node);
	for (unsigned i = 0; i < t.ncpus; i++) {
		CHECK(t.cpus[i].node < t.nnodes);
		CHECK(t.cpus[i].llc < t.nllcs);
		CHECK(t.cpus[i].core < t.ncores);
		CHECK(t.cpus[i].smt < threads);
		/* the SMT sibling listed a core-count later shares the core */
		if (i + nodes * llcs * cores < t.ncpus) {
			const struct topo_cpu *s = &t.cpus[i + nodes * llcs * cores];

			CHECK_EQ_U64(s->core, t.cpus[i].core);
			CHECK_EQ_U64(s->llc, t.cpus[i].llc);
			CHECK_EQ_U64(s->smt, t.cpus[i].smt + 1);
		}
	}
}

static void defaults_and_errors(void)
{
	struct topo t;
	const char *why = NULL;

	/* nothing known: one node, one LLC per package, a core per CPU */
	topo_init(&t, cpus);
	for (int i = 0; i < 4; i++)
		topo_add_cpu(&t, (uint64_t)i * 2, 0);
	CHECK(topo_finalize(&t, &why) == 0);
	CHECK_EQ_U64(t.nnodes, 1);
	CHECK_EQ_U64(t.nllcs, 1);
	CHECK_EQ_U64(t.ncores, 4);
	CHECK_STR(t.llc_source, "package");
	CHECK_EQ_U64(topo_find_hwid(&t, 6), 3);
	CHECK(topo_find_hwid(&t, 5) == -1);

	/* a node for some CPUs only is an error, not a guess */
	topo_init(&t, cpus);
	for (int i = 0; i < 4; i++)
		topo_add_cpu(&t, (uint64_t)i, 0);
	t.cpus[1].raw_node = 1;
	CHECK(topo_finalize(&t, &why) == -1);
	CHECK(why && strstr(why, "NUMA"));

	/* an LLC that spans two nodes (SNC) becomes one LLC per node */
	topo_init(&t, cpus);
	for (int i = 0; i < 4; i++) {
		topo_add_cpu(&t, (uint64_t)i, 0);
		t.cpus[i].raw_node = (uint32_t)i / 2;
		t.cpus[i].raw_llc = 0;
	}
	CHECK(topo_finalize(&t, &why) == 0);
	CHECK_EQ_U64(t.nllcs, 2);
	CHECK(t.llc_split_by_node);
	CHECK_EQ_U64(t.cpus[1].llc, t.cpus[0].llc);
	CHECK(t.cpus[2].llc != t.cpus[0].llc);

	topo_init(&t, cpus);
	CHECK(topo_finalize(&t, &why) == -1);

	/* a hot-plug slot without a node takes the first stated node */
	topo_init(&t, cpus);
	for (int i = 0; i < 3; i++)
		topo_add_cpu(&t, (uint64_t)i, i == 2 ? TOPO_CPU_DISABLED : 0);
	t.cpus[0].raw_node = 5;
	t.cpus[1].raw_node = 6;
	CHECK_EQ_U64(topo_usable_count(&t), 2);
	CHECK(topo_finalize(&t, &why) == 0);
	CHECK_EQ_U64(t.nnodes, 2);
	CHECK_EQ_U64(t.cpus[2].node, t.cpus[0].node);

	/*
	 * Online-capable slots (disabled until hot-added) in the middle of
	 * the list, one with a core and an LLC of its own: they move behind
	 * the others and count in nothing, as Linux keeps them out of the
	 * present map; their ids follow the usable CPUs' ones.
	 */
	topo_init(&t, cpus);
	for (int i = 0; i < 6; i++) {
		int k = topo_add_cpu(&t, (uint64_t)(10 + i),
				     i == 1 || i == 4 ? TOPO_CPU_DISABLED :
				     i == 0 ? TOPO_CPU_BSP : 0);

		t.cpus[k].raw_package = 0;
		t.cpus[k].raw_core = i == 4 ? 9 : (uint32_t)i / 2;
		t.cpus[k].raw_llc = i == 4 ? 7 : 0;
	}
	CHECK(topo_finalize(&t, &why) == 0);
	CHECK_EQ_U64(t.ncpus, 4);
	CHECK_EQ_U64(t.ndisabled, 2);
	CHECK_EQ_U64(topo_usable_count(&t), 4);
	CHECK_EQ_U64(t.nllcs, 1);
	CHECK_EQ_U64(t.ncores, 3);	/* 0, 1 and 2 of the usable CPUs */
	CHECK_EQ_U64(t.cpus[0].hwid, 10);
	CHECK_EQ_U64(t.cpus[1].hwid, 12);
	CHECK_EQ_U64(t.cpus[3].hwid, 15);
	CHECK_EQ_U64(t.cpus[4].hwid, 11);
	CHECK_EQ_U64(t.cpus[5].hwid, 14);
	CHECK(t.cpus[4].flags & TOPO_CPU_DISABLED);
	CHECK_EQ_U64(t.cpus[4].core, t.cpus[0].core);	/* shares core 0 */
	CHECK_EQ_U64(t.cpus[5].llc, 1);	/* an id past the count */
	CHECK_EQ_U64(t.cpus[5].core, 3);
	CHECK_EQ_U64(topo_find_hwid(&t, 14), 5);
	CHECK_EQ_U64(t.max_smt, 2);
	/* only disabled CPUs and no boot CPU: nothing to run on */
	topo_init(&t, cpus);
	topo_add_cpu(&t, 1, TOPO_CPU_DISABLED);
	CHECK(topo_finalize(&t, &why) == -1);
	CHECK_STR(why, "no CPUs");

	/* capacity */
	topo_init(&t, cpus);
	for (int i = 0; i < TOPO_MAX_CPUS; i++)
		CHECK(topo_add_cpu(&t, (uint64_t)i, 0) == i);
	CHECK(topo_add_cpu(&t, 99999, 0) == -1);
}

static void distances_and_lists(void)
{
	struct topo t;
	char buf[64];
	uint32_t ids[] = { 0, 1, 2, 3, 8, 10, 11 };

	CHECK(fixture_topo(&t, cpus, 2, 1, 2, 1) == 0);
	topo_set_distance(&t, 3, 10, 21);
	CHECK(t.have_distance);
	CHECK_EQ_U64(topo_distance(&t, 0, 1), 21);
	CHECK_EQ_U64(topo_distance(&t, 1, 0), 0);
	CHECK_EQ_U64(topo_format_list(buf, sizeof(buf), ids, 7), 7);
	CHECK_STR(buf, "0-3,8,10-11");
	/* too small: whole items only, and the count says where to go on */
	CHECK_EQ_U64(topo_format_list(buf, 8, ids, 7), 5);
	CHECK_STR(buf, "0-3,8");
	CHECK_EQ_U64(topo_format_list(buf, 3, ids, 7), 0);
	CHECK_STR(buf, "");
}

int main(void)
{
	shape(1, 1, 1, 1);
	shape(1, 2, 8, 1);
	shape(4, 2, 16, 2);
	shape(8, 4, 64, 2);	/* 4096 CPUs */
	defaults_and_errors();
	distances_and_lists();
	return check_done("test_topo");
}
