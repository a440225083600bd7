/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The topology model every platform fills: logical CPUs with their
 * hardware id and their place (NUMA node, package, LLC, core, SMT thread),
 * the cache descriptions, the node distances.  Platforms record raw
 * firmware ids; topo_finalize() maps them to dense logical ids.
 */
#ifndef SBM_TOPO_H
#define SBM_TOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TOPO_MAX_CPUS	4096
#define TOPO_MAX_NODES	64
#define TOPO_MAX_CACHES	8
#define TOPO_NONE	UINT32_MAX	/* raw or logical id unknown */

enum topo_cpu_flags {
	TOPO_CPU_BSP = 1u << 0,		/* the CPU that runs the report */
	TOPO_CPU_DISABLED = 1u << 1,	/* listed but must not be started */
	TOPO_CPU_ONLINE = 1u << 2,	/* took part: came up and answered */
	TOPO_CPU_FAILED = 1u << 3,	/* start attempted, never arrived */
};

struct topo_cpu {
	uint64_t hwid;		/* APIC id, MPIDR, hart id, Linux cpu nr */
	uint32_t flags;
	/* raw ids as the firmware states them (TOPO_NONE = unknown) */
	uint32_t raw_node, raw_package, raw_llc, raw_core;
	/* dense logical ids, set by topo_finalize() */
	uint32_t node, package, llc, core, smt;
};

enum topo_cache_type { CACHE_DATA = 1, CACHE_INST = 2, CACHE_UNIFIED = 3 };

struct topo_cache {
	uint32_t level;
	enum topo_cache_type type;
	uint32_t size, line, ways, sets;
	uint32_t shared_by;	/* CPUs per instance */
	uint32_t instances;
};

struct topo {
	uint32_t ncpus;
	/* After topo_finalize(): CPUs the firmware lists but that must not
	 * be started (disabled, online-capable hot-plug slots) follow the
	 * ncpus others in cpus[], outside every count and layout, as Linux
	 * keeps them out of the present map; the report lists them. */
	uint32_t ndisabled;
	struct topo_cpu *cpus;	/* caller-provided storage, TOPO_MAX_CPUS */
	uint32_t nnodes, npackages, nllcs, ncores;
	uint32_t max_smt;	/* threads per core, at most */
	uint32_t ncaches;
	struct topo_cache caches[TOPO_MAX_CACHES];
	/* row-major nnodes x nnodes, 0 = unknown (no SLIT/distance-map) */
	uint8_t distance[TOPO_MAX_NODES * TOPO_MAX_NODES];
	bool have_distance;
	uint32_t line_size;	/* coherence granule used for layouts */
	bool llc_split_by_node;	/* a firmware LLC spans nodes (SNC): split */
	/* where the groupings came from, for the report: "cpuid", "sysfs" ... */
	const char *llc_source;
	const char *node_source;
	/* raw node id of each logical node, for distance lookups */
	uint32_t node_raw[TOPO_MAX_NODES];
};

void topo_init(struct topo *t, struct topo_cpu *storage);

/* Append a CPU; returns its logical index or -1 when full. */
int topo_add_cpu(struct topo *t, uint64_t hwid, uint32_t flags);

/* Find the logical CPU with hardware id @hwid (disabled ones too), or -1. */
int topo_find_hwid(const struct topo *t, uint64_t hwid);

/* Record a cache kind; instances and shared_by are filled by the caller. */
int topo_add_cache(struct topo *t, const struct topo_cache *c);

/* Set the distance between two raw node ids (after finalize). */
void topo_set_distance(struct topo *t, uint32_t raw_from, uint32_t raw_to,
		       uint8_t dist);
uint8_t topo_distance(const struct topo *t, uint32_t node_a, uint32_t node_b);

/*
 * Map raw ids to dense logical ids and count.  Where no CPU states a node,
 * all share node 0; where no CPU states an LLC, each package is one LLC;
 * where no CPU states a core, each CPU is its own core.  A partly missing
 * id is an error.  An LLC that spans NUMA nodes (sub-NUMA clustering) is
 * split into one LLC per node, and llc_split_by_node says so.  Disabled
 * CPUs move behind the others (in their order; ndisabled counts them) and
 * count in nothing; their ids are numbered after the usable CPUs' ones.
 * Returns 0, or -1 with a reason in @why.
 */
int topo_finalize(struct topo *t, const char **why);

/* CPUs that may take part (not disabled, not failed). */
bool topo_cpu_usable(const struct topo_cpu *c);
uint32_t topo_usable_count(const struct topo *t);

/*
 * Format a CPU id list compactly ("0-3,8,10-11") into @buf, whole items
 * only; returns how many of the @n ids it holds (the rest did not fit).
 */
size_t topo_format_list(char *buf, size_t len, const uint32_t *ids, size_t n);

/*
 * Read such a list (as topo_format_list and Linux's cpulist files write
 * it): @each(id, @ctx) for every id in order; the count, or -1 when @s
 * is no list or names an id at or beyond TOPO_MAX_CPUS (@each may have
 * seen the ids before the fault).
 */
int topo_parse_list(const char *s, void (*each)(uint32_t id, void *ctx),
		    void *ctx);

#endif
