/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The APs' exception entry points: one stub per vector 0-31, each
 * AP_TRAP_STUB (16) bytes from the last so that ap_trap.c computes their
 * addresses without relocations.  A stub pushes a zero where the CPU
 * pushes no error code, then its vector, and goes to ap_trap(frame),
 * which prints and halts.
 */
	.text
	.code64
	.hidden ap_trap
	.balign 16
	.globl ap_trap_stubs
ap_trap_stubs:
	.set vec, 0
	.rept 32
	.balign 16, 0xcc		/* a stub is at most 9 bytes */
	/* the vectors with a CPU-pushed error code */
	.set has_err, (vec == 8) || (vec >= 10 && vec <= 14) || (vec == 17)
	.set has_err, has_err || (vec == 21) || (vec == 29) || (vec == 30)
	.if !has_err
	pushq $0
	.endif
	pushq $vec
	jmp ap_trap_common
	.set vec, vec + 1
	.endr

ap_trap_common:
	cld
	movq %rsp, %rdi			/* struct ap_trap_frame */
	andq $-16, %rsp
	call ap_trap
1:	cli
	hlt
	jmp 1b

	.section .note.GNU-stack, "", @progbits
