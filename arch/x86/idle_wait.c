/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * plat_wait_change() on x86 bare metal: monitor the word's line and mwait
 * (C1, interrupts off: a store to the line still wakes it), so a parked
 * CPU leaves its SMT sibling's issue slots alone.  Without MONITOR in
 * CPUID.01H:ECX[3], a pause spin on the CPU's own line.
 */
#include <stdbool.h>
#include <stdint.h>

#include "arch.h"
#include "isa_ops.h"
#include "x86.h"

static bool have_monitor(void)
{
	static int known = -1;
	uint32_t a = 1, b, c = 0, d;

	if (known < 0) {
		__asm__ volatile("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
		known = (c >> 3) & 1;
	}
	return known;
}

const char *x86_idle_wait_name(void)
{
	return have_monitor() ? "mwait" : "pause";
}

uint32_t plat_wait_change(volatile uint32_t *word, uint32_t old)
{
	uint32_t v;
	bool mwait = have_monitor();

	while ((v = __atomic_load_n(word, __ATOMIC_ACQUIRE)) == old) {
		if (!mwait) {
			isa_relax();
			continue;
		}
		__asm__ volatile("monitor" : : "a"(word), "c"(0), "d"(0));
		/* the store may have landed before monitor armed */
		if (__atomic_load_n(word, __ATOMIC_ACQUIRE) != old)
			continue;
		__asm__ volatile("mwait" : : "a"(0), "c"(0) : "memory");
	}
	return v;
}

/* The store itself wakes the waiter here: nothing to send. */
void plat_cpu_wake(uint32_t cpu, uint64_t hwid)
{
	(void)cpu;
	(void)hwid;
}
