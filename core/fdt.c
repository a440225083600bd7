/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Flattened device tree reader.  See fdt.h for the contract.
 *
 * Everything that touches the structure block goes through read_tok(),
 * which bounds-checks the token it decodes, so the walkers above it only
 * reason about nesting.  Every walker moves strictly forward (a token is at
 * least 4 bytes), so no loop can run for more than size_struct / 4 steps.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fdt.h"

#define TOK_BEGIN_NODE	1u
#define TOK_END_NODE	2u
#define TOK_PROP	3u
#define TOK_NOP		4u
#define TOK_END		9u

#define HDR_V16		36u	/* v16 has no size_dt_struct field */
#define HDR_V17		40u
#define MAX_NAME	256u	/* caps the NUL search of one name */
#define MAP_MAX_DEPTH	16	/* cpu-map cluster nesting cap */

static void set_why(const char **why, const char *s)
{
	if (why)
		*why = s;
}

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
		set_why(why, "misaligned token");
		return FDT_EBADBLOB;
	}
	if (off > end || end - off < 4) {
		set_why(why, "token runs past struct block");
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
			set_why(why, "node name not terminated");
			return FDT_EBADBLOB;
		}
		t->name = (const char *)(s + off);
		next = ((uint64_t)(nul - s) + 1 + 3) & ~(uint64_t)3;
		break;
	case TOK_PROP:
		if (end - off < 8) {
			set_why(why, "property header runs past struct block");
			return FDT_EBADBLOB;
		}
		t->len = fdt_be32(s + off);
		nameoff = fdt_be32(s + off + 4);
		off += 8;
		if (t->len > end - off) {
			set_why(why, "property runs past struct block");
			return FDT_EBADBLOB;
		}
		if (nameoff >= f->size_strings) {
			set_why(why, "property nameoff past strings block");
			return FDT_EBADBLOB;
		}
		nul = find_nul(f->blob + f->off_strings + nameoff,
			       f->size_strings - nameoff);
		if (!nul) {
			set_why(why, "property name not terminated");
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
		set_why(why, "unknown token");
		return FDT_EBADBLOB;
	}
	/* Padding past the block end would leave no room for END anyway. */
	if (next > end) {
		set_why(why, "token padding runs past struct block");
		return FDT_EBADBLOB;
	}
	t->next = (uint32_t)next;
	return 0;
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
	uint32_t off = 0, count;
	bool root_done = false, props_ok = false;
	int depth = 0, err;
	struct tok t;

	for (count = 0;; count++) {
		if (count >= FDT_MAX_TOKENS) {
			set_why(why, "too many tokens");
			return FDT_EBADBLOB;
		}
		if (off >= f->size_struct) {
			set_why(why, "missing END token");
			return FDT_EBADBLOB;
		}
		err = read_tok(f, off, &t, why);
		if (err)
			return err;
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			if (root_done) {
				set_why(why, "node after the root node");
				return FDT_EBADBLOB;
			}
			if (++depth > FDT_MAX_DEPTH) {
				set_why(why, "nesting too deep");
				return FDT_EBADBLOB;
			}
			props_ok = true;
			break;
		case TOK_END_NODE:
			if (depth == 0) {
				set_why(why, "unbalanced END_NODE");
				return FDT_EBADBLOB;
			}
			if (--depth == 0)
				root_done = true;
			/* Back in the parent after a child: no more props. */
			props_ok = false;
			break;
		case TOK_PROP:
			if (depth == 0) {
				set_why(why, "property outside a node");
				return FDT_EBADBLOB;
			}
			if (!props_ok) {
				set_why(why, "property after a subnode");
				return FDT_EBADBLOB;
			}
			break;
		case TOK_NOP:
			break;
		case TOK_END:
			if (depth) {
				set_why(why, "END inside a node");
				return FDT_EBADBLOB;
			}
			if (!root_done) {
				set_why(why, "no root node");
				return FDT_EBADBLOB;
			}
			return 0;
		}
		off = t.next;
	}
}

int fdt_open(struct fdt *f, const void *blob, size_t avail, const char **why)
{
	const uint8_t *b = blob;
	uint32_t total, off_struct, off_strings, off_rsv, version, last_comp;
	uint32_t size_struct, size_strings, hdr;

	if (!f || !b) {
		set_why(why, "no blob");
		return FDT_EINVAL;
	}
	memset(f, 0, sizeof(*f));
	if (avail < HDR_V16) {
		set_why(why, "buffer smaller than header");
		return FDT_EBADBLOB;
	}
	if (fdt_be32(b) != FDT_MAGIC) {
		set_why(why, "bad magic");
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
		set_why(why, "version older than 16");
		return FDT_EBADBLOB;
	}
	if (last_comp > 17) {
		set_why(why, "last_comp_version newer than 17");
		return FDT_EBADBLOB;
	}
	hdr = version >= 17 ? HDR_V17 : HDR_V16;
	if (total > avail) {
		set_why(why, "totalsize exceeds buffer");
		return FDT_EBADBLOB;
	}
	if (total < hdr) {
		set_why(why, "totalsize smaller than header");
		return FDT_EBADBLOB;
	}
	/* Node offsets are ints. */
	if (total > INT32_MAX) {
		set_why(why, "blob too large");
		return FDT_EBADBLOB;
	}
	if (off_struct < hdr || off_struct >= total) {
		set_why(why, "struct block offset outside blob");
		return FDT_EBADBLOB;
	}
	if (version >= 17)
		size_struct = fdt_be32(b + 36);
	else if (off_strings > off_struct && off_strings <= total)
		size_struct = off_strings - off_struct;
	else
		size_struct = total - off_struct;
	if (size_struct > total - off_struct) {
		set_why(why, "struct block runs past totalsize");
		return FDT_EBADBLOB;
	}
	if (off_struct & 3) {
		set_why(why, "struct block misaligned");
		return FDT_EBADBLOB;
	}
	if (off_strings < hdr || off_strings > total) {
		set_why(why, "strings block offset outside blob");
		return FDT_EBADBLOB;
	}
	if (size_strings > total - off_strings) {
		set_why(why, "strings block runs past totalsize");
		return FDT_EBADBLOB;
	}
	if (size_strings &&
	    (uint64_t)off_struct < (uint64_t)off_strings + size_strings &&
	    (uint64_t)off_strings < (uint64_t)off_struct + size_struct) {
		set_why(why, "struct and strings blocks overlap");
		return FDT_EBADBLOB;
	}
	/* Never read, but a map outside the blob means a corrupt header. */
	if (off_rsv < hdr || off_rsv > total || total - off_rsv < 16) {
		set_why(why, "memory reserve map outside blob");
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
	uint32_t off = 0;
	struct tok t;

	for (;;) {
		if (read_tok(f, off, &t, NULL))
			return FDT_EBADBLOB;
		if (t.tag == TOK_BEGIN_NODE)
			return (int)off;
		if (t.tag != TOK_NOP)
			return FDT_EBADBLOB;
		off = t.next;
	}
}

/* Offset of the first token after the node's name. */
static int node_body(const struct fdt *f, int node, uint32_t *body)
{
	struct tok t;

	if (node < 0)
		return node;
	if (read_tok(f, (uint32_t)node, &t, NULL) || t.tag != TOK_BEGIN_NODE)
		return FDT_EBADBLOB;
	*body = t.next;
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
	uint32_t off;
	struct tok t;
	int err = node_body(f, node, &off);

	if (err)
		return err;
	for (;;) {
		if (read_tok(f, off, &t, NULL))
			return FDT_EBADBLOB;
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			return (int)off;
		case TOK_END_NODE:
			return FDT_ENOTFOUND;
		case TOK_END:
			return FDT_EBADBLOB;
		}
		off = t.next;
	}
}

/* Offset just past the node's END_NODE. */
static int skip_node(const struct fdt *f, int node, uint32_t *after)
{
	uint32_t off;
	int depth = 1;
	struct tok t;
	int err = node_body(f, node, &off);

	if (err)
		return err;
	for (;;) {
		if (read_tok(f, off, &t, NULL))
			return FDT_EBADBLOB;
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			if (++depth > FDT_MAX_DEPTH)
				return FDT_EBADBLOB;
			break;
		case TOK_END_NODE:
			if (--depth == 0) {
				*after = t.next;
				return 0;
			}
			break;
		case TOK_END:
			return FDT_EBADBLOB;
		}
		off = t.next;
	}
}

int fdt_next_sibling(const struct fdt *f, int node)
{
	uint32_t off;
	struct tok t;
	int err = skip_node(f, node, &off);

	if (err)
		return err;
	for (;;) {
		if (read_tok(f, off, &t, NULL))
			return FDT_EBADBLOB;
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			return (int)off;
		case TOK_END_NODE:
		case TOK_END:
			return FDT_ENOTFOUND;
		case TOK_PROP:
			return FDT_EBADBLOB;
		}
		off = t.next;
	}
}

int fdt_next_node(const struct fdt *f, int node, int *depth)
{
	uint32_t off;
	int d = depth ? *depth : 0;
	struct tok t;
	int err;

	if (node < 0) {
		if (depth)
			*depth = 0;
		return fdt_root(f);
	}
	err = node_body(f, node, &off);
	if (err)
		return err;
	for (;;) {
		if (read_tok(f, off, &t, NULL))
			return FDT_EBADBLOB;
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			if (++d > FDT_MAX_DEPTH)
				return FDT_EBADBLOB;
			if (depth)
				*depth = d;
			return (int)off;
		case TOK_END_NODE:
			d--;
			break;
		case TOK_END:
			if (depth)
				*depth = d;
			return FDT_ENOTFOUND;
		}
		off = t.next;
	}
}

/*
 * Root-to-node chain: stack[0] = root ... stack[*count - 1] = node.
 * There are no parent links in a DTB, so this walks from the start.
 */
static int ancestry(const struct fdt *f, int node, int *stack, int *count)
{
	uint32_t off = 0;
	int d = 0;
	struct tok t;

	if (node < 0)
		return node;
	for (;;) {
		if (read_tok(f, off, &t, NULL))
			return FDT_EBADBLOB;
		switch (t.tag) {
		case TOK_BEGIN_NODE:
			if (d >= FDT_MAX_DEPTH)
				return FDT_EBADBLOB;
			stack[d++] = (int)off;
			if (off == (uint32_t)node) {
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
		if (t.next > (uint32_t)node)
			return FDT_ENOTFOUND;	/* node is not a BEGIN_NODE */
		off = t.next;
	}
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
	uint32_t off;
	struct tok t;

	if (node_body(f, node, &off))
		return NULL;
	for (;;) {
		if (read_tok(f, off, &t, NULL))
			return NULL;
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
		off = t.next;
	}
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
		set_why(why, "node not found");
		return err;
	}
	if (count < 2) {
		set_why(why, "root node has no reg");
		return FDT_EINVAL;
	}
	ac = fdt_address_cells(f, stack[count - 2]);
	sc = fdt_size_cells(f, stack[count - 2]);
	if (ac < 1 || ac > 2 || sc > 2) {
		set_why(why, "unsupported #address-cells/#size-cells");
		return FDT_EINVAL;
	}
	reg = fdt_getprop(f, node, "reg", &len);
	if (!reg) {
		set_why(why, "no reg property");
		return FDT_ENOTFOUND;
	}
	entry = (ac + sc) * 4;
	if (((uint64_t)index + 1) * entry > len) {
		set_why(why, "reg too short");
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
			set_why(why, "bus without ranges");
			return FDT_ENOTFOUND;
		}
		if (!rlen)
			continue;	/* identity mapping */
		cac = fdt_address_cells(f, stack[i]);
		csc = fdt_size_cells(f, stack[i]);
		pac = fdt_address_cells(f, stack[i - 1]);
		if (cac < 1 || cac > 2 || pac < 1 || pac > 2 ||
		    csc < 1 || csc > 2) {
			set_why(why, "unsupported ranges cells");
			return FDT_EINVAL;
		}
		e = (cac + pac + csc) * 4;
		if (rlen % e) {
			set_why(why, "ranges length not a multiple of entry");
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
			set_why(why, "address outside bus ranges");
			return FDT_ENOTFOUND;
		}
	}
	if (addr)
		*addr = a;
	if (size)
		*size = s;
	return 0;
}

/* ---- cpus -------------------------------------------------------------- */

static bool is_cpu_node(const struct fdt *f, int node)
{
	const char *name;

	if (fdt_getprop(f, node, "device_type", NULL)) {
		const char *dt = fdt_getprop_str(f, node, "device_type");

		return dt && !strcmp(dt, "cpu");
	}
	name = fdt_node_name(f, node);
	return name && !strncmp(name, "cpu@", 4);
}

static bool node_enabled(const struct fdt *f, int node)
{
	const char *s;

	if (!fdt_getprop(f, node, "status", NULL))
		return true;
	s = fdt_getprop_str(f, node, "status");
	/* "disabled", "fail", "fail-sss", "reserved", garbage: not usable. */
	return s && (!strcmp(s, "okay") || !strcmp(s, "ok"));
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* tok == ext, case-insensitive, optionally followed by "<n>[p<m>]". */
static bool isa_token_is(const char *tok, size_t tlen, const char *ext,
			 size_t elen)
{
	size_t i;

	if (tlen < elen)
		return false;
	for (i = 0; i < elen; i++)
		if (lower(tok[i]) != lower(ext[i]))
			return false;
	if (i == tlen)
		return true;
	if (!is_digit(tok[i]))
		return false;
	while (i < tlen && is_digit(tok[i]))
		i++;
	if (i == tlen)
		return true;
	if (lower(tok[i]) != 'p' || ++i == tlen)
		return false;
	while (i < tlen && is_digit(tok[i]))
		i++;
	return i == tlen;
}

bool fdt_riscv_isa_has(const char *isa, uint32_t len, const char *ext)
{
	const char *end, *seg, *p;
	size_t elen;

	if (!isa || !ext || !(elen = strlen(ext)))
		return false;
	p = memchr(isa, 0, len);
	end = p ? p : isa + len;

	/* First segment: "rv64" + single letters, maybe one multi-letter. */
	seg = isa;
	p = seg;
	while (p < end && *p != '_')
		p++;
	{
		const char *q = seg;

		if (p - q >= 2 && lower(q[0]) == 'r' && lower(q[1]) == 'v')
			q += 2;
		while (q < p && is_digit(*q))
			q++;
		while (q < p && lower(*q) != 'z' && lower(*q) != 's' &&
		       lower(*q) != 'x')
			q++;
		if (q < p && isa_token_is(q, (size_t)(p - q), ext, elen))
			return true;
	}
	while (p < end) {
		seg = ++p;	/* skip '_' */
		while (p < end && *p != '_')
			p++;
		if (isa_token_is(seg, (size_t)(p - seg), ext, elen))
			return true;
	}
	return false;
}

static uint32_t next_cache_of(const struct fdt *f, int node, int *err)
{
	uint32_t ph;

	*err = fdt_getprop_u32(f, node, "next-level-cache", &ph);
	if (*err == FDT_ENOTFOUND)
		*err = fdt_getprop_u32(f, node, "l2-cache", &ph);
	return *err ? 0 : ph;
}

int fdt_cache_chain(const struct fdt *f, int node, struct fdt_cache_hop *hops,
		    size_t max, const char **why)
{
	int32_t level = 1;
	size_t k = 0, j;
	int cur = node;

	if (!hops || node < 0) {
		set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	for (;;) {
		int err, nx;
		uint32_t ph, lv;
		int32_t nl;

		ph = next_cache_of(f, cur, &err);
		if (err == FDT_ENOTFOUND)
			return (int)k;
		if (err) {
			set_why(why, "next-level-cache is not one cell");
			return FDT_EINVAL;
		}
		nx = fdt_node_by_phandle(f, ph);
		if (nx < 0) {
			set_why(why, "next-level-cache phandle names no node");
			return FDT_ENOTFOUND;
		}
		if (nx == node)
			goto cycle;
		for (j = 0; j < k; j++)
			if (hops[j].node == nx)
				goto cycle;
		if (k == max) {
			set_why(why, "cache chain too long");
			return FDT_ENOSPACE;
		}
		nl = level + 1;
		if (!fdt_getprop_u32(f, nx, "cache-level", &lv)) {
			if (lv <= (uint32_t)level || lv > 15) {
				set_why(why, "cache-level does not increase");
				return FDT_EINVAL;
			}
			nl = (int32_t)lv;
		}
		hops[k].phandle = ph;
		hops[k].node = nx;
		hops[k].level = nl;
		k++;
		level = nl;
		cur = nx;
	}
cycle:
	set_why(why, "next-level-cache cycle");
	return FDT_EBADBLOB;
}

/* N of "<prefix>N" (decimal, at most 9 digits), else -1. */
static int32_t name_index(const char *name, const char *prefix)
{
	size_t pl = strlen(prefix), i;
	int32_t v = 0;

	if (!name || strncmp(name, prefix, pl))
		return -1;
	name += pl;
	for (i = 0; is_digit(name[i]); i++) {
		if (i == 9)
			return -1;
		v = v * 10 + (name[i] - '0');
	}
	return i && !name[i] ? v : -1;
}

struct map_ctx {
	const struct fdt *f;
	struct fdt_cpu *cpus;
	size_t n;
	const char *why;
};

static int map_leaf(struct map_ctx *m, int node, int32_t socket,
		    int32_t cluster, int32_t core, int32_t thread)
{
	uint32_t ph;
	size_t i;

	if (fdt_getprop_u32(m->f, node, "cpu", &ph)) {
		m->why = "cpu-map leaf without a cpu phandle";
		return FDT_EINVAL;
	}
	for (i = 0; i < m->n; i++)
		if (ph && m->cpus[i].phandle == ph)
			break;
	if (i == m->n) {
		m->why = "cpu-map leaf references no cpu";
		return FDT_EINVAL;
	}
	if (m->cpus[i].core >= 0) {
		m->why = "cpu listed twice in cpu-map";
		return FDT_EINVAL;
	}
	m->cpus[i].socket = socket;
	m->cpus[i].cluster = cluster;
	m->cpus[i].core = core;
	m->cpus[i].thread = thread;
	return 0;
}

static int map_core(struct map_ctx *m, int node, int32_t socket,
		    int32_t cluster, int32_t core)
{
	bool threads = false;
	int c, err;

	for (c = fdt_first_child(m->f, node); c >= 0;
	     c = fdt_next_sibling(m->f, c)) {
		int32_t t = name_index(fdt_node_name(m->f, c), "thread");

		if (t < 0)
			continue;
		threads = true;
		err = map_leaf(m, c, socket, cluster, core, t);
		if (err)
			return err;
	}
	if (c != FDT_ENOTFOUND) {
		m->why = "malformed cpu-map";
		return c;
	}
	if (!threads)
		return map_leaf(m, node, socket, cluster, core, -1);
	if (fdt_getprop(m->f, node, "cpu", NULL)) {
		m->why = "cpu-map core has both cpu and threads";
		return FDT_EINVAL;
	}
	return 0;
}

/* A socket, a cluster, or the map itself; clusters may nest. */
static int map_group(struct map_ctx *m, int node, int32_t socket,
		     int32_t *nclusters, bool is_cluster, int depth)
{
	int32_t my_cluster = -1;
	int c, err;

	if (depth > MAP_MAX_DEPTH) {
		m->why = "cpu-map nested too deep";
		return FDT_EBADBLOB;
	}
	for (c = fdt_first_child(m->f, node); c >= 0;
	     c = fdt_next_sibling(m->f, c)) {
		const char *name = fdt_node_name(m->f, c);
		int32_t idx;

		if (name_index(name, "cluster") >= 0) {
			err = map_group(m, c, socket, nclusters, true,
					depth + 1);
		} else if ((idx = name_index(name, "core")) >= 0) {
			/* Only clusters that hold cores get an id. */
			if (is_cluster && my_cluster < 0)
				my_cluster = (*nclusters)++;
			err = map_core(m, c, socket, my_cluster, idx);
		} else {
			err = 0;
		}
		if (err)
			return err;
	}
	if (c != FDT_ENOTFOUND) {
		m->why = "malformed cpu-map";
		return c;
	}
	return 0;
}

static void clear_placement(struct fdt_cpu *cpus, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		cpus[i].socket = -1;
		cpus[i].cluster = -1;
		cpus[i].core = -1;
		cpus[i].thread = -1;
	}
}

int fdt_cpu_map_parse(const struct fdt *f, struct fdt_cpu *cpus, size_t n,
		      const char **why)
{
	struct map_ctx m = { f, cpus, n, NULL };
	bool sockets = false;
	int map, c, err = 0;
	int32_t nclusters;

	if (!cpus && n) {
		set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	clear_placement(cpus, n);
	map = fdt_path_offset(f, "/cpus/cpu-map");
	if (map < 0) {
		set_why(why, "no cpu-map");
		return map;
	}
	for (c = fdt_first_child(f, map); c >= 0; c = fdt_next_sibling(f, c))
		if (name_index(fdt_node_name(f, c), "socket") >= 0)
			sockets = true;
	if (!sockets) {
		nclusters = 0;
		err = map_group(&m, map, 0, &nclusters, false, 0);
	}
	for (c = fdt_first_child(f, map); sockets && c >= 0 && !err;
	     c = fdt_next_sibling(f, c)) {
		int32_t s = name_index(fdt_node_name(f, c), "socket");

		if (s < 0)
			continue;
		nclusters = 0;	/* cluster ids are per socket */
		err = map_group(&m, c, s, &nclusters, false, 1);
	}
	if (!err && c < 0 && c != FDT_ENOTFOUND) {
		m.why = "malformed cpu-map";
		err = c;
	}
	if (err) {
		clear_placement(cpus, n);
		set_why(why, m.why ? m.why : "malformed cpu-map");
		return err;
	}
	return 0;
}

int fdt_cpus_parse(const struct fdt *f, struct fdt_cpu *cpus, size_t max,
		   size_t *n, const char **why)
{
	struct fdt_cache_hop hops[FDT_MAX_CACHE_HOPS];
	size_t count = 0, i, j;
	uint32_t ac, len, v;
	int parent, c, k, ret = 0;

	if (!f || !n || (!cpus && max)) {
		set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	*n = 0;
	parent = fdt_path_offset(f, "/cpus");
	if (parent < 0) {
		set_why(why, "no /cpus node");
		return parent;
	}
	ac = fdt_address_cells(f, parent);
	if (ac < 1 || ac > 2) {
		set_why(why, "/cpus #address-cells not 1 or 2");
		return FDT_EINVAL;
	}
	for (c = fdt_first_child(f, parent); c >= 0;
	     c = fdt_next_sibling(f, c)) {
		struct fdt_cpu *cpu;
		const void *p;
		int err;

		if (!is_cpu_node(f, c))
			continue;
		if (count == max) {
			/* Still fill in what fits; the caller decides. */
			set_why(why, "too many cpus");
			ret = FDT_ENOSPACE;
			break;
		}
		cpu = &cpus[count];
		memset(cpu, 0, sizeof(*cpu));
		cpu->fdt_node = c;
		p = fdt_getprop(f, c, "reg", &len);
		if (!p || fdt_read_cells(p, len, 0, ac, &cpu->reg)) {
			set_why(why, "cpu node without a valid reg");
			return FDT_EINVAL;
		}
		for (j = 0; j < count; j++) {
			if (cpus[j].reg == cpu->reg) {
				set_why(why, "duplicate cpu reg");
				return FDT_EINVAL;
			}
		}
		cpu->phandle = fdt_get_phandle(f, c);
		cpu->enabled = node_enabled(f, c);
		cpu->node = -1;
		if (!fdt_getprop_u32(f, c, "numa-node-id", &v) && v <= INT32_MAX)
			cpu->node = (int32_t)v;
		cpu->socket = cpu->cluster = cpu->core = cpu->thread = -1;
		cpu->llc_level = -1;
		cpu->isa = fdt_getprop_str(f, c, "riscv,isa");
		if (!cpu->isa)
			cpu->isa = fdt_getprop_str(f, c, "riscv,isa-base");
		if (cpu->isa)
			cpu->isa_len = (uint32_t)strlen(cpu->isa);
		p = fdt_getprop(f, c, "riscv,isa-extensions", &len);
		if (p) {
			cpu->isa_extensions = p;
			cpu->isa_extensions_len = len;
		}
		cpu->has_zabha = fdt_riscv_isa_has(cpu->isa, cpu->isa_len,
						   "zabha") ||
				 fdt_stringlist_contains(p, p ? len : 0,
							 "zabha");
		cpu->enable_method = fdt_getprop_str(f, c, "enable-method");
		cpu->next_cache = next_cache_of(f, c, &err);
		count++;
	}
	if (!ret && c != FDT_ENOTFOUND) {
		set_why(why, "malformed /cpus");
		return c;
	}
	*n = count;

	for (i = 0; i < count; i++) {
		k = fdt_cache_chain(f, cpus[i].fdt_node, hops,
				    FDT_MAX_CACHE_HOPS, NULL);
		if (k > 0) {
			cpus[i].llc_phandle = hops[k - 1].phandle;
			cpus[i].llc_level = hops[k - 1].level;
		}
	}
	/* A bad map is not a bad cpu list: placement just stays unknown. */
	fdt_cpu_map_parse(f, cpus, count, NULL);
	return ret;
}

/* ---- caches ------------------------------------------------------------ */

struct cache_geom {
	uint32_t size, line, sets;
	bool any;
};

static void read_geom(const struct fdt *f, int node, const char *prefix,
		      struct cache_geom *g)
{
	static const char *const names[] = {
		"cache-size", "cache-line-size", "cache-block-size",
		"cache-sets",
	};
	uint32_t v[4] = { 0, 0, 0, 0 };
	char buf[32];
	size_t pl = strlen(prefix), i;

	g->any = false;
	for (i = 0; i < 4; i++) {
		memcpy(buf, prefix, pl);
		memcpy(buf + pl, names[i], strlen(names[i]) + 1);
		if (!fdt_getprop_u32(f, node, buf, &v[i]))
			g->any = true;
	}
	g->size = v[0];
	g->line = v[1] ? v[1] : v[2];	/* line size defaults to block size */
	g->sets = v[3];
}

struct cache_out {
	struct fdt_cache *caches;
	size_t max, n;
};

static int add_cache(struct cache_out *o, int node, uint32_t phandle,
		     int level, enum fdt_cache_type type,
		     const struct cache_geom *g, uint32_t next)
{
	struct fdt_cache *c;
	uint64_t per_way;
	size_t i;

	for (i = 0; i < o->n; i++) {
		if (o->caches[i].fdt_node == node && o->caches[i].type == type) {
			o->caches[i].ncpus++;
			return 0;
		}
	}
	if (o->n == o->max)
		return FDT_ENOSPACE;
	c = &o->caches[o->n++];
	memset(c, 0, sizeof(*c));
	c->phandle = phandle;
	c->level = level;
	c->type = type;
	c->unified = type == FDT_CACHE_UNIFIED;
	c->size = g->size;
	c->line = g->line;
	c->sets = g->sets;
	per_way = (uint64_t)g->line * g->sets;
	if (per_way && g->size && g->size % per_way == 0)
		c->ways = (uint32_t)(g->size / per_way);
	c->fdt_node = node;
	c->next_level = next;
	c->ncpus = 1;
	return 0;
}

static int add_node_caches(const struct fdt *f, struct cache_out *o, int node,
			   uint32_t phandle, int level, bool is_cpu,
			   uint32_t next)
{
	struct cache_geom u, d, i;
	bool unified = fdt_getprop(f, node, "cache-unified", NULL) != NULL;
	int err = 0;

	read_geom(f, node, "", &u);
	read_geom(f, node, "d-", &d);
	read_geom(f, node, "i-", &i);
	/*
	 * A cache node is one unified cache unless it only describes split
	 * halves; a cpu node describes its L1 only when it has properties.
	 */
	if (unified || (u.any && !d.any && !i.any) ||
	    (!is_cpu && !d.any && !i.any))
		return add_cache(o, node, phandle, level, FDT_CACHE_UNIFIED,
				 &u, next);
	if (d.any)
		err = add_cache(o, node, phandle, level, FDT_CACHE_DATA, &d,
				next);
	if (!err && i.any)
		err = add_cache(o, node, phandle, level,
				FDT_CACHE_INSTRUCTION, &i, next);
	return err;
}

int fdt_caches_parse(const struct fdt *f, const struct fdt_cpu *cpus,
		     size_t ncpus, struct fdt_cache *caches, size_t max,
		     size_t *n, const char **why)
{
	struct fdt_cache_hop hops[FDT_MAX_CACHE_HOPS];
	struct cache_out o = { caches, max, 0 };
	size_t i;
	int k, j, err;

	if (!f || !n || (!cpus && ncpus) || (!caches && max)) {
		set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	*n = 0;
	for (i = 0; i < ncpus; i++) {
		int node = cpus[i].fdt_node;

		if (!fdt_node_name(f, node)) {
			set_why(why, "cpu entry names no node");
			return FDT_EINVAL;
		}
		err = add_node_caches(f, &o, node, cpus[i].phandle, 1, true,
				      cpus[i].next_cache);
		k = fdt_cache_chain(f, node, hops, FDT_MAX_CACHE_HOPS, NULL);
		for (j = 0; !err && j < k; j++)
			err = add_node_caches(f, &o, hops[j].node,
					      hops[j].phandle, hops[j].level,
					      false,
					      j + 1 < k ? hops[j + 1].phandle : 0);
		if (err) {
			*n = o.n;
			set_why(why, "too many caches");
			return err;
		}
	}
	*n = o.n;
	return 0;
}

/* ---- other firmware facts ---------------------------------------------- */

int fdt_distance_map(const struct fdt *f, uint32_t *triples,
		     size_t max_triples, size_t *n, const char **why)
{
	const uint8_t *p;
	uint32_t len;
	size_t cnt, i;
	int node;

	if (!f || !n || (!triples && max_triples)) {
		set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	*n = 0;
	node = fdt_node_by_compatible(f, "numa-distance-map-v1");
	if (node == FDT_ENOTFOUND)
		return 0;
	if (node < 0) {
		set_why(why, "malformed tree");
		return node;
	}
	p = fdt_getprop(f, node, "distance-matrix", &len);
	if (!p) {
		set_why(why, "distance map without distance-matrix");
		return FDT_EINVAL;
	}
	if (len % 12) {
		set_why(why, "distance-matrix length not a multiple of 12");
		return FDT_EINVAL;
	}
	cnt = len / 12;
	for (i = 0; i < cnt && i < max_triples; i++) {
		triples[3 * i] = fdt_be32(p + 12 * i);
		triples[3 * i + 1] = fdt_be32(p + 12 * i + 4);
		triples[3 * i + 2] = fdt_be32(p + 12 * i + 8);
	}
	*n = i;
	if (cnt > max_triples) {
		set_why(why, "too many distances");
		return FDT_ENOSPACE;
	}
	return 0;
}

int fdt_chosen(const struct fdt *f, const char **stdout_path,
	       const char **bootargs)
{
	int node = fdt_path_offset(f, "/chosen");
	const char *s;

	if (stdout_path)
		*stdout_path = NULL;
	if (bootargs)
		*bootargs = NULL;
	if (node < 0)
		return node == FDT_EBADBLOB ? node : 0;
	if (stdout_path) {
		s = fdt_getprop_str(f, node, "stdout-path");
		if (!s && !fdt_getprop(f, node, "stdout-path", NULL))
			s = fdt_getprop_str(f, node, "linux,stdout-path");
		*stdout_path = s;
	}
	if (bootargs)
		*bootargs = fdt_getprop_str(f, node, "bootargs");
	return 0;
}

static int read_freq(const struct fdt *f, int node, const char *name,
		     uint64_t *hz)
{
	uint32_t len;
	const void *p = fdt_getprop(f, node, name, &len);
	uint64_t v;

	if (!p)
		return FDT_ENOTFOUND;
	if (len == 4)
		v = fdt_be32(p);
	else if (len == 8)
		v = fdt_be64(p);
	else
		return FDT_EINVAL;
	if (!v)
		return FDT_EINVAL;
	*hz = v;
	return 0;
}

static bool is_memory_node(const struct fdt *f, int node)
{
	const char *name;

	if (fdt_getprop(f, node, "device_type", NULL)) {
		const char *dt = fdt_getprop_str(f, node, "device_type");

		return dt && !strcmp(dt, "memory");
	}
	name = fdt_node_name(f, node);
	return name && (!strcmp(name, "memory") || !strncmp(name, "memory@", 7));
}

int fdt_memory_ranges(const struct fdt *f, struct fdt_mem_range *r,
		      size_t max, size_t *n, const char **why)
{
	int root = fdt_root(f), c;
	uint32_t ac, sc;

	if (!n || (!r && max))
		return FDT_EINVAL;
	*n = 0;
	if (root < 0)
		return root;
	ac = fdt_address_cells(f, root);
	sc = fdt_size_cells(f, root);
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2) {
		set_why(why, "unsupported #address-cells/#size-cells");
		return FDT_EINVAL;
	}
	for (c = fdt_first_child(f, root); c >= 0; c = fdt_next_sibling(f, c)) {
		uint32_t len = 0, nid;
		int32_t node = -1;

		if (!is_memory_node(f, c) || !node_enabled(f, c) ||
		    !fdt_getprop(f, c, "reg", &len))
			continue;
		if (!fdt_getprop_u32(f, c, "numa-node-id", &nid) &&
		    nid <= INT32_MAX)
			node = (int32_t)nid;
		for (unsigned i = 0; i < len / ((ac + sc) * 4); i++) {
			uint64_t base, size;
			int err = fdt_reg_address(f, c, i, &base, &size, why);

			if (err)
				return err;
			if (!size)
				continue;
			if (*n == max) {
				set_why(why, "more memory ranges than room");
				return FDT_ENOSPACE;
			}
			r[*n] = (struct fdt_mem_range){ base, size, node };
			(*n)++;
		}
	}
	return c == FDT_ENOTFOUND ? 0 : c;
}

int fdt_timebase_hz(const struct fdt *f, uint64_t *hz)
{
	int cpus = fdt_path_offset(f, "/cpus"), c, err;

	if (!hz)
		return FDT_EINVAL;
	if (cpus < 0)
		return cpus;
	err = read_freq(f, cpus, "timebase-frequency", hz);
	if (err != FDT_ENOTFOUND)
		return err;
	for (c = fdt_first_child(f, cpus); c >= 0; c = fdt_next_sibling(f, c))
		if (is_cpu_node(f, c))
			return read_freq(f, c, "timebase-frequency", hz);
	return c == FDT_ENOTFOUND ? FDT_ENOTFOUND : c;
}

int fdt_psci_method(const struct fdt *f, const char **method)
{
	int node = fdt_path_offset(f, "/psci");
	const char *m;

	if (!method)
		return FDT_EINVAL;
	if (node < 0)
		return node;
	if (!fdt_getprop(f, node, "method", NULL))
		return FDT_ENOTFOUND;
	m = fdt_getprop_str(f, node, "method");
	if (m && !strcmp(m, "hvc"))
		*method = "hvc";
	else if (m && !strcmp(m, "smc"))
		*method = "smc";
	else
		return FDT_EINVAL;
	return 0;
}

int fdt_uart_info(const struct fdt *f, const char *path_or_alias,
		  struct fdt_uart_info *u, const char **why)
{
	const char *p = path_or_alias, *opt;
	size_t len;
	uint32_t v;
	int node, err;

	if (!f || !u) {
		set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	memset(u, 0, sizeof(*u));
	u->node = -1;
	u->reg_io_width = 1;
	if (!p) {
		err = fdt_chosen(f, &p, NULL);
		if (err || !p) {
			set_why(why, "no stdout-path");
			return err ? err : FDT_ENOTFOUND;
		}
	}
	len = strlen(p);
	opt = memchr(p, ':', len);
	if (opt)
		len = (size_t)(opt - p);
	if (!len) {
		set_why(why, "empty console path");
		return FDT_EINVAL;
	}
	node = fdt_path_offset_n(f, p, len);
	if (node < 0) {
		set_why(why, "console path names no node");
		return node;
	}
	err = fdt_reg_address(f, node, 0, &u->base, &u->size, why);
	if (err)
		return err;
	u->node = node;
	u->compatible = fdt_getprop_str(f, node, "compatible");
	if (!fdt_getprop_u32(f, node, "reg-shift", &v))
		u->reg_shift = v;
	if (!fdt_getprop_u32(f, node, "reg-io-width", &v))
		u->reg_io_width = v;
	if (!fdt_getprop_u32(f, node, "clock-frequency", &v))
		u->clock_hz = v;
	if (opt) {
		uint32_t baud = 0;
		int i;

		/* "115200n8": the leading digits are the speed. */
		for (i = 1; i < 10 && is_digit(opt[i]); i++)
			baud = baud * 10 + (uint32_t)(opt[i] - '0');
		u->baud = baud;
	}
	if (!u->baud && !fdt_getprop_u32(f, node, "current-speed", &v))
		u->baud = v;
	return 0;
}

int fdt_uart(const struct fdt *f, const char *path_or_alias, uint64_t *base,
	     const char **compatible)
{
	struct fdt_uart_info u;
	int err = fdt_uart_info(f, path_or_alias, &u, NULL);

	if (err)
		return err;
	if (base)
		*base = u.base;
	if (compatible)
		*compatible = u.compatible;
	return 0;
}
