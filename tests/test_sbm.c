/* SPDX-License-Identifier: BSD-2-Clause */
/* Layout invariants over many topologies. */
#include <stdlib.h>

#include "check.h"
#include "measure/sbm.h"
#include "topo_fixtures.h"

static struct topo_cpu cpus[TOPO_MAX_CPUS];

static uint32_t bsp_node(const struct topo *t)
{
	for (uint32_t i = 0; i < t->ncpus; i++)
		if (t->cpus[i].flags & TOPO_CPU_BSP)
			return t->cpus[i].node;
	return 0;
}

/*
 * Every CPU has a distinct slot; leaves never share a line; every leaf
 * lives in the region of its CPUs' node (the boot CPU's for global).
 * Regions are separate allocations, as the engine's are.
 */
static void invariants(const struct topo *t, const struct sbm_layout *l)
{
	struct sbm_arena a = { .nregions = l->nregions };
	uint32_t *line_owner[TOPO_MAX_NODES] = { NULL };
	uint32_t pos, lines = 0;
	int cpu, seen = 0;

	CHECK_EQ_U64(l->nregions, t->nnodes);
	for (uint32_t r = 0; r < l->nregions; r++) {
		size_t size = sbm_region_size(l, r);

		lines += l->region_lines[r];
		if (!size)
			continue;
		a.base[r] = aligned_alloc(4096, (size + 4095) / 4096 * 4096);
		line_owner[r] = malloc(sizeof(uint32_t) * l->region_lines[r]);
		CHECK(a.base[r] && line_owner[r]);
		memset(a.base[r], 0, size);
		for (uint32_t i = 0; i < l->region_lines[r]; i++)
			line_owner[r][i] = UINT32_MAX;
	}
	CHECK_EQ_U64(lines, l->nlines);
	for (uint32_t i = 0; i < t->ncpus; i++) {
		const struct sbm_slot *s = &l->slot[i];
		uint32_t line = s->offset / l->line;

		CHECK(s->region < l->nregions);
		CHECK(s->offset < sbm_region_size(l, s->region));
		CHECK(l->bytewise ? s->bit == 0 : s->bit < 64);
		CHECK(l->bytewise || s->offset % 8 == 0);
		/* a line belongs to one leaf (per region: regions are apart) */
		if (line_owner[s->region][line] == UINT32_MAX)
			line_owner[s->region][line] = l->leaf[i];
		CHECK_EQ_U64(line_owner[s->region][line], l->leaf[i]);
		/* the leaf's home: where the kernel would allocate it */
		CHECK_EQ_U64(l->leaf_region[l->leaf[i]], s->region);
		CHECK_EQ_U64(s->region, l->kind == SBM_GLOBAL ? bsp_node(t) :
			     t->cpus[i].node);
		switch (l->kind) {
		case SBM_NODE:
			CHECK_EQ_U64(l->leaf[i], t->cpus[i].node);
			break;
		case SBM_LLC:
		case SBM_LLC_U8:
			CHECK_EQ_U64(l->leaf[i], t->cpus[i].llc);
			break;
		case SBM_PRIVATE:
		case SBM_PRIVATE_U8:
			CHECK_EQ_U64(l->leaf[i], i);
			break;
		default:
			CHECK_EQ_U64(l->leaf[i], 0);
		}
	}
	/* set one CPU at a time: exactly that CPU reads back */
	for (uint32_t i = 0; i < t->ncpus; i += 1 + t->ncpus / 97) {
		sbm_set(l, &a, i);
		CHECK(sbm_test(l, &a, i));
		CHECK_EQ_U64(sbm_weight(l, &a), 1);
		pos = 0;
		CHECK_EQ_U64(sbm_next(l, &a, &pos), i);
		sbm_clear(l, &a, i);
		CHECK(!sbm_test(l, &a, i));
	}
	/* all set: iteration visits every CPU once */
	for (uint32_t i = 0; i < t->ncpus; i++)
		sbm_set(l, &a, i);
	{
		uint8_t *hit = calloc(t->ncpus, 1);

		sbm_for_each(cpu, pos, l, &a) {
			CHECK(!hit[cpu]);
			hit[cpu] = 1;
			seen++;
		}
		free(hit);
	}
	CHECK_EQ_U64(seen, t->ncpus);
	for (uint32_t i = 0; i < t->ncpus; i++)
		sbm_clear(l, &a, i);
	for (uint32_t r = 0; r < l->nregions; r++) {
		for (size_t i = 0; i < sbm_region_size(l, r); i++)
			if (a.base[r][i]) {
				CHECK(!"arena not empty");
				break;
			}
		free(line_owner[r]);
		free(a.base[r]);
	}
}

static void shape(unsigned nodes, unsigned llcs, unsigned cores,
		  unsigned threads, uint32_t line)
{
	struct topo t;

	CHECK(fixture_topo(&t, cpus, nodes, llcs, cores, threads) == 0);
	for (int k = 0; k < SBM_NBUILTIN; k++) {
		struct sbm_layout l;
		const char *why = "";

		CHECK(sbm_layout_build(&l, (enum sbm_kind)k, &t, line, &why) == 0);
		invariants(&t, &l);
		switch (k) {
		case SBM_GLOBAL:
			/* dense: 4096 CPUs fit in 512 bytes */
			CHECK_EQ_U64(l.nlines, (t.ncpus / 8 + line - 1) / line ?
				     (t.ncpus / 8 + line - 1) / line : 1);
			break;
		case SBM_LLC:
			if (t.ncpus / t.nllcs <= 64)
				CHECK_EQ_U64(l.nlines, t.nllcs);
			break;
		case SBM_PRIVATE:
			CHECK_EQ_U64(l.nlines, t.ncpus);
			break;
		case SBM_NODE:
			/* one leaf per region */
			for (uint32_t r = 0; r < l.nregions; r++)
				CHECK(l.region_lines[r] >= 1);
			break;
		default:
			break;
		}
		sbm_layout_free(&l);
	}
}

/* The global mask lives on the boot CPU's node, wherever that is. */
static void global_on_boot_node(void)
{
	struct topo t;
	struct sbm_layout l;
	const char *why = "";
	uint32_t bsp = 0;

	CHECK(fixture_topo(&t, cpus, 4, 2, 4, 1) == 0);
	t.cpus[0].flags &= ~TOPO_CPU_BSP;
	for (uint32_t i = 0; i < t.ncpus; i++)
		if (t.cpus[i].node == 2) {
			bsp = i;
			break;
		}
	t.cpus[bsp].flags |= TOPO_CPU_BSP;
	CHECK(sbm_layout_build(&l, SBM_GLOBAL, &t, 64, &why) == 0);
	invariants(&t, &l);
	CHECK_EQ_U64(l.slot[0].region, 2);
	for (uint32_t r = 0; r < l.nregions; r++)
		CHECK_EQ_U64(l.region_lines[r], r == 2 ? 1 : 0);
	sbm_layout_free(&l);
	/* per-node leaves: each in its own region, and nothing else there */
	CHECK(sbm_layout_build(&l, SBM_NODE, &t, 64, &why) == 0);
	for (uint32_t r = 0; r < l.nregions; r++) {
		CHECK_EQ_U64(l.leaf_region[r], r);
		CHECK_EQ_U64(l.region_lines[r], 1);
	}
	sbm_layout_free(&l);
	/* an LLC spanning nodes (not finalized) is refused, not misplaced */
	t.cpus[1].node = (t.cpus[0].node + 1) % t.nnodes;
	CHECK(sbm_layout_build(&l, SBM_LLC, &t, 64, &why) == -1);
}

static void names(void)
{
	CHECK_EQ_U64(sbm_kind_parse("llc-u8", 6), SBM_LLC_U8);
	CHECK(sbm_kind_parse("llc-u", 5) == -1);
	CHECK(sbm_kind_parse("bogus", 5) == -1);
	CHECK_STR(sbm_kind_name(SBM_PRIVATE), "private");
}

int main(void)
{
	struct topo t;
	struct sbm_layout l;
	const char *why = "";

	shape(1, 1, 1, 1, 64);
	shape(1, 2, 8, 1, 64);
	shape(4, 2, 16, 2, 64);
	shape(4, 2, 16, 2, 128);
	shape(1, 1, 100, 1, 64);	/* an LLC wider than 64 CPUs */
	shape(8, 4, 64, 2, 64);		/* 4096 CPUs */
	global_on_boot_node();
	names();
	CHECK(fixture_topo(&t, cpus, 1, 1, 2, 1) == 0);
	CHECK(sbm_layout_build(&l, SBM_GLOBAL, &t, 48, &why) == -1);
	CHECK(sbm_layout_build(&l, SBM_NKINDS, &t, 64, &why) == -1);
	return check_done("test_sbm");
}
