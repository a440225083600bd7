/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The order repetitions run in: interleaved across layouts (rep 1 of
 * every layout, then rep 2, ...), so a drift of the machine (clock,
 * host load, a migrated vCPU) lands in every layout's same rep alike and
 * cancels in the paired figures (cost above the floor, %global) instead
 * of in the ratios between layouts run minutes apart.
 */
#ifndef SBM_REP_ORDER_H
#define SBM_REP_ORDER_H

#include <stddef.h>
#include <stdint.h>

struct rep_step {
	uint32_t rep;
	uint32_t kind;	/* a bit number of the mask */
};

/*
 * Fill @out with the runs of reps [@from, @to) of every kind set in
 * @mask (lowest bit first), rep-major; returns how many there are, or 0
 * when they would not fit in @max.
 */
size_t rep_order(uint32_t mask, uint32_t from, uint32_t to,
		 struct rep_step *out, size_t max);

#endif
