/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SRAT and SLIT parsers: proximity domains of CPUs and memory, and the
 * distances between them.  Conventions as in acpi.h.
 */
#ifndef SBM_CORE_ACPI_NUMA_H
#define SBM_CORE_ACPI_NUMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"

/* ---- SRAT -------------------------------------------------------------- */

#define ACPI_SRAT_LAPIC		0
#define ACPI_SRAT_MEM		1
#define ACPI_SRAT_X2APIC	2
#define ACPI_SRAT_GICC		3

#define ACPI_SRAT_ENABLED	1u	/* every affinity type */
#define ACPI_SRAT_MEM_HOTPLUG	2u
#define ACPI_SRAT_MEM_NONVOLATILE 4u

struct acpi_srat_cpu {
	uint32_t apic_id;	/* APIC / x2APIC id; GICC: ACPI processor UID */
	uint32_t domain;	/* proximity domain */
	uint32_t flags;
	uint8_t kind;		/* ACPI_SRAT_LAPIC / _X2APIC / _GICC */
};

struct acpi_srat_mem {
	uint32_t domain;
	uint64_t base, length;
	uint32_t flags;
};

/*
 * Enabled CPU and memory affinity entries (entries start at offset 48).
 * SRAT revision 1 tables only have an 8-bit domain (the high bytes were
 * reserved then), so those are masked as the spec requires.  Arrays may be
 * NULL with a capacity of 0; entries beyond capacity are warned once.
 */
int acpi_srat_parse(const void *tbl, size_t len, struct acpi_srat_cpu *cpus,
		    size_t maxc, size_t *nc, struct acpi_srat_mem *mem,
		    size_t maxm, size_t *nm, acpi_warn_fn warn, void *arg,
		    const char **why);

/* ---- SLIT -------------------------------------------------------------- */

#define ACPI_SLIT_LOCAL		10u
#define ACPI_SLIT_UNREACHABLE	0xffu

/*
 * Distance matrix, row-major n*n into dist, which must hold
 * max_localities * max_localities bytes.  Rejected: n == 0,
 * n > max_localities, a matrix past the table, a diagonal other than 10,
 * an off-diagonal value below 10 (0xff, unreachable, is allowed).
 */
int acpi_slit_parse(const void *tbl, size_t len, uint8_t *dist,
		    size_t max_localities, size_t *n, const char **why);

#endif
