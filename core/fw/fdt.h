/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Flattened device tree (DTB) reader: pure functions over a byte buffer.
 *
 * The blob is treated as hostile.  fdt_open() checks the header and walks
 * the whole structure block once; every later read re-checks the bounds of
 * what it touches, so no call reads outside [blob, blob + totalsize) and
 * every walk ends (offsets only move forward, nesting is capped at
 * FDT_MAX_DEPTH).  Nothing here allocates, prints or keeps global state.
 *
 * Nodes are named by "offsets": the position of the node's BEGIN_NODE token
 * inside the structure block (the root is usually 0).  Functions returning
 * an int give an offset >= 0 or one of the negative FDT_E* codes.  Functions
 * with a `why` argument set *why (when why is not NULL) to a short static
 * reason on failure.  Strings returned point into the blob and are always
 * NUL-terminated inside it.
 *
 * This is the blob reader only.  The bindings built on it have their own
 * headers: fdt_cpus.h (cpus, cpu-map, riscv ISA), fdt_caches.h,
 * fdt_numa.h (memory, distance map), fdt_platform.h (chosen, console,
 * timebase, PSCI).
 */
#ifndef SBM_FDT_H
#define SBM_FDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FDT_MAGIC		0xd00dfeedu
#define FDT_MAX_DEPTH		64	/* nesting cap: real trees use < 10 */
#define FDT_MAX_TOKENS		(1u << 24) /* walk cap: 64 MiB of struct */

enum {
	FDT_ENOTFOUND = -1,	/* no such node or property */
	FDT_EBADBLOB = -2,	/* structure is malformed */
	FDT_ENOSPACE = -3,	/* caller's array is too small */
	FDT_EINVAL = -4,	/* bad argument or bad property value */
	FDT_EAMBIGUOUS = -5,	/* unit-less path component matched >1 node */
};

struct fdt {
	const uint8_t *blob;
	uint32_t size;		/* header totalsize */
	uint32_t off_struct, size_struct;
	uint32_t off_strings, size_strings;
	uint32_t version;
	uint32_t boot_cpuid_phys;
};

/* ---- low level -------------------------------------------------------- */

/*
 * Read the totalsize of a blob whose first `avail` bytes are readable, so
 * that a caller handed a bare pointer (riscv a1) knows how much to map.
 * Returns 0 when the magic is wrong or avail < 8.
 */
uint32_t fdt_peek_totalsize(const void *blob, size_t avail);

/* Check the header and the whole structure block; fill *f. */
int fdt_open(struct fdt *f, const void *blob, size_t avail, const char **why);

uint32_t fdt_be32(const void *p);
uint64_t fdt_be64(const void *p);

/* Offset of the root node. */
int fdt_root(const struct fdt *f);

/*
 * Path lookup.  Components are separated by '/' (repeated '/' ignored).
 * A path not starting with '/' begins with an alias name from /aliases.
 * Matching rule per component:
 *   - a child whose full name equals the component always wins
 *     ("cpu@0" matches only "cpu@0"; "cpus" matches "cpus");
 *   - otherwise, when the component has no '@', a child named
 *     "<component>@<unit>" matches if it is the only such child;
 *     several candidates give FDT_EAMBIGUOUS.
 */
int fdt_path_offset(const struct fdt *f, const char *path);
/* Same for a path of `len` bytes, not necessarily NUL-terminated. */
int fdt_path_offset_n(const struct fdt *f, const char *path, size_t len);
/* One component under `parent`, with the rule above. */
int fdt_subnode_offset(const struct fdt *f, int parent, const char *name,
		       size_t len);

int fdt_first_child(const struct fdt *f, int node);
int fdt_next_sibling(const struct fdt *f, int node);
/* Next node in document order; *depth (may be NULL) tracks nesting. */
int fdt_next_node(const struct fdt *f, int node, int *depth);
int fdt_parent_offset(const struct fdt *f, int node);
const char *fdt_node_name(const struct fdt *f, int node);

/* Value of property `name` of `node` (NULL when absent); *len its size. */
const void *fdt_getprop(const struct fdt *f, int node, const char *name,
			uint32_t *len);
/* The property as a string, NULL unless NUL-terminated within its length. */
const char *fdt_getprop_str(const struct fdt *f, int node, const char *name);
/* A one-cell (len 4) property. */
int fdt_getprop_u32(const struct fdt *f, int node, const char *name,
		    uint32_t *out);

/* "phandle" (or legacy "linux,phandle"), 0 when absent or invalid. */
uint32_t fdt_get_phandle(const struct fdt *f, int node);
int fdt_node_by_phandle(const struct fdt *f, uint32_t phandle);
/* First node in document order whose compatible list contains `compat`. */
int fdt_node_by_compatible(const struct fdt *f, const char *compat);

/* #address-cells / #size-cells of a node, spec defaults 2 / 1. */
uint32_t fdt_address_cells(const struct fdt *f, int node);
uint32_t fdt_size_cells(const struct fdt *f, int node);

/*
 * Element `index` of an array of `ncells`-cell (1 or 2) big-endian numbers
 * of `len` bytes.  Returns 0, or FDT_EINVAL when out of range.
 */
int fdt_read_cells(const void *p, uint32_t len, unsigned index,
		   unsigned ncells, uint64_t *out);

/* Exact match of `s` against the NUL-terminated strings in the property. */
bool fdt_stringlist_contains(const void *prop, uint32_t len, const char *s);

/*
 * Entry `index` of a node's "reg", with the parent's cell counts, translated
 * to a CPU address through every ancestor bus's "ranges" (an empty ranges is
 * identity; a bus with no ranges cannot be translated: FDT_ENOTFOUND).
 * size may be NULL.
 */
int fdt_reg_address(const struct fdt *f, int node, unsigned index,
		    uint64_t *addr, uint64_t *size, const char **why);

/* ---- for the binding parsers ------------------------------------------ */

/* Store s in *why when why is not NULL (the convention above). */
static inline void fdt_set_why(const char **why, const char *s)
{
	if (why)
		*why = s;
}

/* device_type "cpu", or, lacking device_type, a name "cpu@...". */
bool fdt_node_is_cpu(const struct fdt *f, int node);

/* status absent, "okay" or "ok"; anything else is not usable. */
bool fdt_node_is_enabled(const struct fdt *f, int node);

#endif
