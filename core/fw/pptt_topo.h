/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PPTT into the topology model: package, core and LLC of every CPU, and
 * the caches with their sharers, the way Linux reads the same table.
 * CPU i of the topology is the one whose ACPI processor UID is uids[i].
 */
#ifndef SBM_CORE_PPTT_TOPO_H
#define SBM_CORE_PPTT_TOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "topo/topo.h"

struct pptt_topo_info {
	bool caches;		/* the table describes caches */
	/*
	 * The deepest cache it describes is private to a core (Ampere Altra
	 * without "SLC as L3"): the LLC is the core's cluster (its parent
	 * node), else its package, as Linux's scheduler groups CPUs, while
	 * the kernel's cacheinfo and llc_sibling masks are per core.
	 */
	bool private_llc;
	bool llc_is_cluster;	/* with private_llc: cluster, not package */
	uint8_t llc_level;	/* level of the deepest cache, 0 without */
	/* caches for some CPUs only and no clusters: no LLC taken */
	bool llc_dropped;
};

/*
 * Before topo_finalize(): raw_package, raw_core and raw_llc of every
 * listed CPU from its PPTT chain, and t->llc_source ("pptt-cache",
 * "pptt-cluster-private-caches", "pptt-package-private-caches" or
 * "inferred-pptt-cluster"; left alone without caches or clusters).  The
 * LLC: the node that reaches the deepest data or unified cache, or by
 * the rule above when that node is the core.  -1 with *why when a CPU
 * has no valid chain: nothing is set then (half a PPTT is none).
 */
int pptt_topo_cpus(struct topo *t, const uint32_t *uids, const void *tbl,
		   size_t len, struct pptt_topo_info *info, const char **why);

/*
 * After topo_finalize(): the boot CPU's caches into t->caches.  Sharers
 * are counted by the processor node that reaches a cache, not by its
 * structure (vendors let every core reference one L1/L2 description):
 * shared_by the usable CPUs whose same cache (level and type) is reached
 * from the boot CPU's node, instances the distinct nodes.  False when the
 * table describes none for the boot CPU.
 */
bool pptt_topo_caches(struct topo *t, const uint32_t *uids, const void *tbl,
		      size_t len);

#endif
