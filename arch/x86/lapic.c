/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The local APIC's interrupt command register, in the mode the firmware
 * left the boot CPU in: xAPIC (MMIO, base from IA32_APIC_BASE) or x2APIC
 * (MSRs).  What INIT-SIPI-SIPI, the wake IPIs and the boot CPU's bounded
 * sleep need; the ICR words themselves come from apic_encode.c.
 */
#include "apic_encode.h"
#include "x86.h"

#define XAPIC_ID	0x020
#define XAPIC_TPR	0x080
#define XAPIC_EOI	0x0b0
#define XAPIC_SVR	0x0f0
#define XAPIC_ISR	0x100
#define XAPIC_IRR	0x200
#define XAPIC_ESR	0x280
#define XAPIC_ICR_LO	0x300
#define XAPIC_ICR_HI	0x310
#define XAPIC_LVT_TIMER	0x320
#define XAPIC_TMR_INIT	0x380
#define XAPIC_TMR_CUR	0x390
#define XAPIC_TMR_DIV	0x3e0
#define X2APIC_ID	0x802
#define X2APIC_TPR	0x808
#define X2APIC_EOI	0x80b
#define X2APIC_SVR	0x80f
#define X2APIC_ISR	0x810
#define X2APIC_IRR	0x820
#define X2APIC_ESR	0x828
#define X2APIC_ICR	0x830
#define X2APIC_LVT_TIMER 0x832
#define X2APIC_TMR_INIT	0x838
#define X2APIC_TMR_CUR	0x839
#define X2APIC_TMR_DIV	0x83e
#define TMR_DIV_1	0xb
#define LVT_MASKED	(1u << 16)
#define SVR_ENABLE	0x100
#define ICR_ASSERT	(1u << 14)	/* fixed delivery, physical, edge */
#define ICR_SELF	(1u << 18)	/* destination shorthand: self */
#define APIC_BASE_ADDR	0xffffffffff000ull

static volatile uint32_t *xapic;
static bool x2apic;

void x86_lapic_init(void)
{
	uint64_t base = rdmsr(MSR_APIC_BASE);

	x2apic = base & APIC_BASE_X2APIC;
	xapic = (volatile uint32_t *)(uintptr_t)(base & APIC_BASE_ADDR);
}

const char *x86_apic_mode(void)
{
	uint64_t base = rdmsr(MSR_APIC_BASE);

	if (!(base & APIC_BASE_ENABLE))
		return "disabled";
	return base & APIC_BASE_X2APIC ? "x2apic" : "xapic";
}

bool x86_lapic_x2apic(void)
{
	return x2apic;
}

static uint32_t xr(uint32_t reg)
{
	return xapic[reg / 4];
}

/* This CPU's APIC ID as its local APIC says (the boot CPU's mode). */
uint32_t x86_lapic_id(void)
{
	return x2apic ? (uint32_t)rdmsr(X2APIC_ID) : xr(XAPIC_ID) >> 24;
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

/*
 * This CPU's local APIC software-enabled (INIT leaves an AP's disabled,
 * and a disabled APIC takes no fixed interrupt), TPR 0, @spurious as its
 * spurious vector; false when it is not in the boot CPU's mode or place.
 */
bool x86_lapic_mode_ok(void)
{
	uint64_t base = rdmsr(MSR_APIC_BASE);

	if (!!(base & APIC_BASE_X2APIC) != x2apic)
		return false;
	return x2apic || (base & APIC_BASE_ADDR) == (uint64_t)(uintptr_t)xapic;
}

bool x86_lapic_cpu_enable(uint8_t spurious)
{
	uint64_t base = rdmsr(MSR_APIC_BASE);

	if (!!(base & APIC_BASE_X2APIC) != x2apic)
		return false;
	if (x2apic) {
		wrmsr(X2APIC_TPR, 0);
		wrmsr(X2APIC_SVR, SVR_ENABLE | spurious);
		return true;
	}
	if ((base & APIC_BASE_ADDR) != (uint64_t)(uintptr_t)xapic)
		return false;
	xw(XAPIC_TPR, 0);
	xw(XAPIC_SVR, SVR_ENABLE | spurious);
	return true;
}

/* Where the interrupt handler writes its EOI: the xAPIC register, or 0
 * in x2APIC mode (then the EOI MSR). */
uint64_t x86_lapic_eoi_addr(void)
{
	return x2apic ? 0 : (uint64_t)(uintptr_t)&xapic[XAPIC_EOI / 4];
}

static bool vector_bit(uint32_t xreg, uint32_t msr, uint8_t vector)
{
	uint32_t w = vector / 32, bit = 1u << (vector % 32);

	if (x2apic)
		return rdmsr(msr + w) & bit;
	return xr(xreg + w * 0x10) & bit;
}

/* Is @vector requested on this CPU (IRR), or in service (ISR)? */
bool x86_lapic_pending(uint8_t vector)
{
	return vector_bit(XAPIC_IRR, X2APIC_IRR, vector);
}

bool x86_lapic_in_service(uint8_t vector)
{
	return vector_bit(XAPIC_ISR, X2APIC_ISR, vector);
}

/* A fixed interrupt, no 100 us steps: the boot CPU sends one after
 * every mailbox post. */
static int send_fixed(uint32_t hi, uint32_t lo, uint64_t msr)
{
	if (x2apic) {
		wrmsr(X2APIC_ICR, msr);
		return 0;
	}
	xw(XAPIC_ICR_HI, hi);
	xw(XAPIC_ICR_LO, lo);
	for (unsigned i = 0; i < 1000000; i++) {
		if (!(xr(XAPIC_ICR_LO) & APIC_ICR_BUSY))
			return 0;
		__asm__ volatile("pause");
	}
	return -1;
}

/* Fixed interrupt @vector to the CPU with APIC id @apic_id. */
int x86_lapic_send_fixed(uint32_t apic_id, uint8_t vector)
{
	if (!x2apic && apic_id > 0xff)
		return -1;
	return send_fixed(apic_id << 24, ICR_ASSERT | vector,
			  (uint64_t)apic_id << 32 | ICR_ASSERT | vector);
}

/* Fixed interrupt @vector to this CPU. */
int x86_lapic_send_self(uint8_t vector)
{
	return send_fixed(0, ICR_SELF | ICR_ASSERT | vector,
			  ICR_SELF | ICR_ASSERT | vector);
}

/*
 * This CPU's APIC timer: one interrupt at @vector after @count clocks of
 * its input (divided by 1), one-shot; @count 0 stops and masks it (and
 * leaves a firmware's TSC-deadline or periodic mode).  Only after
 * ExitBootServices, when the firmware's timer is no longer its own.
 */
static void reg_write(uint32_t xreg, uint32_t msr, uint32_t v)
{
	if (x2apic)
		wrmsr(msr, v);
	else
		xw(xreg, v);
}

void x86_lapic_timer_oneshot(uint8_t vector, uint32_t count)
{
	reg_write(XAPIC_LVT_TIMER, X2APIC_LVT_TIMER,
		  count ? vector : LVT_MASKED | vector);
	reg_write(XAPIC_TMR_INIT, X2APIC_TMR_INIT, 0);
	if (!count)
		return;
	reg_write(XAPIC_TMR_DIV, X2APIC_TMR_DIV, TMR_DIV_1);
	reg_write(XAPIC_TMR_INIT, X2APIC_TMR_INIT, count);
}

static uint32_t timer_now(void)
{
	return x2apic ? (uint32_t)rdmsr(X2APIC_TMR_CUR) : xr(XAPIC_TMR_CUR);
}

/*
 * The APIC timer's count for @us microseconds, measured against the TSC
 * over about a millisecond (the timer masked: it counts, it fires
 * nothing); 0 when it did not count.  The APIC clock is the bus or core
 * crystal clock on hardware (25 or 100 MHz, say), 1 GHz under QEMU.
 */
uint32_t x86_lapic_timer_count_us(uint32_t us)
{
	uint64_t t0, t1;
	uint32_t c0, c1;

	reg_write(XAPIC_LVT_TIMER, X2APIC_LVT_TIMER, LVT_MASKED);
	reg_write(XAPIC_TMR_DIV, X2APIC_TMR_DIV, TMR_DIV_1);
	reg_write(XAPIC_TMR_INIT, X2APIC_TMR_INIT, 0xffffffffu);
	t0 = rdtsc_plain();
	c0 = timer_now();
	x86_tsc_delay_us(1000);
	c1 = timer_now();
	t1 = rdtsc_plain();
	reg_write(XAPIC_TMR_INIT, X2APIC_TMR_INIT, 0);
	return x86_apic_timer_count(c0 - c1, t1 - t0, x86_tsc_hz, us);
}
