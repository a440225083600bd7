// SPDX-License-Identifier: BSD-2-Clause
//
// Where PSCI CPU_ON starts a secondary CPU: x0 = its boot block (struct
// arm64_boot in smp.c, cleaned to PoC by the boot CPU), MMU and caches
// off, at EL1 or EL2.  Before any C runs the CPU takes the boot CPU's
// translation regime (UEFI's identity map): C code assumes Normal
// cacheable memory (unaligned accesses, exclusives), and GCC emits SIMD,
// so FP/SIMD is enabled too.  Only this file runs with the MMU off, and it
// writes no memory until the MMU is on (a non-cacheable write would not
// be coherent with the boot CPU's cached view).

#include "boot_layout.h"

#define HCR_E2H_BIT	34		// HCR_EL2.E2H: the VHE register layout
#define CPTR_NVHE_NOTRAP 0x33ff		// E2H=0: TFP (bit 10) clear, RES1 set
#define CPTR_VHE_NOTRAP	(3 << 20)	// E2H=1: CPACR layout, FPEN = 0b11

// MDCR_EL2, as Linux's init_el2 leaves it: no PMU or debug traps to EL2,
// and HPMN = PMCR_EL0.N, so every event counter belongs to EL1 and
// PMCR_EL0.E enables them all; 0 without a PMU (PMCR_EL0 would UNDEF).
// A firmware's MDCR_EL2.TPM/TPMCR would make the PMU access an EL1
// CPU does trap to an EL2 that has no handler for it.  Clobbers x3, x4.
.macro	mdcr_el2_init
	mrs	x3, id_aa64dfr0_el1
	ubfx	x3, x3, #8, #4			// PMUVer: 0 none, 0xf IMPDEF
	mov	x4, xzr
	cbz	x3, 1f
	cmp	x3, #0xf
	b.eq	1f
	mrs	x4, pmcr_el0
	ubfx	x4, x4, #11, #5			// PMCR_EL0.N
1:	msr	mdcr_el2, x4
.endm

	.text
	.balign	64
	.globl	arm64_secondary_start, arm64_secondary_end
arm64_secondary_start:
	msr	daifset, #0xf
	mov	x19, x0
	mrs	x1, CurrentEL
	lsr	x1, x1, #2
	ldr	x2, [x19, #B_EL]
	cmp	x1, x2
	b.eq	same_el
	// At EL2 while the boot CPU runs at EL1: drop to EL1.
	cmp	x1, #2
	b.ne	refuse
	cmp	x2, #1
	b.ne	refuse
	mov	x3, #(1 << 31)			// HCR_EL2.RW: EL1 is AArch64
	msr	hcr_el2, x3			// and E2H=0: nVHE layouts below
	isb
	mdcr_el2_init
	// ICC_SRE_EL2: SRE and Enable, so that EL1 may use the GIC's system
	// registers (gic_wake.c) rather than trap to an EL2 with no handler
	mrs	x3, id_aa64pfr0_el1
	ubfx	x3, x3, #24, #4			// GIC: system registers exist
	cbz	x3, 4f
	mrs	x3, S3_4_C12_C9_5
	orr	x3, x3, #0x1			// SRE
	orr	x3, x3, #0x8			// Enable
	msr	S3_4_C12_C9_5, x3
	isb
4:	mrs	x3, cnthctl_el2
	orr	x3, x3, #3			// EL1 may read the counters
	msr	cnthctl_el2, x3
	msr	cntvoff_el2, xzr		// CNTVCT = the boot CPU's
	mov	x3, #CPTR_NVHE_NOTRAP		// CPTR_EL2: no FP/SIMD traps
	msr	cptr_el2, x3
	msr	vttbr_el2, xzr
	mov	x3, #0x0800			// SCTLR_EL1 RES1 bits, MMU off
	movk	x3, #0x30d0, lsl #16
	msr	sctlr_el1, x3
	mov	x3, #0x3c5			// EL1h, DAIF masked
	msr	spsr_el2, x3
	adr	x3, el1_entry
	msr	elr_el2, x3
	isb
	eret
el1_entry:
	mov	x2, #1

same_el:
	ldr	x3, [x19, #B_MAIR]
	ldr	x4, [x19, #B_TCR]
	ldr	x5, [x19, #B_TTBR0]
	ldr	x6, [x19, #B_SCTLR]
	ldr	x7, [x19, #B_VBAR]
	cmp	x2, #2
	b.eq	el2_mmu
	msr	mair_el1, x3
	msr	tcr_el1, x4
	msr	ttbr0_el1, x5
	msr	vbar_el1, x7
	mov	x8, #(3 << 20)			// CPACR_EL1.FPEN: no FP traps
	msr	cpacr_el1, x8
	isb
	tlbi	vmalle1
	dsb	nsh
	isb
	msr	sctlr_el1, x6			// MMU, caches: as the boot CPU
	isb
	b	in_c

el2_mmu:
	ldr	x8, [x19, #B_HCR]
	msr	hcr_el2, x8			// the boot CPU's, E2H, IMO/FMO included
	ldr	x9, [x19, #B_CNTVOFF]
	msr	cntvoff_el2, x9			// UNKNOWN at reset: the boot CPU's
	isb
	msr	mair_el2, x3
	msr	tcr_el2, x4
	msr	ttbr0_el2, x5
	msr	vbar_el2, x7
	// CPTR_EL2 means another layout under VHE (E2H=1): there FP/SIMD
	// is enabled by FPEN, and the nVHE value would trap every use.
	mov	x9, #CPTR_NVHE_NOTRAP
	tbz	x8, #HCR_E2H_BIT, 3f
	mov	x9, #CPTR_VHE_NOTRAP
3:	msr	cptr_el2, x9
	mdcr_el2_init
	isb
	tlbi	alle2
	dsb	nsh
	isb
	msr	sctlr_el2, x6
	isb

in_c:
	ldr	x8, [x19, #B_STACK]
	mov	sp, x8
	mov	x29, xzr
	mov	x30, xzr
	mov	x0, x19
	ldr	x9, [x19, #B_CENTRY]
	blr	x9
park:
	wfe
	b	park

	// Say why on the UART (device memory: fine with the MMU off).
refuse:
	ldr	x3, [x19, #B_UART]
	cbz	x3, park
	adr	x4, refuse_msg
1:	ldrb	w5, [x4], #1
	cbz	w5, park
2:	ldr	w6, [x3, #0x18]			// UARTFR
	tbnz	w6, #5, 2b			// TXFF
	str	w5, [x3]
	b	1b
refuse_msg:
	.asciz	"\r\nsbmbench: secondary CPU started at an EL other than the boot CPU's (and not EL2 above EL1): refused\r\n"
	.balign	64
arm64_secondary_end:
