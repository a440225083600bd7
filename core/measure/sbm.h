/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Sparse-bitmap layouts: where each CPU's bit (or byte) lives, and the
 * other words one update touches, built from a spec (layout_spec.h).  A
 * layout puts CPUs into leaves (all CPUs, a NUMA node, an LLC, one CPU,
 * N CPUs); every leaf starts on its own line, so CPUs of different
 * leaves never share one.  Bit layouts address a 64-bit word plus a bit
 * number (a u32 element is the same bit of the same bytes: every ISA
 * here is little-endian); byte layouts one byte per CPU.
 *
 * The arena is one region per NUMA node, as the kernel allocates per-node
 * leaves from their own node: each leaf lives in the region of its home
 * node (the node of its CPUs; the boot CPU's node for the global mask).
 */
#ifndef SBM_SBM_H
#define SBM_SBM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/layout_table.h"
#include "topo/topo.h"

/* Layouts a run can hold: the six, the presets, floors and specs. */
#define SBM_NKINDS SBM_MAX_LAYOUTS

struct sbm_steps;

struct sbm_slot {
	uint32_t region;	/* arena region = home node of the CPU's leaf */
	uint32_t offset;	/* byte offset of the word or byte in it */
	uint32_t bit;		/* bit in the 64-bit word; 0 for byte layouts */
};

struct sbm_layout {
	enum sbm_kind kind;
	bool bytewise;
	const struct sbm_spec *spec;	/* what it was built from */
	uint32_t nsteps;	/* the spec's companion steps */
	/* per CPU x step: the word the step touches (barriers: unused) */
	struct sbm_slot *comp;
	/* what the run binds to its arena (steps_op.h), freed with it */
	struct sbm_steps *steps;
	uint32_t line;		/* line size the leaves are aligned to */
	uint32_t ncpus;
	uint32_t nleaves;	/* leaves */
	uint32_t nlines;	/* lines in all regions together */
	uint32_t nregions;	/* the topology's nodes */
	uint32_t *region_lines;	/* per region: its size in lines (may be 0) */
	struct sbm_slot *slot;	/* per logical CPU */
	uint32_t *leaf;	/* leaf of each CPU */
	uint32_t *leaf_region;	/* home node of each leaf */
	uint32_t *order;	/* CPUs in leaf order, for iteration */
};

/* Where the regions are: base[r] holds region r (NULL when it is empty). */
struct sbm_arena {
	uint32_t nregions;
	uint8_t *base[TOPO_MAX_NODES];
};

const char *sbm_kind_name(enum sbm_kind k);
/* A byte per CPU (llc-u8, private-u8) rather than a bit. */
bool sbm_kind_is_bytewise(enum sbm_kind k);
/* Parse a layout name; returns -1 when unknown. */
int sbm_kind_parse(const char *name, size_t len);
/* "global, node, llc, llc-u8, private" for error messages. */
const char *sbm_kind_names(void);
/* The spec @k is built from; NULL where no layout is. */
const struct sbm_spec *sbm_kind_spec(enum sbm_kind k);

/* Build the layout for topology @t with leaves aligned to @line bytes. */
int sbm_layout_build(struct sbm_layout *l, enum sbm_kind kind,
		     const struct topo *t, uint32_t line, const char **why);
void sbm_layout_free(struct sbm_layout *l);

/* Bytes region @r must hold for this layout. */
static inline size_t sbm_region_size(const struct sbm_layout *l, uint32_t r)
{
	return r < l->nregions ? (size_t)l->region_lines[r] * l->line : 0;
}

/* Which @line-byte cache line slot @s lies in, regions apart: the key
 * the model, the shape and the readers group CPUs by. */
static inline uint64_t sbm_slot_line(const struct sbm_slot *s, uint32_t line)
{
	return (uint64_t)s->region << 32 | s->offset / line;
}

/* The word (or byte) of @cpu in @a. */
static inline void *sbm_slot_ptr(const struct sbm_layout *l,
				 const struct sbm_arena *a, uint32_t cpu)
{
	return a->base[l->slot[cpu].region] + l->slot[cpu].offset;
}

/* Zero what layout @l uses of every region of @a. */
void sbm_zero(const struct sbm_layout *l, const struct sbm_arena *a);

/* Generic operations with compiler atomics (the measured loops use isa ops). */
void sbm_set(const struct sbm_layout *l, const struct sbm_arena *a,
	     uint32_t cpu);
void sbm_clear(const struct sbm_layout *l, const struct sbm_arena *a,
	       uint32_t cpu);
bool sbm_test(const struct sbm_layout *l, const struct sbm_arena *a,
	      uint32_t cpu);
/* Next CPU set at or after position @pos (leaf order); returns the CPU or
 * -1 and stores the position to continue from in *pos. */
int sbm_next(const struct sbm_layout *l, const struct sbm_arena *a,
	     uint32_t *pos);
uint32_t sbm_weight(const struct sbm_layout *l, const struct sbm_arena *a);

#define sbm_for_each(cpu, pos, l, arena)                                     \
	for ((pos) = 0; ((cpu) = sbm_next((l), (arena), &(pos))) >= 0; (pos)++)

#endif
