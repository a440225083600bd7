/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ACPI tables the x86 image reads: MADT (CPUs), SRAT (node of each
 * APIC id), SLIT (distances), FADT (PM timer, ports no driver may
 * write), SPCR (console).  Tables
 * are read in place (UEFI identity-maps them); every one is checked with
 * acpi_table_check() and a bad one is reported and skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fw/acpi.h"
#include "fw/acpi_madt.h"
#include "fw/acpi_numa.h"
#include "fw/acpi_platform.h"
#include "fw/acpi_topo.h"
#include "fw/io_ports.h"
#include "efi_acpi.h"
#include "output/report.h"
#include "x86.h"

static void warn(const char *sig, const char *msg)
{
	efi_acpi_warn(sig, msg);
}

/* The ports the FADT names are no other device's: a UART or KCS
 * interface the firmware places on them is refused (io_ports.h). */
static void forbid_fadt_ports(const struct acpi_fadt_info *f)
{
	struct acpi_io_range r[ACPI_FADT_IO_RANGES];
	unsigned n = acpi_fadt_io_ranges(f, r, ACPI_FADT_IO_RANGES);

	for (unsigned i = 0; i < n; i++)
		if (r[i].first < 0x10000 &&
		    io_ports_reserve(r[i].first, r[i].n, r[i].what))
			warn("FACP", "more i/o port blocks than the image "
			     "keeps; some are not guarded");
}

static void do_fadt(const void *t, size_t len, struct x86_acpi *out)
{
	struct acpi_fadt_info f;
	const char *why;

	if (acpi_fadt_parse(t, len, &f, &why)) {
		warn("FACP", why);
		return;
	}
	forbid_fadt_ports(&f);
	if (f.x_pm_tmr_addr && f.x_pm_tmr_space == ACPI_GAS_SYSTEM_IO &&
	    f.x_pm_tmr_addr < 0x10000)
		out->pm_port = (uint16_t)f.x_pm_tmr_addr;
	else if (f.pm_tmr_blk && f.pm_tmr_blk < 0x10000 && f.pm_tmr_len >= 4)
		out->pm_port = (uint16_t)f.pm_tmr_blk;
	out->pm_32bit = f.tmr_val_ext;
}

static void do_spcr(const void *t, size_t len, struct x86_acpi *out)
{
	struct acpi_spcr_info s;
	const char *why;

	if (acpi_spcr_parse(t, len, &s, &why)) {
		warn("SPCR", why);
		return;
	}
	/* The console itself is chosen by x86_console_init(). */
	if (acpi_spcr_uart(&s, &out->spcr_uart, &why))
		warn("SPCR", why);
	else
		out->have_spcr_uart = true;
}

int x86_acpi_open(uint64_t rsdp, struct x86_acpi *out)
{
	const void *t;
	size_t len;

	memset(out, 0, sizeof(*out));
	out->tables = malloc(sizeof(*out->tables));
	if (!out->tables || !rsdp || efi_acpi_scan(rsdp, out->tables)) {
		free(out->tables);
		out->tables = NULL;
		return -1;
	}
	memcpy(out->oem_id, out->tables->oem_id, sizeof(out->oem_id));
	/* before the console's port is checked */
	if ((t = efi_acpi_find(out->tables, "FACP", &len)))
		do_fadt(t, len, out);
	if ((t = efi_acpi_find(out->tables, "SPCR", &len))) {
		out->have_spcr = true;
		do_spcr(t, len, out);
	}
	return 0;
}

int x86_acpi_collect(struct topo *topo, uint32_t bsp_apic_id,
		     struct x86_acpi *out)
{
	struct efi_acpi *a = out->tables;
	struct acpi_madt_info info;
	struct acpi_topo *at;
	const void *t;
	size_t len;

	if (!a)
		return -1;
	at = efi_numa_acpi(topo, false);
	/* MADT first: SRAT places the CPUs it made. */
	if (at && (t = efi_acpi_find(a, "APIC", &len)) &&
	    !acpi_topo_madt(at, t, len, true, bsp_apic_id, &info)) {
		out->have_madt = true;
		out->lapic_addr = info.lapic_addr;
	}
	if (at && (t = efi_acpi_find(a, "SLIT", &len)))
		acpi_topo_slit(at, t, len);
	if (at && (t = efi_acpi_find(a, "SRAT", &len)) && topo->ncpus)
		acpi_topo_srat(at, t, len, true);
	efi_acpi_bmc_find(a, false);	/* bmc_kcs.c asks */
	free(a);
	out->tables = NULL;
	return 0;
}
