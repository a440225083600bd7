/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include "sbm.h"

static const char *const kind_names[SBM_NKINDS] = {
	[SBM_GLOBAL] = "global",
	[SBM_NODE] = "node",
	[SBM_LLC] = "llc",
	[SBM_LLC_U8] = "llc-u8",
	[SBM_PRIVATE] = "private",
};

const char *sbm_kind_name(enum sbm_kind k)
{
	return (unsigned)k < SBM_NKINDS ? kind_names[k] : "?";
}

const char *sbm_kind_names(void)
{
	return "global, node, llc, llc-u8, private";
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
	free(l->group);
	free(l->order);
	memset(l, 0, sizeof(*l));
}

int sbm_layout_build(struct sbm_layout *l, enum sbm_kind kind,
		     const struct topo *t, uint32_t line, const char **why)
{
	uint32_t n = t->ncpus, ngroups, base_line = 0, pos = 0;
	uint32_t *members = NULL;

	memset(l, 0, sizeof(*l));
	if ((unsigned)kind >= SBM_NKINDS || line < 8 || (line & (line - 1)) ||
	    !n || n > TOPO_MAX_CPUS) {
		*why = "bad layout parameters";
		return -1;
	}
	l->kind = kind;
	l->bytewise = kind == SBM_LLC_U8;
	l->line = line;
	l->ncpus = n;
	ngroups = kind == SBM_GLOBAL ? 1 :
		  kind == SBM_NODE ? t->nnodes :
		  kind == SBM_PRIVATE ? n : t->nllcs;
	l->ngroups = ngroups;
	l->slot = calloc(n, sizeof(*l->slot));
	l->group = calloc(n, sizeof(*l->group));
	l->order = calloc(n, sizeof(*l->order));
	members = calloc(ngroups, sizeof(*members));
	if (!l->slot || !l->group || !l->order || !members) {
		free(members);
		sbm_layout_free(l);
		*why = "out of memory";
		return -1;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t g = leaf_of(kind, &t->cpus[i], i);

		if (g >= ngroups) {
			free(members);
			sbm_layout_free(l);
			*why = "topology not finalized";
			return -1;
		}
		l->group[i] = g;
	}
	/* Leaves in order; each leaf's members by rank, starting a fresh line. */
	for (uint32_t g = 0; g < ngroups; g++) {
		uint32_t rank = 0, bytes;

		for (uint32_t i = 0; i < n; i++) {
			if (l->group[i] != g)
				continue;
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
		members[g] = rank;
		bytes = l->bytewise ? rank : (rank + 63) / 64 * 8;
		base_line += bytes ? (bytes + line - 1) / line : 1;
	}
	l->nlines = base_line;
	free(members);
	return 0;
}

static uint64_t *word_of(const struct sbm_layout *l, void *arena, uint32_t c)
{
	return (uint64_t *)((char *)arena + l->slot[c].offset);
}

void sbm_set(const struct sbm_layout *l, void *arena, uint32_t cpu)
{
	if (l->bytewise)
		__atomic_store_n((uint8_t *)arena + l->slot[cpu].offset, 1,
				 __ATOMIC_RELAXED);
	else
		__atomic_fetch_or(word_of(l, arena, cpu),
				  1ull << l->slot[cpu].bit, __ATOMIC_RELAXED);
}

void sbm_clear(const struct sbm_layout *l, void *arena, uint32_t cpu)
{
	if (l->bytewise)
		__atomic_store_n((uint8_t *)arena + l->slot[cpu].offset, 0,
				 __ATOMIC_RELAXED);
	else
		__atomic_fetch_and(word_of(l, arena, cpu),
				   ~(1ull << l->slot[cpu].bit),
				   __ATOMIC_RELAXED);
}

bool sbm_test(const struct sbm_layout *l, const void *arena, uint32_t cpu)
{
	const char *p = (const char *)arena + l->slot[cpu].offset;

	if (l->bytewise)
		return __atomic_load_n((const uint8_t *)p, __ATOMIC_RELAXED);
	return (__atomic_load_n((const uint64_t *)p, __ATOMIC_RELAXED) >>
		l->slot[cpu].bit) & 1;
}

int sbm_next(const struct sbm_layout *l, const void *arena, uint32_t *pos)
{
	for (; *pos < l->ncpus; (*pos)++) {
		uint32_t cpu = l->order[*pos];

		if (sbm_test(l, arena, cpu))
			return (int)cpu;
	}
	return -1;
}

uint32_t sbm_weight(const struct sbm_layout *l, const void *arena)
{
	uint32_t n = 0, pos;
	int cpu;

	sbm_for_each(cpu, pos, l, arena)
		n++;
	return n;
}
