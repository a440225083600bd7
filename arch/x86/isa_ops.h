/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * x86_64 instructions for the measured loops; shared by the UEFI image
 * and the Linux twin on x86_64 hosts.
 */
#ifndef SBM_ISA_OPS_H
#define SBM_ISA_OPS_H

#include <stdint.h>

#define ISA_NAME "x86_64"

static inline uint64_t isa_counter(void)
{
	uint32_t lo, hi;

	/* lfence keeps rdtsc from running ahead of the loop it closes. */
	__asm__ volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi)::"memory");
	return (uint64_t)hi << 32 | lo;
}

/* No architectural cycle counter without programming the PMU. */
static inline uint64_t isa_cycles(void)
{
	return 0;
}

static inline void isa_relax(void)
{
	__asm__ volatile("pause" ::: "memory");
}

/* The kernel's set_bit()/clear_bit() on a constant bit: lock or/and. */
static inline void x86_lock_or(volatile uint64_t *w, unsigned bit)
{
	__asm__ volatile("lock orq %1, %0"
			 : "+m"(*w) : "r"(1ull << bit) : "memory");
}

static inline void x86_lock_and(volatile uint64_t *w, unsigned bit)
{
	__asm__ volatile("lock andq %1, %0"
			 : "+m"(*w) : "r"(~(1ull << bit)) : "memory");
}

/* The kernel's variable-bit form. */
static inline void x86_lock_bts(volatile uint64_t *w, unsigned bit)
{
	__asm__ volatile("lock btsq %q1, %0"
			 : "+m"(*w) : "r"((uint64_t)bit) : "memory");
}

static inline void x86_lock_btr(volatile uint64_t *w, unsigned bit)
{
	__asm__ volatile("lock btrq %q1, %0"
			 : "+m"(*w) : "r"((uint64_t)bit) : "memory");
}

#define ISA_BIT_OPS(X)                                                     \
	X(lock_or, x86_lock_or, x86_lock_and)                              \
	X(lock_bts, x86_lock_bts, x86_lock_btr)

#define ISA_BYTE_OPS(X)

#endif
