/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-node memory for the sbm leaves.  The DT's /memory nodes say which
 * RAM each numa-node-id owns; near the top of each node's RAM we take a
 * window (4 MiB, halved down to 512 KiB) clear of everything that is
 * already in use: OpenSBI (the first 2 MiB of RAM), this payload and its
 * heap, the FDT, /reserved-memory.  plat_alloc_node() bump-allocates from
 * it; nothing is ever freed.
 */
#include <stdio.h>

#include "fw/fdt.h"
#include "fw/fdt_numa.h"
#include "engine/node_pool.h"
#include "riscv.h"

#define POOL_MAX	(4ull << 20)
#define POOL_MIN	(512ull << 10)
#define OPENSBI_SIZE	(2ull << 20)
#define MAX_RANGES	64
#define MAX_AVOID	32
#define PAGE		4096ull

extern char _start[];

struct span {
	uint64_t lo, hi;
};


static void avoid_add(struct span *av, size_t *n, uint64_t lo, uint64_t hi)
{
	if (*n < MAX_AVOID && hi > lo)
		av[(*n)++] = (struct span){ lo, hi };
}

/* Highest page-aligned window of @size in [lo, hi) clear of @av, or 0. */
static uint64_t fit(uint64_t lo, uint64_t hi, uint64_t size,
		    const struct span *av, size_t nav)
{
	uint64_t top = hi & ~(PAGE - 1);

	lo = (lo + PAGE - 1) & ~(PAGE - 1);
	while (top > lo && top - lo >= size) {
		uint64_t start = top - size;
		size_t i;

		for (i = 0; i < nav; i++)
			if (av[i].lo < top && start < av[i].hi)
				break;
		if (i == nav)
			return start;
		top = av[i].lo & ~(PAGE - 1);	/* below the clash: progress */
	}
	return 0;
}

uint32_t riscv_numa_pools(const struct fdt *f, const struct topo *t,
			  uint64_t heap_end)
{
	struct fdt_mem_range mr[MAX_RANGES];
	struct span av[MAX_AVOID];
	size_t n = 0, nav = 0;
	uint64_t ram_lo = UINT64_MAX;
	const char *why;
	uint32_t placed = 0;
	int rm;

	if (fdt_memory_ranges(f, mr, MAX_RANGES, &n, &why) && n < MAX_RANGES)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (mr[i].base < ram_lo)
			ram_lo = mr[i].base;
	if (ram_lo != UINT64_MAX)
		avoid_add(av, &nav, ram_lo, ram_lo + OPENSBI_SIZE);
	avoid_add(av, &nav, (uintptr_t)_start, heap_end);
	avoid_add(av, &nav, (uintptr_t)f->blob, (uintptr_t)f->blob + f->size);
	rm = fdt_path_offset(f, "/reserved-memory");
	for (int c = rm >= 0 ? fdt_first_child(f, rm) : -1; c >= 0;
	     c = fdt_next_sibling(f, c)) {
		uint64_t a, s;

		for (unsigned k = 0; k < 4 &&
		     !fdt_reg_address(f, c, k, &a, &s, &why); k++)
			avoid_add(av, &nav, a, a + s);
	}
	for (uint32_t node = 0; node < t->nnodes; node++) {
		uint32_t raw = t->node_raw[node];
		uint64_t at = 0, size = POOL_MAX;

		for (;;) {
			/* the node's highest range first */
			for (size_t i = n; i-- > 0 && !at;)
				if (mr[i].node >= 0 && (uint32_t)mr[i].node == raw)
					at = fit(mr[i].base,
						 mr[i].base + mr[i].size, size,
						 av, nav);
			if (at || size / 2 < POOL_MIN)
				break;
			size /= 2;
		}
		if (!at)
			continue;
		node_pool_set(node, at, at + size);
		avoid_add(av, &nav, at, at + size);
		placed++;
		printf("node %u: leaves at 0x%llx-0x%llx\n", node,
		       (unsigned long long)at, (unsigned long long)(at + size));
	}
	return placed;
}
