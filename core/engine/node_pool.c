/* SPDX-License-Identifier: BSD-2-Clause */
#include "arch.h"
#include "engine/node_pool.h"
#include "topo/topo.h"

static struct {
	uint64_t lo, hi;	/* lo: next free byte */
	uint64_t from;		/* lo as set */
} pools[TOPO_MAX_NODES];

void node_pool_set(uint32_t node, uint64_t lo, uint64_t hi)
{
	if (node < TOPO_MAX_NODES && lo < hi) {
		pools[node].lo = pools[node].from = lo;
		pools[node].hi = hi;
	}
}

bool node_pool_window(uint32_t node, uint64_t *lo, uint64_t *hi)
{
	if (node >= TOPO_MAX_NODES || !pools[node].hi)
		return false;
	*lo = pools[node].from;
	*hi = pools[node].hi;
	return true;
}

void *node_pool_alloc(uint32_t node, size_t size, size_t align)
{
	uint64_t at;

	if (node >= TOPO_MAX_NODES || !pools[node].hi || !align ||
	    (align & (align - 1)))
		return NULL;
	at = (pools[node].lo + align - 1) & ~(uint64_t)(align - 1);
	if (at < pools[node].lo || at > pools[node].hi ||
	    pools[node].hi - at < size)
		return NULL;	/* wrapped, or does not fit */
	pools[node].lo = at + size;
	return (void *)(uintptr_t)at;
}

/* The platform seam (core/arch.h) of every platform that links this file. */
void *plat_alloc_node(size_t size, size_t align, uint32_t node)
{
	return node_pool_alloc(node, size, align);
}

void plat_free_node(void *p, size_t size)
{
	(void)p;
	(void)size;	/* bare metal: the run owns the machine to the end */
}
