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
 */
#ifndef SBM_FDT_H
#define SBM_FDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FDT_MAGIC		0xd00dfeedu
#define FDT_MAX_DEPTH		64	/* nesting cap: real trees use < 10 */
#define FDT_MAX_TOKENS		(1u << 24) /* walk cap: 64 MiB of struct */
#define FDT_MAX_CACHE_HOPS	8	/* next-level-cache chain length cap */

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

/* ---- high level: topology discovery ---------------------------------- */

struct fdt_cpu {
	uint64_t reg;		/* hart id / MPIDR (/cpus #address-cells) */
	uint32_t phandle;	/* 0 when the node has none */
	bool enabled;		/* status absent, "okay" or "ok" */
	int32_t node;		/* numa-node-id, -1 when absent */
	/*
	 * Placement from /cpus/cpu-map, -1 when unknown.  socket is N of
	 * socketN, or 0 when the map has no socket level (Linux's rule).
	 * cluster numbers the innermost clusters of a socket in tree order
	 * (0, 1, ...), so nested clusters get ids unique in their socket.
	 * core and thread are the N of coreN / threadN (unique in their
	 * parent); thread is -1 for a core without thread nodes.
	 */
	int32_t socket, cluster, core, thread;
	uint32_t llc_phandle;	/* last cache of the next-level-cache chain */
	int32_t llc_level;	/* its level, -1 when there is no chain */
	const char *isa;	/* riscv,isa (else riscv,isa-base), or NULL */
	uint32_t isa_len;	/* strlen(isa) */
	const char *isa_extensions; /* riscv,isa-extensions stringlist */
	uint32_t isa_extensions_len; /* its byte length */
	bool has_zabha;
	const char *enable_method; /* arm64 "psci" / "spin-table", or NULL */
	int32_t fdt_node;	/* offset of the cpu node */
	uint32_t next_cache;	/* first next-level-cache phandle, 0 if none */
};

/*
 * Every child of /cpus with device_type "cpu" (or, lacking device_type,
 * named "cpu@..."), in tree order, disabled ones included.  More cpus than
 * `max` gives FDT_ENOSPACE with the first `max` filled.  A malformed
 * cpu-map is ignored (placement stays -1); fdt_cpu_map_parse() says why.
 * A broken next-level-cache chain leaves only that cpu's LLC unknown.
 */
int fdt_cpus_parse(const struct fdt *f, struct fdt_cpu *cpus, size_t max,
		   size_t *n, const char **why);

/*
 * Fill socket/cluster/core/thread of cpus[] from /cpus/cpu-map, matching
 * leaves by phandle.  FDT_ENOTFOUND when there is no cpu-map; on any other
 * error all placement is reset to -1.  Leaves referencing no listed cpu,
 * a cpu referenced twice, or a core with neither cpu nor threads are errors.
 */
int fdt_cpu_map_parse(const struct fdt *f, struct fdt_cpu *cpus, size_t n,
		      const char **why);

/*
 * True when `ext` is one complete multi-letter extension of the riscv ISA
 * string (case-insensitive, optional version suffix like "1p0"): tokens are
 * separated by '_', and the first multi-letter extension may follow the
 * single-letter ones directly ("rv64imaczabha").
 */
bool fdt_riscv_isa_has(const char *isa, uint32_t len, const char *ext);

struct fdt_cache_hop {
	uint32_t phandle;
	int32_t node;
	int32_t level;		/* cache-level, else previous level + 1 */
};

/*
 * Follow next-level-cache (or legacy l2-cache) from `node` (a cpu or a
 * cache); the cpu itself counts as level 1.  Returns the number of hops
 * stored, or a negative error on a dangling phandle, a cycle or a chain
 * longer than `max`.
 */
int fdt_cache_chain(const struct fdt *f, int node, struct fdt_cache_hop *hops,
		    size_t max, const char **why);

enum fdt_cache_type {
	FDT_CACHE_UNIFIED,
	FDT_CACHE_DATA,
	FDT_CACHE_INSTRUCTION,
};

struct fdt_cache {
	uint32_t phandle;	/* cache node; the cpu's for L1 on cpu nodes */
	int level;
	bool unified;		/* type == FDT_CACHE_UNIFIED */
	uint32_t size, line, sets; /* 0 when not given */
	enum fdt_cache_type type;
	uint32_t ways;		/* size / (line * sets) when exact, else 0 */
	int32_t fdt_node;	/* cpu node for L1 entries, else cache node */
	uint32_t next_level;	/* next-level-cache phandle, 0 if none */
	uint32_t ncpus;		/* how many of the given cpus reach it */
};

/*
 * Caches of the given cpus: L1 d/i (or unified) properties on each cpu node,
 * then every cache node on each cpu's next-level-cache chain, once each
 * (ncpus counts the sharers).  Split caches give one entry per type.
 * Line size falls back to *-block-size.  A cpu with a broken chain
 * contributes its L1 entries only.
 */
int fdt_caches_parse(const struct fdt *f, const struct fdt_cpu *cpus,
		     size_t ncpus, struct fdt_cache *caches, size_t max,
		     size_t *n, const char **why);

/*
 * NUMA distances from the first node compatible with
 * "numa-distance-map-v1" (normally /distance-map): `distance-matrix`
 * triples (from, to, distance) into triples[3 * i ...].  No map: *n = 0,
 * returns 0.  Values are not judged here.
 */
int fdt_distance_map(const struct fdt *f, uint32_t *triples,
		     size_t max_triples, size_t *n, const char **why);

/*
 * /chosen stdout-path (or linux,stdout-path) and bootargs; each output may
 * be NULL, and is set to NULL when absent or not NUL-terminated.
 */
int fdt_chosen(const struct fdt *f, const char **stdout_path,
	       const char **bootargs);

/* /cpus timebase-frequency (u32 or u64), else the first cpu node's. */
int fdt_timebase_hz(const struct fdt *f, uint64_t *hz);

struct fdt_mem_range {
	uint64_t base, size;
	int32_t node;		/* numa-node-id, -1 when absent */
};

/*
 * RAM from the root's memory nodes (device_type "memory", else named
 * "memory" / "memory@..."; disabled ones left out): every non-empty reg
 * entry, in tree order.  More than `max` gives FDT_ENOSPACE with the
 * first `max` filled.
 */
int fdt_memory_ranges(const struct fdt *f, struct fdt_mem_range *r,
		      size_t max, size_t *n, const char **why);

/* /psci "method": *method = "hvc" or "smc" (static strings). */
int fdt_psci_method(const struct fdt *f, const char **method);

struct fdt_uart_info {
	int32_t node;
	uint64_t base;		/* CPU address of reg[0] after ranges */
	uint64_t size;
	const char *compatible;	/* first compatible string, or NULL */
	uint32_t reg_shift;	/* 0 when absent */
	uint32_t reg_io_width;	/* 1 when absent */
	uint32_t clock_hz;	/* clock-frequency, 0 when absent */
	uint32_t baud;		/* from ":115200n8" or current-speed, else 0 */
};

/*
 * Resolve a console: `path_or_alias` is a path or alias with optional
 * ":options"; NULL means /chosen stdout-path.
 */
int fdt_uart_info(const struct fdt *f, const char *path_or_alias,
		  struct fdt_uart_info *u, const char **why);
/* The short form: base address and first compatible string. */
int fdt_uart(const struct fdt *f, const char *path_or_alias, uint64_t *base,
	     const char **compatible);

#endif
