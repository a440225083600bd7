/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The local APIC's numbers, as pure functions so that the host tests
 * check them (tests/test_apic_encode.c): interrupt command words, where a
 * destination goes in xAPIC and x2APIC mode, and a CPU's APIC id from
 * CPUID.  lapic.c writes what these compute.
 */
#ifndef SBM_X86_APIC_ENCODE_H
#define SBM_X86_APIC_ENCODE_H

#include <stdbool.h>
#include <stdint.h>

#define APIC_ICR_DM_INIT	0x500
#define APIC_ICR_DM_STARTUP	0x600
#define APIC_ICR_LEVEL_ASSERT	0x4000
#define APIC_ICR_TRIGGER_LEVEL	0x8000
#define APIC_ICR_BUSY		0x1000	/* xAPIC delivery status */

/* One interrupt command as the register(s) take it. */
struct apic_icr {
	uint64_t msr;		/* x2APIC: the whole ICR MSR (0x830) */
	uint32_t hi, lo;	/* xAPIC: ICR_HI first, then ICR_LO sends */
};

/*
 * Command @cmd to APIC id @dest.  -1 when the mode cannot name that CPU
 * alone: xAPIC ids stop at 0xfe (0xff is broadcast), x2APIC ids at
 * 0xfffffffe (0xffffffff is broadcast).
 */
int x86_apic_icr_encode(bool x2apic, uint64_t dest, uint32_t cmd,
		    struct apic_icr *out);

/*
 * INIT to @dest: assert, then (xAPIC only: x2APIC has no level
 * de-assert) de-assert.  Fills @out[0..1]; returns how many to send, or
 * -1 as x86_apic_icr_encode().
 */
int x86_apic_icr_init(bool x2apic, uint64_t dest, struct apic_icr out[2]);

/* STARTUP into the page at physical @page (below 1 MiB, page aligned:
 * the vector is its page number); -1 otherwise. */
int x86_apic_icr_startup(bool x2apic, uint64_t dest, uint64_t page,
		     struct apic_icr *out);

/*
 * The APIC id of the CPU that ran CPUID: the 32-bit x2APIC id from leaf
 * 0x1F/0xB sub-leaf 0 (@leaf_b, NULL when the CPU has neither) when that
 * leaf answers (EBX non-zero), else the 8-bit initial id of leaf 1.
 */
uint32_t x86_apic_id_from_cpuid(const uint32_t leaf1[4], const uint32_t *leaf_b);

/*
 * The APIC timer's initial count for @us microseconds (divide by 1), from
 * @apic_ticks it counted down while the TSC (@tsc_hz) advanced
 * @tsc_ticks: at least 1, at most 0xffffffff; 0 when a measure is 0.
 */
uint32_t x86_apic_timer_count(uint64_t apic_ticks, uint64_t tsc_ticks,
			      uint64_t tsc_hz, uint32_t us);

#endif
