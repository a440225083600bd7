/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The local APIC's interrupt command register, in the mode the firmware
 * left the boot CPU in: xAPIC (MMIO, base from IA32_APIC_BASE) or x2APIC
 * (MSRs).  Only what INIT-SIPI-SIPI needs; the words themselves come from
 * apic_encode.c.
 */
#include "apic_encode.h"
#include "x86.h"

#define XAPIC_ESR	0x280
#define XAPIC_ICR_LO	0x300
#define XAPIC_ICR_HI	0x310
#define X2APIC_ESR	0x828
#define X2APIC_ICR	0x830

static volatile uint32_t *xapic;
static bool x2apic;

void x86_lapic_init(void)
{
	uint64_t base = rdmsr(MSR_APIC_BASE);

	x2apic = base & APIC_BASE_X2APIC;
	xapic = (volatile uint32_t *)(uintptr_t)(base & 0xffffffffff000ull);
}

bool x86_lapic_x2apic(void)
{
	return x2apic;
}

static uint32_t xr(uint32_t reg)
{
	return xapic[reg / 4];
}

static void xw(uint32_t reg, uint32_t v)
{
	xapic[reg / 4] = v;
}

/* Read and clear the error status (a write arms the read). */
uint32_t x86_lapic_esr(void)
{
	if (x2apic) {
		wrmsr(X2APIC_ESR, 0);
		return (uint32_t)rdmsr(X2APIC_ESR);
	}
	xw(XAPIC_ESR, 0);
	return xr(XAPIC_ESR);
}

static int send(const struct apic_icr *m)
{
	if (x2apic) {
		wrmsr(X2APIC_ICR, m->msr);
		return 0;
	}
	xw(XAPIC_ICR_HI, m->hi);
	xw(XAPIC_ICR_LO, m->lo);
	/* Delivery status: bounded, 100 ms. */
	for (unsigned i = 0; i < 1000; i++) {
		if (!(xr(XAPIC_ICR_LO) & APIC_ICR_BUSY))
			return 0;
		x86_tsc_delay_us(100);
	}
	return -1;
}

/* INIT: puts a CPU (back) into wait-for-SIPI. */
int x86_lapic_send_init(uint32_t apic_id)
{
	struct apic_icr m[2];
	int n = x86_apic_icr_init(x2apic, apic_id, m), rc = 0;

	if (n < 0)
		return -1;
	rc |= send(&m[0]);
	if (n > 1) {
		x86_tsc_delay_us(200);
		rc |= send(&m[1]);
	}
	return rc;
}

/* One STARTUP into the page at @page (its page number is the vector). */
int x86_lapic_send_sipi(uint32_t apic_id, uint64_t page)
{
	struct apic_icr m;

	if (x86_apic_icr_startup(x2apic, apic_id, page, &m))
		return -1;
	return send(&m);
}
