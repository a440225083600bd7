/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Flattened device tree reader.  See fdt.h for the contract; the binding
 * parsers built on it live in fdt_cpus.c, fdt_caches.c, fdt_numa.c and
 * fdt_platform.c.
 *
 * Everything that touches the structure block goes through read_tok(),
 * which bounds-checks the token it decodes, and every walk over tokens
 * through next_tok(), so the walkers above it only reason about nesting.  Every walker moves strictly forward (a token is at
 * least 4 bytes), so no loop can run for more than size_struct / 4 steps.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fw/fdt.h"

#define TOK_BEGIN_NODE	1u
#define TOK_END_NODE	2u
#define TOK_PROP	3u
#define TOK_NOP		4u
#define TOK_END		9u

#define HDR_V16		36u	/* v16 has no size_dt_struct field */
#define HDR_V17		40u
#define MAX_NAME	256u	/* caps the NUL search of one name */

uint32_t fdt_be32(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	       (uint32_t)b[2] << 8 | (uint32_t)b[3];
}

uint64_t fdt_be64(const void *p)
{
	const uint8_t *b = p;

	return (uint64_t)fdt_be32(b) << 32 | fdt_be32(b + 4);
}

/* ---- tokens ----------------------------------------------------------- */

struct tok {
	uint32_t tag;
	uint32_t next;		/* struct offset of the following token */
	const char *name;	/* node name (BEGIN_NODE), property name (PROP) */
	const uint8_t *val;	/* PROP value */
	uint32_t len;
};

/* NUL-terminated within `avail` bytes, looking at no more than MAX_NAME. */
static const uint8_t *find_nul(const uint8_t *p, uint32_t avail)
{
	return memchr(p, 0, avail < MAX_NAME ? avail : MAX_NAME);
}

/* Decode and bounds-check the token at struct offset `off`. */
static int read_tok(const struct fdt *f, uint32_t off, struct tok *t,
		    const char **why)
{
	const uint8_t *s = f->blob + f->off_struct;
	uint32_t end = f->size_struct;
	const uint8_t *nul;
	uint32_t nameoff;
	uint64_t next;

	if (off & 3) {
		fdt_set_why(why, "misaligned token");
		return FDT_EBADBLOB;
	}
	if (off > end || end - off < 4) {
		fdt_set_why(why, "token runs past struct block");
		return FDT_EBADBLOB;
	}
	t->tag = fdt_be32(s + off);
	t->name = NULL;
	t->val = NULL;
	t->len = 0;
	off += 4;

	switch (t->tag) {
	case TOK_BEGIN_NODE:
		nul = find_nul(s + off, end - off);
		if (!nul) {
			fdt_set_why(why, "node name not terminated");
			return FDT_EBADBLOB;
		}
		t->name = (const char *)(s + off);
		next = ((uint64_t)(nul - s) + 1 + 3) & ~(uint64_t)3;
		break;
	case TOK_PROP:
		if (end - off < 8) {
			fdt_set_why(why, "property header runs past struct block");
			return FDT_EBADBLOB;
		}
		t->len = fdt_be32(s + off);
		nameoff = fdt_be32(s + off + 4);
		off += 8;
		if (t->len > end - off) {
			fdt_set_why(why, "property runs past struct block");
			return FDT_EBADBLOB;
		}
		if (nameoff >= f->size_strings) {
			fdt_set_why(why, "property nameoff past strings block");
			return FDT_EBADBLOB;
		}
		nul = find_nul(f->blob + f->off_strings + nameoff,
			       f->size_strings - nameoff);
		if (!nul) {
			fdt_set_why(why, "property name not terminated");
			return FDT_EBADBLOB;
		}
		t->name = (const char *)(f->blob + f->off_strings + nameoff);
		t->val = s + off;
		next = ((uint64_t)off + t->len + 3) & ~(uint64_t)3;
		break;
	case TOK_END_NODE:
	case TOK_NOP:
	case TOK_END:
		next = off;
		break;
	default:
		fdt_set_why(why, "unknown token");
		return FDT_EBADBLOB;
	}
	/* Padding past the block end would leave no room for END anyway. */
	if (next > end) {
		fdt_set_why(why, "token padding runs past struct block");
		return FDT_EBADBLOB;
	}
	t->next = (uint32_t)next;
	return 0;
}

/*
 * The one token walk: from a struct offset, each next_tok() reads the
 * following token (its offset in *at); false once one is malformed,
 * which ends the walk, the reason in *why where the walk has one
 * (check_struct(), at fdt_open(); later walks need none).
 */
struct walk {
	const struct fdt *f;
	uint32_t off;
	const char **why;
};

static bool next_tok(struct walk *w, struct tok *t, uint32_t *at)
{
	if (read_tok(w->f, w->off, t, w->why))
		return false;
	if (at)
		*at = w->off;
	w->off = t->next;
	return true;
}

/* ---- header ------------------------------------------------------------ */

uint32_t fdt_peek_totalsize(const void *blob, size_t avail)
{
	if (!blob || avail < 8 || fdt_be32(blob) != FDT_MAGIC)
		return 0;
	return fdt_be32((const uint8_t *)blob + 4);
}

/* One pass over the whole structure block: the rest may assume its shape. */
static int check_struct(const struct fdt *f, const char **why)
{
	struct walk w = { f, 0, why };
	uint32_t count;
	bool root_done = false, props_ok = false;
	int depth = 0;
	struct tok t;

	for (count = 0;; count++) {
		if (count >= FDT_MAX_TOKENS) {
			fdt_set_why(why, "too many tokens");
			return FDT_EBADBLOB;
		}
		if (w.off >= f->size_struct) {
			fdt_set_why(why, "missing END token");
			return FDT_EBADBLOB;
		}
		if (!next_tok(&w, &t, NULL))
			return FDT_EBADBLOB;
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			if (root_done) {
				fdt_set_why(why, "node after the root node");
				return FDT_EBADBLOB;
			}
			if (++depth > FDT_MAX_DEPTH) {
				fdt_set_why(why, "nesting too deep");
				return FDT_EBADBLOB;
			}
			props_ok = true;
			break;
		case TOK_END_NODE:
			if (depth == 0) {
				fdt_set_why(why, "unbalanced END_NODE");
				return FDT_EBADBLOB;
			}
			if (--depth == 0)
				root_done = true;
			/* Back in the parent after a child: no more props. */
			props_ok = false;
			break;
		case TOK_PROP:
			if (depth == 0) {
				fdt_set_why(why, "property outside a node");
				return FDT_EBADBLOB;
			}
			if (!props_ok) {
				fdt_set_why(why, "property after a subnode");
				return FDT_EBADBLOB;
			}
			break;
		case TOK_NOP:
			break;
		case TOK_END:
			if (depth) {
				fdt_set_why(why, "END inside a node");
				return FDT_EBADBLOB;
			}
			if (!root_done) {
				fdt_set_why(why, "no root node");
				return FDT_EBADBLOB;
			}
			return 0;
		}
	}
}

int fdt_open(struct fdt *f, const void *blob, size_t avail, const char **why)
{
	const uint8_t *b = blob;
	uint32_t total, off_struct, off_strings, off_rsv, version, last_comp;
	uint32_t size_struct, size_strings, hdr;

	if (!f || !b) {
		fdt_set_why(why, "no blob");
		return FDT_EINVAL;
	}
	memset(f, 0, sizeof(*f));
	if (avail < HDR_V16) {
		fdt_set_why(why, "buffer smaller than header");
		return FDT_EBADBLOB;
	}
	if (fdt_be32(b) != FDT_MAGIC) {
		fdt_set_why(why, "bad magic");
		return FDT_EBADBLOB;
	}
	total = fdt_be32(b + 4);
	off_struct = fdt_be32(b + 8);
	off_strings = fdt_be32(b + 12);
	off_rsv = fdt_be32(b + 16);
	version = fdt_be32(b + 20);
	last_comp = fdt_be32(b + 24);
	size_strings = fdt_be32(b + 32);

	if (version < 16) {
		fdt_set_why(why, "version older than 16");
		return FDT_EBADBLOB;
	}
	if (last_comp > 17) {
		fdt_set_why(why, "last_comp_version newer than 17");
		return FDT_EBADBLOB;
	}
	hdr = version >= 17 ? HDR_V17 : HDR_V16;
	if (total > avail) {
		fdt_set_why(why, "totalsize exceeds buffer");
		return FDT_EBADBLOB;
	}
	if (total < hdr) {
		fdt_set_why(why, "totalsize smaller than header");
		return FDT_EBADBLOB;
	}
	/* Node offsets are ints. */
	if (total > INT32_MAX) {
		fdt_set_why(why, "blob too large");
		return FDT_EBADBLOB;
	}
	if (off_struct < hdr || off_struct >= total) {
		fdt_set_why(why, "struct block offset outside blob");
		return FDT_EBADBLOB;
	}
	if (version >= 17)
		size_struct = fdt_be32(b + 36);
	else if (off_strings > off_struct && off_strings <= total)
		size_struct = off_strings - off_struct;
	else
		size_struct = total - off_struct;
	if (size_struct > total - off_struct) {
		fdt_set_why(why, "struct block runs past totalsize");
		return FDT_EBADBLOB;
	}
	if (off_struct & 3) {
		fdt_set_why(why, "struct block misaligned");
		return FDT_EBADBLOB;
	}
	if (off_strings < hdr || off_strings > total) {
		fdt_set_why(why, "strings block offset outside blob");
		return FDT_EBADBLOB;
	}
	if (size_strings > total - off_strings) {
		fdt_set_why(why, "strings block runs past totalsize");
		return FDT_EBADBLOB;
	}
	if (size_strings &&
	    (uint64_t)off_struct < (uint64_t)off_strings + size_strings &&
	    (uint64_t)off_strings < (uint64_t)off_struct + size_struct) {
		fdt_set_why(why, "struct and strings blocks overlap");
		return FDT_EBADBLOB;
	}
	/* Never read, but a map outside the blob means a corrupt header. */
	if (off_rsv < hdr || off_rsv > total || total - off_rsv < 16) {
		fdt_set_why(why, "memory reserve map outside blob");
		return FDT_EBADBLOB;
	}

	f->blob = b;
	f->size = total;
	f->off_struct = off_struct;
	f->size_struct = size_struct;
	f->off_strings = off_strings;
	f->size_strings = size_strings;
	f->version = version;
	f->boot_cpuid_phys = fdt_be32(b + 28);
	if (check_struct(f, why)) {
		memset(f, 0, sizeof(*f));
		return FDT_EBADBLOB;
	}
	return 0;
}

/* ---- node walking ------------------------------------------------------ */

int fdt_root(const struct fdt *f)
{
	struct walk w = { f, 0, NULL };
	uint32_t at;
	struct tok t;

	while (next_tok(&w, &t, &at)) {
		if (t.tag == TOK_BEGIN_NODE)
			return (int)at;
		if (t.tag != TOK_NOP)
			break;
	}
	return FDT_EBADBLOB;
}

/* A walk from the first token after the node's name. */
static int node_body(const struct fdt *f, int node, struct walk *body)
{
	struct tok t;

	if (node < 0)
		return node;
	if (read_tok(f, (uint32_t)node, &t, NULL) || t.tag != TOK_BEGIN_NODE)
		return FDT_EBADBLOB;
	*body = (struct walk){ f, t.next, NULL };
	return 0;
}

const char *fdt_node_name(const struct fdt *f, int node)
{
	struct tok t;

	if (node < 0 || read_tok(f, (uint32_t)node, &t, NULL) ||
	    t.tag != TOK_BEGIN_NODE)
		return NULL;
	return t.name;
}

int fdt_first_child(const struct fdt *f, int node)
{
	struct walk w;
	uint32_t at;
	struct tok t;
	int err = node_body(f, node, &w);

	if (err)
		return err;
	while (next_tok(&w, &t, &at)) {
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			return (int)at;
		case TOK_END_NODE:
			return FDT_ENOTFOUND;
		case TOK_END:
			return FDT_EBADBLOB;
		}
	}
	return FDT_EBADBLOB;
}

/* Offset just past the node's END_NODE. */
static int skip_node(const struct fdt *f, int node, struct walk *after)
{
	int depth = 1;
	struct tok t;
	int err = node_body(f, node, after);

	if (err)
		return err;
	while (next_tok(after, &t, NULL)) {
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			if (++depth > FDT_MAX_DEPTH)
				return FDT_EBADBLOB;
			break;
		case TOK_END_NODE:
			if (--depth == 0)
				return 0;
			break;
		case TOK_END:
			return FDT_EBADBLOB;
		}
	}
	return FDT_EBADBLOB;
}

int fdt_next_sibling(const struct fdt *f, int node)
{
	struct walk w;
	uint32_t at;
	struct tok t;
	int err = skip_node(f, node, &w);

	if (err)
		return err;
	while (next_tok(&w, &t, &at)) {
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			return (int)at;
		case TOK_END_NODE:
		case TOK_END:
			return FDT_ENOTFOUND;
		case TOK_PROP:
			return FDT_EBADBLOB;
		}
	}
	return FDT_EBADBLOB;
}

int fdt_next_node(const struct fdt *f, int node, int *depth)
{
	struct walk w;
	uint32_t at;
	int d = depth ? *depth : 0;
	struct tok t;
	int err;

	if (node < 0) {
		if (depth)
			*depth = 0;
		return fdt_root(f);
	}
	err = node_body(f, node, &w);
	if (err)
		return err;
	while (next_tok(&w, &t, &at)) {
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			if (++d > FDT_MAX_DEPTH)
				return FDT_EBADBLOB;
			if (depth)
				*depth = d;
			return (int)at;
		case TOK_END_NODE:
			d--;
			break;
		case TOK_END:
			if (depth)
				*depth = d;
			return FDT_ENOTFOUND;
		}
	}
	return FDT_EBADBLOB;
}

/*
 * Root-to-node chain: stack[0] = root ... stack[*count - 1] = node.
 * There are no parent links in a DTB, so this walks from the start.
 */
static int ancestry(const struct fdt *f, int node, int *stack, int *count)
{
	struct walk w = { f, 0, NULL };
	uint32_t at;
	int d = 0;
	struct tok t;

	if (node < 0)
		return node;
	while (next_tok(&w, &t, &at)) {
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			if (d >= FDT_MAX_DEPTH)
				return FDT_EBADBLOB;
			stack[d++] = (int)at;
			if (at == (uint32_t)node) {
				*count = d;
				return 0;
			}
			break;
		case TOK_END_NODE:
			if (d == 0)
				return FDT_EBADBLOB;
			d--;
			break;
		case TOK_END:
			return FDT_ENOTFOUND;
		}
		if (w.off > (uint32_t)node)
			return FDT_ENOTFOUND;	/* node is not a BEGIN_NODE */
	}
	return FDT_EBADBLOB;
}

int fdt_parent_offset(const struct fdt *f, int node)
{
	int stack[FDT_MAX_DEPTH], count, err;

	err = ancestry(f, node, stack, &count);
	if (err)
		return err;
	return count >= 2 ? stack[count - 2] : FDT_ENOTFOUND;
}

/* ---- properties -------------------------------------------------------- */

static const void *getprop_n(const struct fdt *f, int node, const char *name,
			     size_t nlen, uint32_t *len)
{
	struct walk w;
	struct tok t;

	if (node_body(f, node, &w))
		return NULL;
	while (next_tok(&w, &t, NULL)) {
		if (t.tag == TOK_PROP) {
			/* t.name is terminated in the strings block; name may not be. */
			if (strlen(t.name) == nlen && !memcmp(t.name, name, nlen)) {
				if (len)
					*len = t.len;
				return t.val;
			}
		} else if (t.tag != TOK_NOP) {
			return NULL;
		}
	}
	return NULL;
}

const void *fdt_getprop(const struct fdt *f, int node, const char *name,
			uint32_t *len)
{
	if (!name)
		return NULL;
	return getprop_n(f, node, name, strlen(name), len);
}

static const char *prop_str(const void *p, uint32_t len)
{
	if (!p || !len || !memchr(p, 0, len))
		return NULL;
	return p;
}

const char *fdt_getprop_str(const struct fdt *f, int node, const char *name)
{
	uint32_t len = 0;
	const void *p = fdt_getprop(f, node, name, &len);

	return prop_str(p, len);
}

int fdt_getprop_u32(const struct fdt *f, int node, const char *name,
		    uint32_t *out)
{
	uint32_t len = 0;
	const void *p = fdt_getprop(f, node, name, &len);

	if (!p)
		return FDT_ENOTFOUND;
	if (len != 4)
		return FDT_EINVAL;
	*out = fdt_be32(p);
	return 0;
}

uint32_t fdt_get_phandle(const struct fdt *f, int node)
{
	uint32_t ph;

	if (fdt_getprop_u32(f, node, "phandle", &ph) &&
	    fdt_getprop_u32(f, node, "linux,phandle", &ph))
		return 0;
	/* 0 and ~0 are reserved: they name no node. */
	return ph == 0xffffffffu ? 0 : ph;
}

int fdt_node_by_phandle(const struct fdt *f, uint32_t phandle)
{
	int node;

	if (phandle == 0 || phandle == 0xffffffffu)
		return FDT_ENOTFOUND;
	for (node = fdt_root(f); node >= 0; node = fdt_next_node(f, node, NULL))
		if (fdt_get_phandle(f, node) == phandle)
			return node;
	return node;
}

bool fdt_stringlist_contains(const void *prop, uint32_t len, const char *s)
{
	const char *p = prop;
	size_t slen;

	if (!p || !s)
		return false;
	slen = strlen(s);
	while (len) {
		const char *nul = memchr(p, 0, len);
		size_t l;

		if (!nul)
			return false;	/* unterminated tail: not a string */
		l = (size_t)(nul - p);
		if (l == slen && !memcmp(p, s, l))
			return true;
		len -= (uint32_t)l + 1;
		p = nul + 1;
	}
	return false;
}

int fdt_node_by_compatible(const struct fdt *f, const char *compat)
{
	const void *p;
	uint32_t len;
	int node;

	for (node = fdt_root(f); node >= 0; node = fdt_next_node(f, node, NULL)) {
		p = fdt_getprop(f, node, "compatible", &len);
		if (fdt_stringlist_contains(p, len, compat))
			return node;
	}
	return node;
}

/* A malformed count reads as UINT32_MAX so range checks reject it. */
static uint32_t cells_prop(const struct fdt *f, int node, const char *name,
			   uint32_t dflt)
{
	uint32_t v;
	int err = fdt_getprop_u32(f, node, name, &v);

	if (err == FDT_ENOTFOUND)
		return dflt;
	return err ? UINT32_MAX : v;
}

uint32_t fdt_address_cells(const struct fdt *f, int node)
{
	return cells_prop(f, node, "#address-cells", 2);
}

uint32_t fdt_size_cells(const struct fdt *f, int node)
{
	return cells_prop(f, node, "#size-cells", 1);
}

int fdt_read_cells(const void *p, uint32_t len, unsigned index,
		   unsigned ncells, uint64_t *out)
{
	const uint8_t *q = p;
	uint64_t at;

	if (!p || !out || ncells < 1 || ncells > 2)
		return FDT_EINVAL;
	at = (uint64_t)index * ncells * 4;
	if (at + ncells * 4 > len)
		return FDT_EINVAL;
	q += at;
	*out = ncells == 1 ? fdt_be32(q) : fdt_be64(q);
	return 0;
}

/* ---- paths ------------------------------------------------------------- */

int fdt_subnode_offset(const struct fdt *f, int parent, const char *name,
		       size_t len)
{
	bool has_unit;
	int child, cand = FDT_ENOTFOUND, ncand = 0;

	if (!name || !len)
		return FDT_EINVAL;
	has_unit = memchr(name, '@', len) != NULL;
	for (child = fdt_first_child(f, parent); child >= 0;
	     child = fdt_next_sibling(f, child)) {
		const char *cn = fdt_node_name(f, child);
		size_t cl;

		if (!cn)
			return FDT_EBADBLOB;
		cl = strlen(cn);
		if (cl == len && !memcmp(cn, name, len))
			return child;
		if (!has_unit && cl > len && cn[len] == '@' &&
		    !memcmp(cn, name, len)) {
			cand = child;
			ncand++;
		}
	}
	if (child != FDT_ENOTFOUND)
		return child;
	return ncand > 1 ? FDT_EAMBIGUOUS : cand;
}

static int walk_path(const struct fdt *f, int node, const char *p,
		     const char *end)
{
	while (p < end && node >= 0) {
		const char *q;

		while (p < end && *p == '/')
			p++;
		if (p == end)
			break;
		q = p;
		while (q < end && *q != '/')
			q++;
		node = fdt_subnode_offset(f, node, p, (size_t)(q - p));
		p = q;
	}
	return node;
}

/* Value of /aliases/<name>, or NULL. */
static const char *alias_target(const struct fdt *f, const char *name,
				size_t len)
{
	int aliases = fdt_subnode_offset(f, fdt_root(f), "aliases", 7);
	uint32_t plen = 0;
	const void *p;

	if (aliases < 0)
		return NULL;
	p = getprop_n(f, aliases, name, len, &plen);
	return prop_str(p, plen);
}

int fdt_path_offset_n(const struct fdt *f, const char *path, size_t len)
{
	const char *end, *q, *target;
	int node;

	if (!path || !len)
		return FDT_EINVAL;
	end = path + len;
	if (*path == '/')
		return walk_path(f, fdt_root(f), path, end);

	/*
	 * "alias[/rest]".  The alias must hold an absolute path, so one
	 * alias never leads to another and there is no recursion.
	 */
	q = path;
	while (q < end && *q != '/')
		q++;
	target = alias_target(f, path, (size_t)(q - path));
	if (!target || *target != '/')
		return FDT_ENOTFOUND;
	node = walk_path(f, fdt_root(f), target, target + strlen(target));
	return walk_path(f, node, q, end);
}

int fdt_path_offset(const struct fdt *f, const char *path)
{
	if (!path)
		return FDT_EINVAL;
	return fdt_path_offset_n(f, path, strlen(path));
}

/* ---- addresses --------------------------------------------------------- */

int fdt_reg_address(const struct fdt *f, int node, unsigned index,
		    uint64_t *addr, uint64_t *size, const char **why)
{
	int stack[FDT_MAX_DEPTH], count, i, err;
	uint32_t ac, sc, len, entry;
	const uint8_t *reg;
	uint64_t a, s = 0;

	err = ancestry(f, node, stack, &count);
	if (err) {
		fdt_set_why(why, "node not found");
		return err;
	}
	if (count < 2) {
		fdt_set_why(why, "root node has no reg");
		return FDT_EINVAL;
	}
	ac = fdt_address_cells(f, stack[count - 2]);
	sc = fdt_size_cells(f, stack[count - 2]);
	if (ac < 1 || ac > 2 || sc > 2) {
		fdt_set_why(why, "unsupported #address-cells/#size-cells");
		return FDT_EINVAL;
	}
	reg = fdt_getprop(f, node, "reg", &len);
	if (!reg) {
		fdt_set_why(why, "no reg property");
		return FDT_ENOTFOUND;
	}
	entry = (ac + sc) * 4;
	if (((uint64_t)index + 1) * entry > len) {
		fdt_set_why(why, "reg too short");
		return FDT_EINVAL;
	}
	reg += (size_t)index * entry;
	fdt_read_cells(reg, ac * 4, 0, ac, &a);
	if (sc)
		fdt_read_cells(reg + ac * 4, sc * 4, 0, sc, &s);

	/* stack[i] is a bus mapping its children into stack[i - 1]'s space. */
	for (i = count - 2; i >= 1; i--) {
		uint32_t cac, pac, csc, rlen, k, e;
		const uint8_t *r;
		bool found = false;

		r = fdt_getprop(f, stack[i], "ranges", &rlen);
		if (!r) {
			fdt_set_why(why, "bus without ranges");
			return FDT_ENOTFOUND;
		}
		if (!rlen)
			continue;	/* identity mapping */
		cac = fdt_address_cells(f, stack[i]);
		csc = fdt_size_cells(f, stack[i]);
		pac = fdt_address_cells(f, stack[i - 1]);
		if (cac < 1 || cac > 2 || pac < 1 || pac > 2 ||
		    csc < 1 || csc > 2) {
			fdt_set_why(why, "unsupported ranges cells");
			return FDT_EINVAL;
		}
		e = (cac + pac + csc) * 4;
		if (rlen % e) {
			fdt_set_why(why, "ranges length not a multiple of entry");
			return FDT_EINVAL;
		}
		for (k = 0; k < rlen / e; k++) {
			const uint8_t *ent = r + (size_t)k * e;
			uint64_t child, parent, sz;

			fdt_read_cells(ent, cac * 4, 0, cac, &child);
			fdt_read_cells(ent + cac * 4, pac * 4, 0, pac, &parent);
			fdt_read_cells(ent + (cac + pac) * 4, csc * 4, 0, csc,
				       &sz);
			if (a >= child && a - child < sz) {
				a = parent + (a - child);
				found = true;
				break;
			}
		}
		if (!found) {
			fdt_set_why(why, "address outside bus ranges");
			return FDT_ENOTFOUND;
		}
	}
	if (addr)
		*addr = a;
	if (size)
		*size = s;
	return 0;
}

/* ---- node classification shared by the binding parsers ---------------- */

bool fdt_node_is_cpu(const struct fdt *f, int node)
{
	const char *name;

	if (fdt_getprop(f, node, "device_type", NULL)) {
		const char *dt = fdt_getprop_str(f, node, "device_type");

		return dt && !strcmp(dt, "cpu");
	}
	name = fdt_node_name(f, node);
	return name && !strncmp(name, "cpu@", 4);
}

bool fdt_node_is_enabled(const struct fdt *f, int node)
{
	const char *s;

	if (!fdt_getprop(f, node, "status", NULL))
		return true;
	s = fdt_getprop_str(f, node, "status");
	/* "disabled", "fail", "fail-sss", "reserved", garbage: not usable. */
	return s && (!strcmp(s, "okay") || !strcmp(s, "ok"));
}
