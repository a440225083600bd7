/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Time estimates printed before each experiment.  They rest on one
 * measured figure, the one-way cost of handing a line between the boot
 * CPU and another chosen CPU, so they describe the machine they run on
 * (QEMU's pace under TCG): an estimate, never a promise.
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

/* The sbm experiment's estimate (its .estimate_ms). */
uint64_t sbm_estimate_ms(struct engine *e, void *state);

#endif
