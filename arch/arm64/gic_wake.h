/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Parked CPUs asleep in wfi, woken by an SGI through a GICv3's system
 * register interface (gic_wake.c); wfe where there is none.
 */
#ifndef SBM_ARM64_GIC_WAKE_H
#define SBM_ARM64_GIC_WAKE_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Boot CPU, boot services still up: find the GIC in the MADT and check
 * what a wake needs (system registers on, distributor and redistributors
 * outside RAM).  Says which on the console; returns hello's idle_wait
 * ("wfi" or "wfe").
 */
const char *arm64_gic_wake_prepare(void);

/*
 * A DT boot (no MADT): where the DT's "arm,gic-v3" node puts the
 * distributor and its @n redistributor regions, and its
 * redistributor-stride (0: none), before prepare; their checks are the
 * MADT's.
 */
void arm64_gic_wake_dt(uint64_t gicd, const uint64_t *base,
		       const uint64_t *len, unsigned n, uint64_t stride);

/* Boot CPU, after ExitBootServices, before the first CPU starts: the
 * distributor's Group 1 on again (UEFI turns it off as it exits). */
void arm64_gic_wake_start(void);

/* A secondary as it starts: its redistributor and CPU interface set up
 * and one SGI to itself seen; false (it waits with wfe) otherwise. */
bool arm64_gic_wake_cpu(void);

/* Boot CPU: the SGI to the CPU with MPIDR affinity @mpidr. */
void arm64_gic_wake_send(uint64_t mpidr);

/* Boot CPU, after bring-up: how many of the @started secondaries sleep
 * in wfi (a console line; a warning when some could not). */
void arm64_gic_wake_report(uint32_t started);

/* Boot CPU, set up by arm64_gic_wake_report(): one bounded wfi while
 * *@word is @old (false: it does not sleep); and the SGI that ends it. */
bool arm64_gic_boot_sleeps(void);
bool arm64_gic_boot_sleep(volatile uint32_t *word, uint32_t old);
void arm64_gic_boot_wake(uint64_t mpidr);

/* A woken secondary: acknowledge and end what woke it. */
void arm64_gic_wake_ack(void);

#endif
