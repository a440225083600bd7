/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: any bytes as an ACPI table (and as an RSDP), through
 * every parser in core/acpi*.c.  What is checked: no crash, no read out of
 * bounds, no endless loop, whatever the firmware hands over.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acpi.h"
#include "acpi_madt.h"
#include "acpi_numa.h"
#include "acpi_platform.h"
#include "acpi_pptt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void ignore(void *arg, const char *table, const char *msg)
{
	(void)arg;
	(void)table;
	(void)msg;
}

/* Maps no address: the root walk runs over every entry. */
static const void *map_none(void *arg, uint64_t addr, const char *sig,
			    size_t *len)
{
	(void)arg;
	(void)addr;
	(void)sig;
	(void)len;
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct acpi_madt_cpu cpus[64];
	static struct acpi_srat_cpu scpus[64];
	static struct acpi_srat_mem smem[16];
	static struct acpi_pptt_node chain[8];
	static struct acpi_pptt_cache caches[16];
	static uint8_t dist[16 * 16];
	struct acpi_madt_info mi;
	struct acpi_rsdp_info ri;
	struct acpi_fadt_info fi;
	struct acpi_spcr_info si;
	struct acpi_spcr_uart su;
	struct acpi_spmi_info spmi;
	uint64_t addrs[32];
	size_t n, m;
	const char *why;
	/* an exact-size copy: ASan sees any read past the end */
	uint8_t *t = malloc(size ? size : 1);

	if (!t)
		return 0;
	memcpy(t, data, size);
	acpi_rsdp_parse(t, size, &ri, &why);
	acpi_table_check(t, size, NULL, &why);
	acpi_root_entries(t, size, addrs, 32, &n, &why);
	n = 0;
	acpi_root_find(t, size, NULL, map_none, NULL, &n, &m);
	acpi_madt_parse(t, size, cpus, 64, &n, &mi, ignore, NULL, &why);
	acpi_srat_parse(t, size, scpus, 64, &n, smem, 16, &m, ignore, NULL, &why);
	acpi_slit_parse(t, size, dist, 16, &n, &why);
	acpi_fadt_parse(t, size, &fi, &why);
	acpi_spcr_parse(t, size, &si, &why);
	if (!acpi_spcr_parse(t, size, &si, &why))
		acpi_spcr_uart(&si, &su, &why);
	acpi_spmi_parse(t, size, &spmi, &why);
	for (uint32_t uid = 0; uid < 4; uid++) {
		acpi_pptt_cpu_chain(t, size, uid, chain, 8, &n, &why);
		acpi_pptt_caches(t, size, uid, caches, 16, &n, &why);
	}
	free(t);
	return 0;
}
