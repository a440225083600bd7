/* SPDX-License-Identifier: BSD-2-Clause */
/* No CPUID on this build machine: see pf_cpuid.h. */
#include "preflight/pf_cpuid.h"

bool pf_cpuid_boot_id(uint64_t *apic_id, char *model, size_t len)
{
	(void)apic_id;
	(void)model;
	(void)len;
	return false;
}

void pf_cpuid_fill(struct topo *t)
{
	(void)t;
}
