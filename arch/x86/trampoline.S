/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Application-processor start, copied to a page below 1 MiB whose number
 * is the SIPI vector.  Real mode -> 32-bit protected mode -> long mode on
 * a temporary identity map of this page and of a stub in the image's
 * .text (tramp_map.c builds it below 1 MiB, so a 32-bit CR3 reaches it)
 * -> the APs' IDT -> the stub, which loads the boot CPU's CR3 (UEFI's
 * identity map, maybe above 4 GiB) -> ap_entry(arg) on the CPU's own
 * stack.  CR0, CR4 and EFER get whole known values (trampoline.h).  The
 * AP writes tramp_stage as it goes, so a start that fails says how far it
 * got.  smp.c patches the absolute addresses and per-CPU words at copy
 * time.  Everything the AP touches before the boot CPU's CR3 is loaded
 * lives in this one page.
 */
#include "start_token.h"
#include "trampoline.h"

#define OFF(x) ((x) - tramp_start)
#define MSR_EFER 0xc0000080

	.text
	.code16
	.balign 16
	.globl tramp_start
tramp_start:
	cli
	cld
	movw %cs, %ax
	movw %ax, %ds
	movl $TRAMP_STAGE_REAL, OFF(tramp_stage)
	xorl %ebx, %ebx
	movw %ax, %bx
	shll $4, %ebx			/* ebx = page base, kept to the end */
	lgdtl OFF(tramp_gdtr)
	movl $TRAMP_CR0_PROT, %eax
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
	movl $TRAMP_STAGE_PROT, OFF(tramp_stage)(%ebx)
	/* LA57 can only change with paging off: set here when needed. */
	movl OFF(tramp_cr4)(%ebx), %eax
	movl %eax, %cr4
	movl OFF(tramp_cr3_tmp)(%ebx), %eax
	movl %eax, %cr3
	movl $MSR_EFER, %ecx
	movl OFF(tramp_efer)(%ebx), %eax	/* LME, NXE when the BSP has it */
	xorl %edx, %edx
	wrmsr
	movl $TRAMP_CR0_LONG, %eax
	movl %eax, %cr0
	ljmpl *OFF(tramp_jmp64)(%ebx)

	.code64
	.globl tramp_64
tramp_64:
	movl %ebx, %ebx			/* upper half undefined after the switch */
	movl $TRAMP_STAGE_LONG, OFF(tramp_stage)(%rbx)
	/* the IDT first: whatever faults from the boot CPU's CR3 on is
	 * reported by the APs' trap handler, not a triple fault */
	lidt OFF(tramp_idtr)(%rbx)
	/* Is this start ours to take (start_token.h)?  The parameters are
	 * read between the look and the claim: a claim that succeeds means
	 * they were this token's. */
	movq %rbx, %r9
	START_WHOAMI
	movq %r9, %rbx
	leaq OFF(tramp_token)(%rbx), %r10
	rdtsc
	shlq $32, %rdx
	orq %rdx, %rax
	movq %rax, %r13			/* when this instance began to look */
tramp_look:
	START_TOKEN_CHECK %r10, %esi, tramp_wait
	movq OFF(tramp_cr3)(%rbx), %r8
	movq OFF(tramp_stack)(%rbx), %r11
	movq OFF(tramp_arg)(%rbx), %rdi
	movq OFF(tramp_entry)(%rbx), %r12
	movq OFF(tramp_stub)(%rbx), %rcx
	START_TOKEN_CLAIM %r10, tramp_wait
	/* Claimed: the page may be reused for the next CPU. */
	movl $TRAMP_STAGE_TAKEN, OFF(tramp_stage)(%rbx)
	movq %r11, %rsp
	movq %r12, %rax
	jmp *%rcx

	/* Not armed for this CPU (yet): an instance that ran ahead of its
	 * try (a SIPI merged into the INIT before it) finds the token armed
	 * within the boot CPU's INIT wait, so it looks again for a while
	 * (tramp_spin_tsc ticks).  Safe: the boot CPU arms a token only
	 * after the INIT that ends any older instance has had its time.
	 * Then a late or duplicate instance stays here, touching nothing,
	 * until INIT. */
tramp_wait:
	pause
	rdtsc
	shlq $32, %rdx
	orq %rdx, %rax
	subq %r13, %rax
	cmpq OFF(tramp_spin_tsc)(%rbx), %rax
	jb tramp_look
tramp_park:
	cli
	hlt
	jmp tramp_park

	.balign 8
	.globl tramp_gdt
tramp_gdt:
	.quad 0
	.quad 0x00cf9a000000ffff	/* 0x08: 32-bit code */
	.quad 0x00cf92000000ffff	/* 0x10: flat data */
	.quad 0x00af9a000000ffff	/* 0x18: 64-bit code (TRAMP_SEL_CODE64) */
tramp_gdt_end:

	.balign 8
	.globl tramp_gdtr, tramp_jmp32, tramp_jmp64, tramp_cr3_tmp
	.globl tramp_cr4, tramp_efer, tramp_cr3, tramp_idtr, tramp_stack
	.globl tramp_entry, tramp_arg, tramp_stage, tramp_stub, tramp_end
	.globl tramp_token, tramp_spin_tsc
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
	.word 0, 0, 0			/* so that the base below is 8-aligned */
tramp_idtr:
	.word 0				/* patched: limit */
	.quad 0				/* patched: base */
tramp_cr3_tmp:	.long 0
tramp_cr4:	.long 0
tramp_efer:	.long 0
tramp_stage:	.long 0
tramp_cr3:	.quad 0
tramp_stub:	.quad 0			/* patched: tramp_stub_code */
tramp_stack:	.quad 0
tramp_entry:	.quad 0
tramp_arg:	.quad 0
	.balign 8			/* tramp_start is 16-aligned */
tramp_token:	.quad 0			/* start_token.h; aligned: cmpxchg */
tramp_spin_tsc:	.quad 0			/* patched: how long to look, TSC ticks */
	.balign 8
tramp_end:			/* smp.c checks that this fits the page */

/*
 * Not copied: runs where the image was loaded, an executable page of the
 * image's .text in the firmware's map, which the temporary map also
 * holds.  The boot CPU's CR3 is loaded here, so no instruction is ever
 * fetched from the trampoline page under the firmware's page tables
 * (which may map it NX: it is loader or boot-services data to them).
 */
	.balign 64
	.globl tramp_stub_code, tramp_stub_code_end
tramp_stub_code:
	movq %r8, %cr3
	fninit
	xorl %ebp, %ebp
	callq *%rax
1:	cli
	hlt
	jmp 1b
tramp_stub_code_end:

	.section .note.GNU-stack, "", @progbits
