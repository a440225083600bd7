/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * riscv64 instructions for the measured loops; shared by the OpenSBI
 * payload and the Linux twin on riscv64 hosts.
 */
#ifndef SBM_ISA_OPS_H
#define SBM_ISA_OPS_H

#include <stdint.h>
#include <string.h>

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

/* A gap's deadline reads (ops.h): rdtime and rdcycle wait for nothing. */
static inline uint64_t isa_counter_raw(void)
{
	return isa_counter();
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

/*
 * A layout spec's companion steps (layout_spec.h), as the kernel's
 * riscv64 code has them: atomic_inc()/atomic_dec() are amoadd.w;
 * smp_mb() and smp_mb__after_atomic() fence rw,rw; smp_wmb() fence w,w.
 */
static inline void isa_atomic_add32(volatile uint32_t *w, int32_t v)
{
	__asm__ volatile("amoadd.w zero, %1, %0" : "+A"(*w) : "r"(v) : "memory");
}

static inline void isa_smp_mb(void)
{
	rv_fence_rw_rw();
}

static inline void isa_smp_wmb(void)
{
	__asm__ volatile("fence w, w" ::: "memory");
}

static inline void isa_mb_after_atomic(void)
{
	rv_fence_rw_rw();
}

/*
 * Returns once the update before it has completed, as the kernel's next
 * atomic would wait for it: riscv has no barrier that holds back
 * instructions other than memory accesses, so this is fence rw,rw, past
 * which in-order cores (today's boards, QEMU) issue nothing until the
 * AMO has performed.  Private work after it no longer overlaps the
 * update's miss (gap_fence=1), and a counter read after it times the
 * whole op.
 */
static inline void isa_update_wait(void)
{
	rv_fence_rw_rw();
}

/* Compare-and-swap @from -> @to, acquire and release (the LR/SC loop the
 * kernel's cmpxchg runs without Zacas); true when it held. */
static inline int isa_cas(volatile uint64_t *w, uint64_t from, uint64_t to)
{
	uint64_t old;
	uint32_t fail;

	__asm__ volatile("1: lr.d.aq %0, %2\n\tbne %0, %3, 2f\n\t"
			 "sc.d.rl %1, %4, %2\n\tbnez %1, 1b\n2:"
			 : "=&r"(old), "=&r"(fail), "+A"(*w)
			 : "r"(from), "r"(to) : "memory");
	return old == from;
}

/* What isa_cas() executes, for the records. */
static inline const char *isa_cas_name(void)
{
	return "lr.d/sc.d";
}

/*
 * Native first: the atomic paired as the scheduler pairs it
 * (nohz_balance_enter_idle()/_exit_idle()): the set followed by
 * smp_mb__after_atomic(), the clear by nothing.
 */
#define ISA_BIT_OPS(X)                                                     \
	X(amoor_mb, rv_amoor_mb, rv_amoand)                                \
	X(amoor, rv_amoor, rv_amoand)

#define ISA_BYTE_OPS(X)                                                    \
	X(store_mb, rv_store_mb_set, rv_store_mb_clear)                    \
	X(amoor_b, rv_amoor_b, rv_amoand_b)

/* What op @name executes, "set[+barrier]/clear[+barrier]" (the config
 * record's op_barriers); NULL for a name this ISA does not have. */
static inline const char *isa_op_barriers(const char *name)
{
	static const char *const t[][2] = {
		{ "amoor_mb", "amoor.d+fence_rw_rw/amoand.d" },
		{ "amoor", "amoor.d/amoand.d" },
		{ "store_mb", "sb+fence_rw_rw/sb+fence_rw_rw" },
		{ "amoor_b", "amoor.b/amoand.b" },
		{ "store", "sb/sb" },
	};

	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(name, t[i][0]))
			return t[i][1];
	return 0;
}

#endif
