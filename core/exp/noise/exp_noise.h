/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The noise experiment: every chosen CPU polls its counter for noise_s
 * seconds (interrupts are off on bare metal; the twin shows what Linux
 * adds) and counts every gap between two reads longer than noise_ns:
 * how many, their total, the longest, and a log2 histogram.  Records
 * "noise-plan" and one "noise" per CPU.
 */
#ifndef SBM_EXP_NOISE_H
#define SBM_EXP_NOISE_H

#include <stdint.h>

#include "exp/experiment.h"

#define NOISE_BUCKETS 40	/* bucket i: gaps of [2^i, 2^(i+1)) ns */

struct noise_cpu {
	_Alignas(ENGINE_ALIGN) uint64_t count;
	uint64_t total, max;		/* ticks */
	uint64_t polled;		/* ticks spent polling */
	uint32_t hist[NOISE_BUCKETS];
};

struct noise_exp {
	struct noise_cpu *cpu;		/* per logical CPU */
	uint64_t threshold;		/* ticks */
	uint64_t ns_mul;		/* ns = ticks * ns_mul >> 20 */
	uint64_t chunk;			/* ticks polled per engine run */
	uint32_t nchunks;
};

/* The histogram bucket of a gap of @ns nanoseconds. */
uint32_t noise_bucket(uint64_t ns);

extern const struct experiment exp_noise;

#endif
