/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How records go into QR codes in a band of the screen: text split at
 * record boundaries into parts, one code each, side by side and in rows.
 * A phone must read them off a monitor: modules of a few pixels at least
 * (the caller says how many), a quiet zone of 4 modules, level L.  The
 * plan takes the largest module size at which everything fits, and when
 * nothing does, leaves records out by rank until the rest fits.
 */
#ifndef SBM_QR_PLAN_H
#define SBM_QR_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "output/qr.h"

#define QR_PLAN_MAX_PARTS	16
#define QR_PLAN_MAX_PX		8
#define QR_PLAN_QUIET		4
#define QR_PLAN_ECC		QR_ECC_L
/* Each part starts with a line "sbmbench qr part K of N" (log readers
 * skip it; it tells the order of the parts, which a decoder does not):
 * the bytes a part keeps for it. */
#define QR_PLAN_HEAD		32

struct qr_plan {
	uint32_t px;		/* screen pixels a module */
	int version;		/* the largest version a part takes */
	size_t cap;		/* record bytes a part holds (head apart) */
	uint32_t slot;		/* pixels a code takes, quiet zone included */
	uint32_t per_row;	/* codes side by side */
	uint32_t nparts;
};

/* Parts of at most @cap bytes that hold the items i with take[i], whole
 * and in order; UINT32_MAX when one alone is longer. */
uint32_t qr_plan_parts(const size_t *len, const uint8_t *take, size_t n,
		       size_t cap);

/* The largest module size (@min_px..QR_PLAN_MAX_PX pixels), then
 * version, at which the taken items fit a @w x @h band: 0, or -1 when
 * none does. */
int qr_plan_fit(struct qr_plan *p, uint32_t w, uint32_t h, uint32_t min_px,
		const size_t *len, const uint8_t *take, size_t n);

/* qr_plan_fit() over all items, leaving items out until the rest fits:
 * the highest rank first, the latest first within a rank; rank 0 items
 * are never left out.  Fills @take; returns the items taken, -1 when the
 * rank 0 items alone do not fit. */
int qr_plan_choose(struct qr_plan *p, uint32_t w, uint32_t h,
		   uint32_t min_px, const size_t *len, const uint8_t *rank,
		   uint8_t *take, size_t n);

#endif
