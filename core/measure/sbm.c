/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include "measure/sbm.h"

static const char *const kind_names[SBM_NKINDS] = {
	[SBM_GLOBAL] = "global",
	[SBM_NODE] = "node",
	[SBM_LLC] = "llc",
	[SBM_LLC_U8] = "llc-u8",
	[SBM_PRIVATE] = "private",
	[SBM_PRIVATE_U8] = "private-u8",
};

const char *sbm_kind_name(enum sbm_kind k)
{
	return (unsigned)k < SBM_NKINDS ? kind_names[k] : "?";
}

bool sbm_kind_is_bytewise(enum sbm_kind k)
{
	return k == SBM_LLC_U8 || k == SBM_PRIVATE_U8;
}

const char *sbm_kind_names(void)
{
	return "global, node, llc, llc-u8, private, private-u8";
}

int sbm_kind_parse(const char *name, size_t len)
{
	for (int k = 0; k < SBM_NKINDS; k++)
		if (strlen(kind_names[k]) == len &&
		    !memcmp(kind_names[k], name, len))
			return k;
	return -1;
}

static uint32_t leaf_of(enum sbm_kind kind, const struct topo_cpu *c,
			uint32_t cpu)
{
	switch (kind) {
	case SBM_GLOBAL:
		return 0;
	case SBM_NODE:
		return c->node;
	case SBM_LLC:
	case SBM_LLC_U8:
		return c->llc;
	default:
		return cpu;
	}
}

void sbm_layout_free(struct sbm_layout *l)
{
	free(l->slot);
	free(l->leaf);
	free(l->leaf_region);
	free(l->region_lines);
	free(l->order);
	memset(l, 0, sizeof(*l));
}

/* The boot CPU's node: home of the global mask, as in the kernel. */
static uint32_t boot_node(const struct topo *t)
{
	for (uint32_t i = 0; i < t->ncpus; i++)
		if (t->cpus[i].flags & TOPO_CPU_BSP)
			return t->cpus[i].node;
	return t->cpus[0].node;
}

int sbm_layout_build(struct sbm_layout *l, enum sbm_kind kind,
		     const struct topo *t, uint32_t line, const char **why)
{
	uint32_t n = t->ncpus, nleaves, nregions, pos = 0;

	memset(l, 0, sizeof(*l));
	if ((unsigned)kind >= SBM_NKINDS || line < 8 || (line & (line - 1)) ||
	    !n || n > TOPO_MAX_CPUS || !t->nnodes ||
	    t->nnodes > TOPO_MAX_NODES) {
		*why = "bad layout parameters";
		return -1;
	}
	l->kind = kind;
	l->bytewise = sbm_kind_is_bytewise(kind);
	l->line = line;
	l->ncpus = n;
	nleaves = kind == SBM_GLOBAL ? 1 :
		  kind == SBM_NODE ? t->nnodes :
		  kind == SBM_PRIVATE || kind == SBM_PRIVATE_U8 ? n : t->nllcs;
	nregions = t->nnodes;
	l->nleaves = nleaves;
	l->nregions = nregions;
	l->slot = calloc(n, sizeof(*l->slot));
	l->leaf = calloc(n, sizeof(*l->leaf));
	l->order = calloc(n, sizeof(*l->order));
	l->leaf_region = calloc(nleaves, sizeof(*l->leaf_region));
	l->region_lines = calloc(nregions, sizeof(*l->region_lines));
	if (!l->slot || !l->leaf || !l->order || !l->leaf_region ||
	    !l->region_lines) {
		sbm_layout_free(l);
		*why = "out of memory";
		return -1;
	}
	for (uint32_t g = 0; g < nleaves; g++)
		l->leaf_region[g] = TOPO_NONE;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t g = leaf_of(kind, &t->cpus[i], i);
		uint32_t home = kind == SBM_GLOBAL ? boot_node(t) :
				t->cpus[i].node;

		/* an LLC never spans nodes: topo_finalize() splits those */
		if (g >= nleaves || home >= nregions ||
		    (l->leaf_region[g] != TOPO_NONE &&
		     l->leaf_region[g] != home)) {
			sbm_layout_free(l);
			*why = "topology not finalized";
			return -1;
		}
		l->leaf[i] = g;
		l->leaf_region[g] = home;
	}
	/* Leaves in order; each leaf's members by rank, starting a fresh
	 * line of its home region. */
	for (uint32_t g = 0; g < nleaves; g++) {
		uint32_t rank = 0, bytes, r = l->leaf_region[g], base_line;

		if (r == TOPO_NONE)	/* a leaf without CPUs: no line */
			continue;
		base_line = l->region_lines[r];
		for (uint32_t i = 0; i < n; i++) {
			if (l->leaf[i] != g)
				continue;
			l->slot[i].region = r;
			if (l->bytewise) {
				l->slot[i].offset = base_line * line + rank;
				l->slot[i].bit = 0;
			} else {
				l->slot[i].offset = base_line * line +
						    (rank / 64) * 8;
				l->slot[i].bit = rank % 64;
			}
			l->order[pos++] = i;
			rank++;
		}
		bytes = l->bytewise ? rank : (rank + 63) / 64 * 8;
		l->region_lines[r] += (bytes + line - 1) / line;
		l->nlines += (bytes + line - 1) / line;
	}
	return 0;
}

void sbm_set(const struct sbm_layout *l, const struct sbm_arena *a,
	     uint32_t cpu)
{
	void *p = sbm_slot_ptr(l, a, cpu);

	if (l->bytewise)
		__atomic_store_n((uint8_t *)p, 1, __ATOMIC_RELAXED);
	else
		__atomic_fetch_or((uint64_t *)p, 1ull << l->slot[cpu].bit,
				  __ATOMIC_RELAXED);
}

void sbm_clear(const struct sbm_layout *l, const struct sbm_arena *a,
	       uint32_t cpu)
{
	void *p = sbm_slot_ptr(l, a, cpu);

	if (l->bytewise)
		__atomic_store_n((uint8_t *)p, 0, __ATOMIC_RELAXED);
	else
		__atomic_fetch_and((uint64_t *)p, ~(1ull << l->slot[cpu].bit),
				   __ATOMIC_RELAXED);
}

bool sbm_test(const struct sbm_layout *l, const struct sbm_arena *a,
	      uint32_t cpu)
{
	const void *p = sbm_slot_ptr(l, a, cpu);

	if (l->bytewise)
		return __atomic_load_n((const uint8_t *)p, __ATOMIC_RELAXED);
	return (__atomic_load_n((const uint64_t *)p, __ATOMIC_RELAXED) >>
		l->slot[cpu].bit) & 1;
}

int sbm_next(const struct sbm_layout *l, const struct sbm_arena *a,
	     uint32_t *pos)
{
	for (; *pos < l->ncpus; (*pos)++) {
		uint32_t cpu = l->order[*pos];

		if (sbm_test(l, a, cpu))
			return (int)cpu;
	}
	return -1;
}

uint32_t sbm_weight(const struct sbm_layout *l, const struct sbm_arena *a)
{
	uint32_t n = 0, pos;
	int cpu;

	sbm_for_each(cpu, pos, l, a)
		n++;
	return n;
}

void sbm_zero(const struct sbm_layout *l, const struct sbm_arena *a)
{
	for (uint32_t r = 0; r < l->nregions; r++)
		if (sbm_region_size(l, r))
			memset(a->base[r], 0, sbm_region_size(l, r));
}
