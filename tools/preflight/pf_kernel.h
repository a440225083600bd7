/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the running kernel says of the machine (sysfs, /proc/cpuinfo),
 * and the image's view held against it, ACPI or device tree: CPU counts,
 * packages, cores, NUMA nodes and their distances, LLC sharing.  Each is
 * "agrees" or a difference with both values; one the image makes on
 * purpose says so.
 */
#ifndef SBM_TOOLS_PF_KERNEL_H
#define SBM_TOOLS_PF_KERNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "preflight/pf_decode.h"

#define PF_K_NONE	UINT32_MAX

struct pf_kernel {
	uint32_t ncpus;			/* cpu0..cpuN-1 directories seen */
	uint32_t present, possible;	/* CPUs in those lists */
	bool online[TOPO_MAX_CPUS];
	/* the hardware id: cpuN/of_node/reg on a DT machine (MPIDR
	 * affinity, hart id), else the APIC id of /proc/cpuinfo (x86) */
	uint64_t hwid[TOPO_MAX_CPUS];
	bool have_hwid[TOPO_MAX_CPUS];
	/* per kernel CPU: the first CPU of its group, PF_K_NONE unknown */
	uint32_t package[TOPO_MAX_CPUS], core[TOPO_MAX_CPUS];
	uint32_t llc[TOPO_MAX_CPUS], node[TOPO_MAX_CPUS];
	uint32_t llc_level;
	uint32_t nnodes;		/* node directories with CPUs */
	uint32_t node_id[TOPO_MAX_CPUS];	/* kernel node number */
	uint8_t dist[TOPO_MAX_NODES][TOPO_MAX_NODES];	/* by node number */
	bool have_dist;
};

/*
 * Read the kernel's view under @root ("/" on a live system).  -1 with
 * @err naming the file when one is missing or malformed (an of_node/reg
 * not of one or two 32-bit cells).
 */
int pf_kernel_read(const char *root, struct pf_kernel *k, char *err,
		   size_t errlen);

/*
 * Print the comparison; returns how many items disagree (differences
 * the image makes on purpose not counted).
 */
unsigned pf_kernel_compare(const struct pf_view *v, const struct pf_kernel *k);

/* Keep only @mask of every hardware id, as the image keeps of the DT's. */
void pf_kernel_mask_hwids(struct pf_kernel *k, uint64_t mask);

#endif
