/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ACPI tables into the topology model, one way for every reader: the
 * UEFI images (arch/x86, arch/arm64, arch/efi/efi_numa.c) and preflight
 * on the host (tools/preflight/pf_decode.c).  The MADT makes the CPUs (usable ones
 * first, then online-capable slots), SRAT places every one of them in a
 * node or none, SLIT is kept until topo_finalize() has numbered the
 * nodes.  Tables are read in place and never written.
 */
#ifndef SBM_CORE_ACPI_TOPO_H
#define SBM_CORE_ACPI_TOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"
#include "fw/acpi_madt.h"
#include "fw/acpi_numa.h"
#include "topo/topo.h"

/* MPIDR affinity Aff3..Aff0: an arm64 CPU's hardware id */
#define ACPI_TOPO_MPIDR_AFF	0xff00ffffffull
/* SRAT memory ranges kept for the node pools */
#define ACPI_TOPO_MAX_MEM	256

struct acpi_topo {
	struct topo *topo;
	bool gicc;		/* arm64: GICC entries, ids by MPIDR; else APIC */
	uint32_t *uids;		/* ACPI processor UID per CPU (topo order) */
	/* "SIG: msg; table skipped" for a table refused */
	void (*table_warn)(const char *sig, const char *msg);
	acpi_warn_fn entry_warn;	/* a parser's entry-level problems */
	uint8_t *slit;		/* the SLIT as the table has it, slit_n^2 */
	size_t slit_n;
	struct acpi_srat_mem *mem;	/* SRAT memory affinity, when kept */
	size_t nmem;
};

/*
 * Ready to read tables into @t (topo_init() done): @gicc for arm64.
 * -1 when out of memory.  acpi_topo_free() after, also on failure.
 */
int acpi_topo_init(struct acpi_topo *a, struct topo *t, bool gicc,
		   void (*table_warn)(const char *, const char *),
		   acpi_warn_fn entry_warn);
void acpi_topo_free(struct acpi_topo *a);

/*
 * The MADT's CPUs of this architecture.  The boot CPU is the one whose id
 * is @bsp when @have_bsp, else the first enabled entry.  @info may be
 * NULL.  -1 when the table is refused (warned).
 */
int acpi_topo_madt(struct acpi_topo *a, const void *tbl, size_t len,
		   bool have_bsp, uint64_t bsp, struct acpi_madt_info *info);

/*
 * The node of every CPU the MADT made, or of none: a map that leaves out
 * a usable CPU is dropped with a warning (half a NUMA map is none, and
 * topo_finalize() would refuse it).  With @keep_mem, the memory ranges
 * too (only when the CPUs are placed).  Returns the CPUs placed, 0, or -1
 * when the table is refused.
 */
int acpi_topo_srat(struct acpi_topo *a, const void *tbl, size_t len,
		   bool keep_mem);

/* The SLIT, checked and kept: 0, or -1 when refused (warned). */
int acpi_topo_slit(struct acpi_topo *a, const void *tbl, size_t len);

/* After topo_finalize(): the kept SLIT's distances into the topology. */
void acpi_topo_distances(const struct acpi_topo *a, struct topo *t);

#endif
