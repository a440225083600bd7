/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * riscv64 instructions for the measured loops; shared by the OpenSBI
 * payload and the Linux twin on riscv64 hosts.
 */
#ifndef SBM_ISA_OPS_H
#define SBM_ISA_OPS_H

#include <stdint.h>

#define ISA_NAME "riscv64"

/*
 * The payload (riscv_main.c) sets this where rdtime is a trap to M-mode
 * (SiFive U74: OpenSBI emulates it) or its timebase too coarse for the
 * inner loops: the counter is then rdcycle.  Weak: the Linux twin does
 * not define it and keeps rdtime.
 */
extern uint8_t riscv_counter_is_cycle __attribute__((weak));

static inline uint64_t isa_counter(void)
{
	uint64_t v;

	if (&riscv_counter_is_cycle && riscv_counter_is_cycle)
		__asm__ volatile("rdcycle %0" : "=r"(v)::"memory");
	else
		__asm__ volatile("rdtime %0" : "=r"(v)::"memory");
	return v;
}

static inline uint64_t isa_cycles(void)
{
	uint64_t v;

	__asm__ volatile("rdcycle %0" : "=r"(v)::"memory");
	return v;
}

static inline void isa_relax(void)
{
	/* pause (Zihintpause) encodes as a fence hint: safe everywhere. */
	__asm__ volatile(".4byte 0x0100000f" ::: "memory");
}

/* What the kernel's set_bit()/clear_bit() become. */
static inline void rv_amoor(volatile uint64_t *w, unsigned bit)
{
	__asm__ volatile("amoor.d zero, %1, %0"
			 : "+A"(*w) : "r"(1ull << bit) : "memory");
}

static inline void rv_amoand(volatile uint64_t *w, unsigned bit)
{
	__asm__ volatile("amoand.d zero, %1, %0"
			 : "+A"(*w) : "r"(~(1ull << bit)) : "memory");
}

/* Zabha byte AMOs, encoded by hand for assemblers that predate Zabha:
 * amoor.b zero, rs2, (rs1) with rs1 = a0 (x10), rs2 = a1 (x11). */
static inline void rv_amoor_b(volatile uint8_t *b)
{
	register volatile uint8_t *a0 __asm__("a0") = b;
	register uint64_t a1 __asm__("a1") = 1;

	__asm__ volatile(".4byte 0x40b5002f" : : "r"(a0), "r"(a1) : "memory");
}

static inline void rv_amoand_b(volatile uint8_t *b)
{
	register volatile uint8_t *a0 __asm__("a0") = b;
	register uint64_t a1 __asm__("a1") = 0;

	__asm__ volatile(".4byte 0x60b5002f" : : "r"(a0), "r"(a1) : "memory");
}

/* smp_mb__after_atomic() and smp_mb() are fence rw,rw on riscv. */
static inline void rv_fence_rw_rw(void)
{
	__asm__ volatile("fence rw, rw" ::: "memory");
}

static inline void rv_amoor_mb(volatile uint64_t *w, unsigned bit)
{
	rv_amoor(w, bit);
	rv_fence_rw_rw();
}

static inline void rv_amoand_mb(volatile uint64_t *w, unsigned bit)
{
	rv_amoand(w, bit);
	rv_fence_rw_rw();
}

/* smp_store_mb() on a byte: sb, then a full fence. */
static inline void rv_store_mb_set(volatile uint8_t *b)
{
	*b = 1;
	rv_fence_rw_rw();
}

static inline void rv_store_mb_clear(volatile uint8_t *b)
{
	*b = 0;
	rv_fence_rw_rw();
}

/* Native first: the atomic with the barrier the scheduler puts after it. */
#define ISA_BIT_OPS(X)                                                     \
	X(amoor_mb, rv_amoor_mb, rv_amoand_mb)                             \
	X(amoor, rv_amoor, rv_amoand)

#define ISA_BYTE_OPS(X)                                                    \
	X(store_mb, rv_store_mb_set, rv_store_mb_clear)                    \
	X(amoor_b, rv_amoor_b, rv_amoand_b)

#endif
