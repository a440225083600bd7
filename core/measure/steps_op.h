/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The update of a layout whose spec has companion steps (layout_spec.h):
 * its then= steps in the kernel's order, the element's op among them;
 * the clear its undo= steps (or then='s undone in reverse).  It is an sbm_op like the others, so windows,
 * gaps and rw's writers run it unchanged: its "word" is the CPU's
 * sbm_steps (what to touch, bound to the arena), its bit unused.
 */
#ifndef SBM_STEPS_OP_H
#define SBM_STEPS_OP_H

#include <stdint.h>

#include "measure/layout_spec.h"
#include "measure/ops.h"
#include "measure/sbm.h"

struct sbm_step_run {
	uint8_t kind;		/* enum spec_step_kind */
	uint8_t val;		/* what a store writes */
	volatile uint32_t *w;	/* NULL for bit and the barriers */
};

/* One CPU's set and clear, each a sequence with the element's op in it. */
struct sbm_steps {
	const struct sbm_op *elem;	/* the element's own op */
	void *p;
	unsigned bit;
	uint32_t nset, nclr;
	struct sbm_step_run set[SPEC_MAX_STEPS + 1];
	struct sbm_step_run clr[SPEC_MAX_STEPS + 1];
};

/* The op that runs a CPU's sbm_steps. */
extern const struct sbm_op sbm_steps_op;

/* @l's steps for every CPU on arena @a, the element's op @elem: an
 * array of l->ncpus (free() it), or NULL when out of memory. */
struct sbm_steps *sbm_steps_bind(const struct sbm_layout *l,
				 const struct sbm_arena *a,
				 const struct sbm_op *elem);

#endif
