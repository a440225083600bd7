/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * NUMA from ACPI, the same on every UEFI image: SRAT places CPUs in
 * proximity domains (the caller says which SRAT entry is which CPU: APIC
 * id on x86, ACPI processor UID on arm64), SLIT gives the distances,
 * applied once topo_finalize() has numbered the nodes.  SRAT memory
 * affinity says which RAM each domain owns: before ExitBootServices each
 * node gets a pool of its own memory, which plat_alloc_node() hands out.
 */
#include <efi.h>
#include <efilib.h>
#include <stdlib.h>

#include "fw/acpi.h"
#include "fw/acpi_numa.h"
#include "efi_acpi.h"
#include "efi_plat.h"
#include "engine/node_pool.h"
#include "output/report.h"

#define SRAT_MAX_MEM	256
#define POOL_MAX	(4ull << 20)	/* a few MiB per node at most: */
#define POOL_MIN	(512ull << 10)	/* the leaves of 4096 CPUs fit */

static uint8_t *slit;		/* kept for after topo_finalize() */
static size_t slit_n;
static struct acpi_srat_mem *srat_mem;	/* enabled memory affinity */
static size_t srat_nmem;

void efi_numa_srat(struct topo *topo, const void *t, size_t len,
		   int (*cpu_of)(const struct topo *, const struct acpi_srat_cpu *))
{
	struct acpi_srat_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	struct acpi_srat_mem *mem = calloc(SRAT_MAX_MEM, sizeof(*mem));
	const char *why;
	uint32_t found = 0, placed = 0;
	size_t n = 0, nm = 0;

	if (!cpus || !mem) {
		free(cpus);
		free(mem);
		return;
	}
	if (acpi_srat_parse(t, len, cpus, TOPO_MAX_CPUS, &n, mem,
			    SRAT_MAX_MEM, &nm, efi_acpi_entry_warn, NULL, &why)) {
		efi_acpi_warn("SRAT", why);
		free(cpus);
		free(mem);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		int c = cpu_of(topo, &cpus[i]);

		if (c >= 0 && topo->cpus[c].raw_node == TOPO_NONE) {
			topo->cpus[c].raw_node = cpus[i].domain;
			/* hot-plug slots are placed, not counted */
			found += topo_cpu_usable(&topo->cpus[c]);
			placed++;
		}
	}
	free(cpus);
	if (placed && found != topo_usable_count(topo)) {
		/* Half a NUMA map is no map: topo_finalize() would refuse. */
		for (uint32_t i = 0; i < topo->ncpus; i++)
			topo->cpus[i].raw_node = TOPO_NONE;
		efi_acpi_warn("SRAT", "does not place every CPU");
		free(mem);
		return;
	}
	if (!found) {
		free(mem);
		return;
	}
	topo->node_source = "srat";
	/* memory by domain only where CPUs are by domain too */
	free(srat_mem);
	srat_mem = mem;
	srat_nmem = nm < SRAT_MAX_MEM ? nm : SRAT_MAX_MEM;
}

void efi_numa_slit(const void *t, size_t len)
{
	const char *why;
	uint8_t *d = malloc(TOPO_MAX_NODES * TOPO_MAX_NODES);

	if (!d)
		return;
	if (acpi_slit_parse(t, len, d, TOPO_MAX_NODES, &slit_n, &why)) {
		efi_acpi_warn("SLIT", why);
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

/* Take @size bytes of conventional memory inside [lo, hi), highest first. */
static uint64_t take_pages(const uint8_t *map, UINTN mapsize, UINTN dsize,
			   uint64_t lo, uint64_t hi, uint64_t size)
{
	for (UINTN off = mapsize / dsize * dsize; off >= dsize; off -= dsize) {
		const EFI_MEMORY_DESCRIPTOR *d =
			(const EFI_MEMORY_DESCRIPTOR *)(map + off - dsize);
		uint64_t s = d->PhysicalStart;
		uint64_t e = s + d->NumberOfPages * EFI_PAGE_SIZE;
		EFI_PHYSICAL_ADDRESS at;

		if (d->Type != EfiConventionalMemory)
			continue;
		if (s < lo)
			s = lo;
		if (e > hi)
			e = hi;
		if (e <= s || e - s < size)
			continue;
		at = (e - size) & ~(uint64_t)(EFI_PAGE_SIZE - 1);
		if (at < s || !at)
			continue;
		if (!EFI_ERROR(uefi_call_wrapper(BS->AllocatePages, 4,
						 AllocateAddress, EfiLoaderData,
						 EFI_SIZE_TO_PAGES(size), &at)))
			return at;
	}
	return 0;
}

uint32_t efi_numa_pools(const struct topo *t)
{
	UINTN mapsize = 0, key, dsize = 0;
	UINT32 dver;
	uint8_t *map;
	uint32_t placed = 0;

	if (!srat_nmem)
		return 0;
	uefi_call_wrapper(BS->GetMemoryMap, 5, &mapsize, NULL, &key, &dsize,
			  &dver);
	if (!dsize)
		return 0;
	mapsize += 8 * dsize;	/* our own allocations may split entries */
	map = malloc(mapsize);
	if (!map)
		return 0;
	if (EFI_ERROR(uefi_call_wrapper(BS->GetMemoryMap, 5, &mapsize,
					(EFI_MEMORY_DESCRIPTOR *)map, &key,
					&dsize, &dver))) {
		free(map);
		return 0;
	}
	for (uint32_t node = 0; node < t->nnodes; node++) {
		uint64_t at = 0, size;

		/* the map is a snapshot: ranges our earlier pools took fail
		 * AllocateAddress, and the next candidate is tried */
		for (size = POOL_MAX; ; size /= 2) {
			for (size_t i = 0; i < srat_nmem && !at; i++)
				if (srat_mem[i].domain == t->node_raw[node])
					at = take_pages(map, mapsize, dsize,
							srat_mem[i].base,
							srat_mem[i].base +
							srat_mem[i].length,
							size);
			if (at || size / 2 < POOL_MIN)
				break;
		}
		if (!at) {
			report_printf("node %u: no memory of its own found "
				      "(SRAT domain %u)\n", node,
				      t->node_raw[node]);
			continue;
		}
		node_pool_set(node, at, at + size);
		placed++;
		report_printf("node %u: leaves at 0x%llx-0x%llx\n", node,
			      (unsigned long long)at,
			      (unsigned long long)(at + size));
	}
	free(map);
	return placed;
}

static int heap_node(const struct topo *t)
{
	uint64_t at = (uint64_t)(uintptr_t)heap_start();

	for (size_t i = 0; i < srat_nmem; i++) {
		if (at < srat_mem[i].base ||
		    at - srat_mem[i].base >= srat_mem[i].length)
			continue;
		for (uint32_t node = 0; node < t->nnodes; node++)
			if (t->node_raw[node] == srat_mem[i].domain)
				return (int)node;
	}
	return -1;
}

void efi_numa_heap_note(const struct topo *t, struct machine_info *info)
{
	int node = heap_node(t);

	info->heap_node_known = node >= 0;
	info->heap_node = node >= 0 ? (uint32_t)node : 0;
	if (t->nnodes < 2)
		return;
	if (node >= 0)
		report_printf("common heap at %p: node %d (what is not placed "
			      "by node lives there)\n", heap_start(), node);
	else
		report_printf("common heap at %p: no SRAT memory range holds "
			      "it, node unknown\n", heap_start());
}
