/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One field of a parsed record as a C value, for the tools that gather
 * records into runs (runs.c, runmap.c): an absent or malformed field
 * reads as 0 or "", since a record's own checks already passed.
 */
#ifndef SBM_REC_FIELDS_H
#define SBM_REC_FIELDS_H

#include <stdint.h>
#include <stdio.h>

#include "output/record.h"

static inline uint64_t rec_field_u64(const struct rec_parsed *p, const char *key)
{
	uint64_t v = 0;

	rec_get_u64(p, key, &v);
	return v;
}

/* Saturated at UINT32_MAX. */
static inline unsigned rec_field_u(const struct rec_parsed *p, const char *key)
{
	uint64_t v = rec_field_u64(p, key);

	return v > 0xffffffffu ? 0xffffffffu : (unsigned)v;
}

static inline double rec_field_d(const struct rec_parsed *p, const char *key)
{
	double v = 0;

	rec_get_dbl(p, key, &v);
	return v;
}

static inline void rec_field_s(char *dst, size_t n, const struct rec_parsed *p,
			       const char *key)
{
	const char *v = rec_get(p, key);

	snprintf(dst, n, "%s", v ? v : "");
}

#endif
