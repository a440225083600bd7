/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Application-processor start, copied to a page below 1 MiB whose number
 * is the SIPI vector.  Real mode -> 32-bit protected mode -> long mode on
 * a 2 MiB identity map of our own (below 1 MiB, so a 32-bit CR3 reaches
 * it) -> the boot CPU's CR3 (UEFI's identity map, maybe above 4 GiB) ->
 * SSE on -> ap_entry(arg) on the CPU's own stack.  smp.c patches the
 * absolute addresses and the per-CPU words at copy time.
 */
#define OFF(x) ((x) - tramp_start)

	.text
	.code16
	.balign 16
	.globl tramp_start
tramp_start:
	cli
	cld
	movw %cs, %ax
	movw %ax, %ds
	xorl %ebx, %ebx
	movw %ax, %bx
	shll $4, %ebx			/* ebx = page base, kept to the end */
	lgdtl OFF(tramp_gdtr)
	movl %cr0, %eax
	orl $1, %eax			/* PE */
	movl %eax, %cr0
	ljmpl *OFF(tramp_jmp32)

	.code32
	.globl tramp_32
tramp_32:
	movw $0x10, %ax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %ss
	movw %ax, %fs
	movw %ax, %gs
	movl %cr4, %eax
	orl $0x20, %eax			/* PAE */
	movl %eax, %cr4
	movl OFF(tramp_cr3_tmp)(%ebx), %eax
	movl %eax, %cr3
	movl $0xc0000080, %ecx		/* EFER */
	rdmsr
	orl $0x100, %eax		/* LME */
	orl OFF(tramp_nxe)(%ebx), %eax	/* NXE when the BSP's tables use NX */
	wrmsr
	movl %cr0, %eax
	orl $0x80000001, %eax		/* PG | PE */
	movl %eax, %cr0
	ljmpl *OFF(tramp_jmp64)(%ebx)

	.code64
	.globl tramp_64
tramp_64:
	movl %ebx, %ebx			/* upper half undefined after the switch */
	movq OFF(tramp_cr3)(%rbx), %rax
	movq %rax, %cr3
	/* GCC emits SSE: CR0.MP on, EM/TS off; CR4.OSFXSR|OSXMMEXCPT. */
	movq %cr0, %rax
	andq $~0xc, %rax
	orq $0x22, %rax			/* MP | NE */
	movq %rax, %cr0
	movq %cr4, %rax
	orq $0x600, %rax
	movq %rax, %cr4
	fninit
	movq OFF(tramp_stack)(%rbx), %rsp
	movq OFF(tramp_arg)(%rbx), %rdi
	movq OFF(tramp_entry)(%rbx), %rax
	/* Everything read: the page may be reused for the next CPU. */
	movl $1, OFF(tramp_taken)(%rbx)
	xorl %ebp, %ebp
	callq *%rax
1:	cli
	hlt
	jmp 1b

	.balign 8
	.globl tramp_gdt
tramp_gdt:
	.quad 0
	.quad 0x00cf9a000000ffff	/* 0x08: 32-bit code */
	.quad 0x00cf92000000ffff	/* 0x10: flat data */
	.quad 0x00af9a000000ffff	/* 0x18: 64-bit code */
tramp_gdt_end:

	.balign 8
	.globl tramp_gdtr, tramp_jmp32, tramp_jmp64, tramp_cr3_tmp
	.globl tramp_nxe, tramp_cr3, tramp_stack, tramp_entry, tramp_arg
	.globl tramp_taken, tramp_end
tramp_gdtr:
	.word tramp_gdt_end - tramp_gdt - 1
	.long 0				/* patched: page + OFF(tramp_gdt) */
	.balign 8
tramp_jmp32:
	.long 0				/* patched: page + OFF(tramp_32) */
	.word 0x08
	.balign 8
tramp_jmp64:
	.long 0				/* patched: page + OFF(tramp_64) */
	.word 0x18
	.balign 8
tramp_cr3_tmp:	.long 0
tramp_nxe:	.long 0
tramp_cr3:	.quad 0
tramp_stack:	.quad 0
tramp_entry:	.quad 0
tramp_arg:	.quad 0
tramp_taken:	.long 0
	.balign 8
tramp_end:

	.section .note.GNU-stack, "", @progbits
