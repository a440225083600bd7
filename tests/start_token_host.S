/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AP's side of the start token (arch/x86/start_token.h) as host
 * functions, System V ABI, so that tests/test_start_token.c runs the
 * trampoline's own instructions:
 *
 *   uint32_t host_start_whoami(void);
 *   int host_start_check(uint64_t *tok, uint32_t me, uint64_t *seen);
 *	1 and the token in *seen when START_TOKEN_CHECK lets @me on
 *   int host_start_claim(uint64_t *tok, uint64_t seen);
 *	1 when START_TOKEN_CLAIM of @seen wins
 */
#include "start_token.h"

	.text
	.globl host_start_whoami
	.type host_start_whoami, @function
host_start_whoami:
	pushq %rbx
	START_WHOAMI
	movl %esi, %eax
	popq %rbx
	ret
	.size host_start_whoami, . - host_start_whoami

	.globl host_start_check
	.type host_start_check, @function
host_start_check:
	movq %rdx, %r8
	START_TOKEN_CHECK %rdi, %esi, 1f
	movq %rax, (%r8)
	movl $1, %eax
	ret
1:	xorl %eax, %eax
	ret
	.size host_start_check, . - host_start_check

	.globl host_start_claim
	.type host_start_claim, @function
host_start_claim:
	movq %rsi, %rax
	START_TOKEN_CLAIM %rdi, 1f
	movl $1, %eax
	ret
1:	xorl %eax, %eax
	ret
	.size host_start_claim, . - host_start_claim

	.section .note.GNU-stack, "", @progbits
