// SPDX-License-Identifier: BSD-2-Clause
/*
 * tramp_map_build(): tables are taken from the caller's pages in order,
 * a new one only where no earlier address made it.
 */
#include "tramp_map.h"

int tramp_map_build(uint64_t (*pages)[512], uint64_t phys, unsigned npages,
		    bool la57, const uint64_t *addrs, unsigned n,
		    uint64_t *cr3)
{
	unsigned levels = la57 ? 5 : 4, used = 1;

	if (!npages)
		return -1;
	for (unsigned i = 0; i < n; i++) {
		uint64_t a = addrs[i] & ~0xfffull;
		uint64_t *table = pages[0];

		/* physical addresses stop at 52 bits; the walk at 48/57 */
		if (a >> (la57 ? 52 : 48))
			return -1;
		for (unsigned l = levels; l > 1; l--) {
			unsigned idx = a >> (12 + 9 * (l - 1)) & 511;
			uint64_t next;

			if (!(table[idx] & PTE_P)) {
				if (used >= npages)
					return -1;
				table[idx] = (phys + (uint64_t)used * 4096) |
					     PTE_P | PTE_RW;
				used++;
			}
			next = (table[idx] & PTE_ADDR) - phys;
			table = pages[next / 4096];
		}
		table[a >> 12 & 511] = a | PTE_P | PTE_RW;
	}
	*cr3 = phys;
	return 0;
}
