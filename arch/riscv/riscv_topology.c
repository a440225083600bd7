/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Topology from the device tree: harts from /cpus, nodes from
 * numa-node-id, distances from /distance-map, packages and cores from
 * /cpus/cpu-map, LLCs from next-level-cache chains.  Without cache nodes
 * (QEMU virt) the LLC is inferred: one per cpu-map cluster, else one per
 * package; the report names the rule in llc_source.
 */
#include <stdlib.h>
#include <string.h>

#include "riscv.h"

#define MAX_TRIPLES 4096

static void add_caches(const struct fdt *f, struct topo *t,
		       const struct fdt_cpu *cpus, size_t n)
{
	struct fdt_cache *c = calloc(256, sizeof(*c));
	size_t nc = 0;

	if (!c || fdt_caches_parse(f, cpus, n, c, 256, &nc, NULL)) {
		free(c);
		return;
	}
	/* one topo_cache per (level, type), counting instances */
	for (size_t i = 0; i < nc; i++) {
		enum topo_cache_type type = c[i].type == FDT_CACHE_DATA ? CACHE_DATA :
			c[i].type == FDT_CACHE_INSTRUCTION ? CACHE_INST : CACHE_UNIFIED;
		uint32_t k;

		for (k = 0; k < t->ncaches; k++)
			if (t->caches[k].level == (uint32_t)c[i].level &&
			    t->caches[k].type == type)
				break;
		if (k == t->ncaches) {
			struct topo_cache tc = {
				.level = (uint32_t)c[i].level, .type = type,
				.size = c[i].size, .line = c[i].line,
				.ways = c[i].ways, .sets = c[i].sets,
				.shared_by = c[i].ncpus, .instances = 0,
			};

			if (topo_add_cache(t, &tc))
				continue;
		}
		t->caches[k].instances++;
	}
	free(c);
}

int riscv_topology(const struct fdt *f, struct topo *t, uint64_t boot_hart,
		   bool *zabha, bool *truncated, const char **why)
{
	struct fdt_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	uint32_t *tri = calloc(MAX_TRIPLES * 3, sizeof(uint32_t));
	bool any_cache = false, any_cluster = false;
	size_t n = 0, ntri = 0;
	int rc = -1;

	*zabha = true;
	*truncated = false;
	if (!cpus || !tri) {
		*why = "out of memory";
		goto out;
	}
	rc = fdt_cpus_parse(f, cpus, TOPO_MAX_CPUS, &n, why);
	if (rc == FDT_ENOSPACE) {
		*truncated = true;	/* more harts than we can hold: run with the first */
	} else if (rc || !n) {
		if (!rc)
			*why = "no cpus in /cpus";
		rc = -1;
		goto out;
	}
	rc = -1;
	for (size_t i = 0; i < n; i++) {
		any_cache |= cpus[i].llc_phandle != 0;
		any_cluster |= cpus[i].cluster >= 0;
	}
	for (size_t i = 0; i < n; i++) {
		const struct fdt_cpu *fc = &cpus[i];
		uint32_t flags = fc->enabled ? 0 : TOPO_CPU_DISABLED;
		int k;

		if (fc->reg == boot_hart)
			flags |= TOPO_CPU_BSP;
		k = topo_add_cpu(t, fc->reg, flags);
		if (k < 0)
			break;
		if (fc->enabled && !fc->has_zabha)
			*zabha = false;
		if (fc->node >= 0)
			t->cpus[k].raw_node = (uint32_t)fc->node;
		if (fc->socket >= 0)
			t->cpus[k].raw_package = (uint32_t)fc->socket;
		if (fc->core >= 0)	/* core numbers restart in each cluster */
			t->cpus[k].raw_core = (uint32_t)(fc->cluster + 1) << 16 |
					      (uint32_t)fc->core;
		if (any_cache && fc->llc_phandle)
			t->cpus[k].raw_llc = fc->llc_phandle;
		else if (!any_cache && any_cluster && fc->cluster >= 0)
			t->cpus[k].raw_llc = (uint32_t)fc->cluster;
	}
	if (topo_find_hwid(t, boot_hart) < 0) {
		*why = "the boot hart is not in /cpus";
		goto out;
	}
	t->llc_source = any_cache ? "dt-next-level-cache" :
			any_cluster ? "inferred-cpu-map-cluster" : "inferred-package";
	t->node_source = cpus[0].node >= 0 ? "dt-numa-node-id" : "none";
	add_caches(f, t, cpus, n);
	for (uint32_t k = 0; k < t->ncaches; k++)
		if (t->caches[k].type != CACHE_INST && t->caches[k].line >= 8)
			t->line_size = t->caches[k].line;
	if (topo_finalize(t, why))
		goto out;
	if (!fdt_distance_map(f, tri, MAX_TRIPLES, &ntri, NULL))
		for (size_t i = 0; i < ntri; i++) {
			uint32_t d = tri[3 * i + 2];

			if (d > 255)
				continue;
			topo_set_distance(t, tri[3 * i], tri[3 * i + 1], (uint8_t)d);
		}
	/* a map may list one direction only: the spec says mirror it */
	for (uint32_t a = 0; a < t->nnodes; a++)
		for (uint32_t b = 0; b < t->nnodes; b++)
			if (!topo_distance(t, a, b) && topo_distance(t, b, a))
				t->distance[a * TOPO_MAX_NODES + b] =
					topo_distance(t, b, a);
	rc = 0;
out:
	free(cpus);
	free(tri);
	return rc;
}
