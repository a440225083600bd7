/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Topology from the device tree, when the firmware gives one instead of
 * ACPI (QEMU -machine virt,acpi=off): CPUs by MPIDR from /cpus, nodes from
 * numa-node-id, distances from /distance-map, packages, clusters and cores
 * from /cpus/cpu-map, the PSCI conduit from /psci, the console from
 * /chosen stdout-path.  Without cache nodes the LLC is one per cluster.
 */
#include <stdlib.h>
#include <string.h>

#include "arm64.h"
#include "fdt.h"

#define FDT_MAX_SIZE	(2u << 20)
#define MAX_TRIPLES	4096

static struct fdt fdt;

int a64_dt_topo(struct bench *b, const void *dtb, uint64_t bsp_mpidr,
		struct a64_fw *fw, const char **why)
{
	struct fdt_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	struct topo *t = b->topo;
	const char *method = NULL, *compat = NULL;
	bool any_cache = false, any_cluster = false;
	uint32_t size = fdt_peek_totalsize(dtb, 8);
	uint64_t base;
	size_t n = 0;
	int root, rc = -1;

	if (!cpus) {
		*why = "out of memory";
		return -1;
	}
	if (!size || size > FDT_MAX_SIZE) {
		*why = "DTB header: bad magic or size";
		goto out;
	}
	if (fdt_open(&fdt, dtb, size, why))
		goto out;
	fw->tables = "dt";
	root = fdt_root(&fdt);
	if (root >= 0) {
		uint32_t len;
		const void *p = fdt_getprop(&fdt, root, "compatible", &len);

		fw->qemu = p && fdt_stringlist_contains(p, len,
							"linux,dummy-virt");
	}
	if (!fdt_psci_method(&fdt, &method))
		psci_conduit = !strcmp(method, "hvc") ? PSCI_HVC : PSCI_SMC;
	if (!fdt_uart(&fdt, NULL, &base, &compat) && compat &&
	    !strcmp(compat, "arm,pl011")) {
		fw->uart = base;
		fw->uart_source = "dt-stdout-path";
	}
	if (fdt_cpus_parse(&fdt, cpus, TOPO_MAX_CPUS, &n, why) || !n) {
		if (!n)
			*why = "no cpus in /cpus";
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		any_cache |= cpus[i].llc_phandle != 0;
		any_cluster |= cpus[i].cluster >= 0;
	}
	for (size_t i = 0; i < n; i++) {
		const struct fdt_cpu *fc = &cpus[i];
		uint64_t hwid = fc->reg & MPIDR_AFF_MASK;
		uint32_t flags = 0;
		int k;

		if (hwid == bsp_mpidr)
			flags |= TOPO_CPU_BSP;
		else if (!fc->enabled)
			flags |= TOPO_CPU_DISABLED;
		k = topo_add_cpu(t, hwid, flags);
		if (k < 0)
			break;
		if (fc->node >= 0)
			t->cpus[k].raw_node = (uint32_t)fc->node;
		if (fc->socket >= 0)
			t->cpus[k].raw_package = (uint32_t)fc->socket;
		/* core and cluster numbers restart in their parent */
		if (fc->core >= 0)
			t->cpus[k].raw_core = (uint32_t)(fc->cluster + 1) << 16 |
					      (uint32_t)fc->core;
		if (any_cache && fc->llc_phandle)
			t->cpus[k].raw_llc = fc->llc_phandle;
		else if (!any_cache && any_cluster && fc->cluster >= 0)
			t->cpus[k].raw_llc = (uint32_t)fc->cluster;
	}
	t->llc_source = any_cache ? "dt-next-level-cache" :
			any_cluster ? "inferred-cpu-map-cluster" : "unknown";
	t->node_source = cpus[0].node >= 0 ? "dt-numa-node-id" : "none";
	rc = 0;
out:
	free(cpus);
	return rc;
}

void a64_dt_after(struct topo *t)
{
	uint32_t *tri = calloc(MAX_TRIPLES * 3, sizeof(uint32_t));
	size_t ntri = 0;

	if (tri && !fdt_distance_map(&fdt, tri, MAX_TRIPLES, &ntri, NULL))
		for (size_t i = 0; i < ntri; i++)
			if (tri[3 * i + 2] <= 255)
				topo_set_distance(t, tri[3 * i], tri[3 * i + 1],
						  (uint8_t)tri[3 * i + 2]);
	/* a map may list one direction only: the spec says mirror it */
	for (uint32_t a = 0; a < t->nnodes; a++)
		for (uint32_t c = 0; c < t->nnodes; c++)
			if (!topo_distance(t, a, c) && topo_distance(t, c, a))
				t->distance[a * TOPO_MAX_NODES + c] =
					topo_distance(t, c, a);
	free(tri);
	a64_add_clidr_caches(t);
}
