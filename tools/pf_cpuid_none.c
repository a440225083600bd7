/* SPDX-License-Identifier: BSD-2-Clause */
/* No CPUID on this build machine: see pf_cpuid.h. */
#include "pf_cpuid.h"

bool pf_cpuid_boot_id(uint64_t *apic_id)
{
	(void)apic_id;
	return false;
}

void pf_cpuid_fill(struct topo *t, char *model, size_t len)
{
	(void)t;
	(void)model;
	(void)len;
}
