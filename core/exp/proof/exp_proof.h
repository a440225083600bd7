/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the proof (exp_proof.c) lends the other experiments: one RFO of a
 * modified line and a CAS ping-pong's one-way time on the same pair, the
 * ratio that turns c2c's ping-pongs into the hand-offs the coherence
 * model (measure/coh_model.h) counts.
 */
#ifndef SBM_EXP_PROOF_H
#define SBM_EXP_PROOF_H

#include <stdbool.h>
#include <stdint.h>

#include "exp/experiment.h"

extern const struct experiment exp_proof;

/* The first partner's figures: false where the proof did not run or
 * measured neither. */
bool proof_rfo_per_cas(const struct engine *e, double *rfo_ns,
		       double *cas_ns, uint32_t pair[2]);

#endif
