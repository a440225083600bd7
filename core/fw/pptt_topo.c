/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PPTT into the topology model.  See pptt_topo.h.
 */
#include <stdlib.h>
#include <string.h>

#include "fw/acpi_pptt.h"
#include "fw/pptt_topo.h"

#define MAX_CACHES	16	/* per CPU: L1I, L1D, L2, L3, SLC ... */

/* The deepest data or unified cache in @c, or -1. */
static int deepest(const struct acpi_pptt_cache *c, size_t n)
{
	int best = -1;

	for (size_t k = 0; k < n; k++)
		if (c[k].type != ACPI_CACHE_INSTRUCTION &&
		    (best < 0 || c[k].level > c[best].level))
			best = (int)k;
	return best;
}

/* Places of one CPU; -1 when its chain is not valid. */
static int one_cpu(struct topo_cpu *cpu, uint32_t uid, const void *tbl,
		   size_t len, struct pptt_topo_info *in, bool *cluster,
		   const char **why)
{
	struct acpi_pptt_node ch[ACPI_PPTT_MAX_DEPTH];
	struct acpi_pptt_cache c[MAX_CACHES];
	size_t n = 0, nc = 0, core, pkg, j;
	int best;

	if (acpi_pptt_cpu_chain(tbl, len, uid, ch, ACPI_PPTT_MAX_DEPTH, &n,
				why))
		return -1;
	if (!n) {
		*why = "a CPU is missing";
		return -1;
	}
	/* a thread's core is its parent; the package is the first node
	 * flagged so, else the root */
	core = ch[0].flags & ACPI_PPTT_THREAD && n > 1 ? 1 : 0;
	for (pkg = core; pkg + 1 < n; pkg++)
		if (ch[pkg].flags & ACPI_PPTT_PACKAGE)
			break;
	cpu->raw_core = ch[core].offset;
	cpu->raw_package = ch[pkg].offset;
	/* the node just below the package, when it is not the core */
	if (pkg > core + 1) {
		cpu->raw_llc = ch[pkg - 1].offset;
		*cluster = true;
	}
	if (acpi_pptt_caches(tbl, len, uid, c, MAX_CACHES, &nc, NULL) ||
	    (best = deepest(c, nc)) < 0)
		return 0;
	/* a cache structure names its sharers: it wins over clusters */
	in->caches = true;
	in->llc_level = c[best].level;
	cpu->raw_llc = c[best].node;
	for (j = 0; j <= core; j++)
		if (ch[j].offset == c[best].node)
			break;
	if (j > core)
		return 0;
	/* private to the core: Linux's scheduler takes the core's parent
	 * (a cluster, or the package itself) as the LLC domain */
	in->private_llc = true;
	if (core + 1 < n) {
		cpu->raw_llc = ch[core + 1].offset;
		in->llc_is_cluster = core + 1 < pkg;
	}
	return 0;
}

int pptt_topo_cpus(struct topo *t, const uint32_t *uids, const void *tbl,
		   size_t len, struct pptt_topo_info *info, const char **why)
{
	struct pptt_topo_info in = { 0 };
	bool cluster = false;
	const char *dummy;

	if (!why)
		why = &dummy;
	for (uint32_t i = 0; i < t->ncpus; i++) {
		if (one_cpu(&t->cpus[i], uids[i], tbl, len, &in, &cluster,
			    why) == 0)
			continue;
		for (uint32_t k = 0; k < t->ncpus; k++)
			t->cpus[k].raw_core = t->cpus[k].raw_package =
				t->cpus[k].raw_llc = TOPO_NONE;
		return -1;
	}
	/* caches for some CPUs only, no clusters: no LLC from this table */
	for (uint32_t i = 0; i < t->ncpus; i++)
		if ((t->cpus[i].raw_llc == TOPO_NONE) !=
		    (t->cpus[0].raw_llc == TOPO_NONE)) {
			for (uint32_t k = 0; k < t->ncpus; k++)
				t->cpus[k].raw_llc = TOPO_NONE;
			in.llc_dropped = true;
			in.private_llc = in.caches = false;
			cluster = false;
			break;
		}
	if (in.private_llc)
		t->llc_source = in.llc_is_cluster ?
				"pptt-cluster-private-caches" :
				"pptt-package-private-caches";
	else if (in.caches)
		t->llc_source = "pptt-cache";
	else if (cluster)
		t->llc_source = "inferred-pptt-cluster";
	if (info)
		*info = in;
	return 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Sharers of cache @k: CPUs with the boot CPU's node, distinct nodes. */
static void count_sharers(const uint32_t *key, uint32_t ncpus, size_t nc,
			  size_t k, uint32_t bsp, uint32_t *tmp,
			  struct topo_cache *tc)
{
	uint32_t m = 0;

	tc->shared_by = tc->instances = 0;
	for (uint32_t i = 0; i < ncpus; i++) {
		uint32_t v = key[(size_t)i * nc + k];

		if (v == TOPO_NONE)
			continue;
		tc->shared_by += v == key[(size_t)bsp * nc + k];
		tmp[m++] = v;
	}
	qsort(tmp, m, sizeof(*tmp), cmp_u32);
	for (uint32_t i = 0; i < m; i++)
		tc->instances += !i || tmp[i] != tmp[i - 1];
}

static enum topo_cache_type cache_type(uint8_t acpi_type)
{
	return acpi_type == ACPI_CACHE_INSTRUCTION ? CACHE_INST :
	       acpi_type == ACPI_CACHE_DATA ? CACHE_DATA : CACHE_UNIFIED;
}

bool pptt_topo_caches(struct topo *t, const uint32_t *uids, const void *tbl,
		      size_t len)
{
	struct acpi_pptt_cache c[MAX_CACHES], o[MAX_CACHES];
	uint32_t bsp = 0, *key, *tmp;
	size_t nc = 0;

	for (uint32_t i = 0; i < t->ncpus; i++)
		if (t->cpus[i].flags & TOPO_CPU_BSP)
			bsp = i;
	if (!t->ncpus || acpi_pptt_caches(tbl, len, uids[bsp], c, MAX_CACHES,
					  &nc, NULL) || !nc)
		return false;
	key = malloc(sizeof(*key) * t->ncpus * nc);
	tmp = malloc(sizeof(*tmp) * t->ncpus);
	if (!key || !tmp) {
		free(key);
		free(tmp);
		return false;
	}
	/* each CPU's caches once: the node reaching each of the boot
	 * CPU's kinds */
	for (uint32_t i = 0; i < t->ncpus; i++) {
		size_t no = 0;

		if (acpi_pptt_caches(tbl, len, uids[i], o, MAX_CACHES, &no,
				     NULL))
			no = 0;
		for (size_t k = 0; k < nc; k++) {
			uint32_t *v = &key[(size_t)i * nc + k];

			*v = TOPO_NONE;
			for (size_t j = 0; j < no; j++)
				if (o[j].level == c[k].level &&
				    o[j].type == c[k].type)
					*v = o[j].node;
		}
	}
	for (size_t k = 0; k < nc; k++) {
		struct topo_cache tc = {
			.level = c[k].level, .type = cache_type(c[k].type),
			.size = c[k].size, .line = c[k].line_size,
			.ways = c[k].ways, .sets = c[k].sets,
		};

		count_sharers(key, t->ncpus, nc, k, bsp, tmp, &tc);
		topo_add_cache(t, &tc);
	}
	free(key);
	free(tmp);
	return true;
}
