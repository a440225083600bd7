/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PPTT: the processor hierarchy of a CPU and the caches on it.  See
 * acpi_pptt.h.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"
#include "fw/acpi_parse.h"
#include "fw/acpi_pptt.h"

#define PPTT_PROC	0	/* structure types */
#define PPTT_CACHE	1
#define PPTT_PROC_LEN	20u	/* fixed part, before the resources */
#define PPTT_CACHE_LEN	24u	/* revision 1 and 2 */

/* ACPI 6.5 table "Processor Hierarchy Node Structure" (type 0). */
enum {
	PROC_FLAGS = 4,
	PROC_PARENT = 8,
	PROC_UID = 12,		/* ACPI Processor ID */
	PROC_NRES = 16,		/* Number of Private Resources */
	PROC_RES = 20,		/* Private Resources[N], 4 bytes each */
};

/* ACPI 6.5 table "Cache Type Structure" (type 1). */
enum {
	CACHE_FLAGS = 4,
	CACHE_NEXT_LEVEL = 8,
	CACHE_SIZE = 12,
	CACHE_SETS = 16,
	CACHE_WAYS = 20,	/* Associativity, one byte */
	CACHE_ATTRIBUTES = 21,
	CACHE_LINE_SIZE = 22,
	CACHE_ID = 24,		/* revision 3 */
	CACHE_LEN_REV3 = 28,
};

/* Attributes bits 3:2, cache type: 0 data, 1 instruction, 2 or 3 unified. */
#define CACHE_ATTR_TYPE(a)	(((a) >> 2) & 3u)

/*
 * Read and validate the processor node at off: inside the table, type 0,
 * its length covers the fixed part and the private resource array.
 */
static int pptt_node(const uint8_t *t, uint32_t tlen, uint32_t off,
		     struct acpi_pptt_node *nd)
{
	const uint8_t *e;
	uint8_t elen;
	uint32_t nres;

	if (off < ACPI_HDR_LEN || !fits(tlen, off, PPTT_PROC_LEN))
		return -1;
	e = t + off;
	elen = e[1];
	if (e[0] != PPTT_PROC || elen < PPTT_PROC_LEN || elen > tlen - off)
		return -1;
	nres = rd32(e + PROC_NRES);
	if (nres > (elen - PPTT_PROC_LEN) / 4u)
		return -1;
	nd->offset = off;
	nd->flags = rd32(e + PROC_FLAGS);
	nd->parent = rd32(e + PROC_PARENT);
	nd->uid = rd32(e + PROC_UID);
	nd->nres = nres;
	return 0;
}

/* Walk the structure list; fails on a length that cannot advance it. */
static int pptt_next(const uint8_t *t, uint32_t tlen, size_t *off,
		     const char **why)
{
	uint8_t elen;

	if (tlen - *off < 2)
		return fail(why, "truncated trailing structure");
	elen = t[*off + 1];
	if (elen < 2)
		return fail(why, "zero-length structure");
	if (elen > tlen - *off)
		return fail(why, "structure runs past table end");
	*off += elen;
	return 0;
}

static int pptt_has_child(const uint8_t *t, uint32_t tlen, uint32_t node,
			  bool *child, const char **why)
{
	size_t off;

	*child = false;
	for (off = ACPI_HDR_LEN; off < tlen;) {
		struct acpi_pptt_node nd;

		if (pptt_node(t, tlen, (uint32_t)off, &nd) == 0 &&
		    nd.parent == node) {
			*child = true;
			return 0;
		}
		if (pptt_next(t, tlen, &off, why))
			return -1;
	}
	return 0;
}

static int pptt_find_leaf(const uint8_t *t, uint32_t tlen, uint32_t uid,
			  struct acpi_pptt_node *leaf, const char **why)
{
	size_t off;

	for (off = ACPI_HDR_LEN; off < tlen;) {
		struct acpi_pptt_node nd;
		size_t cur = off;

		if (pptt_next(t, tlen, &off, why))
			return -1;
		if (t[cur] != PPTT_PROC)
			continue;
		if (pptt_node(t, tlen, (uint32_t)cur, &nd))
			return fail(why, "bad processor node");
		if (!(nd.flags & ACPI_PPTT_ID_VALID) || nd.uid != uid)
			continue;
		/*
		 * Package nodes may carry a valid ID too (QEMU numbers its
		 * sockets), so only a leaf counts.  Revision 1 has no leaf
		 * flag: a node without children is a leaf.
		 */
		if (!(nd.flags & ACPI_PPTT_LEAF)) {
			bool child;

			if (pptt_has_child(t, tlen, nd.offset, &child, why))
				return -1;
			if (child)
				continue;
		}
		*leaf = nd;
		return 0;
	}
	return fail(why, "no leaf node for this uid");
}

int acpi_pptt_cpu_chain(const void *tbl, size_t len, uint32_t uid,
			struct acpi_pptt_node *chain, size_t max, size_t *n,
			const char **why)
{
	const uint8_t *t = tbl;
	struct acpi_pptt_node nd;
	size_t cnt = 0, i;
	uint32_t tlen;

	if (n)
		*n = 0;
	if (acpi_table_check(tbl, len, "PPTT", why))
		return -1;
	if (!chain || !max)
		return fail(why, "no room for the chain");
	tlen = acpi_table_length(t);
	if (pptt_find_leaf(t, tlen, uid, &nd, why))
		return -1;

	for (;;) {
		chain[cnt++] = nd;
		if (nd.parent == 0)
			break;
		/* Check for a cycle first so a loop is named as one. */
		for (i = 0; i < cnt; i++)
			if (chain[i].offset == nd.parent)
				return fail(why, "parent cycle");
		if (cnt >= ACPI_PPTT_MAX_DEPTH)
			return fail(why, "hierarchy deeper than 8 levels");
		if (cnt >= max)
			return fail(why, "chain longer than room");
		if (pptt_node(t, tlen, nd.parent, &nd))
			return fail(why, "bad parent offset");
	}
	if (n)
		*n = cnt;
	return 0;
}

static int pptt_cache(const uint8_t *t, uint32_t tlen, uint32_t off,
		      struct acpi_pptt_cache *c, uint32_t *next)
{
	const uint8_t *e;
	uint8_t elen;
	uint32_t f;

	if (off < ACPI_HDR_LEN || !fits(tlen, off, PPTT_CACHE_LEN))
		return -1;
	e = t + off;
	elen = e[1];
	if (e[0] != PPTT_CACHE || elen < PPTT_CACHE_LEN || elen > tlen - off)
		return -1;
	f = rd32(e + CACHE_FLAGS);
	/* The cache ID field exists only in 28-byte (revision 3) entries. */
	if (elen < CACHE_LEN_REV3)
		f &= ~ACPI_PPTT_CACHE_ID_VALID;
	c->offset = off;
	c->flags = f;
	c->size = f & ACPI_PPTT_CACHE_SIZE_VALID ? rd32(e + CACHE_SIZE) : 0;
	c->sets = f & ACPI_PPTT_CACHE_SETS_VALID ? rd32(e + CACHE_SETS) : 0;
	c->ways = f & ACPI_PPTT_CACHE_WAYS_VALID ? e[CACHE_WAYS] : 0;
	c->attributes = e[CACHE_ATTRIBUTES];
	c->line_size = f & ACPI_PPTT_CACHE_LINE_VALID ?
		       rd16(e + CACHE_LINE_SIZE) : 0;
	c->cache_id = f & ACPI_PPTT_CACHE_ID_VALID ? rd32(e + CACHE_ID) : 0;
	if (!(f & ACPI_PPTT_CACHE_TYPE_VALID))
		c->type = ACPI_CACHE_UNKNOWN;
	else if (CACHE_ATTR_TYPE(c->attributes) >= 2)
		c->type = ACPI_CACHE_UNIFIED;
	else	/* ACPI_CACHE_DATA or ACPI_CACHE_INSTRUCTION */
		c->type = (uint8_t)CACHE_ATTR_TYPE(c->attributes);
	*next = rd32(e + CACHE_NEXT_LEVEL);
	return 0;
}

struct pptt_cache_walk {
	const uint8_t *t;
	uint32_t tlen;
	struct acpi_pptt_cache *caches;
	size_t max, cnt;
};

/*
 * Record the cache at off and its next-level chain, listed by node, with
 * levels from base + 1.  Returns the chain's depth, or -1.
 */
static int pptt_cache_chain(struct pptt_cache_walk *w, uint32_t off,
			    uint32_t node, unsigned int base, const char **why)
{
	int depth = 0;
	size_t j;

	while (off) {
		struct acpi_pptt_cache c;
		uint32_t next;
		bool seen = false;

		/* Bounds the walk: a next-level cycle ends here too. */
		if (++depth > ACPI_PPTT_MAX_DEPTH)
			return fail(why, "cache chain too deep");
		if (pptt_cache(w->t, w->tlen, off, &c, &next))
			return fail(why, "bad cache structure");
		c.node = node;
		c.level = (uint8_t)(base + (unsigned int)depth);
		/* L1D and L1I share their L2: keep it once, first found. */
		for (j = 0; j < w->cnt; j++)
			if (w->caches[j].offset == off)
				seen = true;
		if (!seen) {
			if (w->cnt >= w->max)
				return fail(why, "more caches than room");
			w->caches[w->cnt++] = c;
		}
		off = next;
	}
	return depth;
}

int acpi_pptt_caches(const void *tbl, size_t len, uint32_t uid,
		     struct acpi_pptt_cache *caches, size_t max, size_t *n,
		     const char **why)
{
	struct acpi_pptt_node chain[ACPI_PPTT_MAX_DEPTH];
	struct pptt_cache_walk w = { tbl, 0, caches, max, 0 };
	unsigned int base = 0;
	size_t nchain, i, r;

	if (n)
		*n = 0;
	if (acpi_pptt_cpu_chain(tbl, len, uid, chain, ACPI_PPTT_MAX_DEPTH,
				&nchain, why))
		return -1;
	if (max && !caches)
		return fail(why, "null output array");
	w.tlen = acpi_table_length(tbl);

	for (i = 0; i < nchain; i++) {
		/* pptt_node() checked that the resource array fits. */
		const uint8_t *res = w.t + chain[i].offset + PROC_RES;
		unsigned int deepest = base;

		for (r = 0; r < chain[i].nres; r++) {
			uint32_t off = rd32(res + 4 * r);
			int depth;

			if (off < ACPI_HDR_LEN || off >= w.tlen)
				return fail(why, "bad private resource offset");
			/* Private resources may also be ID structures. */
			if (w.t[off] != PPTT_CACHE)
				continue;
			depth = pptt_cache_chain(&w, off, chain[i].offset,
						 base, why);
			if (depth < 0)
				return -1;
			if (base + (unsigned int)depth > deepest)
				deepest = base + (unsigned int)depth;
		}
		/* A node's caches start past the deepest level below it. */
		base = deepest;
	}
	if (n)
		*n = w.cnt;
	return 0;
}
