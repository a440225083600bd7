/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Pure APIC encodings (apic_encode.h): no register access here, so the
 * host tests run the same code the image does.
 */
#include "apic_encode.h"

#define XAPIC_MAX_ID	0xfeu
#define X2APIC_MAX_ID	0xfffffffeu

int x86_apic_icr_encode(bool x2apic, uint64_t dest, uint32_t cmd,
		    struct apic_icr *out)
{
	out->msr = 0;
	out->hi = out->lo = 0;
	if (dest > (x2apic ? X2APIC_MAX_ID : XAPIC_MAX_ID))
		return -1;
	if (x2apic) {
		/* Destination in the upper half, whole 32 bits. */
		out->msr = dest << 32 | cmd;
		return 0;
	}
	out->hi = (uint32_t)dest << 24;
	out->lo = cmd;
	return 0;
}

int x86_apic_icr_init(bool x2apic, uint64_t dest, struct apic_icr out[2])
{
	if (x86_apic_icr_encode(x2apic, dest, APIC_ICR_DM_INIT |
			    APIC_ICR_LEVEL_ASSERT | APIC_ICR_TRIGGER_LEVEL,
			    &out[0]))
		return -1;
	if (x2apic)
		return 1;
	x86_apic_icr_encode(x2apic, dest, APIC_ICR_DM_INIT |
			APIC_ICR_TRIGGER_LEVEL, &out[1]);
	return 2;
}

int x86_apic_icr_startup(bool x2apic, uint64_t dest, uint64_t page,
		     struct apic_icr *out)
{
	if ((page & 0xfff) || page >= 0x100000)
		return -1;
	return x86_apic_icr_encode(x2apic, dest,
			       APIC_ICR_DM_STARTUP | (uint32_t)(page >> 12),
			       out);
}

uint32_t x86_apic_id_from_cpuid(const uint32_t leaf1[4], const uint32_t *leaf_b)
{
	if (leaf_b && leaf_b[1])
		return leaf_b[3];
	return leaf1[1] >> 24;
}

uint32_t x86_apic_timer_count(uint64_t apic_ticks, uint64_t tsc_ticks,
			      uint64_t tsc_hz, uint32_t us)
{
	/* apic_ticks * tsc_hz / tsc_ticks is the APIC clock in Hz */
	double c;

	if (!apic_ticks || !tsc_ticks || !tsc_hz)
		return 0;
	c = (double)apic_ticks * (double)tsc_hz /
	    (double)tsc_ticks * (double)us / 1e6;
	if (c < 1)
		return 1;
	return c > 0xffffffffu ? 0xffffffffu : (uint32_t)c;
}
