/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uint64_t host_run_isr(const void *isr): enter @isr as the CPU enters an
 * interrupt gate (SS, RSP, RFLAGS with IF set, CS, RIP pushed), let it
 * iretq back, and return the RFLAGS word it left in that frame: what the
 * interrupted code resumes with.  At CPL 3 iretq does not change IF, so
 * the frame is where the handler's choice shows.
 */
	.text
	.globl host_run_isr
	.type host_run_isr, @function
host_run_isr:
	pushq %rbx
	movq %rsp, %rbx
	movl %ss, %eax
	pushq %rax
	pushq %rbx
	pushfq
	orq $0x200, (%rsp)
	movl %cs, %eax
	pushq %rax
	leaq 1f(%rip), %rax
	pushq %rax
	jmp *%rdi
1:	movq -24(%rbx), %rax		/* the frame's RFLAGS, in the red zone */
	popq %rbx
	ret
	.size host_run_isr, . - host_run_isr

	.section .note.GNU-stack, "", @progbits
