/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * NUMA from ACPI, the same on every UEFI image: SRAT places CPUs in
 * proximity domains (the caller says which SRAT entry is which CPU: APIC
 * id on x86, ACPI processor UID on arm64), SLIT gives the distances,
 * applied once topo_finalize() has numbered the nodes.
 */
#include <stdlib.h>

#include "acpi.h"
#include "efi_acpi.h"

static uint8_t *slit;		/* kept for after topo_finalize() */
static size_t slit_n;

void efi_numa_srat(struct bench *b, const void *t, size_t len,
		   int (*cpu_of)(const struct topo *, const struct acpi_srat_cpu *))
{
	struct acpi_srat_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	struct topo *topo = b->topo;
	const char *why;
	uint32_t found = 0;
	size_t n = 0;

	if (!cpus)
		return;
	if (acpi_srat_parse(t, len, cpus, TOPO_MAX_CPUS, &n, NULL, 0, NULL,
			    efi_acpi_entry_warn, b, &why)) {
		efi_acpi_warn(b, "SRAT", why);
		free(cpus);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		int c = cpu_of(topo, &cpus[i]);

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
		efi_acpi_warn(b, "SRAT", "does not place every CPU");
		return;
	}
	if (found)
		topo->node_source = "srat";
}

void efi_numa_slit(struct bench *b, const void *t, size_t len)
{
	const char *why;
	uint8_t *d = malloc(TOPO_MAX_NODES * TOPO_MAX_NODES);

	if (!d)
		return;
	if (acpi_slit_parse(t, len, d, TOPO_MAX_NODES, &slit_n, &why)) {
		efi_acpi_warn(b, "SLIT", why);
		free(d);
		return;
	}
	free(slit);
	slit = d;
}

void efi_numa_apply_distances(struct topo *t)
{
	if (!slit)
		return;
	for (size_t i = 0; i < slit_n; i++)
		for (size_t j = 0; j < slit_n; j++)
			topo_set_distance(t, (uint32_t)i, (uint32_t)j,
					  slit[i * slit_n + j]);
}
