/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AMD's legacy cache leaves, for CPUs without leaf 0x8000001D (older
 * parts; QEMU's "max" CPU under TCG): geometry only, no sharing.
 */
#ifndef SBM_X86_AMD_CACHE_H
#define SBM_X86_AMD_CACHE_H

#include <stdint.h>

#include "topo/topo.h"

#define AMD_LEGACY_CACHES	4	/* L1d, L1i, L2, L3 */

/*
 * Decode CPUID 0x80000005 (@l5, L1d in ECX, L1i in EDX) and 0x80000006
 * (@l6, L2 in ECX, L3 in EDX), each EAX..EDX or NULL when the CPU lacks
 * the leaf, into @out: the caches present, in that order, with level,
 * type, size, line, ways and sets; shared_by and instances left 0.
 * Returns how many.  A cache whose associativity field says absent,
 * reserved or "see 0x8000001D" is left out.
 */
unsigned x86_amd_legacy_caches(const uint32_t *l5, const uint32_t *l6,
			   struct topo_cache out[AMD_LEGACY_CACHES]);

#endif
