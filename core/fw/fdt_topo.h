/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The topology model from a device tree, for every platform that boots
 * with one (riscv64 always, arm64 without ACPI).
 */
#ifndef SBM_FDT_TOPO_H
#define SBM_FDT_TOPO_H

#include <stdbool.h>
#include <stdint.h>

#include "fw/fdt.h"
#include "topo/topo.h"

struct fdt_topo_info {
	bool truncated;		/* more cpus in the DT than TOPO_MAX_CPUS */
	bool all_zabha;		/* every enabled cpu's ISA has Zabha */
};

/*
 * CPUs from /cpus (hardware id = reg & @hwid_mask; the boot CPU is the one
 * whose id is @boot_hwid, and is never marked disabled), nodes from
 * numa-node-id, packages and cores from /cpus/cpu-map, LLCs from
 * next-level-cache chains, else one per cpu-map cluster (llc_source says
 * which), caches from cache nodes.  Before topo_finalize().
 */
int fdt_topo_cpus(const struct fdt *f, struct topo *t, uint64_t boot_hwid,
		  uint64_t hwid_mask, struct fdt_topo_info *info,
		  const char **why);

/* Node distances from /distance-map, mirrored where only one direction is
 * given.  After topo_finalize(). */
void fdt_topo_distances(const struct fdt *f, struct topo *t);

#endif
