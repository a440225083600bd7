/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * NUMA from ACPI, the same on every UEFI image: the tables are read by
 * core/fw/acpi_topo.c (as preflight reads them on a host), which keeps
 * the SLIT for after topo_finalize() and SRAT's memory ranges.  SRAT memory
 * affinity says which RAM each domain owns: before ExitBootServices each
 * node gets a pool of its own memory, which plat_alloc_node() hands out.
 */
#include <efi.h>
#include <efilib.h>
#include <stdlib.h>

#include "fw/acpi.h"
#include "fw/acpi_numa.h"
#include "fw/acpi_topo.h"
#include "efi_acpi.h"
#include "efi_plat.h"
#include "engine/node_pool.h"
#include "output/report.h"

#define POOL_MAX	(4ull << 20)	/* a few MiB per node at most: */
#define POOL_MIN	(512ull << 10)	/* the leaves of 4096 CPUs fit */

/* kept from the tables until after topo_finalize() and the pools */
static struct acpi_topo numa;
static bool numa_ready;

struct acpi_topo *efi_numa_acpi(struct topo *t, bool gicc)
{
	if (numa_ready)
		acpi_topo_free(&numa);
	numa_ready = !acpi_topo_init(&numa, t, gicc, efi_acpi_warn,
				     efi_acpi_entry_warn);
	return numa_ready ? &numa : NULL;
}

void efi_numa_apply_distances(struct topo *t)
{
	if (numa_ready)
		acpi_topo_distances(&numa, t);
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

	if (!numa.nmem)
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
			for (size_t i = 0; i < numa.nmem && !at; i++)
				if (numa.mem[i].domain == t->node_raw[node])
					at = take_pages(map, mapsize, dsize,
							numa.mem[i].base,
							numa.mem[i].base +
							numa.mem[i].length,
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

	for (size_t i = 0; i < numa.nmem; i++) {
		if (at < numa.mem[i].base ||
		    at - numa.mem[i].base >= numa.mem[i].length)
			continue;
		for (uint32_t node = 0; node < t->nnodes; node++)
			if (t->node_raw[node] == numa.mem[i].domain)
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
