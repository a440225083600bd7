/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The read side of a layout: what the scheduler asks of a CPU mask
 * (first set, the next after me, my LLC first, and with a second mask,
 * weight, gather into a dense mask, an idle core), each scanned as
 * find_next_bit() and for_each_cpu_and() scan a cpumask: a word at a
 * time, zero words skipped, a u8 layout's bytes 8 at a time, the second
 * mask ANDed a word at a time; counting the CPUs and lines it covered.
 * sbm_read_ref() answers the same from a plain bool array, as a check.
 */
#ifndef SBM_SBM_READ_H
#define SBM_SBM_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/sbm.h"
#include "topo/topo.h"

enum sbm_read_op {
	SBM_READ_FIRST,
	SBM_READ_WRAP,		/* first set after @me, wrapping */
	SBM_READ_WRAP_LLC,	/* @me's LLC first, then the others in order */
	SBM_READ_AND,		/* first set that is also set in @other */
	SBM_READ_WEIGHT,
	SBM_READ_GATHER,	/* all set CPUs into a dense bitmap */
	SBM_READ_IDLE_CORE,	/* first CPU whose SMT siblings are all set */
	SBM_NREADS
};

struct sbm_read_res {
	int32_t cpu;		/* the answer; -1 = none */
	uint32_t count;		/* weight, gather: CPUs set */
	uint32_t visited;	/* CPUs the scan covered */
	uint32_t lines;		/* line changes along the way */
};

/* What the ops need besides the layout, built once per layout. */
struct sbm_reader {
	const struct sbm_layout *l;
	const struct topo *t;
	uint32_t *pos_of;	/* per CPU: its place in l->order */
	uint32_t *leaf_end;	/* per leaf: the place after its last CPU */
	uint32_t *leaf_start;
	uint32_t *leaf_off;	/* per leaf: offset of its first word */
	uint32_t line_shift;	/* log2 of the layout's line */
	/* per LLC, the runs of places its CPUs hold in l->order */
	uint32_t *run_lo, *run_hi, *llc_runs;	/* llc_runs: nllcs + 1 */
	/* per core, its CPUs */
	uint32_t *core_cpus, *core_first;	/* core_first: ncores + 1 */
	const uint64_t *other;	/* SBM_READ_AND: dense by CPU id */
	/* the same mask in the layout's shape, for a word AND: a region
	 * at other_base[region], each CPU's bit (or 0xff byte) at its slot */
	uint8_t *other_shape;
	size_t *other_base;
	uint64_t *dense;	/* SBM_READ_GATHER: the result, by CPU id */
};

const char *sbm_read_name(enum sbm_read_op op);
int sbm_read_parse(const char *name);	/* -1 when unknown */
const char *sbm_read_names(void);

int sbm_reader_init(struct sbm_reader *r, const struct sbm_layout *l,
		    const struct topo *t);
void sbm_reader_free(struct sbm_reader *r);
/* The and op's second mask: @dense (by CPU id, kept for the reference)
 * copied into the layout's shape.  Call again after @dense changes. */
void sbm_reader_set_other(struct sbm_reader *r, const uint64_t *dense);

/* Run @op as CPU @me would on @a. */
void sbm_read(const struct sbm_reader *r, const struct sbm_arena *a,
	      enum sbm_read_op op, uint32_t me, struct sbm_read_res *res);

/* The same answer from @set (per CPU), without the layout's lines; for
 * gather, @dense receives the bitmap.  visited and lines stay 0. */
void sbm_read_ref(const struct sbm_reader *r, const bool *set,
		  enum sbm_read_op op, uint32_t me, uint64_t *dense,
		  struct sbm_read_res *res);

/* Whether @got (sbm_read()'s, with @got_dense its gather) gives the
 * reference's answer @want (@want_dense) for @op over @ncpus CPUs:
 * the CPU and the count, and for gather every bit; how much a scan
 * visited is its cost, not its answer, and is not compared. */
bool sbm_read_agree(enum sbm_read_op op, const struct sbm_read_res *got,
		    const struct sbm_read_res *want, const uint64_t *got_dense,
		    const uint64_t *want_dense, uint32_t ncpus);

#endif
