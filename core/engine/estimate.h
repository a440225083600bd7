/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Time estimates printed before each experiment.  They rest on measured
 * figures: short calibration runs of the experiment's own body (sbm), or
 * the one-way cost of handing a line between the boot CPU and another
 * chosen CPU, so they describe the machine they run on (QEMU's pace
 * under TCG): an estimate, never a promise.
 */
#ifndef SBM_ESTIMATE_H
#define SBM_ESTIMATE_H

#include <stdint.h>

#include "engine/engine.h"

/* One line handoff in counter ticks (measured once, then remembered);
 * with a single CPU, the cost of a local atomic. */
uint64_t estimate_handoff(struct engine *e);

/* @ticks as whole milliseconds, at least 1. */
uint64_t estimate_ms(const struct engine *e, uint64_t ticks);

/*
 * A run's time from two timed calibration runs of the same thing, @t1
 * ticks for @n1 iterations and @t2 for @n2 (n2 > n1): T(n) = F + n c,
 * with c = (t2 - t1) / (n2 - n1) the cost of an iteration and F = t1 -
 * n1 c what a run costs besides (posting, barriers, warm-up).  Returns
 * @runs x T(@n), in ticks.  A noisy pair (t2 < t1, F < 0) falls back to
 * the longer run's own rate, t2 / n2 per iteration, no fixed part.
 */
uint64_t estimate_linear(uint64_t t1, uint64_t n1, uint64_t t2, uint64_t n2,
			 uint64_t n, uint64_t runs);

/* The most chosen CPUs in one node (@by_llc false) or one LLC. */
uint32_t estimate_most_per_group(const struct engine *e, bool by_llc);

/* The handoff model's sbm estimate, where calibration runs cannot run
 * (mode=pair): every CPU of a layout's busiest line waits its turn. */
uint64_t sbm_estimate_model_ms(struct engine *e, uint32_t reps);

#endif
