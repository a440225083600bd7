/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Time estimates printed before each experiment.  They rest on measured
 * figures: a whole rep of the experiment's own body (sbm, scale), or
 * the one-way cost of handing a line between the boot CPU and another
 * chosen CPU, so they describe the machine they run on (QEMU's pace
 * under TCG): an estimate, never a promise.
 */
#ifndef SBM_ESTIMATE_H
#define SBM_ESTIMATE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"

/* One line handoff in counter ticks (measured once, then remembered);
 * with a single CPU, the cost of a local atomic. */
uint64_t estimate_handoff(struct engine *e);

/* Ticks of one atomic on a line nobody else touches. */
uint64_t estimate_local_atomic(void);

/* @ticks as whole milliseconds, at least 1. */
uint64_t estimate_ms(const struct engine *e, uint64_t ticks);

/*
 * A curve's time from its two ends, measured: @lo ticks for one rep of
 * its first point (@klo CPUs), @hi for its last (@khi CPUs); the points
 * between (@steps, CPU counts) linear in the CPU count, each @reps times.
 */
uint64_t estimate_points(uint64_t lo, uint32_t klo, uint64_t hi, uint32_t khi,
			 const uint32_t *steps, uint32_t nsteps, uint64_t reps);

/* The @i-th of @n items timed for an estimate among @total (@n <=
 * @total): the midpoint of the @i-th of @n equal slices, so that kinds
 * listed in runs (c2c's pairs with and without the boot CPU) come in
 * their proportion. */
size_t estimate_pick(size_t i, size_t n, size_t total);

/* Below this the console says only "under 0.1 s": there one host time
 * slice (15 ms under TCG) is the error. */
#define ESTIMATE_FLOOR_MS	100

/* What the console says of @ms: "under 0.1 s", or "S.CC s". */
void estimate_words(uint64_t ms, char *buf, size_t len);

/* The most chosen CPUs in one node (@by_llc false) or one LLC. */
uint32_t estimate_most_per_group(const struct engine *e, bool by_llc);

#endif
