/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The wake handler of parked APs and the sleeping boot CPU (idle_wait.c):
 * it ends the interrupt (EOI) and returns with IF clear in the RFLAGS it
 * returns to.  A level-triggered line a firmware left unmasked stays
 * asserted after the EOI; returning with IF set would take it again at
 * once, and the CPU would never leave the handler.  With IF clear it
 * returns to the instruction after its hlt, one interrupt per sleep, and
 * the caller's cli is a no-op.  tests/test_wake_isr.c runs it on the host.
 *
 * x86_wake_eoi: the xAPIC EOI register's address, or 0 for the x2APIC
 * EOI MSR.
 */
	.text
	.balign 16
	.globl x86_wake_isr, x86_spurious_isr
x86_wake_isr:
	pushq %rax
	pushq %rcx
	pushq %rdx
	movq x86_wake_eoi(%rip), %rax
	testq %rax, %rax
	jz 1f
	movl $0, (%rax)
	jmp 2f
1:	movl $0x80b, %ecx
	xorl %eax, %eax
	xorl %edx, %edx
	wrmsr
2:	btrq $9, 40(%rsp)		/* the frame's RFLAGS.IF, above 3 pushes */
	popq %rdx
	popq %rcx
	popq %rax
	iretq

	.balign 16
x86_spurious_isr:			/* no EOI for a spurious interrupt */
	iretq

	.section .note.GNU-stack, "", @progbits
