/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The cache binding: the cache properties of cpu and cache nodes.  See fdt_caches.h for the contract.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fw/fdt.h"
#include "fw/fdt_caches.h"

struct cache_geom {
	uint32_t size, line, sets;
	bool any;
};

static void read_geom(const struct fdt *f, int node, const char *prefix,
		      struct cache_geom *g)
{
	static const char *const names[] = {
		"cache-size", "cache-line-size", "cache-block-size",
		"cache-sets",
	};
	uint32_t v[4] = { 0, 0, 0, 0 };
	char buf[32];
	size_t pl = strlen(prefix), i;

	g->any = false;
	for (i = 0; i < 4; i++) {
		memcpy(buf, prefix, pl);
		memcpy(buf + pl, names[i], strlen(names[i]) + 1);
		if (!fdt_getprop_u32(f, node, buf, &v[i]))
			g->any = true;
	}
	g->size = v[0];
	g->line = v[1] ? v[1] : v[2];	/* line size defaults to block size */
	g->sets = v[3];
}

struct cache_out {
	struct fdt_cache *caches;
	size_t max, n;
};

static int add_cache(struct cache_out *o, int node, uint32_t phandle,
		     int level, enum fdt_cache_type type,
		     const struct cache_geom *g, uint32_t next)
{
	struct fdt_cache *c;
	uint64_t per_way;
	size_t i;

	for (i = 0; i < o->n; i++) {
		if (o->caches[i].fdt_node == node && o->caches[i].type == type) {
			o->caches[i].ncpus++;
			return 0;
		}
	}
	if (o->n == o->max)
		return FDT_ENOSPACE;
	c = &o->caches[o->n++];
	memset(c, 0, sizeof(*c));
	c->phandle = phandle;
	c->level = level;
	c->type = type;
	c->unified = type == FDT_CACHE_UNIFIED;
	c->size = g->size;
	c->line = g->line;
	c->sets = g->sets;
	per_way = (uint64_t)g->line * g->sets;
	if (per_way && g->size && g->size % per_way == 0)
		c->ways = (uint32_t)(g->size / per_way);
	c->fdt_node = node;
	c->next_level = next;
	c->ncpus = 1;
	return 0;
}

static int add_node_caches(const struct fdt *f, struct cache_out *o, int node,
			   uint32_t phandle, int level, bool is_cpu,
			   uint32_t next)
{
	struct cache_geom u, d, i;
	bool unified = fdt_getprop(f, node, "cache-unified", NULL) != NULL;
	int err = 0;

	read_geom(f, node, "", &u);
	read_geom(f, node, "d-", &d);
	read_geom(f, node, "i-", &i);
	/*
	 * A cache node is one unified cache unless it only describes split
	 * halves; a cpu node describes its L1 only when it has properties.
	 */
	if (unified || (u.any && !d.any && !i.any) ||
	    (!is_cpu && !d.any && !i.any))
		return add_cache(o, node, phandle, level, FDT_CACHE_UNIFIED,
				 &u, next);
	if (d.any)
		err = add_cache(o, node, phandle, level, FDT_CACHE_DATA, &d,
				next);
	if (!err && i.any)
		err = add_cache(o, node, phandle, level,
				FDT_CACHE_INSTRUCTION, &i, next);
	return err;
}

int fdt_caches_parse(const struct fdt *f, const struct fdt_cpu *cpus,
		     size_t ncpus, struct fdt_cache *caches, size_t max,
		     size_t *n, const char **why)
{
	struct fdt_cache_hop hops[FDT_MAX_CACHE_HOPS];
	struct cache_out o = { caches, max, 0 };
	size_t i;
	int k, j, err;

	if (!f || !n || (!cpus && ncpus) || (!caches && max)) {
		fdt_set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	*n = 0;
	for (i = 0; i < ncpus; i++) {
		int node = cpus[i].fdt_node;

		if (!fdt_node_name(f, node)) {
			fdt_set_why(why, "cpu entry names no node");
			return FDT_EINVAL;
		}
		/* a monitor core's caches are not the ones measured */
		if (!cpus[i].supervisor)
			continue;
		err = add_node_caches(f, &o, node, cpus[i].phandle, 1, true,
				      cpus[i].next_cache);
		k = fdt_cache_chain(f, node, hops, FDT_MAX_CACHE_HOPS, NULL);
		for (j = 0; !err && j < k; j++)
			err = add_node_caches(f, &o, hops[j].node,
					      hops[j].phandle, hops[j].level,
					      false,
					      j + 1 < k ? hops[j + 1].phandle : 0);
		if (err) {
			*n = o.n;
			fdt_set_why(why, "too many caches");
			return err;
		}
	}
	*n = o.n;
	return 0;
}
