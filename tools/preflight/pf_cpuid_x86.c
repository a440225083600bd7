/* SPDX-License-Identifier: BSD-2-Clause */
/* CPUID on an x86 build machine, by the image's code: see pf_cpuid.h. */
#define _GNU_SOURCE	/* sched_setaffinity() */
#include <sched.h>
#include <stdio.h>

#include "preflight/pf_cpuid.h"
#include "x86.h"

static struct x86_cpuid id;
static bool probed;

bool pf_cpuid_boot_id(uint64_t *apic_id, char *model, size_t len)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	/* Linux's CPU 0 is the one the firmware booted */
	if (sched_setaffinity(0, sizeof(set), &set))
		return false;
	x86_cpuid_probe(&id);
	probed = true;
	*apic_id = id.bsp_apic_id;
	snprintf(model, len, "%s", id.brand);
	return true;
}

void pf_cpuid_fill(struct topo *t)
{
	if (probed)
		x86_cpuid_fill_topo(&id, t);
}
