/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdint.h>

#include "check.h"
#include "engine/node_pool.h"
#include "topo/topo.h"

static _Alignas(4096) uint8_t mem[3 * 4096];

int main(void)
{
	uint64_t lo = (uintptr_t)mem, hi = lo + sizeof(mem);
	uint8_t *a, *b;

	CHECK(node_pool_alloc(0, 16, 16) == NULL);	/* no pool yet */
	node_pool_set(1, lo + 8, hi);
	a = node_pool_alloc(1, 100, 4096);
	CHECK(a == mem + 4096);				/* aligned up */
	b = node_pool_alloc(1, 4096 - 100, 1);
	CHECK(b == mem + 4196);				/* right after */
	CHECK(node_pool_alloc(1, 4096, 4096) == mem + 8192);
	CHECK(node_pool_alloc(1, 1, 1) == NULL);		/* exhausted */
	CHECK(node_pool_alloc(1, 1, 3) == NULL);		/* bad align */
	CHECK(node_pool_alloc(TOPO_MAX_NODES, 1, 1) == NULL);
	node_pool_set(2, hi, lo);			/* empty: ignored */
	CHECK(node_pool_alloc(2, 1, 1) == NULL);
	/* an alignment that overflows past the end must not wrap */
	node_pool_set(3, UINT64_MAX - 10, UINT64_MAX);
	CHECK(node_pool_alloc(3, 1, 4096) == NULL);
	/* and the pool is untouched: a fitting request still works */
	CHECK(node_pool_alloc(3, 2, 2) == (void *)(uintptr_t)(UINT64_MAX - 9));
	return check_done("test_node_pool");
}
