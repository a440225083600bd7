/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Memory and NUMA facts from the device tree: the root's memory nodes
 * and the numa-distance-map-v1 binding.  Conventions as in fdt.h.
 */
#ifndef SBM_FDT_NUMA_H
#define SBM_FDT_NUMA_H

#include <stddef.h>
#include <stdint.h>

#include "fw/fdt.h"

struct fdt_mem_range {
	uint64_t base, size;
	int32_t node;		/* numa-node-id, -1 when absent */
};

/*
 * RAM from the root's memory nodes (device_type "memory", else named
 * "memory" / "memory@..."; disabled ones left out): every non-empty reg
 * entry, in tree order.  More than `max` gives FDT_ENOSPACE with the
 * first `max` filled.
 */
int fdt_memory_ranges(const struct fdt *f, struct fdt_mem_range *r,
		      size_t max, size_t *n, const char **why);

/*
 * NUMA distances from the first node compatible with
 * "numa-distance-map-v1" (normally /distance-map): `distance-matrix`
 * triples (from, to, distance) into triples[3 * i ...].  No map: *n = 0,
 * returns 0.  Values are not judged here.
 */
int fdt_distance_map(const struct fdt *f, uint32_t *triples,
		     size_t max_triples, size_t *n, const char **why);

#endif
