/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include "arch.h"
#include "measure/arena.h"
#include "engine/mem.h"

int node_arena_alloc(struct node_arena *na, const struct topo *t,
		     const size_t *size, const char **why)
{
	uint32_t need = 0, placed = 0;

	memset(na, 0, sizeof(*na));
	na->a.nregions = t->nnodes;
	for (uint32_t r = 0; r < t->nnodes; r++) {
		/* whole pages: a region shares no page with others */
		size_t sz = (size[r] + 4095) & ~(size_t)4095;

		na->size[r] = sz;
		if (!sz)
			continue;
		need++;
		na->a.base[r] = plat_alloc_node(sz, 4096, r);
		na->placed[r] = na->a.base[r] != NULL;
		if (!na->a.base[r])
			na->a.base[r] = mem_alloc_aligned(sz, 4096);
		if (!na->a.base[r]) {
			*why = "out of memory for the arena";
			return -1;
		}
		placed += na->placed[r];
		/* first touch from the boot CPU: placement is the platform's
		 * (physical memory, or mbind on Linux) */
		memset(na->a.base[r], 0, sz);
	}
	na->placement = need && placed == need ? "node" : placed ? "partial" :
			"boot";
	return 0;
}

uint32_t sbm_spacing(uint32_t line, const struct topo *t)
{
	if (line)
		return line;
	return t->line_size > 128 ? t->line_size : 128;
}

int node_arena_for_layouts(struct node_arena *na, const struct topo *t,
			   uint32_t layouts, uint32_t spacing, const char **why)
{
	size_t size[TOPO_MAX_NODES] = { 0 };

	for (int k = 0; k < SBM_NKINDS; k++) {
		struct sbm_layout l;
		const char *lwhy;

		if (!(layouts & (1u << k)) ||
		    sbm_layout_build(&l, (enum sbm_kind)k, t, spacing, &lwhy))
			continue;
		for (uint32_t r = 0; r < l.nregions; r++)
			if (sbm_region_size(&l, r) > size[r])
				size[r] = sbm_region_size(&l, r);
		sbm_layout_free(&l);
	}
	return node_arena_alloc(na, t, size, why);
}

void node_arena_free(struct node_arena *na)
{
	for (uint32_t r = 0; r < na->a.nregions; r++) {
		if (na->placed[r])
			plat_free_node(na->a.base[r], na->size[r]);
		else
			mem_free_aligned(na->a.base[r]);
		na->a.base[r] = NULL;
		na->placed[r] = false;
	}
}
