/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The start token: one 64-bit word in the trampoline page that makes an
 * AP start happen once.  INIT is asynchronous (under TCG a vCPU takes it
 * when its thread next runs), so after a resend the CPU may run the
 * trampoline once per SIPI that reached it, and a CPU given up on may
 * wake while the page already holds the next CPU's parameters.  So the
 * boot CPU arms a token for one APIC ID and one generation; an instance
 * reads the parameters and then claims the token with one lock cmpxchg.
 * Whatever else runs the trampoline (a late or duplicate instance, another
 * CPU) finds it claimed, revoked or not its own and halts in the page
 * until an INIT, touching nothing.  The boot CPU revokes an unclaimed
 * token before it sends INIT again: the revoke and the claim are one
 * cmpxchg each on the same word, so exactly one of them wins, and a CPU
 * that claimed is never sent INIT.  (Linux serialises the same window
 * with cpu_callout_mask / cpu_initialized_mask and, today, the
 * smpboot_control word.)
 *
 *   bits  0-31  target: the APIC ID that may claim, or START_ANY
 *   bits 32-62  generation: 0 nothing armed (revoked), else one per try
 *   bit     63  claimed
 *
 * The AP's side is assembly (trampoline.S, on no stack); the macros
 * below are that code, and the host test runs the same macros.
 */
#ifndef SBM_X86_START_TOKEN_H
#define SBM_X86_START_TOKEN_H

#define START_ANY		0xffffffff	/* CPUID's IDs not trusted */
#define START_CLAIMED_BIT	63
#define START_GEN_SHIFT		32
#define START_GEN_MASK		0x7fffffff

#ifdef __ASSEMBLER__

/*
 * START_WHOAMI: this CPU's APIC ID from CPUID (the x2APIC ID of leaf 0BH
 * where it is there, else the initial APIC ID of leaf 01H) into %esi.
 * Clobbers %eax, %ebx, %ecx, %edx.
 */
.macro START_WHOAMI
	xorl %eax, %eax
	cpuid
	cmpl $0xb, %eax
	jb .Lleaf1\@
	movl $0xb, %eax
	xorl %ecx, %ecx
	cpuid
	testl %ebx, %ebx		/* EBX 0: leaf 0BH not implemented */
	jz .Lleaf1\@
	movl %edx, %esi
	jmp .Ldone\@
.Lleaf1\@:
	movl $1, %eax
	cpuid
	shrl $24, %ebx
	movl %ebx, %esi
.Ldone\@:
.endm

/*
 * START_TOKEN_CHECK tok, me, fail: the token at (\tok) into %rax; to
 * \fail unless it is armed, unclaimed and for \me (a 32-bit register)
 * or any CPU.  Clobbers %rdx.
 */
.macro START_TOKEN_CHECK tok, me, fail
	movq (\tok), %rax
	btq $START_CLAIMED_BIT, %rax
	jc \fail
	movq %rax, %rdx
	shrq $START_GEN_SHIFT, %rdx
	testl %edx, %edx
	jz \fail
	cmpl $START_ANY, %eax
	je .Lmine\@
	cmpl \me, %eax
	jne \fail
.Lmine\@:
.endm

/*
 * START_TOKEN_CLAIM tok, fail: %rax (what START_TOKEN_CHECK read) made
 * claimed with one lock cmpxchg; to \fail when the word changed since
 * (revoked, re-armed, or claimed by another instance).  Clobbers %rdx.
 */
.macro START_TOKEN_CLAIM tok, fail
	movq %rax, %rdx
	btsq $START_CLAIMED_BIT, %rdx
	lock cmpxchgq %rdx, (\tok)
	jne \fail
.endm

#else

#include <stdbool.h>
#include <stdint.h>

#include "apic_encode.h"

#define START_CLAIMED	(1ull << START_CLAIMED_BIT)

/* The token for try @gen (1..START_GEN_MASK) of the CPU @target. */
static inline uint64_t start_token(uint32_t gen, uint32_t target)
{
	return (uint64_t)(gen & START_GEN_MASK) << START_GEN_SHIFT | target;
}

/* The next generation after @gen: never 0, which means "none armed". */
static inline uint32_t start_gen_next(uint32_t gen)
{
	gen = (gen + 1) & START_GEN_MASK;
	return gen ? gen : 1;
}

/* Boot CPU: arm @t; the parameters are written before, with nothing
 * armed, and stay until it is claimed or revoked. */
static inline void start_token_arm(uint64_t *w, uint64_t t)
{
	__atomic_store_n(w, t, __ATOMIC_SEQ_CST);
}

static inline bool start_token_claimed(uint64_t *w, uint64_t t)
{
	return __atomic_load_n(w, __ATOMIC_ACQUIRE) == (t | START_CLAIMED);
}

/*
 * Boot CPU: take @t back before another INIT.  false: an instance
 * claimed it first, the CPU is up and must not be sent INIT.
 */
static inline bool start_token_revoke(uint64_t *w, uint64_t t)
{
	return __atomic_compare_exchange_n(w, &t, 0, false, __ATOMIC_SEQ_CST,
					   __ATOMIC_SEQ_CST);
}

/* START_WHOAMI in C (apic_encode.c's rule, leaf 0BH): the boot CPU holds
 * its own answer against its local APIC's ID before it trusts the rule
 * for the APs; the host test holds it against the macro. */
static inline uint32_t start_whoami(void)
{
	uint32_t l0[4] = { 0 }, l1[4] = { 1 }, lb[4] = { 0xb };

	__asm__ volatile("cpuid" : "+a"(l0[0]), "=b"(l0[1]), "+c"(l0[2]),
			 "=d"(l0[3]));
	__asm__ volatile("cpuid" : "+a"(l1[0]), "=b"(l1[1]), "+c"(l1[2]),
			 "=d"(l1[3]));
	if (l0[0] < 0xb)
		return x86_apic_id_from_cpuid(l1, NULL);
	__asm__ volatile("cpuid" : "+a"(lb[0]), "=b"(lb[1]), "+c"(lb[2]),
			 "=d"(lb[3]));
	return x86_apic_id_from_cpuid(l1, lb);
}

#endif /* __ASSEMBLER__ */
#endif
