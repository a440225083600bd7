/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * x86_64 instructions for the measured loops; shared by the UEFI image
 * and the Linux twin on x86_64 hosts.
 */
#ifndef SBM_ISA_OPS_H
#define SBM_ISA_OPS_H

#include <stdint.h>
#include <string.h>

#define ISA_NAME "x86_64"

static inline uint64_t isa_counter(void)
{
	uint32_t lo, hi;

	/* lfence keeps rdtsc from running ahead of the loop it closes. */
	__asm__ volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi)::"memory");
	return (uint64_t)hi << 32 | lo;
}

/*
 * The counter as it stands, without waiting for earlier instructions: a
 * gap's deadline reads (ops.h), which must not wait for the update before
 * the gap unless gap_fence=1 says so.
 */
static inline uint64_t isa_counter_raw(void)
{
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi)::"memory");
	return (uint64_t)hi << 32 | lo;
}

/*
 * Core cycles: IA32_APERF (MSR 0xe8), which counts at the actual clock
 * while the CPU is in C0, on Intel and AMD alike (CPUID.06H:ECX[0]).  A
 * ring-0 read: the engine calls it only where plat_cycles_available()
 * said so, which the Linux twin never does.
 */
static inline uint64_t isa_cycles(void)
{
	uint32_t lo, hi;

	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(0xe8u) : "memory");
	return (uint64_t)hi << 32 | lo;
}

static inline void isa_relax(void)
{
	__asm__ volatile("pause" ::: "memory");
}

/* set_bit()/clear_bit() on a constant bit: lock or/and. */
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

/* cpumask_set_cpu()/cpumask_clear_cpu(): a runtime bit, lock bts/btr. */
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

/*
 * smp_store_mb() on a byte: a store other CPUs must see in order needs a
 * full barrier after it; x86 makes it one xchg (implicitly locked).
 */
static inline void x86_xchg_b(volatile uint8_t *b, uint8_t v)
{
	__asm__ volatile("xchgb %0, %1" : "+q"(v), "+m"(*b) : : "memory");
}

static inline void x86_store_mb_set(volatile uint8_t *b)
{
	x86_xchg_b(b, 1);
}

static inline void x86_store_mb_clear(volatile uint8_t *b)
{
	x86_xchg_b(b, 0);
}

/*
 * Returns once every earlier instruction has completed locally, a locked
 * op included: the line is here, as the kernel's next locked op would
 * wait for it.  Private work after it no longer overlaps the update's
 * miss (gap_fence=1), and a counter read after it times the whole op.
 */
static inline void isa_update_wait(void)
{
	__asm__ volatile("lfence" ::: "memory");
}

/* Compare-and-swap @from -> @to; true when it held (a full barrier). */
static inline int isa_cas(volatile uint64_t *w, uint64_t from, uint64_t to)
{
	uint8_t ok;

	__asm__ volatile("lock cmpxchgq %3, %1; sete %0"
			 : "=q"(ok), "+m"(*w), "+a"(from)
			 : "r"(to) : "memory", "cc");
	return ok;
}

/* What isa_cas() executes, for the records. */
static inline const char *isa_cas_name(void)
{
	return "lock_cmpxchg";
}


/*
 * A layout spec's companion steps (layout_spec.h), as the kernel's x86
 * code has them: atomic_inc()/atomic_dec() are lock add, smp_mb() a
 * locked add to the stack, smp_wmb() and smp_mb__after_atomic() only
 * compiler barriers (a locked op is a full barrier already).
 */
static inline void isa_atomic_add32(volatile uint32_t *w, int32_t v)
{
	__asm__ volatile("lock addl %1, %0" : "+m"(*w) : "ir"(v) : "memory", "cc");
}

static inline void isa_smp_mb(void)
{
	__asm__ volatile("lock addl $0, -4(%%rsp)" ::: "memory", "cc");
}

static inline void isa_smp_wmb(void)
{
	__asm__ volatile("" ::: "memory");
}

static inline void isa_mb_after_atomic(void)
{
	__asm__ volatile("" ::: "memory");
}

/* Native first: what the kernel's cpumask ops compile to. */
#define ISA_BIT_OPS(X)                                                     \
	X(lock_bts, x86_lock_bts, x86_lock_btr)                            \
	X(lock_or, x86_lock_or, x86_lock_and)

/* smp_store_mb() on x86 is one locked xchg: named for what it is */
#define ISA_BYTE_OPS(X) X(xchg, x86_store_mb_set, x86_store_mb_clear)

/*
 * What op @name executes, "set[+barrier]/clear[+barrier]" (the config
 * record's op_barriers): a locked op is a full barrier itself, so none
 * follows.  NULL for a name this ISA does not have.
 */
static inline const char *isa_op_barriers(const char *name)
{
	static const char *const t[][2] = {
		{ "lock_bts", "lock_bts/lock_btr" },
		{ "lock_or", "lock_or/lock_and" },
		{ "xchg", "xchgb/xchgb" },
		{ "store", "movb/movb" },
	};

	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(name, t[i][0]))
			return t[i][1];
	return 0;
}

#endif
