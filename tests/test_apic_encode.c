/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The x86 image's APIC encodings on the host (arch/x86/apic_encode.c):
 * ICR words and destinations in xAPIC and x2APIC mode, above 255 CPUs
 * included, and the APIC id a CPU reads from CPUID.  No QEMU run here
 * starts a CPU with an id above 255, so this is what checks those paths.
 */
#include "apic_encode.h"
#include "check.h"

static void test_xapic(void)
{
	struct apic_icr m;

	CHECK(x86_apic_icr_encode(false, 0x12, 0x4500, &m) == 0);
	CHECK_EQ_U64(m.hi, 0x12000000u);
	CHECK_EQ_U64(m.lo, 0x4500);
	CHECK_EQ_U64(m.msr, 0);
	CHECK(x86_apic_icr_encode(false, 0xfe, 0x600, &m) == 0);
	CHECK_EQ_U64(m.hi, 0xfe000000u);
	/* 0xff is broadcast, and 8 bits cannot name CPU 256 */
	CHECK(x86_apic_icr_encode(false, 0xff, 0x600, &m) == -1);
	CHECK(x86_apic_icr_encode(false, 0x100, 0x600, &m) == -1);
	CHECK_EQ_U64(m.hi, 0);
	CHECK_EQ_U64(m.lo, 0);
}

static void test_x2apic(void)
{
	struct apic_icr m;

	CHECK(x86_apic_icr_encode(true, 0x100, 0x600 | 0x9f, &m) == 0);
	CHECK_EQ_U64(m.msr, 0x000001000000069full);
	CHECK_EQ_U64(m.hi, 0);
	CHECK(x86_apic_icr_encode(true, 0xfff, 0x4500, &m) == 0);
	CHECK_EQ_U64(m.msr >> 32, 0xfff);
	CHECK_EQ_U64(m.msr & 0xffffffffu, 0x4500);
	CHECK(x86_apic_icr_encode(true, 0xfffffffeu, 0x600, &m) == 0);
	CHECK_EQ_U64(m.msr, 0xfffffffe00000600ull);
	/* broadcast, and what does not fit the 32-bit field */
	CHECK(x86_apic_icr_encode(true, 0xffffffffu, 0x600, &m) == -1);
	CHECK(x86_apic_icr_encode(true, 0x100000000ull, 0x600, &m) == -1);
	CHECK_EQ_U64(m.msr, 0);
}

static void test_init(void)
{
	struct apic_icr m[2];

	/* xAPIC: level assert, then de-assert, both INIT, both level */
	CHECK(x86_apic_icr_init(false, 3, m) == 2);
	CHECK_EQ_U64(m[0].lo, APIC_ICR_DM_INIT | APIC_ICR_LEVEL_ASSERT |
		     APIC_ICR_TRIGGER_LEVEL);
	CHECK_EQ_U64(m[0].lo, 0xc500);
	CHECK_EQ_U64(m[1].lo, 0x8500);
	CHECK_EQ_U64(m[0].hi, 0x03000000u);
	CHECK_EQ_U64(m[1].hi, 0x03000000u);
	/* x2APIC has no INIT de-assert: one message */
	CHECK(x86_apic_icr_init(true, 0x1234, m) == 1);
	CHECK_EQ_U64(m[0].msr, 0x000012340000c500ull);
	CHECK(x86_apic_icr_init(false, 0x1234, m) == -1);
	CHECK(x86_apic_icr_init(true, 0xffffffffu, m) == -1);
}

static void test_startup(void)
{
	struct apic_icr m;

	CHECK(x86_apic_icr_startup(false, 1, 0x9f000, &m) == 0);
	CHECK_EQ_U64(m.lo, 0x69f);
	CHECK_EQ_U64(m.hi, 0x01000000u);
	CHECK(x86_apic_icr_startup(true, 300, 0x8000, &m) == 0);
	CHECK_EQ_U64(m.msr, (300ull << 32) | 0x608);
	/* the vector is a page number below 1 MiB */
	CHECK(x86_apic_icr_startup(false, 1, 0x100000, &m) == -1);
	CHECK(x86_apic_icr_startup(false, 1, 0x9f800, &m) == -1);
	CHECK(x86_apic_icr_startup(false, 0x100, 0x9f000, &m) == -1);
}

static void test_apic_id(void)
{
	uint32_t l1[4] = { 0, 0x2a000800, 0, 0 };	/* initial id 0x2a */
	uint32_t lb[4] = { 1, 2, 0x100, 0x1a5 };	/* x2APIC id 0x1a5 */
	uint32_t lb_none[4] = { 0, 0, 0, 0x1a5 };	/* EBX 0: no answer */

	CHECK_EQ_U64(x86_apic_id_from_cpuid(l1, lb), 0x1a5);
	CHECK_EQ_U64(x86_apic_id_from_cpuid(l1, lb_none), 0x2a);
	CHECK_EQ_U64(x86_apic_id_from_cpuid(l1, NULL), 0x2a);
	lb[3] = 0xfffffffeu;
	CHECK_EQ_U64(x86_apic_id_from_cpuid(l1, lb), 0xfffffffeu);
}

/* The sleep bound's count: the same 1 ms on every APIC clock (a 2.5 GHz
 * TSC measured 2.5e6 ticks while the timer counted down). */
static void test_timer_count(void)
{
	const uint64_t tsc = 2500000000ull, ms = 2500000;

	CHECK_EQ_U64(x86_apic_timer_count(25000, ms, tsc, 1000), 25000);
	CHECK_EQ_U64(x86_apic_timer_count(100000, ms, tsc, 1000), 100000);
	/* QEMU's 1 GHz APIC clock: the count that used to be fixed */
	CHECK_EQ_U64(x86_apic_timer_count(1000000, ms, tsc, 1000), 1000000);
	/* measured over 1.3 ms, asked for 500 us */
	CHECK_EQ_U64(x86_apic_timer_count(32500, ms * 13 / 10, tsc, 500),
		     12500);
	/* clamps: at least one count, at most the register */
	CHECK_EQ_U64(x86_apic_timer_count(1, ms, tsc, 1), 1);
	CHECK_EQ_U64(x86_apic_timer_count(4000000000ull, ms, tsc, 10000000),
		     0xffffffffu);
	/* nothing measured: unknown, not a number */
	CHECK_EQ_U64(x86_apic_timer_count(0, ms, tsc, 1000), 0);
	CHECK_EQ_U64(x86_apic_timer_count(25000, 0, tsc, 1000), 0);
	CHECK_EQ_U64(x86_apic_timer_count(25000, ms, 0, 1000), 0);
}

int main(void)
{
	test_timer_count();
	test_xapic();
	test_x2apic();
	test_init();
	test_startup();
	test_apic_id();
	return check_done("test_apic_encode");
}
