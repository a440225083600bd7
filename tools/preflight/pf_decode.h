/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The image's view of a machine, from its ACPI tables, by the image's
 * own decoders (core/fw/acpi*.c, pptt_topo.c) and topology model
 * (core/topo/topo.c): the CPUs and their places, the NUMA nodes and
 * distances, the console SPCR names, the BMCs SPMI lists.  On an x86
 * machine read live, CPUID (arch/x86/cpuid_topo.c, as the image runs it)
 * places every APIC id in its core, package and LLC and gives the caches.
 * Problems go out as the image's warnings (report_warn()).
 */
#ifndef SBM_TOOLS_PF_DECODE_H
#define SBM_TOOLS_PF_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "preflight/acpi_dump.h"
#include "fw/acpi_platform.h"
#include "fw/acpi_topo.h"
#include "fw/pptt_topo.h"
#include "topo/topo.h"

#define PF_MAX_SPMI	8

struct pf_view {
	struct topo topo;
	struct acpi_topo at;	/* the image's glue: uids, the SLIT kept */
	const char *arch;	/* "x86_64", "arm64"; NULL: no CPU in MADT */
	bool finalized;		/* topo_finalize() accepted it */
	const char *why;	/* else why not */
	bool madt, srat_used, slit;
	bool pptt_used;
	struct pptt_topo_info pptt;
	bool live;		/* this machine's own tables */
	bool cpuid;		/* run on this machine */
	/* run, but CPU 0's APIC id by CPUID is in no MADT entry: not this
	 * machine's CPUID (a hypervisor that passes the host's to user
	 * space), so not used */
	bool cpuid_foreign;
	bool llc_unknown;	/* x86 without CPUID: LLCs one per node */
	uint64_t bsp;		/* with cpuid: the boot CPU's APIC id */
	char cpu_model[49];
	bool fadt;
	struct acpi_fadt_info fadt_info;
	int spcr;		/* 0 none, -1 unusable, 1 a UART */
	struct acpi_spcr_info spcr_info;
	struct acpi_spcr_uart uart;
	const char *spcr_why;
	unsigned nspmi;
	struct acpi_spmi_info spmi[PF_MAX_SPMI];
};

/*
 * What the image knows before it reads a table: the architecture (from
 * the MADT's first CPU entry, quietly) and, @live on x86 (the tables are
 * this machine's), CPUID on Linux's CPU 0, the boot CPU.  pf_view_free()
 * after, also on failure (-1: out of memory).
 */
int pf_decode_open(const struct acpi_dump *d, bool live, struct pf_view *v);
/* Then the tables, warning as the image does: 0, or -1 with v->why when
 * there is no topology (no CPU, or topo_finalize() refused it). */
int pf_decode(const struct acpi_dump *d, struct pf_view *v);
void pf_view_free(struct pf_view *v);

#endif
