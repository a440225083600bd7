/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A copy of the records a result needs, kept as they go out on the
 * console, for the ways out of the machine that come after the run (the
 * QR codes on the screen; results saved by the firmware).  report_record()
 * feeds it.  Kinds whose count grows with the machine (keep_bulky(), the
 * schema's "grows") are kept only while the store is less than half
 * full, and when it is full a record evicts the latest ones of a lower
 * rank (keep_rank(), from the schema's save rank), so that a large
 * machine's lists never crowd out the verdict (record_schema.def).
 */
#ifndef SBM_KEEP_H
#define SBM_KEEP_H

#include <stdbool.h>
#include <stddef.h>

#define KEEP_BYTES	(48 * 1024)
#define KEEP_MAX	1024	/* records */

void keep_record(const char *line, size_t len);
/* The kept records, in console order; each line ends in '\n'. */
size_t keep_count(void);
const char *keep_line(size_t i, size_t *len);
/* Records not kept for want of room. */
size_t keep_dropped(void);
/* The KIND of a record line into @kind (empty when it is none). */
void keep_kind(const char *line, size_t len, char *kind, size_t cap);
/* A kind whose count grows with the machine (the schema's GROWS, and
 * any kind it does not know): kept only while there is room to spare. */
bool keep_bulky(const char *kind);
/* How much a record kind matters when room is short, from the schema's
 * save rank: 0 the verdict and end, 1 the rest, 2 the lists (and kinds
 * the schema does not know). */
unsigned keep_rank(const char *kind);
/* Forget every kept record (tests). */
void keep_reset(void);

#endif
