/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CPUID as the x86 image runs it (arch/x86/cpuid_topo.c), on this
 * machine: pf_cpuid_x86.c on x86 build machines, pf_cpuid_none.c
 * elsewhere.  The thread is pinned to Linux's CPU 0 first, the CPU the
 * firmware booted, so its answers are the image's boot CPU's.
 */
#ifndef SBM_TOOLS_PF_CPUID_H
#define SBM_TOOLS_PF_CPUID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "topo/topo.h"

/* The boot CPU's APIC id and brand string; false without CPUID. */
bool pf_cpuid_boot_id(uint64_t *apic_id, char *model, size_t len);
/* Package, core and LLC of every CPU from its APIC id; the caches. */
void pf_cpuid_fill(struct topo *t);

#endif
