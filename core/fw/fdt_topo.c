/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>

#include "fw/fdt_caches.h"
#include "fw/fdt_cpus.h"
#include "fw/fdt_numa.h"
#include "fw/fdt_topo.h"

#define MAX_DT_CACHES	256
#define MAX_TRIPLES	4096

/* One topo_cache per (level, type); each DT cache node is an instance. */
static void add_caches(const struct fdt *f, struct topo *t,
		       const struct fdt_cpu *cpus, size_t n)
{
	struct fdt_cache *c = calloc(MAX_DT_CACHES, sizeof(*c));
	size_t nc = 0;

	if (!c || fdt_caches_parse(f, cpus, n, c, MAX_DT_CACHES, &nc, NULL)) {
		free(c);
		return;
	}
	for (size_t i = 0; i < nc; i++) {
		enum topo_cache_type type =
			c[i].type == FDT_CACHE_DATA ? CACHE_DATA :
			c[i].type == FDT_CACHE_INSTRUCTION ? CACHE_INST :
			CACHE_UNIFIED;
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
				.shared_by = c[i].ncpus,
			};

			if (topo_add_cache(t, &tc))
				continue;
		}
		t->caches[k].instances++;
	}
	free(c);
	for (uint32_t k = 0; k < t->ncaches; k++)
		if (t->caches[k].type != CACHE_INST && t->caches[k].line >= 8)
			t->line_size = t->caches[k].line;
}

int fdt_topo_cpus(const struct fdt *f, struct topo *t, uint64_t boot_hwid,
		  uint64_t hwid_mask, struct fdt_topo_info *info,
		  const char **why)
{
	struct fdt_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	bool any_cache = false, any_cluster = false;
	size_t n = 0;
	int rc;

	info->truncated = false;
	info->all_zabha = true;
	if (!cpus) {
		*why = "out of memory";
		return -1;
	}
	rc = fdt_cpus_parse(f, cpus, TOPO_MAX_CPUS, &n, why);
	if (rc == FDT_ENOSPACE) {
		info->truncated = true;	/* run with the first TOPO_MAX_CPUS */
	} else if (rc || !n) {
		if (!rc)
			*why = "no cpus in /cpus";
		free(cpus);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		any_cache |= cpus[i].llc_phandle != 0;
		any_cluster |= cpus[i].cluster >= 0;
	}
	for (size_t i = 0; i < n; i++) {
		const struct fdt_cpu *fc = &cpus[i];
		uint64_t hwid = fc->reg & hwid_mask;
		uint32_t flags = 0;
		struct topo_cpu *c;
		int k;

		if (hwid == boot_hwid)
			flags |= TOPO_CPU_BSP;	/* running, whatever status says */
		else if (!fc->enabled || !fc->supervisor)
			flags |= TOPO_CPU_DISABLED;	/* or no S-mode: never started */
		k = topo_add_cpu(t, hwid, flags);
		if (k < 0)
			break;
		c = &t->cpus[k];
		if (fc->enabled && !fc->has_zabha)
			info->all_zabha = false;
		if (fc->node >= 0)
			c->raw_node = (uint32_t)fc->node;
		if (fc->socket >= 0)
			c->raw_package = (uint32_t)fc->socket;
		/* core numbers restart in each cluster */
		if (fc->core >= 0)
			c->raw_core = (uint32_t)(fc->cluster + 1) << 16 |
				      (uint32_t)fc->core;
		if (any_cache && fc->llc_phandle)
			c->raw_llc = fc->llc_phandle;
		else if (!any_cache && any_cluster && fc->cluster >= 0)
			c->raw_llc = (uint32_t)fc->cluster;
	}
	if (any_cache)
		t->llc_source = "dt-next-level-cache";
	else if (any_cluster)
		t->llc_source = "inferred-cpu-map-cluster";
	t->node_source = cpus[0].node >= 0 ? "dt-numa-node-id" : "none";
	add_caches(f, t, cpus, n);
	free(cpus);
	if (topo_find_hwid(t, boot_hwid) < 0) {
		*why = "the boot CPU is not in /cpus";
		return -1;
	}
	return 0;
}

void fdt_topo_distances(const struct fdt *f, struct topo *t)
{
	uint32_t *tri = calloc(MAX_TRIPLES * 3, sizeof(uint32_t));
	size_t ntri = 0;

	if (tri && !fdt_distance_map(f, tri, MAX_TRIPLES, &ntri, NULL))
		for (size_t i = 0; i < ntri; i++)
			if (tri[3 * i + 2] <= 255)
				topo_set_distance(t, tri[3 * i], tri[3 * i + 1],
						  (uint8_t)tri[3 * i + 2]);
	free(tri);
	/* a map may list one direction only: the binding says mirror it */
	for (uint32_t a = 0; a < t->nnodes; a++)
		for (uint32_t b = 0; b < t->nnodes; b++)
			if (!topo_distance(t, a, b) && topo_distance(t, b, a))
				t->distance[a * TOPO_MAX_NODES + b] =
					topo_distance(t, b, a);
}
