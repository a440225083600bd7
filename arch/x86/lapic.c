/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The local APIC's interrupt command register, in the mode the firmware
 * left the boot CPU in: xAPIC (MMIO, base from IA32_APIC_BASE) or x2APIC
 * (MSRs).  Only what INIT-SIPI-SIPI needs.
 */
#include "x86.h"

#define XAPIC_ESR	0x280
#define XAPIC_ICR_LO	0x300
#define XAPIC_ICR_HI	0x310
#define X2APIC_ESR	0x828
#define X2APIC_ICR	0x830

#define ICR_INIT	0x500
#define ICR_STARTUP	0x600
#define ICR_LEVEL_ASSERT 0x4000
#define ICR_TRIGGER_LEVEL 0x8000
#define ICR_BUSY	0x1000

static volatile uint32_t *xapic;
static bool x2apic;

void lapic_init(void)
{
	uint64_t base = rdmsr(MSR_APIC_BASE);

	x2apic = base & APIC_BASE_X2APIC;
	xapic = (volatile uint32_t *)(uintptr_t)(base & 0xffffffffff000ull);
}

bool lapic_x2apic(void)
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
static uint32_t esr(void)
{
	if (x2apic) {
		wrmsr(X2APIC_ESR, 0);
		return (uint32_t)rdmsr(X2APIC_ESR);
	}
	xw(XAPIC_ESR, 0);
	return xr(XAPIC_ESR);
}

static int icr(uint32_t dest, uint32_t lo)
{
	if (x2apic) {
		wrmsr(X2APIC_ICR, (uint64_t)dest << 32 | lo);
		return 0;
	}
	xw(XAPIC_ICR_HI, dest << 24);
	xw(XAPIC_ICR_LO, lo);
	/* Delivery status: bounded, 100 ms. */
	for (unsigned i = 0; i < 1000; i++) {
		if (!(xr(XAPIC_ICR_LO) & ICR_BUSY))
			return 0;
		tsc_delay_us(100);
	}
	return -1;
}

/* INIT alone: puts a CPU back into wait-for-SIPI. */
int lapic_send_init(uint32_t apic_id)
{
	int rc;

	if (!x2apic && apic_id > 0xfe)
		return -1;
	rc = icr(apic_id, ICR_INIT | ICR_LEVEL_ASSERT | ICR_TRIGGER_LEVEL);
	if (!x2apic) {
		tsc_delay_us(200);
		rc |= icr(apic_id, ICR_INIT | ICR_TRIGGER_LEVEL);
	}
	return rc;
}

int lapic_send_init_sipi(uint32_t apic_id, uint8_t vector)
{
	int rc = 0;

	if (!x2apic && apic_id > 0xfe)
		return -1;
	esr();
	rc |= icr(apic_id, ICR_INIT | ICR_LEVEL_ASSERT | ICR_TRIGGER_LEVEL);
	if (!x2apic) {
		tsc_delay_us(200);
		rc |= icr(apic_id, ICR_INIT | ICR_TRIGGER_LEVEL);
	}
	tsc_delay_us(10000);
	for (int i = 0; i < 2; i++) {
		esr();
		rc |= icr(apic_id, ICR_STARTUP | vector);
		tsc_delay_us(200);
	}
	/* Errors are cleared, not fatal: arrival is what core waits for. */
	esr();
	return rc;
}
