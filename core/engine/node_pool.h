/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-node memory pools for bare-metal platforms: the platform finds a
 * window of each node's memory (SRAT, DT /memory) and hands it here;
 * plat_alloc_node(), defined here for every platform that links this
 * file, then carves from it.  Nothing is ever given back: the
 * run owns the machine to the end.
 */
#ifndef SBM_NODE_POOL_H
#define SBM_NODE_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Make [lo, hi) the pool of logical node @node. */
void node_pool_set(uint32_t node, uint64_t lo, uint64_t hi);
/* @size bytes aligned to @align (a power of two), or NULL. */
void *node_pool_alloc(uint32_t node, size_t size, size_t align);
/* The whole pool of @node as set, [*@lo, *@hi); false when it has none. */
bool node_pool_window(uint32_t node, uint64_t *lo, uint64_t *hi);

#endif
