/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Topology of the running Linux system from sysfs: online CPUs, package
 * and core ids, caches (cache/index*), NUMA nodes and their distances.
 * Missing files (containers, some VMs) leave the ids unknown and
 * topo_finalize() applies its documented defaults.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linux_twin.h"

#define SYS_CPU "/sys/devices/system/cpu"
#define SYS_NODE "/sys/devices/system/node"

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	n = strlen(buf);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	return 0;
}

static int read_u32(const char *path, uint32_t *v)
{
	char buf[64], *end;
	long long x;

	if (read_line(path, buf, sizeof(buf)))
		return -1;
	x = strtoll(buf, &end, 0);
	if (end == buf || x < 0 || x > 0xffffffffll)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

/* Parse a Linux CPU list ("0-3,8"); calls fn for each number. */
int linux_parse_list(const char *s, void (*fn)(void *, uint32_t), void *arg)
{
	while (*s) {
		char *end;
		unsigned long a = strtoul(s, &end, 10), b = a;

		if (end == s)
			return -1;
		s = end;
		if (*s == '-') {
			b = strtoul(s + 1, &end, 10);
			if (end == s + 1 || b < a || b - a > TOPO_MAX_CPUS)
				return -1;
			s = end;
		}
		for (unsigned long i = a; i <= b; i++)
			fn(arg, (uint32_t)i);
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return 0;
}

static void add_cpu(void *arg, uint32_t nr)
{
	struct topo *t = arg;

	topo_add_cpu(t, nr, 0);
}

struct min_arg {
	uint32_t min, count;
};

static void list_min(void *arg, uint32_t nr)
{
	struct min_arg *m = arg;

	if (nr < m->min)
		m->min = nr;
	m->count++;
}

static enum topo_cache_type cache_type(const char *s)
{
	if (!strcmp(s, "Data"))
		return CACHE_DATA;
	if (!strcmp(s, "Instruction"))
		return CACHE_INST;
	return CACHE_UNIFIED;
}

/* Caches of @cpu; the highest level one gives the CPU's LLC. */
static void read_caches(struct topo *t, struct topo_cpu *c, bool first)
{
	uint32_t best_level = 0;

	for (int idx = 0; idx < 16; idx++) {
		char path[256], buf[256];
		struct topo_cache tc = { 0 };
		struct min_arg m = { UINT32_MAX, 0 };
		uint32_t kib;

		snprintf(path, sizeof(path), SYS_CPU "/cpu%llu/cache/index%d/level",
			 (unsigned long long)c->hwid, idx);
		if (read_u32(path, &tc.level))
			break;
		snprintf(path, sizeof(path), SYS_CPU "/cpu%llu/cache/index%d/shared_cpu_list",
			 (unsigned long long)c->hwid, idx);
		if (read_line(path, buf, sizeof(buf)) ||
		    linux_parse_list(buf, list_min, &m) || !m.count)
			continue;
		if (tc.level >= best_level) {
			best_level = tc.level;
			c->raw_llc = m.min;
		}
		if (!first)
			continue;
		snprintf(path, sizeof(path), SYS_CPU "/cpu%llu/cache/index%d/type",
			 (unsigned long long)c->hwid, idx);
		if (!read_line(path, buf, sizeof(buf)))
			tc.type = cache_type(buf);
		snprintf(path, sizeof(path), SYS_CPU "/cpu%llu/cache/index%d/size",
			 (unsigned long long)c->hwid, idx);
		if (!read_line(path, buf, sizeof(buf))) {
			kib = (uint32_t)strtoul(buf, NULL, 10);
			tc.size = strchr(buf, 'M') ? kib << 20 : kib << 10;
		}
		snprintf(path, sizeof(path), SYS_CPU "/cpu%llu/cache/index%d/coherency_line_size",
			 (unsigned long long)c->hwid, idx);
		read_u32(path, &tc.line);
		snprintf(path, sizeof(path), SYS_CPU "/cpu%llu/cache/index%d/ways_of_associativity",
			 (unsigned long long)c->hwid, idx);
		read_u32(path, &tc.ways);
		snprintf(path, sizeof(path), SYS_CPU "/cpu%llu/cache/index%d/number_of_sets",
			 (unsigned long long)c->hwid, idx);
		read_u32(path, &tc.sets);
		tc.shared_by = m.count;
		tc.instances = 0;	/* counted after all CPUs are read */
		topo_add_cache(t, &tc);
		if (tc.level >= 2 && tc.line >= 8)
			t->line_size = tc.line;
	}
}

struct id_list {
	uint32_t id[TOPO_MAX_NODES];
	uint32_t n;
};

static void list_push(void *arg, uint32_t nr)
{
	struct id_list *l = arg;

	if (l->n < TOPO_MAX_NODES)
		l->id[l->n++] = nr;
}

struct node_arg {
	struct topo *t;
	uint32_t node;
};

static void set_node(void *arg, uint32_t nr)
{
	struct node_arg *n = arg;
	int i = topo_find_hwid(n->t, nr);

	if (i >= 0)
		n->t->cpus[i].raw_node = n->node;
}

int linux_topology(struct topo *t, const char **why)
{
	char buf[4096], path[256];
	bool any_node = false;

	if (read_line(SYS_CPU "/online", buf, sizeof(buf)) ||
	    linux_parse_list(buf, add_cpu, t)) {
		*why = "cannot read " SYS_CPU "/online";
		return -1;
	}
	for (uint32_t i = 0; i < t->ncpus; i++) {
		struct topo_cpu *c = &t->cpus[i];
		uint32_t v;

		snprintf(path, sizeof(path), SYS_CPU "/cpu%llu/topology/physical_package_id",
			 (unsigned long long)c->hwid);
		if (!read_u32(path, &v))
			c->raw_package = v;
		snprintf(path, sizeof(path), SYS_CPU "/cpu%llu/topology/core_id",
			 (unsigned long long)c->hwid);
		if (!read_u32(path, &v))
			c->raw_core = v;
		read_caches(t, c, i == 0);
	}
	if (t->cpus[0].raw_llc != TOPO_NONE)
		t->llc_source = "sysfs";
	/* instances: distinct LLC-style sharing groups per cache kind */
	for (uint32_t k = 0; k < t->ncaches; k++)
		t->caches[k].instances = t->caches[k].shared_by ?
			(t->ncpus + t->caches[k].shared_by - 1) /
			t->caches[k].shared_by : 0;

	for (uint32_t node = 0; node < 1024; node++) {
		struct node_arg na = { t, node };

		snprintf(path, sizeof(path), SYS_NODE "/node%u/cpulist", node);
		if (read_line(path, buf, sizeof(buf)))
			continue;
		if (!buf[0])
			continue;	/* memory-only node */
		linux_parse_list(buf, set_node, &na);
		any_node = true;
	}
	/* CPUs sysfs did not place (no NUMA support) stay unknown */
	if (any_node) {
		t->node_source = "sysfs";
		for (uint32_t i = 0; i < t->ncpus; i++)
			if (t->cpus[i].raw_node == TOPO_NONE)
				t->cpus[i].raw_node = 0;
	}
	t->cpus[0].flags |= TOPO_CPU_BSP;
	if (topo_finalize(t, why))
		return -1;
	/* each node's distance file lists every online node, in id order */
	if (any_node && !read_line(SYS_NODE "/online", buf, sizeof(buf))) {
		struct id_list online = { 0 };

		linux_parse_list(buf, list_push, &online);
		for (uint32_t a = 0; a < t->nnodes; a++) {
			char *s = buf;

			snprintf(path, sizeof(path), SYS_NODE "/node%u/distance",
				 t->node_raw[a]);
			if (read_line(path, buf, sizeof(buf)))
				continue;
			for (uint32_t k = 0; *s && k < online.n; k++) {
				char *end;
				unsigned long d = strtoul(s, &end, 10);

				if (end == s)
					break;
				if (d < 256)
					topo_set_distance(t, t->node_raw[a],
							  online.id[k], (uint8_t)d);
				s = end;
			}
		}
	}
	return 0;
}
