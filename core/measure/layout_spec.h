/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A layout as data: which CPUs share a leaf, how each CPU's element sits
 * in it, in which order, and what else one update touches.  The options
 * (layouts=spec:...), the twin and the host tools read the same text:
 *
 *   group=one|node|package|llc|core|cpu|N   CPUs per leaf (N: N CPUs in
 *                                           index order)
 *   elem=u64|u32|u8     a bit in a 64- or 32-bit word, or a byte per CPU
 *   leaf=lines|line|word  as many lines as the leaf needs, at most one
 *                       coherence line, or only its first word
 *   stride=N            leaves N lines apart (0: what each needs)
 *   hdr=N               the elements start N bytes into the leaf
 *   index=fw|topo|hwid  firmware order (as Linux numbers CPUs), topology
 *                       order (node, package, LLC, core, thread) or
 *                       hardware id order (APIC id, MPIDR, hart id)
 *   op=NAME             the element's op (default: the op= option's)
 *   then=STEP/STEP...   what the set does, in order ("bit": the element's
 *                       op; first when not named)
 *   undo=STEP/STEP...   what the clear does, in order (default: the set's
 *                       steps in reverse, inc and dec swapped)
 *
 * A STEP is bit, inc|dec|store|load@WHERE[+OFF], or mb|wmb|mba (a full
 * barrier, a write barrier, smp_mb__after_atomic()).  WHERE is leaf (the
 * leaf's own lines, OFF bytes from its start; OFF "end" is the first
 * 8-byte word after its elements), or one|node|package|llc|core|cpu: a
 * 32-bit word per such group on a line of its own, OFF bytes into it.
 * A store in then= writes 1, in undo= 0.  group=sbitmap is lib/sbitmap's
 * word: 2^shift CPUs per leaf, shift as sbitmap_calculate_shift() picks
 * it for a depth of one bit per CPU.
 */
#ifndef SBM_LAYOUT_SPEC_H
#define SBM_LAYOUT_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum spec_group {
	SG_ONE, SG_NODE, SG_PACKAGE, SG_LLC, SG_CORE, SG_CPU, SG_N,
};
enum spec_elem { SE_U64, SE_U32, SE_U8 };
enum spec_leaf { SL_LINES, SL_LINE, SL_WORD };
enum spec_index { SI_FW, SI_TOPO, SI_HWID };

enum spec_step_kind {
	SK_INC, SK_DEC, SK_STORE, SK_LOAD,	/* on a 32-bit word */
	SK_MB, SK_WMB, SK_MBA,			/* barriers: no word */
	SK_BIT,					/* the element's op */
};

#define SPEC_OFF_END 0x8000u	/* off: from the end of the elements */
#define SPEC_MAX_STEPS 12	/* then= and undo= together */
#define SPEC_OP_MAX 24

struct spec_step {
	uint8_t kind;		/* enum spec_step_kind */
	uint8_t where;		/* enum spec_group; SG_N: the leaf */
	uint16_t off;		/* bytes; | SPEC_OFF_END: after the elements */
};

struct sbm_spec {
	uint8_t group, elem, leaf, index;
	uint32_t per;		/* group=N: CPUs per leaf */
	uint32_t stride;	/* lines between leaves, 0: as needed */
	uint32_t hdr;		/* bytes before the elements */
	char op[SPEC_OP_MAX];	/* "": the op= option's */
	uint32_t nsteps;	/* then='s steps, then undo='s */
	uint32_t nset;		/* then='s: the first nset */
	bool undo;		/* undo= given */
	struct spec_step step[SPEC_MAX_STEPS];
};

/* group=sbitmap: per is 0, the leaf's size computed from the CPUs */
#define SPEC_PER_SBITMAP 0

/* The step's word lies in the leaf itself. */
#define SPEC_WHERE_LEAF SG_N

/*
 * Parse @len bytes of @text ("group=llc,elem=u64,..."; any order, each
 * key at most once, unknown keys refused) into @s.  0, or -1 with the
 * reason naming the offending key or value in @why (static text).
 */
int sbm_spec_parse(const char *text, size_t len, struct sbm_spec *s,
		   const char **why);
/* The canonical text of @s (every key, fixed order); its length. */
size_t sbm_spec_format(const struct sbm_spec *s, char *buf, size_t len);
/* Whether @key (up to '=') is one of the spec's keys: where a comma
 * list of layouts goes on with the spec or starts the next layout. */
bool sbm_spec_key(const char *item, size_t len);

/* Bytes one element takes in its word (8, 4) or a byte (1). */
static inline uint32_t sbm_spec_word(const struct sbm_spec *s)
{
	return s->elem == SE_U64 ? 8 : s->elem == SE_U32 ? 4 : 1;
}

/* The step's word's kind names, for explanations: "inc", "mb" ... */
const char *sbm_spec_step_name(enum spec_step_kind k);
const char *sbm_spec_group_name(enum spec_group g);

#endif
