/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A copy of the records a result needs, kept as they go out on the
 * console, for the ways out of the machine that come after the run (the
 * QR codes on the screen; results saved by the firmware).  report_record()
 * feeds it.  Per-CPU and per-pair kinds (keep_bulky(): cpu, cache, c2c,
 * noise, scale) are kept only while the store is less than half full,
 * and when it is full a record evicts the latest ones of a lower rank
 * (keep_rank()), so that a large machine's lists never crowd out the
 * verdict: hello, topo, config, every result, proof, qr and end stay.
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
/* A kind whose count grows with the machine (cpu, cache, c2c, noise,
 * scale): kept only while there is room to spare. */
bool keep_bulky(const char *kind);
/* How much a record kind matters when room is short: 0 the verdict
 * (hello, topo, config, result, proof, qr, end, error, cpufail), 1 the
 * rest, 2 the lists that grow with the machine (bulky kinds, group). */
unsigned keep_rank(const char *kind);
/* Forget every kept record (tests). */
void keep_reset(void);

#endif
