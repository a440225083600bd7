/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every layout a run can name: the six abstractions (global ... private-u8,
 * at their old places so their records stay as they were), the presets
 * for the kernel's own structures (layout_presets.c), and specs a user
 * gives as layouts=spec:... (named spec1, spec2 ... in the order given).
 * Each is a spec (layout_spec.h); sbm_layout_build() knows no other.
 *
 * A layout is costed against its floor: the same update with every word
 * on a line of the CPU's own.  The six have private and private-u8; a
 * layout with other ops or companion steps gets its own, "NAME-floor",
 * made when the layout is first chosen.
 */
#ifndef SBM_LAYOUT_TABLE_H
#define SBM_LAYOUT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/layout_spec.h"

/* The six built-in layouts, first in the table; the presets and specs
 * follow. */
enum sbm_kind {
	SBM_GLOBAL,
	SBM_NODE,
	SBM_LLC,
	SBM_LLC_U8,
	SBM_PRIVATE,
	SBM_PRIVATE_U8,	/* each CPU's byte in its own line: llc-u8's floor */
	SBM_NBUILTIN
};

/* Room for the six, the presets, their floors and a user's specs: one
 * bit each in the layouts= mask. */
#define SBM_MAX_LAYOUTS 32
#define SBM_NAME_MAX 32

struct sbm_layout_def {
	char name[SBM_NAME_MAX];
	struct sbm_spec spec;
	const char *what;	/* one line: what it models (presets) */
	const char *source;	/* the kernel file and commit read */
	int floor;		/* the layout it is costed against, -1: none yet */
	bool preset;		/* one of the presets, listed by `layouts` */
	bool is_floor;		/* made as another layout's floor */
};

/* The layout at @k, NULL where none is (yet). */
const struct sbm_layout_def *sbm_layout_def(int k);
/* By name; -1 when no layout has it. */
int sbm_layout_find(const char *name, size_t len);
/*
 * The layout of spec text @text: an existing one with the same canonical
 * spec (so spec:group=llc is llc, and its records are llc's), else a new
 * one named @name (NULL: specN).  Its index, or -1 with @why.
 */
int sbm_layout_add(const char *text, size_t len, const char *name,
		   const char **why);
/* The floor of @k, made now if it has none; -1 with @why when full. */
int sbm_layout_floor(int k, const char **why);
/* The first index after the six and the presets: where the specs of a
 * run begin. */
int sbm_layout_first_user(void);
/* Forget every user spec and made floor (tests, the host's next log). */
void sbm_layout_reset(void);

#endif
