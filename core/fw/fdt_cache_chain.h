/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * next-level-cache chains from cpu and cache nodes: what the cpu reader
 * (fdt_cpus.c) and the cache reader (fdt_caches.c) both follow, kept
 * apart so that neither includes the other.  Conventions as in fdt.h.
 */
#ifndef SBM_FDT_CACHE_CHAIN_H
#define SBM_FDT_CACHE_CHAIN_H

#include <stddef.h>
#include <stdint.h>

#include "fw/fdt.h"

#define FDT_MAX_CACHE_HOPS	8	/* next-level-cache chain length cap */

/*
 * The next-level-cache (else legacy l2-cache) phandle of `node`.  Returns
 * 0 with *err set when there is none (FDT_ENOTFOUND) or it is not one
 * cell; *err is 0 otherwise.
 */
uint32_t fdt_next_level_cache(const struct fdt *f, int node, int *err);

struct fdt_cache_hop {
	uint32_t phandle;
	int32_t node;
	int32_t level;		/* cache-level, else previous level + 1 */
};

/*
 * Follow next-level-cache (or legacy l2-cache) from `node` (a cpu or a
 * cache); the cpu itself counts as level 1.  Returns the number of hops
 * stored, or a negative error on a dangling phandle, a cycle or a chain
 * longer than `max`.
 */
int fdt_cache_chain(const struct fdt *f, int node, struct fdt_cache_hop *hops,
		    size_t max, const char **why);

#endif
