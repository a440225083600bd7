/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arm64 instructions for the measured loops; shared by the UEFI image and
 * the Linux twin on arm64 hosts.  LSE ops need ARMv8.1; the build passes
 * -march=armv8.1-a+lse only to this code's users.
 */
#ifndef SBM_ISA_OPS_H
#define SBM_ISA_OPS_H

#include <stdint.h>

#define ISA_NAME "arm64"

static inline uint64_t isa_counter(void)
{
	uint64_t v;

	__asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v)::"memory");
	return v;
}

static inline uint64_t isa_cycles(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, pmccntr_el0" : "=r"(v)::"memory");
	return v;
}

static inline void isa_relax(void)
{
	__asm__ volatile("yield" ::: "memory");
}

/* LSE store forms: what the kernel's set_bit()/clear_bit() become. */
static inline void arm64_stset(volatile uint64_t *w, unsigned bit)
{
	__asm__ volatile(".arch_extension lse\n\tstset %1, %0"
			 : "+Q"(*w) : "r"(1ull << bit) : "memory");
}

static inline void arm64_stclr(volatile uint64_t *w, unsigned bit)
{
	__asm__ volatile(".arch_extension lse\n\tstclr %1, %0"
			 : "+Q"(*w) : "r"(1ull << bit) : "memory");
}

/* LSE load forms: test_and_set_bit() style, the old value returned. */
static inline void arm64_ldset(volatile uint64_t *w, unsigned bit)
{
	uint64_t old;

	__asm__ volatile(".arch_extension lse\n\tldset %2, %1, %0"
			 : "+Q"(*w), "=r"(old) : "r"(1ull << bit) : "memory");
}

static inline void arm64_ldclr(volatile uint64_t *w, unsigned bit)
{
	uint64_t old;

	__asm__ volatile(".arch_extension lse\n\tldclr %2, %1, %0"
			 : "+Q"(*w), "=r"(old) : "r"(1ull << bit) : "memory");
}

/* LL/SC: what a kernel without LSE runs. */
static inline void arm64_llsc_or(volatile uint64_t *w, unsigned bit)
{
	uint64_t tmp;
	uint32_t fail;

	__asm__ volatile("1: ldxr %0, %2\n\torr %0, %0, %3\n\t"
			 "stxr %w1, %0, %2\n\tcbnz %w1, 1b"
			 : "=&r"(tmp), "=&r"(fail), "+Q"(*w)
			 : "r"(1ull << bit) : "memory");
}

static inline void arm64_llsc_bic(volatile uint64_t *w, unsigned bit)
{
	uint64_t tmp;
	uint32_t fail;

	__asm__ volatile("1: ldxr %0, %2\n\tbic %0, %0, %3\n\t"
			 "stxr %w1, %0, %2\n\tcbnz %w1, 1b"
			 : "=&r"(tmp), "=&r"(fail), "+Q"(*w)
			 : "r"(1ull << bit) : "memory");
}

#define ISA_BIT_OPS(X)                                                     \
	X(stset, arm64_stset, arm64_stclr)                                     \
	X(ldset, arm64_ldset, arm64_ldclr)                                     \
	X(llsc, arm64_llsc_or, arm64_llsc_bic)

#define ISA_BYTE_OPS(X)

#endif
