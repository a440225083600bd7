/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/sbm.h"

const char *sbm_kind_name(enum sbm_kind k)
{
	const struct sbm_layout_def *d = sbm_layout_def((int)k);

	return d ? d->name : "?";
}

const struct sbm_spec *sbm_kind_spec(enum sbm_kind k)
{
	const struct sbm_layout_def *d = sbm_layout_def((int)k);

	return d ? &d->spec : NULL;
}

bool sbm_kind_is_bytewise(enum sbm_kind k)
{
	const struct sbm_spec *s = sbm_kind_spec(k);

	return s && s->elem == SE_U8;
}

const char *sbm_kind_names(void)
{
	return "global, node, llc, llc-u8, private, private-u8, a preset "
	       "(sbmbench layouts) or spec:KEY=VALUE,...";
}

int sbm_kind_parse(const char *name, size_t len)
{
	return sbm_layout_find(name, len);
}

void sbm_layout_free(struct sbm_layout *l)
{
	free(l->slot);
	free(l->comp);
	free(l->steps);
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

/* The dense id of @c's group @g (@i: its logical id). */
static uint32_t group_of(uint8_t g, const struct topo_cpu *c, uint32_t i)
{
	switch (g) {
	case SG_ONE:
		return 0;
	case SG_NODE:
		return c->node;
	case SG_PACKAGE:
		return c->package;
	case SG_LLC:
		return c->llc;
	case SG_CORE:
		return c->core;
	default:
		return i;
	}
}

static uint32_t groups(uint8_t g, const struct topo *t)
{
	switch (g) {
	case SG_ONE:
		return 1;
	case SG_NODE:
		return t->nnodes;
	case SG_PACKAGE:
		return t->npackages;
	case SG_LLC:
		return t->nllcs;
	case SG_CORE:
		return t->ncores;
	default:
		return t->ncpus;
	}
}

struct ord_key {
	uint64_t k[3];
	uint32_t i;
};

static int by_key(const void *a, const void *b)
{
	const struct ord_key *x = a, *y = b;

	for (int j = 0; j < 3; j++)
		if (x->k[j] != y->k[j])
			return x->k[j] < y->k[j] ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* The CPUs in the spec's index order, into @ord. */
static int index_order(const struct sbm_spec *s, const struct topo *t,
		       uint32_t *ord)
{
	struct ord_key *k;

	if (s->index == SI_FW) {
		for (uint32_t i = 0; i < t->ncpus; i++)
			ord[i] = i;
		return 0;
	}
	k = calloc(t->ncpus, sizeof(*k));
	if (!k)
		return -1;
	for (uint32_t i = 0; i < t->ncpus; i++) {
		const struct topo_cpu *c = &t->cpus[i];

		k[i].i = i;
		if (s->index == SI_HWID) {
			k[i].k[0] = c->hwid;
			continue;
		}
		k[i].k[0] = (uint64_t)c->node << 32 | c->package;
		k[i].k[1] = (uint64_t)c->llc << 32 | c->core;
		k[i].k[2] = c->smt;
	}
	qsort(k, t->ncpus, sizeof(*k), by_key);
	for (uint32_t i = 0; i < t->ncpus; i++)
		ord[i] = k[i].i;
	free(k);
	return 0;
}

/* lib/sbitmap's bits per word for a depth of @depth (one per CPU):
 * sbitmap_calculate_shift() starts at log2(BITS_PER_LONG) and halves
 * while four words of that size would be more than the depth. */
static uint32_t sbitmap_bits(uint32_t depth)
{
	uint32_t shift = 6;

	if (depth >= 4)
		while ((4u << shift) > depth)
			shift--;
	return 1u << shift;
}

/* Bytes the elements of a leaf of @count CPUs take. */
static uint32_t elem_bytes(const struct sbm_spec *s, uint32_t count)
{
	if (s->elem == SE_U8)
		return count;
	if (s->elem == SE_U32)
		return (count + 31) / 32 * 4;
	return (count + 63) / 64 * 8;
}

/* Where a leaf step's word lies from the leaf's start. */
static uint32_t leaf_step_off(const struct sbm_spec *s,
			      const struct spec_step *st, uint32_t count)
{
	uint32_t end = (s->hdr + elem_bytes(s, count) + 7) & ~7u;

	return (st->off & SPEC_OFF_END ? end : 0) + (st->off & 0x7fffu);
}

static bool has_word(const struct spec_step *st)
{
	return st->kind < SK_MB;
}

/* Each leaf's members, slots and lines, one leaf after the other. */
static int place_leaves(struct sbm_layout *l, const struct sbm_spec *s,
			const uint32_t *ord, uint32_t cl, const char **why)
{
	uint32_t n = l->ncpus, *count, *first, *at, pos = 0;
	static char msg[96];
	int rc = -1;

	count = calloc(l->nleaves, sizeof(*count));
	first = calloc(l->nleaves, sizeof(*first));
	at = calloc(l->nleaves, sizeof(*at));
	if (!count || !first || !at) {
		*why = "out of memory";
		goto out;
	}
	for (uint32_t p = 0; p < n; p++)
		count[l->leaf[ord[p]]]++;
	for (uint32_t g = 0; g < l->nleaves; g++) {
		first[g] = pos;
		pos += count[g];
	}
	for (uint32_t p = 0; p < n; p++) {
		uint32_t i = ord[p];

		l->order[first[l->leaf[i]] + at[l->leaf[i]]++] = i;
	}
	for (uint32_t g = 0; g < l->nleaves; g++) {
		uint32_t r = l->leaf_region[g], bytes, lines, base;

		if (!count[g])	/* a leaf without CPUs: no line */
			continue;
		bytes = s->hdr + elem_bytes(s, count[g]);
		for (uint32_t j = 0; j < s->nsteps; j++) {
			uint32_t off;

			if (!has_word(&s->step[j]) ||
			    s->step[j].where != SPEC_WHERE_LEAF)
				continue;
			off = leaf_step_off(s, &s->step[j], count[g]);
			if (off + 4 > s->hdr && off < s->hdr +
			    elem_bytes(s, count[g])) {
				snprintf(msg, sizeof(msg),
					 "then=/undo=: leaf+%u lies in the elements of a leaf of %u CPUs",
					 off, count[g]);
				*why = msg;
				goto out;
			}
			if (off + 4 > bytes)
				bytes = off + 4;
		}
		if (s->leaf == SL_WORD &&
		    count[g] > (s->elem == SE_U32 ? 32u : 64u)) {
			snprintf(msg, sizeof(msg),
				 "leaf=word: a leaf of %u CPUs is more than a word holds",
				 count[g]);
			*why = msg;
			goto out;
		}
		if (s->leaf == SL_LINE && bytes > cl) {
			snprintf(msg, sizeof(msg),
				 "leaf=line: a leaf of %u CPUs takes %u bytes, more than a %u-byte line",
				 count[g], bytes, cl);
			*why = msg;
			goto out;
		}
		lines = (bytes + l->line - 1) / l->line;
		if (s->stride && lines > s->stride) {
			snprintf(msg, sizeof(msg),
				 "stride=%u: a leaf of %u CPUs takes %u lines",
				 s->stride, count[g], lines);
			*why = msg;
			goto out;
		}
		if (s->stride)
			lines = s->stride;
		base = l->region_lines[r] * l->line;
		for (uint32_t m = 0; m < count[g]; m++) {
			uint32_t i = l->order[first[g] + m];

			l->slot[i].region = r;
			if (l->bytewise) {
				l->slot[i].offset = base + s->hdr + m;
				l->slot[i].bit = 0;
			} else {
				l->slot[i].offset = base + s->hdr + m / 64 * 8;
				l->slot[i].bit = m % 64;
			}
			for (uint32_t j = 0; j < s->nsteps; j++)
				if (has_word(&s->step[j]) &&
				    s->step[j].where == SPEC_WHERE_LEAF)
					l->comp[i * s->nsteps + j] =
						(struct sbm_slot){ r, base +
						leaf_step_off(s, &s->step[j],
							      count[g]), 0 };
		}
		l->region_lines[r] += lines;
		l->nlines += lines;
	}
	rc = 0;
out:
	free(count);
	free(first);
	free(at);
	return rc;
}

/* A line per group of each step's @where, in its first member's node. */
static int place_companions(struct sbm_layout *l, const struct sbm_spec *s,
			    const struct topo *t, const uint32_t *ord,
			    const char **why)
{
	uint32_t done = 0, *base = NULL, *home = NULL;
	int rc = -1;

	for (uint32_t j = 0; j < s->nsteps; j++) {
		uint8_t w = s->step[j].where;
		uint32_t ng;

		if (!has_word(&s->step[j]) || w == SPEC_WHERE_LEAF ||
		    done & (1u << w))
			continue;
		done |= 1u << w;
		ng = groups(w, t);
		free(base);
		free(home);
		base = calloc(ng, sizeof(*base));
		home = calloc(ng, sizeof(*home));
		if (!base || !home) {
			*why = "out of memory";
			goto out;
		}
		for (uint32_t g = 0; g < ng; g++)
			home[g] = TOPO_NONE;
		for (uint32_t p = 0; p < l->ncpus; p++) {
			uint32_t i = ord[p], g = group_of(w, &t->cpus[i], i);

			if (g < ng && home[g] == TOPO_NONE)
				home[g] = w == SG_ONE ? boot_node(t) :
					  t->cpus[i].node;
		}
		for (uint32_t g = 0; g < ng; g++) {
			if (home[g] == TOPO_NONE)
				continue;
			base[g] = l->region_lines[home[g]] * l->line;
			l->region_lines[home[g]]++;
			l->nlines++;
		}
		for (uint32_t i = 0; i < l->ncpus; i++) {
			uint32_t g = group_of(w, &t->cpus[i], i);

			for (uint32_t k = 0; k < s->nsteps; k++) {
				const struct spec_step *st = &s->step[k];

				if (!has_word(st) || st->where != w)
					continue;
				if ((st->off & 0x7fffu) + 4 > l->line) {
					*why = "then=: a step's +OFF lies past its line";
					goto out;
				}
				l->comp[i * s->nsteps + k] = (struct sbm_slot){
					home[g], base[g] + (st->off & 0x7fffu),
					0 };
			}
		}
	}
	rc = 0;
out:
	free(base);
	free(home);
	return rc;
}

int sbm_layout_build(struct sbm_layout *l, enum sbm_kind kind,
		     const struct topo *t, uint32_t line, const char **why)
{
	const struct sbm_spec *s = sbm_kind_spec(kind);
	uint32_t n = t->ncpus, nleaves, per, *ord = NULL, *map = NULL;
	uint32_t cl = t->line_size >= 8 ? t->line_size : 64;
	int rc = -1;

	memset(l, 0, sizeof(*l));
	if (!s || line < 8 || (line & (line - 1)) || !n || n > TOPO_MAX_CPUS ||
	    !t->nnodes || t->nnodes > TOPO_MAX_NODES) {
		*why = "bad layout parameters";
		return -1;
	}
	l->kind = kind;
	l->spec = s;
	l->nsteps = s->nsteps;
	l->bytewise = s->elem == SE_U8;
	l->line = line;
	l->ncpus = n;
	per = s->group != SG_N ? 0 : s->per ? s->per : sbitmap_bits(n);
	nleaves = s->group == SG_N ? (n + per - 1) / per : groups(s->group, t);
	l->nleaves = nleaves;
	l->nregions = t->nnodes;
	l->slot = calloc(n, sizeof(*l->slot));
	l->comp = calloc((size_t)n * (s->nsteps ? s->nsteps : 1),
			 sizeof(*l->comp));
	l->leaf = calloc(n, sizeof(*l->leaf));
	l->order = calloc(n, sizeof(*l->order));
	l->leaf_region = calloc(nleaves, sizeof(*l->leaf_region));
	l->region_lines = calloc(l->nregions, sizeof(*l->region_lines));
	ord = calloc(n, sizeof(*ord));
	map = calloc(nleaves, sizeof(*map));
	if (!l->slot || !l->comp || !l->leaf || !l->order || !l->leaf_region ||
	    !l->region_lines || !ord || !map || index_order(s, t, ord)) {
		*why = "out of memory";
		goto out;
	}
	/* leaves numbered as their groups are (dense ids follow firmware
	 * order), or in the order the index meets them */
	for (uint32_t g = 0; g < nleaves; g++) {
		l->leaf_region[g] = TOPO_NONE;
		map[g] = s->index == SI_FW ? g : TOPO_NONE;
	}
	for (uint32_t p = 0, next = 0; p < n; p++) {
		uint32_t i = ord[p], g;

		if (s->group == SG_N) {
			g = p / per;
		} else {
			g = group_of(s->group, &t->cpus[i], i);
			if (g >= nleaves || t->cpus[i].node >= l->nregions) {
				*why = "topology not finalized";
				goto out;
			}
			if (map[g] == TOPO_NONE)
				map[g] = next++;
			g = map[g];
		}
		l->leaf[i] = g;
		/* an LLC never spans nodes: topo_finalize() splits those */
		if (l->leaf_region[g] != TOPO_NONE &&
		    l->leaf_region[g] != t->cpus[i].node &&
		    (s->group == SG_NODE || s->group == SG_LLC ||
		     s->group == SG_CORE)) {
			*why = "topology not finalized";
			goto out;
		}
		if (l->leaf_region[g] == TOPO_NONE)
			l->leaf_region[g] = s->group == SG_ONE ? boot_node(t) :
					    t->cpus[i].node;
	}
	rc = place_leaves(l, s, ord, cl, why);
	if (!rc)
		rc = place_companions(l, s, t, ord, why);
out:
	free(ord);
	free(map);
	if (rc)
		sbm_layout_free(l);
	return rc;
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
