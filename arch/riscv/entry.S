/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Payload entry.  The first 64 bytes are a Linux/RISC-V Image header so
 * that U-Boot booti and OpenSBI loaders accept the flat binary; the first
 * instruction jumps over it.  OpenSBI enters in S-mode, MMU off, with
 * a0 = boot hart id and a1 = FDT address; any hart may be the boot hart.
 *
 * The payload is a static PIE: it runs wherever it was loaded.  Every
 * address here comes from lla (pc-relative, never the GOT, which holds
 * link-time values until apply_relocs has run).
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
	lla	t0, boot_claimed
	li	t1, 1
	amoswap.w.aqrl t1, t1, (t0)
	bnez	t1, late_secondary
	call	apply_relocs
	lla	gp, __global_pointer$
.option pop
	lla	sp, boot_stack_top
	lla	t0, trap_entry
	csrw	stvec, t0
	/* clear .bss before C runs; the hart id and FDT stay in a0/a1 */
	lla	t0, __bss_start
	lla	t1, __bss_end
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
	lla	gp, __global_pointer$
.option pop
	ld	sp, RB_STACK_TOP(a1)
	lla	t0, trap_entry
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
	lla	t0, riscv_boots
	ld	t0, 0(t0)
	lla	t1, riscv_nboots
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

/*
 * Add the load offset (where we run minus where we were linked) to every
 * pointer the linker listed in .rela.dyn, before .bss is cleared and
 * before any pointer in initialised data is used.  Only the boot hart
 * runs this, and no other hart runs C before it starts them.  Static PIE
 * with no undefined symbols has only R_RISCV_RELATIVE (3); "make check"
 * asserts that, and any other type is skipped here.  Clobbers t0-t5.
 */
apply_relocs:
.option push
.option norelax				/* gp is not set yet */
	lla	t0, __rela_dyn_start
	lla	t1, __rela_dyn_end
	lla	t2, _start
	li	t3, RISCV_LINK_BASE
	sub	t2, t2, t3		/* load offset, may be 0 or "negative" */
	li	t5, 3			/* R_RISCV_RELATIVE */
1:	bgeu	t0, t1, 3f
	ld	t3, 8(t0)		/* r_info */
	bne	t3, t5, 2f
	ld	t3, 0(t0)		/* r_offset: link address of the slot */
	ld	t4, 16(t0)		/* r_addend: link address it points to */
	add	t3, t3, t2
	add	t4, t4, t2
	sd	t4, 0(t3)
2:	addi	t0, t0, 24		/* sizeof(Elf64_Rela) */
	j	1b
3:	ret
.option pop

/*
 * stvec while idle_wait.c tries one wfi: firmware that sets mstatus.TW
 * makes an S-mode wfi an illegal instruction, which it hands back here.
 * Step over it and say so in a0 (the probe's result register); nothing
 * else is touched, and sret returns to S-mode with SIE as it was (off).
 */
	.balign 4
	.globl	riscv_wfi_probe_trap
riscv_wfi_probe_trap:
	csrr	a0, sepc
	addi	a0, a0, 4		/* wfi is a 4-byte instruction */
	csrw	sepc, a0
	li	a0, 1
	sret

/*
 * Traps (stvec needs 4-byte alignment): report and power off, but for a
 * wfi that traps.  The privileged spec (3.1.6.5, mstatus.TW) lets
 * firmware make wfi trap only after an implementation-defined time, so
 * the probe in idle_wait.c can pass and a later wfi land here as an
 * illegal instruction (stval its bits, or 0: then read them at sepc).
 * Step over it, make this hart spin from now on (sscratch 0: not
 * PARK_WFI) and count it in riscv_wfi_late; t0/t1 kept on the stack,
 * which is the hart's own wherever it waits.
 */
#define WFI_INSN	0x10500073
	.balign 4
trap_entry:
	addi	sp, sp, -16
	sd	t0, 0(sp)
	sd	t1, 8(sp)
	csrr	t0, scause
	li	t1, 2			/* illegal instruction */
	bne	t0, t1, 7f
	csrr	t0, stval
	bnez	t0, 6f
	csrr	t1, sepc		/* 2-byte aligned with the C extension */
	lhu	t0, 0(t1)
	lhu	t1, 2(t1)
	slli	t1, t1, 16
	or	t0, t0, t1
6:	li	t1, WFI_INSN
	bne	t0, t1, 7f
	csrr	t0, sepc
	addi	t0, t0, 4
	csrw	sepc, t0
	csrw	sscratch, zero
	lla	t0, riscv_wfi_late
	li	t1, 1
	amoadd.w zero, t1, (t0)
	ld	t0, 0(sp)
	ld	t1, 8(sp)
	addi	sp, sp, 16
	sret
7:	ld	t0, 0(sp)
	ld	t1, 8(sp)
	addi	sp, sp, 16
	csrr	a0, scause
	csrr	a1, sepc
	csrr	a2, stval
	call	riscv_trap
5:	wfi
	j	5b

/*
 * Test only (sbmbench,test-wfi-traps-late): enter trap_entry as firmware
 * that traps wfi late would, with the hardware's trap state: sepc the wfi
 * below, scause 2, stval 0 (so the handler reads the bits at sepc),
 * SPP S-mode, SPIE off.  The handler steps over the wfi to the ret.
 * Clobbers t0 only.
 */
	.balign 4
	.globl	riscv_test_wfi_trap_late
riscv_test_wfi_trap_late:
	lla	t0, 1f
	csrw	sepc, t0
	li	t0, 2
	csrw	scause, t0
	csrw	stval, zero
	li	t0, 0x100		/* sstatus.SPP */
	csrs	sstatus, t0
	li	t0, 0x20		/* sstatus.SPIE */
	csrc	sstatus, t0
	j	trap_entry
1:	wfi				/* stepped over, never run */
	ret

	/* in .data: .bss is cleared by the hart that claims it */
	.section .data.boot_claimed, "aw"
	.balign 4
boot_claimed:
	.word	0

	.section .bss.boot_stack, "aw", @nobits
	.balign 16
	.space	16384
boot_stack_top:
