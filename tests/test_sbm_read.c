/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every reader op on every layout against the bool-array reference (a
 * plain loop over places, bit by bit), on masks of every size from 1 to
 * 512 CPUs, sparse and dense, with the bits and bytes no CPU owns set
 * (a word-wise scan must mask them off), and against answers by hand.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "check.h"
#include "measure/sbm_read.h"
#include "topo_fixtures.h"

static struct topo_cpu cpus[TOPO_MAX_CPUS];
static bool set[TOPO_MAX_CPUS];
static uint64_t other[TOPO_MAX_CPUS / 64], ref_dense[TOPO_MAX_CPUS / 64];
static uint32_t seed = 12345;

static uint32_t rnd(void)
{
	seed = seed * 1103515245u + 12345u;
	return seed >> 8;
}

/* One mask state: sbm_read() must give the reference's answer. */
static void compare(const struct sbm_reader *r, const struct sbm_arena *a,
		    uint32_t me)
{
	const struct topo *t = r->t;

	for (int op = 0; op < SBM_NREADS; op++) {
		struct sbm_read_res got, want;

		sbm_read(r, a, (enum sbm_read_op)op, me, &got);
		sbm_read_ref(r, set, (enum sbm_read_op)op, me, ref_dense, &want);
		CHECK_EQ_U64((uint64_t)(int64_t)got.cpu, (uint64_t)(int64_t)want.cpu);
		CHECK_EQ_U64(got.count, want.count);
		/* the rw check's own comparison agrees when the answer does */
		CHECK(sbm_read_agree((enum sbm_read_op)op, &got, &want,
				     r->dense, ref_dense, t->ncpus));
		CHECK(got.visited <= 2 * t->ncpus);
		if (got.visited)
			CHECK(got.lines >= 1 && got.lines <= got.visited);
		/* a first scan covers the places up to its answer; weight
		 * and gather cover every place and read every line */
		if (op == SBM_READ_FIRST || op == SBM_READ_AND)
			CHECK_EQ_U64(got.visited, got.cpu >= 0 ?
				     r->pos_of[got.cpu] + 1 : t->ncpus);
		if (op == SBM_READ_WEIGHT || op == SBM_READ_GATHER) {
			CHECK_EQ_U64(got.visited, t->ncpus);
			CHECK_EQ_U64(got.lines, r->l->nlines);
		}
		if (got.cpu >= 0)
			CHECK(set[got.cpu]);
		if (op == SBM_READ_GATHER)
			CHECK(!memcmp(r->dense, ref_dense,
				      (t->ncpus + 63) / 64 * 8));
		if (op == SBM_READ_WRAP_LLC && got.cpu >= 0 &&
		    t->cpus[got.cpu].llc != t->cpus[me].llc)
			for (uint32_t i = 0; i < t->ncpus; i++)
				if (t->cpus[i].llc == t->cpus[me].llc)
					CHECK(!set[i]);
		if (op == SBM_READ_IDLE_CORE && got.cpu >= 0)
			for (uint32_t i = 0; i < t->ncpus; i++)
				if (t->cpus[i].core == t->cpus[got.cpu].core)
					CHECK(set[i]);
	}
}

/*
 * The mask holds a stale bit: CPU @c is set in set[] (the reference's
 * state) and nowhere else, but cleared in @a.  Every op that would have
 * answered @c must disagree, the others must not.
 */
static void stale(const struct sbm_reader *r, const struct sbm_arena *a,
		  uint32_t c)
{
	const struct topo *t = r->t;

	for (int op = 0; op < SBM_NREADS; op++) {
		struct sbm_read_res got, want;
		bool agree;

		sbm_read(r, a, (enum sbm_read_op)op, 0, &got);
		sbm_read_ref(r, set, (enum sbm_read_op)op, 0, ref_dense, &want);
		agree = sbm_read_agree((enum sbm_read_op)op, &got, &want,
				       r->dense, ref_dense, t->ncpus);
		if (op == SBM_READ_AND || op == SBM_READ_IDLE_CORE)
			/* c may not be in other[], or its core not all set */
			CHECK(agree == (want.cpu < 0));
		else
			CHECK(!agree);
		if (op != SBM_READ_WEIGHT && op != SBM_READ_GATHER &&
		    want.cpu >= 0)
			CHECK_EQ_U64(want.cpu, c);
	}
}

/* sbm_read_agree() on answers made up field by field. */
static void agree_fields(void)
{
	uint64_t a[2] = { 0x5, 1ull << 6 }, b[2] = { 0x5, 1ull << 6 };
	struct sbm_read_res want = { .cpu = 3, .count = 2, .visited = 9,
				     .lines = 2 };
	struct sbm_read_res got = want;

	CHECK(sbm_read_agree(SBM_READ_GATHER, &got, &want, a, b, 71));
	/* the scan's cost is not its answer */
	got.visited = 1;
	got.lines = 7;
	CHECK(sbm_read_agree(SBM_READ_FIRST, &got, &want, a, b, 71));
	got.cpu = -1;
	CHECK(!sbm_read_agree(SBM_READ_FIRST, &got, &want, a, b, 71));
	got.cpu = 4;
	CHECK(!sbm_read_agree(SBM_READ_WRAP, &got, &want, a, b, 71));
	got = want;
	got.count = 3;
	CHECK(!sbm_read_agree(SBM_READ_WEIGHT, &got, &want, a, b, 71));
	got = want;
	/* one bit of the gathered mask, in its second word */
	b[1] ^= 1ull << 6;
	CHECK(!sbm_read_agree(SBM_READ_GATHER, &got, &want, a, b, 71));
	/* only gather's mask is compared */
	CHECK(sbm_read_agree(SBM_READ_WEIGHT, &got, &want, a, b, 71));
	/* and only its @ncpus CPUs' words */
	CHECK(sbm_read_agree(SBM_READ_GATHER, &got, &want, a, b, 64));
}

/*
 * Fill @a from set[] (@pct % of the CPUs, at random; other[] from a
 * pattern, random when @poison).  @poison sets every bit and byte of
 * the regions first, so what no CPU owns (the rest of a leaf's last
 * word and line) reads as set.
 */
static void load(struct sbm_reader *r, const struct sbm_arena *a,
		 unsigned pct, bool poison)
{
	const struct sbm_layout *l = r->l;

	sbm_zero(l, a);
	for (uint32_t g = 0; poison && g < l->nregions; g++)
		if (sbm_region_size(l, g))
			memset(a->base[g], 0xff, sbm_region_size(l, g));
	memset(other, 0, sizeof(other));
	for (uint32_t i = 0; i < l->ncpus; i++) {
		set[i] = pct >= 100 || rnd() % 100 < pct;
		if (set[i])
			sbm_set(l, a, i);
		else
			sbm_clear(l, a, i);
		/* any byte but 0 is set, whichever of its bits it has */
		if (poison && set[i] && l->bytewise)
			*(uint8_t *)sbm_slot_ptr(l, a, i) = 1u << (rnd() % 8);
		if (poison ? rnd() % 2 : i % 3)
			other[i / 64] |= 1ull << (i % 64);
	}
	sbm_reader_set_other(r, other);
	/* bit by bit, the mask holds what the reference reads */
	for (uint32_t p = 0; p < l->ncpus; p++)
		CHECK(sbm_test(l, a, l->order[p]) == set[l->order[p]]);
}

/* Layout @l's regions, zeroed. */
static void arena_alloc(const struct sbm_layout *l, struct sbm_arena *a)
{
	memset(a, 0, sizeof(*a));
	a->nregions = l->nregions;
	for (uint32_t g = 0; g < l->nregions; g++)
		if (sbm_region_size(l, g))
			CHECK((a->base[g] = calloc(1, sbm_region_size(l, g))));
}

static void arena_free(struct sbm_arena *a)
{
	for (uint32_t g = 0; g < a->nregions; g++)
		free(a->base[g]);
}

static void layouts(const struct topo *t, uint32_t mes)
{
	static const unsigned pcts[] = { 0, 2, 30, 90, 100 };

	for (int k = 0; k < SBM_NBUILTIN; k++) {
		struct sbm_layout l;
		struct sbm_reader r;
		struct sbm_arena a;
		const char *why = "";

		CHECK(sbm_layout_build(&l, (enum sbm_kind)k, t, 64, &why) == 0);
		CHECK(sbm_reader_init(&r, &l, t) == 0);
		arena_alloc(&l, &a);
		for (unsigned s = 0; s < sizeof(pcts) / sizeof(pcts[0]); s++) {
			load(&r, &a, pcts[s], false);
			for (uint32_t m = 0; m < mes; m++)
				compare(&r, &a, m ? rnd() % t->ncpus : 0);
			/* the last CPU of the order: wrap starts at place 0 */
			compare(&r, &a, l.order[t->ncpus - 1]);
		}
		/* exactly one CPU set: every op finds it, or rightly not */
		load(&r, &a, 0, false);
		set[t->ncpus / 2] = true;
		sbm_set(&l, &a, t->ncpus / 2);
		compare(&r, &a, 0);
		/* the same, read after the mask lost it */
		sbm_clear(&l, &a, t->ncpus / 2);
		stale(&r, &a, t->ncpus / 2);
		arena_free(&a);
		sbm_reader_free(&r);
		sbm_layout_free(&l);
	}
}

/* LLCs of 3, 5 and 3 CPUs; core 1 without a sibling; two nodes. */
static void uneven(struct topo *t)
{
	static const uint32_t llc[] = { 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2 };
	static const uint32_t core[] = { 0, 0, 1, 2, 2, 3, 3, 4, 5, 5, 6 };
	const char *why = "";

	topo_init(t, cpus);
	for (uint32_t i = 0; i < 11; i++) {
		int c = topo_add_cpu(t, 100 + i, i ? 0 : TOPO_CPU_BSP);

		CHECK(c >= 0);
		cpus[c].raw_node = llc[i] == 2;
		cpus[c].raw_package = 0;
		cpus[c].raw_llc = llc[i];
		cpus[c].raw_core = core[i];
	}
	CHECK(topo_finalize(t, &why) == 0);
}

/*
 * @n CPUs in LLCs of @llc_size (the last one shorter) on 4 nodes in turn,
 * cores of two threads but every seventh CPU alone in its core.
 */
static void sized(struct topo *t, uint32_t n, uint32_t llc_size)
{
	const char *why = "";
	uint32_t core = 0, members = 0;

	topo_init(t, cpus);
	for (uint32_t i = 0; i < n; i++) {
		int c = topo_add_cpu(t, 1000 + i, i ? 0 : TOPO_CPU_BSP);
		uint32_t llc = i / llc_size;

		CHECK(c >= 0);
		/* a new core: a new LLC, a full one, a lone CPU before */
		if (i && (i % llc_size == 0 || members == 2 || i % 7 == 0 ||
			  (i - 1) % 7 == 0)) {
			core++;
			members = 0;
		}
		members++;
		cpus[c].raw_node = llc % 4;
		cpus[c].raw_package = llc % 4;
		cpus[c].raw_llc = llc;
		cpus[c].raw_core = core;
	}
	CHECK(topo_finalize(t, &why) == 0);
}

/*
 * Every size from 1 to 512 CPUs, every layout, random masks from empty
 * through one CPU and sparse to dense and full, the unowned bits set:
 * each op's answer is the bit-by-bit reference's.
 */
static void sizes(void)
{
	static const unsigned pcts[] = { 0, 1, 5, 50, 95, 100 };
	static const uint32_t llc_sizes[] = { 1, 3, 8, 13, 64, 65, 512 };
	struct topo t;

	for (uint32_t n = 1; n <= 512; n++) {
		sized(&t, n, llc_sizes[n % 7]);
		for (int k = 0; k < SBM_NBUILTIN; k++) {
			struct sbm_layout l;
			struct sbm_reader r;
			struct sbm_arena a;
			const char *why = "";

			CHECK(sbm_layout_build(&l, (enum sbm_kind)k, &t, 64,
					       &why) == 0);
			CHECK(sbm_reader_init(&r, &l, &t) == 0);
			arena_alloc(&l, &a);
			for (unsigned s = 0; s < 6; s++) {
				load(&r, &a, pcts[s], true);
				compare(&r, &a, rnd() % n);
				compare(&r, &a, l.order[n - 1]);
			}
			/* one CPU, at a random place: zero words skipped */
			load(&r, &a, 0, true);
			set[rnd() % n] = true;
			for (uint32_t i = 0; i < n; i++)
				if (set[i])
					sbm_set(&l, &a, i);
			compare(&r, &a, rnd() % n);
			compare(&r, &a, 0);
			arena_free(&a);
			sbm_reader_free(&r);
			sbm_layout_free(&l);
		}
	}
}

/* Answers worked by hand on 2 LLCs x 2 cores x 2 threads (siblings 4
 * apart, llc 0 = CPUs 0,1,4,5). */
static void by_hand(void)
{
	struct topo t;
	struct sbm_layout l;
	struct sbm_reader r;
	struct sbm_arena a = { .nregions = 1 };
	struct sbm_read_res res;
	const char *why = "";

	CHECK(fixture_topo(&t, cpus, 1, 2, 2, 2) == 0);
	CHECK(sbm_layout_build(&l, SBM_LLC_U8, &t, 64, &why) == 0);
	CHECK(sbm_reader_init(&r, &l, &t) == 0);
	CHECK((a.base[0] = calloc(1, sbm_region_size(&l, 0))));
	sbm_set(&l, &a, 2);	/* llc 1 */
	sbm_set(&l, &a, 5);	/* llc 0 */
	sbm_set(&l, &a, 6);	/* llc 1: 2 and 6 are one core */
	sbm_read(&r, &a, SBM_READ_WRAP_LLC, 0, &res);
	CHECK_EQ_U64(res.cpu, 5);
	sbm_read(&r, &a, SBM_READ_WRAP_LLC, 3, &res);
	CHECK_EQ_U64(res.cpu, 6);	/* llc 1 in leaf order: 2, 6, 3, 7 */
	sbm_read(&r, &a, SBM_READ_IDLE_CORE, 0, &res);
	CHECK_EQ_U64(res.cpu, 2);
	sbm_read(&r, &a, SBM_READ_WEIGHT, 0, &res);
	CHECK_EQ_U64(res.count, 3);
	CHECK_EQ_U64(res.visited, 8);
	CHECK_EQ_U64(res.lines, 2);
	/* and: a word AND with the second mask, CPUs 5 and 6 in it */
	other[0] = 1ull << 5 | 1ull << 6;
	sbm_reader_set_other(&r, other);
	sbm_read(&r, &a, SBM_READ_AND, 0, &res);
	CHECK_EQ_U64(res.cpu, 5);	/* leaf order: 0, 1, 4, 5, ... */
	CHECK_EQ_U64(res.visited, 4);
	other[0] = 1ull << 6;
	sbm_reader_set_other(&r, other);
	sbm_read(&r, &a, SBM_READ_AND, 0, &res);
	CHECK_EQ_U64(res.cpu, 6);
	/* a byte no CPU owns, past llc 0's four: never a CPU */
	((uint8_t *)sbm_slot_ptr(&l, &a, 5))[3] = 1;
	sbm_read(&r, &a, SBM_READ_WEIGHT, 0, &res);
	CHECK_EQ_U64(res.count, 3);
	CHECK_EQ_U64(sbm_read_parse("wrap-llc"), SBM_READ_WRAP_LLC);
	CHECK(sbm_read_parse("wrap-") == -1);
	free(a.base[0]);
	sbm_reader_free(&r);
	sbm_layout_free(&l);
}

int main(void)
{
	struct topo t;

	by_hand();
	agree_fields();
	uneven(&t);
	layouts(&t, 11);
	CHECK(fixture_topo(&t, cpus, 1, 1, 1, 1) == 0);
	layouts(&t, 1);
	CHECK(fixture_topo(&t, cpus, 2, 3, 5, 2) == 0);
	layouts(&t, 8);
	CHECK(fixture_topo(&t, cpus, 1, 1, 100, 1) == 0);
	layouts(&t, 4);
	CHECK(fixture_topo(&t, cpus, 8, 4, 64, 2) == 0);	/* 4096 */
	layouts(&t, 1);
	sizes();
	return check_done("test_sbm_read");
}
