/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The x86 wake handler (arch/x86/wake_isr.S) run on the host through a
 * real iretq: it writes the EOI and returns with IF clear, so a
 * level-triggered line still asserted after the EOI cannot take the CPU
 * again at once (a firmware's unmasked IOAPIC line would otherwise keep
 * the boot CPU in the handler for ever).  QEMU raises no such line by
 * itself, so this is what holds the rule; the spurious handler changes
 * nothing.
 */
#include <stdint.h>

#include "check.h"

uint64_t x86_wake_eoi;	/* the image's is idle_wait.c's */
extern const char x86_wake_isr[], x86_spurious_isr[];
uint64_t host_run_isr(const void *isr);

#define RFLAGS_IF	(1ull << 9)

int main(void)
{
	volatile uint32_t eoi = 0xdeadbeef;
	uint64_t before, after;

	__asm__ volatile("pushfq; popq %0" : "=r"(before));
	x86_wake_eoi = (uint64_t)(uintptr_t)&eoi;
	after = host_run_isr(x86_wake_isr);
	CHECK_EQ_U64(eoi, 0);			/* ended: the EOI written */
	CHECK(!(after & RFLAGS_IF));		/* resumes with IF clear */
	/* and nothing else of the interrupted code's flags changed */
	CHECK_EQ_U64(after | RFLAGS_IF, before | RFLAGS_IF);

	eoi = 0xdeadbeef;
	after = host_run_isr(x86_spurious_isr);
	CHECK_EQ_U64(eoi, 0xdeadbeef);		/* no EOI for a spurious one */
	CHECK(after & RFLAGS_IF);
	return check_done("test_wake_isr");
}
