// SPDX-License-Identifier: BSD-2-Clause
/*
 * Layout specs and the kernel presets (issue #48), for 1, 7, 64, 300 and
 * 1024 CPUs with uneven LLCs, SMT siblings numbered as Linux numbers
 * them (all first threads, then the second ones) and APIC-style hardware
 * ids (siblings adjacent).  Which CPUs share a line is checked against a
 * reference written here from the kernel's code, not from the builder:
 *   a cpumask puts CPU n at bit n (512 to a 64-byte line);
 *   sbm (include/linux/sbm.h) a leaf per LLC, bits by APIC id, after
 *     an 8-byte header;
 *   sparsemask (Sistare, 2018) the first 8 bits of each line;
 *   lib/sbitmap 2^shift bits per word, shift = 6 lowered while
 *     (4 << shift) > depth (sbitmap_calculate_shift()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "measure/layout_presets.h"
#include "measure/layout_shape.h"
#include "measure/sbm.h"

static struct topo_cpu cpus[TOPO_MAX_CPUS];
static const uint32_t llc_cores[] = { 5, 3, 8 };	/* uneven, repeating */

/* @n CPUs: two threads a core where n is even, LLCs of 5, 3, 8 cores,
 * the first half of the LLCs on node 0, the rest on node 1. */
static void machine(struct topo *t, uint32_t n)
{
	uint32_t threads = n % 2 ? 1 : 2, ncores = n / threads, nllc = 0;
	uint32_t llc_of[TOPO_MAX_CPUS], left = 0;
	const char *why = "";

	for (uint32_t c = 0; c < ncores; c++) {
		if (!left)
			left = llc_cores[nllc++ % 3];
		llc_of[c] = nllc - 1;
		left--;
	}
	topo_init(t, cpus);
	for (uint32_t th = 0; th < threads; th++)
		for (uint32_t c = 0; c < ncores; c++) {
			int i = topo_add_cpu(t, c * threads + th, 0);

			CHECK(i >= 0);
			t->cpus[i].raw_llc = llc_of[c];
			t->cpus[i].raw_node = nllc > 1 && llc_of[c] >= nllc / 2;
			t->cpus[i].raw_package = t->cpus[i].raw_node;
			t->cpus[i].raw_core = c;
		}
	t->cpus[0].flags |= TOPO_CPU_BSP;
	t->line_size = 64;
	CHECK(topo_finalize(t, &why) == 0);
	t->line_size = 64;
}

static uint64_t line_of(const struct sbm_slot *s)
{
	return (uint64_t)s->region << 32 | s->offset / 64;
}

/* CPUs share the element's line exactly when their references agree. */
static void same_lines(const char *what, const struct sbm_layout *l,
		       const uint64_t *ref)
{
	for (uint32_t c = 0; c < l->ncpus; c++)
		for (uint32_t d = c + 1; d < l->ncpus; d++)
			if ((line_of(&l->slot[c]) == line_of(&l->slot[d])) !=
			    (ref[c] == ref[d])) {
				fprintf(stderr, "%s: CPUs %u and %u\n", what, c,
					d);
				CHECK(0);
				return;
			}
}

/* The same for the word of step @j. */
static void same_comp(const char *what, const struct sbm_layout *l,
		      uint32_t j, const uint64_t *ref)
{
	for (uint32_t c = 0; c < l->ncpus; c++)
		for (uint32_t d = c + 1; d < l->ncpus; d++)
			if ((line_of(&l->comp[c * l->nsteps + j]) ==
			     line_of(&l->comp[d * l->nsteps + j])) !=
			    (ref[c] == ref[d])) {
				fprintf(stderr, "%s step %u: CPUs %u and %u\n",
					what, j, c, d);
				CHECK(0);
				return;
			}
}

static uint32_t ref_sbitmap_bits(uint32_t depth)
{
	uint32_t bits = 64;

	if (depth < 4)
		return 64;
	while (bits > 1 && 4 * bits > depth)
		bits /= 2;
	return bits;
}

static int build(struct sbm_layout *l, const char *name,
		 const struct topo *t, const char **why)
{
	int k = sbm_layout_find(name, strlen(name));

	CHECK(k >= 0);
	return sbm_layout_build(l, (enum sbm_kind)k, t, 128, why);
}

static void presets(uint32_t n)
{
	static uint64_t ref[TOPO_MAX_CPUS];
	struct topo t;
	struct sbm_layout l;
	struct sbm_shape sh;
	const char *why = "";
	static const char *const masks[] = { "global", "nohz", "nohz-nrcpus",
					     "cpupri", "rto", "dlo" };

	machine(&t, n);
	CHECK_EQ_U64(t.ncpus, n);
	/* one cpumask: CPU c at bit c */
	for (uint32_t c = 0; c < n; c++)
		ref[c] = c / 512;
	for (size_t i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		CHECK(build(&l, masks[i], &t, &why) == 0);
		same_lines(masks[i], &l, ref);
		for (uint32_t c = 0; c < n; c++)
			CHECK_EQ_U64(l.slot[c].offset % 64 * 8 + l.slot[c].bit,
				     c % 512);
		sbm_layout_free(&l);
	}
	/* nohz: the struct's scalars on one line, nr_busy_cpus per LLC */
	CHECK(build(&l, "nohz-nrcpus", &t, &why) == 0);
	for (uint32_t c = 0; c < n; c++)
		ref[c] = 0;
	same_comp("nohz-nrcpus", &l, 1, ref);	/* inc@one+8 */
	same_comp("nohz-nrcpus", &l, 4, ref);	/* store@one+16 */
	CHECK(line_of(&l.comp[1]) == line_of(&l.comp[4]));
	for (uint32_t c = 0; c < n; c++)
		ref[c] = t.cpus[c].llc;
	same_comp("nohz-nrcpus", &l, 3, ref);	/* dec@llc+4 */
	CHECK(sbm_layout_shape(&l, 64, &sh) == 0);
	CHECK_EQ_U64(sh.touches, 3);	/* mask, nohz's line, the LLC's */
	CHECK_EQ_U64(sh.atomics, 6);	/* bts inc dec, btr dec inc */
	sbm_layout_free(&l);
	CHECK(build(&l, "nohz", &t, &why) == 0);
	CHECK(sbm_layout_shape(&l, 64, &sh) == 0);
	CHECK_EQ_U64(sh.touches, 3);	/* the stores still take the line */
	CHECK_EQ_U64(sh.atomics, 4);	/* nr_cpus gone */
	sbm_layout_free(&l);
	/* the mask inline in a NR_CPUS=512 kernel: scalars on the next line;
	 * such a kernel holds no more than 512 CPUs */
	if (n <= 512) {
		CHECK(build(&l, "nohz-inline", &t, &why) == 0);
		CHECK(line_of(&l.comp[3]) != line_of(&l.slot[0]));
		CHECK(l.comp[3].offset - l.slot[0].offset == 68);
		sbm_layout_free(&l);
	} else {
		CHECK(build(&l, "nohz-inline", &t, &why) == -1);
		CHECK(strstr(why, "lies in the elements") != NULL);
	}
	/* per node: cpupri's mask split (July 2025) */
	for (uint32_t c = 0; c < n; c++) {
		uint32_t rank = 0;

		for (uint32_t d = 0; d < c; d++)
			rank += t.cpus[d].node == t.cpus[c].node;
		ref[c] = (uint64_t)t.cpus[c].node << 32 | rank / 512;
	}
	CHECK(build(&l, "cpupri-numa", &t, &why) == 0);
	same_lines("cpupri-numa", &l, ref);
	sbm_layout_free(&l);
	/* sbm: a leaf per LLC; bits by APIC id after the header */
	for (uint32_t c = 0; c < n; c++)
		ref[c] = t.cpus[c].llc;
	CHECK(build(&l, "sbm-word", &t, &why) == 0);
	same_lines("sbm-word", &l, ref);
	for (uint32_t c = 0; c < n; c++) {
		uint32_t rank = 0;

		for (uint32_t d = 0; d < n; d++)
			rank += t.cpus[d].llc == t.cpus[c].llc &&
				t.cpus[d].hwid < t.cpus[c].hwid;
		CHECK_EQ_U64(l.slot[c].bit, rank);
		CHECK_EQ_U64(l.slot[c].offset % 128, 8);
	}
	CHECK(sbm_layout_shape(&l, 64, &sh) == 0);
	CHECK_EQ_U64(sh.touches, 2);	/* the root read, the leaf */
	sbm_layout_free(&l);
	CHECK(build(&l, "sbm-line", &t, &why) == 0);
	same_lines("sbm-line", &l, ref);
	sbm_layout_free(&l);
	/* sparsemask: 8 CPUs to a line, CPU-number order */
	for (uint32_t c = 0; c < n; c++)
		ref[c] = c / 8;
	CHECK(build(&l, "sparsemask", &t, &why) == 0);
	same_lines("sparsemask", &l, ref);
	sbm_layout_free(&l);
	/* sbitmap: 2^shift bits per word, each word on its own line */
	for (uint32_t c = 0; c < n; c++)
		ref[c] = c / ref_sbitmap_bits(n);
	CHECK(build(&l, "sbitmap", &t, &why) == 0);
	same_lines("sbitmap", &l, ref);
	sbm_layout_free(&l);
	CHECK(build(&l, "sbitmap-deferred", &t, &why) == 0);
	CHECK(sbm_layout_shape(&l, 64, &sh) == 0);
	CHECK_EQ_U64(sh.touches, 2);	/* word, then cleared, a line on */
	CHECK_EQ_U64(l.comp[0].offset - l.slot[0].offset, 64);
	sbm_layout_free(&l);
	/* sd_llc_shared: the CPU's own bit, the LLC's words shared */
	for (uint32_t c = 0; c < n; c++)
		ref[c] = c;
	CHECK(build(&l, "llc-shared", &t, &why) == 0);
	same_lines("llc-shared", &l, ref);
	for (uint32_t c = 0; c < n; c++)
		ref[c] = t.cpus[c].llc;
	same_comp("llc-shared", &l, 1, ref);
	sbm_layout_free(&l);
}

static void roundtrip(const char *in, const char *want)
{
	struct sbm_spec s;
	const char *why = "";
	char out[256];

	CHECK(sbm_spec_parse(in, strlen(in), &s, &why) == 0);
	sbm_spec_format(&s, out, sizeof(out));
	CHECK_STR(out, want);
}

static void refused(const char *in, const char *says)
{
	struct sbm_spec s;
	const char *why = "";

	CHECK(sbm_spec_parse(in, strlen(in), &s, &why) == -1);
	if (!strstr(why, says)) {
		fprintf(stderr, "'%s': %s\n", in, why);
		CHECK(0);
	}
}

static void specs(void)
{
	struct topo t;
	struct sbm_layout l;
	const char *why = "";
	int k;

	/* every preset's text parses (the table would leave a bad one as
	 * a zero spec, that is global's), and the table holds it */
	{
		size_t np;
		const struct sbm_preset *p = sbm_presets(&np);

		for (size_t i = 0; i < np; i++) {
			struct sbm_spec s;
			char a[256], b[256];
			int pk = sbm_layout_find(p[i].name, strlen(p[i].name));

			CHECK(sbm_spec_parse(p[i].spec, strlen(p[i].spec), &s,
					     &why) == 0);
			CHECK(pk >= SBM_NBUILTIN);
			sbm_spec_format(&s, a, sizeof(a));
			sbm_spec_format(sbm_kind_spec((enum sbm_kind)pk), b,
					sizeof(b));
			CHECK_STR(a, b);
		}
	}
	roundtrip("group=llc", "group=llc,elem=u64,leaf=lines,index=fw");
	roundtrip("index=topo,op=lock_or,leaf=line,elem=u64,group=llc",
		  "group=llc,elem=u64,leaf=line,index=topo,op=lock_or");
	roundtrip("group=sbitmap,leaf=word,undo=inc@leaf+64/bit",
		  "group=sbitmap,elem=u64,leaf=word,index=fw,undo=inc@leaf+64/bit");
	roundtrip("group=one,then=bit/inc@leaf+end+4/mba,undo=dec@leaf+end+4/bit",
		  "group=one,elem=u64,leaf=lines,index=fw,then=bit/inc@leaf+end+4/mba,undo=dec@leaf+end+4/bit");
	refused("group=llc,elm=u8", "unknown key");
	refused("group=llc,group=node", "twice");
	refused("group=die", "group=");
	refused("group=0", "group=");
	refused("elem=u8,leaf=word", "leaf=word");
	refused("then=inc", "@where");
	refused("then=mb@llc", "no @where");
	refused("then=inc@llc+3", "multiple of 4");
	refused("then=inc@llc+end", "+OFF");
	refused("then=bit/bit", "bit at most once");
	refused("undo=bit,then=bit", "before undo");
	refused("then=inc@one/inc@one/inc@one/inc@one/inc@one/inc@one/inc@one,"
		"undo=dec@one/dec@one/dec@one/dec@one/dec@one/dec@one", "12 steps");
	refused("op=Lock", "lower case");
	refused("", "empty");
	/* the six by their spec are the six: same name, same records */
	k = sbm_layout_add("group=llc,index=fw", 18, NULL, &why);
	CHECK_EQ_U64(k, SBM_LLC);
	k = sbm_layout_add("group=cpu,elem=u8", 17, NULL, &why);
	CHECK_EQ_U64(k, SBM_PRIVATE_U8);
	/* a new one: named, its floor made once */
	k = sbm_layout_add("group=2,leaf=word,then=inc@llc", 30, NULL, &why);
	CHECK(k >= sbm_layout_first_user());
	CHECK_STR(sbm_kind_name((enum sbm_kind)k), "spec1");
	CHECK(sbm_layout_floor(k, &why) == k + 1);
	CHECK(sbm_layout_floor(k, &why) == k + 1);
	CHECK_STR(sbm_kind_name((enum sbm_kind)(k + 1)), "spec1-floor");
	/* more CPUs than a leaf holds: refused by name, before any runs */
	machine(&t, 300);
	k = sbm_layout_add("group=one,leaf=word", 19, NULL, &why);
	CHECK(sbm_layout_build(&l, (enum sbm_kind)k, &t, 128, &why) == -1);
	CHECK(strstr(why, "leaf=word: a leaf of 300 CPUs") != NULL);
	k = sbm_layout_add("group=one,leaf=line", 19, NULL, &why);
	CHECK(sbm_layout_build(&l, (enum sbm_kind)k, &t, 128, &why) == 0);
	sbm_layout_free(&l);
	machine(&t, 1024);
	CHECK(sbm_layout_build(&l, (enum sbm_kind)k, &t, 128, &why) == -1);
	CHECK(strstr(why, "leaf=line") != NULL);
	sbm_layout_reset();
	CHECK(sbm_layout_find("spec1", 5) == -1);
}

int main(void)
{
	static const uint32_t sizes[] = { 1, 7, 64, 300, 1024 };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		presets(sizes[i]);
	specs();
	return check_done("test_layout_spec");
}
