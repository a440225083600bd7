/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Payload entry.  The first 64 bytes are a Linux/RISC-V Image header so
 * that U-Boot booti and OpenSBI loaders accept the flat binary; the first
 * instruction jumps over it.  OpenSBI enters in S-mode, MMU off, with
 * a0 = boot hart id and a1 = FDT address; any hart may be the boot hart.
 */
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
.option push
.option norelax
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
 * opaque = the struct riscv_boot of this hart (stack top first).
 */
	.globl secondary_entry
secondary_entry:
	csrci	sstatus, 2
	csrw	sie, zero
.option push
.option norelax
	la	gp, __global_pointer$
.option pop
	ld	sp, 0(a1)
	la	t0, trap_entry
	csrw	stvec, t0
	mv	a0, a1
	call	riscv_secondary
4:	wfi
	j	4b

/* Traps (stvec needs 4-byte alignment): report and power off. */
	.balign 4
trap_entry:
	csrr	a0, scause
	csrr	a1, sepc
	csrr	a2, stval
	call	riscv_trap
5:	wfi
	j	5b

	.section .bss.boot_stack, "aw", @nobits
	.balign 16
	.space	16384
boot_stack_top:
