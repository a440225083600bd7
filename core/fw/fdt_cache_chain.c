/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * next-level-cache chains; see fdt_cache_chain.h for the contract.
 */
#include <stddef.h>
#include <stdint.h>

#include "fw/fdt.h"
#include "fw/fdt_cache_chain.h"

uint32_t fdt_next_level_cache(const struct fdt *f, int node, int *err)
{
	uint32_t ph;

	*err = fdt_getprop_u32(f, node, "next-level-cache", &ph);
	if (*err == FDT_ENOTFOUND)
		*err = fdt_getprop_u32(f, node, "l2-cache", &ph);
	return *err ? 0 : ph;
}

int fdt_cache_chain(const struct fdt *f, int node, struct fdt_cache_hop *hops,
		    size_t max, const char **why)
{
	int32_t level = 1;
	size_t k = 0, j;
	int cur = node;

	if (!hops || node < 0) {
		fdt_set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	for (;;) {
		int err, nx;
		uint32_t ph, lv;
		int32_t nl;

		ph = fdt_next_level_cache(f, cur, &err);
		if (err == FDT_ENOTFOUND)
			return (int)k;
		if (err) {
			fdt_set_why(why, "next-level-cache is not one cell");
			return FDT_EINVAL;
		}
		nx = fdt_node_by_phandle(f, ph);
		if (nx < 0) {
			fdt_set_why(why, "next-level-cache phandle names no node");
			return FDT_ENOTFOUND;
		}
		if (nx == node)
			goto cycle;
		for (j = 0; j < k; j++)
			if (hops[j].node == nx)
				goto cycle;
		if (k == max) {
			fdt_set_why(why, "cache chain too long");
			return FDT_ENOSPACE;
		}
		nl = level + 1;
		if (!fdt_getprop_u32(f, nx, "cache-level", &lv)) {
			if (lv <= (uint32_t)level || lv > 15) {
				fdt_set_why(why, "cache-level does not increase");
				return FDT_EINVAL;
			}
			nl = (int32_t)lv;
		}
		hops[k].phandle = ph;
		hops[k].node = nx;
		hops[k].level = nl;
		k++;
		level = nl;
		cur = nx;
	}
cycle:
	fdt_set_why(why, "next-level-cache cycle");
	return FDT_EBADBLOB;
}
