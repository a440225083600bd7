/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ACPI tables the x86 image reads: MADT (CPUs), SRAT (node of each
 * APIC id), SLIT (distances), FADT (PM timer), SPCR (console).  Tables
 * are read in place (UEFI identity-maps them); every one is checked with
 * acpi_table_check() and a bad one is reported and skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpi.h"
#include "efi_acpi.h"
#include "report.h"
#include "x86.h"

#define MAX_SLIT	TOPO_MAX_NODES

static struct bench *warn_b;
static uint8_t *slit;		/* kept for after topo_finalize() */
static size_t slit_n;

static void warn(const char *sig, const char *msg)
{
	efi_acpi_warn(warn_b, sig, msg);
}

static void do_madt(struct bench *b, const void *t, size_t len,
		    uint32_t bsp_id, struct x86_acpi *out)
{
	struct acpi_madt_info info;
	struct acpi_madt_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	const char *why;
	size_t n = 0;

	if (!cpus)
		return;
	if (acpi_madt_parse(t, len, cpus, TOPO_MAX_CPUS, &n, &info,
			    efi_acpi_entry_warn, b, &why)) {
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
		topo_add_cpu(b->topo, cpus[i].id, flags);
	}
	free(cpus);
}

static void do_srat(struct bench *b, const void *t, size_t len)
{
	struct acpi_srat_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	struct topo *topo = b->topo;
	const char *why;
	size_t n = 0;
	uint32_t found = 0;

	if (!cpus)
		return;
	if (acpi_srat_parse(t, len, cpus, TOPO_MAX_CPUS, &n, NULL, 0, NULL,
			    efi_acpi_entry_warn, b, &why)) {
		warn("SRAT", why);
		free(cpus);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		int c = topo_find_hwid(topo, cpus[i].apic_id);

		if (c >= 0 && topo->cpus[c].raw_node == TOPO_NONE) {
			topo->cpus[c].raw_node = cpus[i].domain;
			found++;
		}
	}
	free(cpus);
	if (found && found != topo_usable_count(topo)) {
		/* Half a NUMA map is no map: topo_finalize() would refuse. */
		for (uint32_t i = 0; i < topo->ncpus; i++)
			topo->cpus[i].raw_node = TOPO_NONE;
		warn("SRAT", "does not place every CPU");
		return;
	}
	if (found)
		topo->node_source = "srat";
}

static void do_slit(const void *t, size_t len)
{
	const char *why;
	uint8_t *d = malloc(MAX_SLIT * MAX_SLIT);

	if (!d)
		return;
	if (acpi_slit_parse(t, len, d, MAX_SLIT, &slit_n, &why)) {
		warn("SLIT", why);
		free(d);
		return;
	}
	slit = d;
}

void acpi_apply_distances(struct topo *t)
{
	if (!slit)
		return;
	for (size_t i = 0; i < slit_n; i++)
		for (size_t j = 0; j < slit_n; j++)
			topo_set_distance(t, (uint32_t)i, (uint32_t)j,
					  slit[i * slit_n + j]);
}

static void do_fadt(const void *t, size_t len, struct x86_acpi *out)
{
	struct acpi_fadt_info f;
	const char *why;

	if (acpi_fadt_parse(t, len, &f, &why)) {
		warn("FACP", why);
		return;
	}
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
	/* Only port-I/O 16550s; anything else keeps COM1. */
	if ((s.interface_type == ACPI_SPCR_16550 ||
	     s.interface_type == ACPI_SPCR_16450 ||
	     s.interface_type == ACPI_SPCR_16550_GAS) &&
	    s.space_id == ACPI_GAS_SYSTEM_IO && s.address &&
	    s.address < 0x10000)
		out->uart_port = (uint16_t)s.address;
}

int acpi_collect(struct bench *b, uint64_t rsdp, uint32_t bsp_apic_id,
		 struct x86_acpi *out)
{
	struct efi_acpi *a = malloc(sizeof(*a));
	const void *t;
	size_t len;

	warn_b = b;
	memset(out, 0, sizeof(*out));
	if (!a || efi_acpi_scan(b, rsdp, a)) {
		free(a);
		return -1;
	}
	memcpy(out->oem_id, a->oem_id, sizeof(out->oem_id));
	/* MADT first: SRAT places the CPUs it made. */
	if ((t = efi_acpi_find(a, "APIC", &len)))
		do_madt(b, t, len, bsp_apic_id, out);
	if ((t = efi_acpi_find(a, "SLIT", &len)))
		do_slit(t, len);
	if ((t = efi_acpi_find(a, "FACP", &len)))
		do_fadt(t, len, out);
	if ((t = efi_acpi_find(a, "SPCR", &len)))
		do_spcr(t, len, out);
	if ((t = efi_acpi_find(a, "SRAT", &len)) && b->topo->ncpus)
		do_srat(b, t, len);
	free(a);
	return 0;
}
