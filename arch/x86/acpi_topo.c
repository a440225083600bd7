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
#include "fw/io_ports.h"
#include "efi_acpi.h"
#include "output/report.h"
#include "x86.h"

static void warn(const char *sig, const char *msg)
{
	efi_acpi_warn(sig, msg);
}

static void do_madt(struct topo *topo, const void *t, size_t len,
		    uint32_t bsp_id, struct x86_acpi *out)
{
	struct acpi_madt_info info;
	struct acpi_madt_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	const char *why;
	size_t n = 0;

	if (!cpus)
		return;
	if (acpi_madt_parse(t, len, cpus, TOPO_MAX_CPUS, &n, &info,
			    efi_acpi_entry_warn, NULL, &why)) {
		warn("APIC", why);
		free(cpus);
		return;
	}
	out->have_madt = true;
	out->lapic_addr = info.lapic_addr;
	for (size_t i = 0; i < n; i++) {
		uint32_t flags = 0;

		if (cpus[i].id == bsp_id)
			flags |= TOPO_CPU_BSP;
		else if (!(cpus[i].flags & ACPI_CPU_ENABLED))
			flags |= TOPO_CPU_DISABLED;	/* hot-plug slot */
		topo_add_cpu(topo, cpus[i].id, flags);
	}
	free(cpus);
}

/* SRAT CPU entries name the APIC id (types 0 and 2). */
static int srat_cpu(const struct topo *t, const struct acpi_srat_cpu *c)
{
	return topo_find_hwid(t, c->apic_id);
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
	const void *t;
	size_t len;

	if (!a)
		return -1;
	/* MADT first: SRAT places the CPUs it made. */
	if ((t = efi_acpi_find(a, "APIC", &len)))
		do_madt(topo, t, len, bsp_apic_id, out);
	if ((t = efi_acpi_find(a, "SLIT", &len)))
		efi_numa_slit(t, len);
	if ((t = efi_acpi_find(a, "SRAT", &len)) && topo->ncpus)
		efi_numa_srat(topo, t, len, srat_cpu);
	efi_acpi_bmc_find(a, false);	/* bmc_kcs.c asks */
	free(a);
	out->tables = NULL;
	return 0;
}
