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

/*
 * The scheduler's callers follow the atomic with smp_mb__after_atomic()
 * (a dmb ish on arm64); x86's locked ops are full barriers already, so
 * only the _mb forms compare across architectures.
 */
static inline void arm64_dmb_ish(void)
{
	__asm__ volatile("dmb ish" ::: "memory");
}

static inline void arm64_stset_mb(volatile uint64_t *w, unsigned bit)
{
	arm64_stset(w, bit);
	arm64_dmb_ish();
}

static inline void arm64_stclr_mb(volatile uint64_t *w, unsigned bit)
{
	arm64_stclr(w, bit);
	arm64_dmb_ish();
}

static inline void arm64_llsc_or_mb(volatile uint64_t *w, unsigned bit)
{
	arm64_llsc_or(w, bit);
	arm64_dmb_ish();
}

static inline void arm64_llsc_bic_mb(volatile uint64_t *w, unsigned bit)
{
	arm64_llsc_bic(w, bit);
	arm64_dmb_ish();
}

/* smp_store_mb() on a byte: strb, then a full barrier. */
static inline void arm64_store_mb_set(volatile uint8_t *b)
{
	*b = 1;
	arm64_dmb_ish();
}

static inline void arm64_store_mb_clear(volatile uint8_t *b)
{
	*b = 0;
	arm64_dmb_ish();
}

/* Native first; without LSE the image makes llsc_mb native instead. */
#define ISA_BIT_OPS(X)                                                     \
	X(stset_mb, arm64_stset_mb, arm64_stclr_mb)                        \
	X(stset, arm64_stset, arm64_stclr)                                 \
	X(ldset, arm64_ldset, arm64_ldclr)                                 \
	X(llsc_mb, arm64_llsc_or_mb, arm64_llsc_bic_mb)                    \
	X(llsc, arm64_llsc_or, arm64_llsc_bic)

#define ISA_BYTE_OPS(X) X(store_mb, arm64_store_mb_set, arm64_store_mb_clear)

#endif
