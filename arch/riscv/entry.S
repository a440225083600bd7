/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Payload entry.  The first 64 bytes are a Linux/RISC-V Image header so
 * that U-Boot booti and OpenSBI loaders accept the flat binary; the first
 * instruction jumps over it.  OpenSBI enters in S-mode, MMU off, with
 * a0 = boot hart id and a1 = FDT address; any hart may be the boot hart.
 */
#include "boot_layout.h"

	.section .head, "ax"
	.globl _start
_start:
	j	boot_entry		/* code0 */
	.balign 8
	.dword	0x200000		/* text_offset: 2 MiB above RAM base */
	.dword	_end - _start		/* image_size, bss included */
	.dword	0			/* flags: little endian */
	.word	2			/* header version 0.2 */
	.word	0
	.dword	0
	.ascii	"RISCV\0\0\0"		/* magic (deprecated form) */
	.ascii	"RSC\x05"		/* magic2 */
	.word	0

	.text
boot_entry:
	csrci	sstatus, 2		/* SIE off: this hart never takes interrupts */
	csrw	sie, zero
	/* only the first hart here is the boot hart; see late_secondary */
.option push
.option norelax				/* gp is not ours yet: no gp-relative la */
	la	t0, boot_claimed
	li	t1, 1
	amoswap.w.aqrl t1, t1, (t0)
	bnez	t1, late_secondary
	la	gp, __global_pointer$
.option pop
	la	sp, boot_stack_top
	la	t0, trap_entry
	csrw	stvec, t0
	/* clear .bss before C runs; the hart id and FDT stay in a0/a1 */
	la	t0, __bss_start
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	sd	zero, 0(t0)
	addi	t0, t0, 8
	j	1b
2:	call	riscv_main
3:	wfi
	j	3b

/*
 * Secondary harts, started by SBI HSM hart_start: a0 = hart id, a1 =
 * opaque = the struct riscv_boot of this hart.
 */
	.globl secondary_entry
secondary_entry:
	csrci	sstatus, 2
	csrw	sie, zero
	li	t3, 0
secondary_common:
.option push
.option norelax
	la	gp, __global_pointer$
.option pop
	ld	sp, RB_STACK_TOP(a1)
	la	t0, trap_entry
	csrw	stvec, t0
	mv	a0, a1
	mv	a1, t3
	call	riscv_secondary
4:	wfi
	j	4b

/*
 * A hart we started came in at the payload entry with the boot arguments
 * instead of at secondary_entry.  OpenSBI 1.1 and earlier mark the hart
 * START_PENDING before they store the new start address, so a hart that
 * polls in its HSM wait loop can leave with the old one.  Find this
 * hart's start block by hart id (a0) and carry on as a secondary; a hart
 * nobody started stops here.
 */
late_secondary:
.option push
.option norelax
	la	t0, riscv_boots
	ld	t0, 0(t0)
	la	t1, riscv_nboots
	ld	t1, 0(t1)
.option pop
5:	beqz	t1, 7f
	ld	t2, RB_HWID(t0)
	beq	t2, a0, 6f
	addi	t0, t0, RB_SIZE
	addi	t1, t1, -1
	j	5b
6:	mv	a1, t0
	li	t3, 1
	j	secondary_common
7:	wfi
	j	7b

/* Traps (stvec needs 4-byte alignment): report and power off. */
	.balign 4
trap_entry:
	csrr	a0, scause
	csrr	a1, sepc
	csrr	a2, stval
	call	riscv_trap
5:	wfi
	j	5b

	/* in .data: .bss is cleared by the hart that claims it */
	.section .data.boot_claimed, "aw"
	.balign 4
boot_claimed:
	.word	0

	.section .bss.boot_stack, "aw", @nobits
	.balign 16
	.space	16384
boot_stack_top:
