/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fallback for Linux hosts whose instruction set has no isa_ops.h of its
 * own: clock_gettime() as the counter (1 GHz ticks), compiler atomics.
 */
#ifndef SBM_ISA_OPS_H
#define SBM_ISA_OPS_H

#include <stdint.h>
#include <time.h>

#define ISA_NAME "generic"

static inline uint64_t isa_counter(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline uint64_t isa_cycles(void)
{
	return 0;
}

static inline void isa_relax(void)
{
	__asm__ volatile("" ::: "memory");
}

static inline void gen_or(volatile uint64_t *w, unsigned bit)
{
	__atomic_fetch_or(w, 1ull << bit, __ATOMIC_RELAXED);
}

static inline void gen_and(volatile uint64_t *w, unsigned bit)
{
	__atomic_fetch_and(w, ~(1ull << bit), __ATOMIC_RELAXED);
}

#define ISA_BIT_OPS(X) X(atomic, gen_or, gen_and)
#define ISA_BYTE_OPS(X)

#endif
