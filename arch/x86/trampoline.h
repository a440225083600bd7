/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What trampoline.S and smp.c agree on: the stage markers an AP writes
 * into the trampoline page as it goes (for the log: whether a start
 * happened is the start token's, start_token.h), and the whole CR0/CR4
 * values it loads.  Plain numbers only: the assembler includes this too.
 */
#ifndef SBM_X86_TRAMPOLINE_H
#define SBM_X86_TRAMPOLINE_H

/* tramp_stage: how far the AP got.  smp.c clears it before each SIPI. */
#define TRAMP_STAGE_NONE	0	/* no sign of life */
#define TRAMP_STAGE_REAL	1	/* first instruction ran (real mode) */
#define TRAMP_STAGE_PROT	2	/* 32-bit protected mode */
#define TRAMP_STAGE_LONG	3	/* long mode on the temporary map */
#define TRAMP_STAGE_TAKEN	4	/* parameters read, start claimed */
#define TRAMP_STAGE_C		5	/* C entry (ap_entry) */

#define X86_CR0_PE		(1 << 0)
#define X86_CR0_MP		(1 << 1)
#define X86_CR0_ET		(1 << 4)
#define X86_CR0_NE		(1 << 5)
#define X86_CR0_WP		(1 << 16)
#define X86_CR0_PG		0x80000000

#define X86_CR4_PAE		(1 << 5)
#define X86_CR4_MCE		(1 << 6)
#define X86_CR4_OSFXSR		(1 << 9)
#define X86_CR4_OSXMMEXCPT	(1 << 10)
#define X86_CR4_LA57		(1 << 12)

/*
 * Whole values, never read-modify-write: INIT leaves CD/NW as they were,
 * so an inherited cache-disable would survive an OR.  EM and TS clear,
 * MP and NE set: GCC emits SSE in ordinary C.
 */
#define TRAMP_CR0_PROT	(X86_CR0_PE | X86_CR0_MP | X86_CR0_ET | \
			 X86_CR0_NE)
#define TRAMP_CR0_LONG	(TRAMP_CR0_PROT | X86_CR0_WP | X86_CR0_PG)
/* MCE: a machine check is #MC (our handler), not a shutdown.  smp.c
 * adds LA57 when the boot CPU pages with 5 levels. */
#define TRAMP_CR4	(X86_CR4_PAE | X86_CR4_MCE | X86_CR4_OSFXSR | \
			 X86_CR4_OSXMMEXCPT)

/* tramp_gdt's 64-bit code segment */
#define TRAMP_SEL_CODE64	0x18

#endif
