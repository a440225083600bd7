/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a built layout looks like on the machine it was built for: how
 * many lines it spans, how many CPUs share the busiest, how many lines
 * one update touches.  For the plan's layout records and for `sbmbench
 * layouts`; the same counts the model works from (coh_model.h).
 */
#ifndef SBM_LAYOUT_SHAPE_H
#define SBM_LAYOUT_SHAPE_H

#include <stddef.h>
#include <stdint.h>

#include "measure/sbm.h"

struct sbm_shape {
	uint32_t leaves;	/* leaves with CPUs */
	uint32_t lines;		/* distinct cache lines any CPU touches */
	uint32_t most;		/* the most CPUs touching one line */
	uint32_t touches;	/* the most lines one CPU's set+clear touches */
	uint32_t atomics;	/* locked ops (element + inc/dec) per set+clear */
};

/* @l's shape in @line-byte cache lines; 0, or -1 when out of memory. */
int sbm_layout_shape(const struct sbm_layout *l, uint32_t line,
		     struct sbm_shape *out);

/* One line of words: "1 line per update, 2 lines in all, up to 64 CPUs
 * on one"; its length. */
size_t sbm_shape_format(const struct sbm_shape *s, char *buf, size_t len);

#endif
