/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Memory and NUMA from the device tree: memory nodes and the
 * numa-distance-map-v1 binding.  See fdt_numa.h for the contract.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fw/fdt.h"
#include "fw/fdt_numa.h"

int fdt_distance_map(const struct fdt *f, uint32_t *triples,
		     size_t max_triples, size_t *n, const char **why)
{
	const uint8_t *p;
	uint32_t len;
	size_t cnt, i;
	int node;

	if (!f || !n || (!triples && max_triples)) {
		fdt_set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	*n = 0;
	node = fdt_node_by_compatible(f, "numa-distance-map-v1");
	if (node == FDT_ENOTFOUND)
		return 0;
	if (node < 0) {
		fdt_set_why(why, "malformed tree");
		return node;
	}
	p = fdt_getprop(f, node, "distance-matrix", &len);
	if (!p) {
		fdt_set_why(why, "distance map without distance-matrix");
		return FDT_EINVAL;
	}
	if (len % 12) {
		fdt_set_why(why, "distance-matrix length not a multiple of 12");
		return FDT_EINVAL;
	}
	cnt = len / 12;
	for (i = 0; i < cnt && i < max_triples; i++) {
		triples[3 * i] = fdt_be32(p + 12 * i);
		triples[3 * i + 1] = fdt_be32(p + 12 * i + 4);
		triples[3 * i + 2] = fdt_be32(p + 12 * i + 8);
	}
	*n = i;
	if (cnt > max_triples) {
		fdt_set_why(why, "too many distances");
		return FDT_ENOSPACE;
	}
	return 0;
}

static bool is_memory_node(const struct fdt *f, int node)
{
	const char *name;

	if (fdt_getprop(f, node, "device_type", NULL)) {
		const char *dt = fdt_getprop_str(f, node, "device_type");

		return dt && !strcmp(dt, "memory");
	}
	name = fdt_node_name(f, node);
	return name && (!strcmp(name, "memory") || !strncmp(name, "memory@", 7));
}

int fdt_memory_ranges(const struct fdt *f, struct fdt_mem_range *r,
		      size_t max, size_t *n, const char **why)
{
	int root = fdt_root(f), c;
	uint32_t ac, sc;

	if (!n || (!r && max))
		return FDT_EINVAL;
	*n = 0;
	if (root < 0)
		return root;
	ac = fdt_address_cells(f, root);
	sc = fdt_size_cells(f, root);
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2) {
		fdt_set_why(why, "unsupported #address-cells/#size-cells");
		return FDT_EINVAL;
	}
	for (c = fdt_first_child(f, root); c >= 0; c = fdt_next_sibling(f, c)) {
		uint32_t len = 0, nid;
		int32_t node = -1;

		if (!is_memory_node(f, c) || !fdt_node_is_enabled(f, c) ||
		    !fdt_getprop(f, c, "reg", &len))
			continue;
		if (!fdt_getprop_u32(f, c, "numa-node-id", &nid) &&
		    nid <= INT32_MAX)
			node = (int32_t)nid;
		for (unsigned i = 0; i < len / ((ac + sc) * 4); i++) {
			uint64_t base, size;
			int err = fdt_reg_address(f, c, i, &base, &size, why);

			if (err)
				return err;
			if (!size)
				continue;
			if (*n == max) {
				fdt_set_why(why, "more memory ranges than room");
				return FDT_ENOSPACE;
			}
			r[*n] = (struct fdt_mem_range){ base, size, node };
			(*n)++;
		}
	}
	return c == FDT_ENOTFOUND ? 0 : c;
}
