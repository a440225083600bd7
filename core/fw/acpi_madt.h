/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MADT parser: the CPU entries.  Conventions as in acpi.h.
 */
#ifndef SBM_CORE_ACPI_MADT_H
#define SBM_CORE_ACPI_MADT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"

#define ACPI_MADT_LAPIC		0	/* entry type 0 */
#define ACPI_MADT_X2APIC	9	/* entry type 9 */
#define ACPI_MADT_GICC		11	/* entry type 11 */

/*
 * Normalised CPU flags.  The raw GICC flags keep "online capable" in bit 3;
 * we move it to bit 1 so one test works for every kind.  raw_flags keeps
 * the entry's own value.
 */
#define ACPI_CPU_ENABLED	1u
#define ACPI_CPU_ONLINE_CAPABLE	2u

struct acpi_madt_cpu {
	uint32_t id;		/* APIC / x2APIC id; GICC: CPU interface no. */
	uint32_t uid;		/* ACPI processor UID */
	uint32_t flags;		/* ACPI_CPU_* */
	uint8_t kind;		/* ACPI_MADT_LAPIC / _X2APIC / _GICC */
	uint64_t mpidr;		/* GICC only, as in the table; 0 otherwise */
	uint32_t raw_flags;	/* flags as found in the entry */
};

struct acpi_madt_info {
	uint32_t lapic_addr;
	uint32_t flags;
	size_t nentries_skipped;	/* CPU entries left out, any reason */
	uint8_t revision;
	size_t nunusable;	/* neither enabled nor online capable */
	size_t nduplicate;	/* same APIC id / MPIDR as an earlier entry */
	size_t ndropped;	/* usable, but beyond max */
	size_t nonline_capable;	/* returned, online capable but not enabled */
	size_t nunknown;	/* entries of types this parser does not know */
};

/* A CPU entry worth returning: enabled, or can be brought online. */
bool acpi_cpu_usable(uint32_t flags);

/*
 * Collect the usable CPU entries (local APIC, x2APIC, GICC) in table
 * order.  Skipped: duplicates (same APIC id across LAPIC and x2APIC, or
 * same MPIDR affinity for GICC), local APIC id 0xff or x2APIC id
 * 0xffffffff, entries too short for their type, entries beyond max.
 * Duplicates, invalid ids and unusable entries are counted and warned
 * once each (a server lists hundreds), the others once per entry.  LAPIC/x2APIC "online
 * capable" is honoured from MADT revision 5 (ACPI 6.3) on.  A zero-length
 * or overrunning entry ends the walk with a warning; what was found before
 * it is kept.  cpus may be NULL
 * when max is 0 (count only); n and info may be NULL.
 */
int acpi_madt_parse(const void *tbl, size_t len, struct acpi_madt_cpu *cpus,
		    size_t max, size_t *n, struct acpi_madt_info *info,
		    acpi_warn_fn warn, void *arg, const char **why);

#endif
