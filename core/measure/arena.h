/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Memory for an experiment's shared lines, one region per NUMA node, as
 * the kernel allocates per-node data from its own node.  Each region comes
 * from plat_alloc_node() where the platform can place it, else from the
 * common heap; placement says which happened.
 */
#ifndef SBM_ARENA_H
#define SBM_ARENA_H

#include <stdbool.h>
#include <stddef.h>

#include "measure/sbm.h"
#include "topo/topo.h"

struct node_arena {
	struct sbm_arena a;		/* base[] per region */
	size_t size[TOPO_MAX_NODES];	/* whole pages */
	bool placed[TOPO_MAX_NODES];	/* from plat_alloc_node() */
	/* "node" when every region is in its node's memory, "boot" when
	 * none is (the common heap: the boot CPU's node on bare metal),
	 * "partial" in between */
	const char *placement;
};

/* Regions of @size[r] bytes (0: none) for the nodes of @t, zeroed by the
 * boot CPU.  0, or -1 with the reason in @why. */
int node_arena_alloc(struct node_arena *na, const struct topo *t,
		     const size_t *size, const char **why);
void node_arena_free(struct node_arena *na);

/* Leaf spacing: @line when set (line=), else 128 bytes (Intel and AMD
 * fetch 64-byte lines in pairs) or the cache line where that is larger. */
uint32_t sbm_spacing(uint32_t line, const struct topo *t);

/* One arena that holds every layout of @layouts (bit per enum sbm_kind)
 * with leaves @spacing apart; a layout that does not build is skipped
 * (its user reports it when its turn comes). */
int node_arena_for_layouts(struct node_arena *na, const struct topo *t,
			   uint32_t layouts, uint32_t spacing, const char **why);

#endif
