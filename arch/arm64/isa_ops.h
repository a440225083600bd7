/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arm64 instructions for the measured loops; shared by the UEFI image and
 * the Linux twin on arm64 hosts.  LSE ops need ARMv8.1; the build passes
 * -march=armv8.1-a+lse only to this code's users.
 */
#ifndef SBM_ISA_OPS_H
#define SBM_ISA_OPS_H

#include <stdint.h>
#include <string.h>

#define ISA_NAME "arm64"

/*
 * Nonzero where the CPU has LSE atomics (ID_AA64ISAR0_EL1.Atomic >= 2):
 * the image sets it on the boot CPU (cpu_info.c), the Linux twin from
 * HWCAP_ATOMICS.  Weak: a build that never sets it has LL/SC only.
 */
extern uint8_t arm64_lse __attribute__((weak));

static inline int arm64_lse_ok(void)
{
	return &arm64_lse && arm64_lse;
}

static inline uint64_t isa_counter(void)
{
	uint64_t v;

	__asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v)::"memory");
	return v;
}

/* The counter without the isb: a gap's deadline reads (ops.h). */
static inline uint64_t isa_counter_raw(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, cntvct_el0" : "=r"(v)::"memory");
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
 * The scheduler pairs them so (nohz_balance_enter_idle()/_exit_idle()):
 * the set on entry is followed by smp_mb__after_atomic() (a dmb ish on
 * arm64), the clear on exit by nothing.  x86's locked ops are full
 * barriers already, so only the _mb forms compare across architectures:
 * set + barrier, clear without one.
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

static inline void arm64_llsc_or_mb(volatile uint64_t *w, unsigned bit)
{
	arm64_llsc_or(w, bit);
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

/*
 * A layout spec's companion steps (layout_spec.h), as the kernel's arm64
 * code has them: atomic_inc()/atomic_dec() are stadd with LSE, else an
 * ldxr/stxr loop; smp_mb() and smp_mb__after_atomic() dmb ish;
 * smp_wmb() dmb ishst.
 */
static inline void isa_atomic_add32(volatile uint32_t *w, int32_t v)
{
	uint32_t tmp, fail;

	if (arm64_lse_ok()) {
		__asm__ volatile(".arch_extension lse\n\tstadd %w1, %0"
				 : "+Q"(*w) : "r"(v) : "memory");
		return;
	}
	__asm__ volatile("1: ldxr %w0, %2\n\tadd %w0, %w0, %w3\n\t"
			 "stxr %w1, %w0, %2\n\tcbnz %w1, 1b"
			 : "=&r"(tmp), "=&r"(fail), "+Q"(*w)
			 : "r"(v) : "memory");
}

static inline void isa_smp_mb(void)
{
	arm64_dmb_ish();
}

static inline void isa_smp_wmb(void)
{
	__asm__ volatile("dmb ishst" ::: "memory");
}

static inline void isa_mb_after_atomic(void)
{
	arm64_dmb_ish();
}

/*
 * Returns once every earlier memory access has completed, an atomic
 * included (dsb ish: no later instruction runs before): the line is
 * here, as the kernel's next atomic would wait for it.  Private work
 * after it no longer overlaps the update's miss (gap_fence=1), and a
 * counter read after it times the whole op.
 */
static inline void isa_update_wait(void)
{
	__asm__ volatile("dsb ish" ::: "memory");
}

/*
 * Compare-and-swap @from -> @to, acquire and release; true when it held.
 * casal where the CPU has LSE (what the kernel's cmpxchg runs there),
 * else the ldaxr/stlxr loop.
 */
static inline int isa_cas(volatile uint64_t *w, uint64_t from, uint64_t to)
{
	uint64_t old = from;
	uint32_t fail;

	if (arm64_lse_ok()) {
		__asm__ volatile(".arch_extension lse\n\tcasal %0, %2, %1"
				 : "+&r"(old), "+Q"(*w) : "r"(to) : "memory");
		return old == from;
	}
	__asm__ volatile("1: ldaxr %0, %2\n\tcmp %0, %3\n\tb.ne 2f\n\t"
			 "stlxr %w1, %4, %2\n\tcbnz %w1, 1b\n2:"
			 : "=&r"(old), "=&r"(fail), "+Q"(*w)
			 : "r"(from), "r"(to) : "memory", "cc");
	return old == from;
}

/* What isa_cas() executes, for the records. */
static inline const char *isa_cas_name(void)
{
	return arm64_lse_ok() ? "casal" : "ldaxr/stlxr";
}

/* Native first; without LSE the image makes llsc_mb native instead. */
#define ISA_BIT_OPS(X)                                                     \
	X(stset_mb, arm64_stset_mb, arm64_stclr)                           \
	X(stset, arm64_stset, arm64_stclr)                                 \
	X(ldset, arm64_ldset, arm64_ldclr)                                 \
	X(llsc_mb, arm64_llsc_or_mb, arm64_llsc_bic)                       \
	X(llsc, arm64_llsc_or, arm64_llsc_bic)

#define ISA_BYTE_OPS(X) X(store_mb, arm64_store_mb_set, arm64_store_mb_clear)

/* What op @name executes, "set[+barrier]/clear[+barrier]" (the config
 * record's op_barriers); NULL for a name this ISA does not have. */
static inline const char *isa_op_barriers(const char *name)
{
	static const char *const t[][2] = {
		{ "stset_mb", "stset+dmb_ish/stclr" },
		{ "stset", "stset/stclr" },
		{ "ldset", "ldset/ldclr" },
		{ "llsc_mb", "ldxr_stxr+dmb_ish/ldxr_stxr" },
		{ "llsc", "ldxr_stxr/ldxr_stxr" },
		{ "store_mb", "strb+dmb_ish/strb+dmb_ish" },
		{ "store", "strb/strb" },
	};

	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(name, t[i][0]))
			return t[i][1];
	return 0;
}

#endif
