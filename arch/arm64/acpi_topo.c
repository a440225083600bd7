/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ACPI tables the arm64 image reads: MADT GICC (CPUs by MPIDR), PPTT
 * (package, cluster, core, thread; caches when it has them), SRAT GICC
 * affinity (node per ACPI processor UID), SLIT, FADT (PSCI conduit), SPCR
 * (PL011).  Without PPTT caches the LLC is inferred: one per PPTT cluster.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fw/acpi.h"
#include "fw/acpi_madt.h"
#include "fw/acpi_numa.h"
#include "fw/acpi_platform.h"
#include "fw/acpi_topo.h"
#include "arm64.h"
#include "efi_acpi.h"
#include "fw/pptt_topo.h"
#include "output/report.h"

static struct topo *topo_of;
static struct acpi_topo *at;	/* its uids[]: ACPI processor UID per CPU */
static const void *pptt;
static size_t pptt_len;
static bool pptt_caches;

/* Package, cluster, core and LLC of each CPU from its PPTT chain. */
static void do_pptt(void)
{
	struct pptt_topo_info in;
	const char *why;
	char msg[200];

	if (pptt_topo_cpus(topo_of, at->uids, pptt, pptt_len, &in, &why)) {
		/* half a PPTT is none: topo_finalize() would refuse it */
		efi_acpi_warn("PPTT", why);
		pptt = NULL;
		return;
	}
	pptt_caches = in.caches;
	if (in.llc_dropped)
		efi_acpi_warn("PPTT", "caches for some CPUs only: LLC not "
			      "taken from it");
	if (!in.private_llc)
		return;
	snprintf(msg, sizeof(msg), "PPTT's deepest cache (L%u) is private to "
		 "each core: LLC taken as the %s, as Linux's scheduler groups "
		 "CPUs; the kernel's per-LLC masks (cacheinfo, llc_sibling) "
		 "are per-core on this machine", in.llc_level,
		 in.llc_is_cluster ? "cluster" : "package");
	report_warn("llc", in.llc_level, msg);
}

static void do_fadt(const void *t, size_t len)
{
	struct acpi_fadt_info f;
	const char *why;

	if (acpi_fadt_parse(t, len, &f, &why)) {
		efi_acpi_warn("FACP", why);
		return;
	}
	if (f.arm_boot_arch & ACPI_ARM_PSCI_COMPLIANT)
		psci_conduit = f.arm_boot_arch & ACPI_ARM_PSCI_USE_HVC ?
			       PSCI_HVC : PSCI_SMC;
}

static void do_spcr(const void *t, size_t len, struct arm64_fw *fw)
{
	struct acpi_spcr_info s;
	struct acpi_spcr_uart u;
	const char *why;

	if (acpi_spcr_parse(t, len, &s, &why) ||
	    acpi_spcr_uart(&s, &u, &why)) {
		efi_acpi_warn("SPCR", why);
		return;
	}
	if (u.io) {
		efi_acpi_warn("SPCR", "a uart on i/o ports, which arm64 has not");
		return;
	}
	fw->uart = u.base;
	fw->uart_source = "spcr";
	fw->uart_16550 = u.kind == ACPI_UART_16550;
	fw->uart_mini = u.mini_uart;
	fw->uart_pl011_id = u.type == ACPI_SPCR_PL011;
	fw->uart_width = u.width;
	fw->uart_stride = u.stride;
	fw->uart_clock_hz = u.clock_hz;
	fw->uart_baud = u.baud;
}

int arm64_acpi_topo(struct topo *topo, uint64_t rsdp, uint64_t bsp_mpidr,
		  struct arm64_fw *fw, bool dump)
{
	struct efi_acpi *a = malloc(sizeof(*a));
	const void *t;
	size_t len;

	topo_of = topo;
	at = efi_numa_acpi(topo, true);
	if (!a || !at || efi_acpi_scan(rsdp, a)) {
		free(a);
		return -1;
	}
	fw->tables = "acpi";
	if (dump)
		efi_acpi_dump(a);
	/* QEMU's ACPI tables say "BOCHS " (its BIOS heritage). */
	fw->qemu = !strncmp(a->oem_id, "BOCHS", 5);
	if ((t = efi_acpi_find(a, "SPCR", &len)))
		do_spcr(t, len, fw);
	if ((t = efi_acpi_find(a, "FACP", &len)))
		do_fadt(t, len);
	if ((t = efi_acpi_find(a, "APIC", &len)))
		acpi_topo_madt(at, t, len, true, bsp_mpidr, NULL);
	if (topo->ncpus && (pptt = efi_acpi_find(a, "PPTT", &pptt_len)))
		do_pptt();
	if ((t = efi_acpi_find(a, "SRAT", &len)) && topo->ncpus)
		acpi_topo_srat(at, t, len, true);
	if ((t = efi_acpi_find(a, "SLIT", &len)))
		acpi_topo_slit(at, t, len);
	efi_acpi_bmc_find(a, true);	/* no KCS asked here */
	free(a);
	return 0;
}

/* Caches from PPTT where it describes them: sharers from their nodes. */
static bool pptt_add_caches(struct topo *t)
{
	return pptt && pptt_caches && pptt_topo_caches(t, at->uids, pptt,
						      pptt_len);
}

void arm64_acpi_after(struct topo *t)
{
	efi_numa_apply_distances(t);
	if (!pptt_add_caches(t))
		arm64_add_clidr_caches(t);
}
