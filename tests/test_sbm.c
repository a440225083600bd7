/* SPDX-License-Identifier: BSD-2-Clause */
/* Layout invariants over many topologies. */
#include <stdlib.h>

#include "check.h"
#include "sbm.h"
#include "topo_fixtures.h"

static struct topo_cpu cpus[TOPO_MAX_CPUS];

/* Every CPU has a distinct slot; leaves never share a line. */
static void invariants(const struct topo *t, const struct sbm_layout *l)
{
	size_t size = sbm_arena_size(l);
	uint8_t *arena = aligned_alloc(4096, (size + 4095) / 4096 * 4096);
	uint32_t *line_owner = malloc(sizeof(uint32_t) * l->nlines);
	uint32_t pos;
	int cpu, seen = 0;

	CHECK(arena && line_owner);
	memset(arena, 0, size);
	for (uint32_t i = 0; i < l->nlines; i++)
		line_owner[i] = UINT32_MAX;
	for (uint32_t i = 0; i < t->ncpus; i++) {
		const struct sbm_slot *s = &l->slot[i];
		uint32_t line = s->offset / l->line;

		CHECK(s->offset < size);
		CHECK(l->bytewise ? s->bit == 0 : s->bit < 64);
		CHECK(l->bytewise || s->offset % 8 == 0);
		if (line_owner[line] == UINT32_MAX)
			line_owner[line] = l->group[i];
		CHECK_EQ_U64(line_owner[line], l->group[i]);
		switch (l->kind) {
		case SBM_NODE:
			CHECK_EQ_U64(l->group[i], t->cpus[i].node);
			break;
		case SBM_LLC:
		case SBM_LLC_U8:
			CHECK_EQ_U64(l->group[i], t->cpus[i].llc);
			break;
		case SBM_PRIVATE:
			CHECK_EQ_U64(l->group[i], i);
			break;
		default:
			CHECK_EQ_U64(l->group[i], 0);
		}
	}
	/* set one CPU at a time: exactly that CPU reads back */
	for (uint32_t i = 0; i < t->ncpus; i += 1 + t->ncpus / 97) {
		sbm_set(l, arena, i);
		CHECK(sbm_test(l, arena, i));
		CHECK_EQ_U64(sbm_weight(l, arena), 1);
		pos = 0;
		CHECK_EQ_U64(sbm_next(l, arena, &pos), i);
		sbm_clear(l, arena, i);
		CHECK(!sbm_test(l, arena, i));
	}
	/* all set: iteration visits every CPU once */
	for (uint32_t i = 0; i < t->ncpus; i++)
		sbm_set(l, arena, i);
	{
		uint8_t *hit = calloc(t->ncpus, 1);

		sbm_for_each(cpu, pos, l, arena) {
			CHECK(!hit[cpu]);
			hit[cpu] = 1;
			seen++;
		}
		free(hit);
	}
	CHECK_EQ_U64(seen, t->ncpus);
	for (uint32_t i = 0; i < t->ncpus; i++)
		sbm_clear(l, arena, i);
	for (size_t i = 0; i < size; i++)
		if (arena[i]) {
			CHECK(!"arena not empty");
			break;
		}
	free(line_owner);
	free(arena);
}

static void shape(unsigned nodes, unsigned llcs, unsigned cores,
		  unsigned threads, uint32_t line)
{
	struct topo t;

	CHECK(fixture_topo(&t, cpus, nodes, llcs, cores, threads) == 0);
	for (int k = 0; k < SBM_NKINDS; k++) {
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
		default:
			break;
		}
		sbm_layout_free(&l);
	}
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
	names();
	CHECK(fixture_topo(&t, cpus, 1, 1, 2, 1) == 0);
	CHECK(sbm_layout_build(&l, SBM_GLOBAL, &t, 48, &why) == -1);
	CHECK(sbm_layout_build(&l, SBM_NKINDS, &t, 64, &why) == -1);
	return check_done("test_sbm");
}
