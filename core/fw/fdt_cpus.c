/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The cpus binding: /cpus children, their placement from /cpus/cpu-map and
 * the riscv ISA string.  See fdt_cpus.h for the contract.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fw/fdt.h"
#include "fw/fdt_cache_chain.h"
#include "fw/fdt_cpus.h"

#define MAP_MAX_DEPTH	16	/* cpu-map cluster nesting cap */

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* tok == ext, case-insensitive, optionally followed by "<n>[p<m>]". */
static bool isa_token_is(const char *tok, size_t tlen, const char *ext,
			 size_t elen)
{
	size_t i;

	if (tlen < elen)
		return false;
	for (i = 0; i < elen; i++)
		if (lower(tok[i]) != lower(ext[i]))
			return false;
	if (i == tlen)
		return true;
	if (!is_digit(tok[i]))
		return false;
	while (i < tlen && is_digit(tok[i]))
		i++;
	if (i == tlen)
		return true;
	if (lower(tok[i]) != 'p' || ++i == tlen)
		return false;
	while (i < tlen && is_digit(tok[i]))
		i++;
	return i == tlen;
}

bool fdt_riscv_isa_has(const char *isa, uint32_t len, const char *ext)
{
	const char *end, *seg, *p;
	size_t elen;

	if (!isa || !ext || !(elen = strlen(ext)))
		return false;
	p = memchr(isa, 0, len);
	end = p ? p : isa + len;

	/* First segment: "rv64" + single letters, maybe one multi-letter. */
	seg = isa;
	p = seg;
	while (p < end && *p != '_')
		p++;
	{
		const char *q = seg;

		if (p - q >= 2 && lower(q[0]) == 'r' && lower(q[1]) == 'v')
			q += 2;
		while (q < p && is_digit(*q))
			q++;
		while (q < p && lower(*q) != 'z' && lower(*q) != 's' &&
		       lower(*q) != 'x')
			q++;
		if (q < p && isa_token_is(q, (size_t)(p - q), ext, elen))
			return true;
	}
	while (p < end) {
		seg = ++p;	/* skip '_' */
		while (p < end && *p != '_')
			p++;
		if (isa_token_is(seg, (size_t)(p - seg), ext, elen))
			return true;
	}
	return false;
}

/* N of "<prefix>N" (decimal, at most 9 digits), else -1. */
static int32_t name_index(const char *name, const char *prefix)
{
	size_t pl = strlen(prefix), i;
	int32_t v = 0;

	if (!name || strncmp(name, prefix, pl))
		return -1;
	name += pl;
	for (i = 0; is_digit(name[i]); i++) {
		if (i == 9)
			return -1;
		v = v * 10 + (name[i] - '0');
	}
	return i && !name[i] ? v : -1;
}

struct map_ctx {
	const struct fdt *f;
	struct fdt_cpu *cpus;
	size_t n;
	const char *why;
};

static int map_leaf(struct map_ctx *m, int node, int32_t socket,
		    int32_t cluster, int32_t core, int32_t thread)
{
	uint32_t ph;
	size_t i;

	if (fdt_getprop_u32(m->f, node, "cpu", &ph)) {
		m->why = "cpu-map leaf without a cpu phandle";
		return FDT_EINVAL;
	}
	for (i = 0; i < m->n; i++)
		if (ph && m->cpus[i].phandle == ph)
			break;
	if (i == m->n) {
		m->why = "cpu-map leaf references no cpu";
		return FDT_EINVAL;
	}
	if (m->cpus[i].core >= 0) {
		m->why = "cpu listed twice in cpu-map";
		return FDT_EINVAL;
	}
	m->cpus[i].socket = socket;
	m->cpus[i].cluster = cluster;
	m->cpus[i].core = core;
	m->cpus[i].thread = thread;
	return 0;
}

static int map_core(struct map_ctx *m, int node, int32_t socket,
		    int32_t cluster, int32_t core)
{
	bool threads = false;
	int c, err;

	for (c = fdt_first_child(m->f, node); c >= 0;
	     c = fdt_next_sibling(m->f, c)) {
		int32_t t = name_index(fdt_node_name(m->f, c), "thread");

		if (t < 0)
			continue;
		threads = true;
		err = map_leaf(m, c, socket, cluster, core, t);
		if (err)
			return err;
	}
	if (c != FDT_ENOTFOUND) {
		m->why = "malformed cpu-map";
		return c;
	}
	if (!threads)
		return map_leaf(m, node, socket, cluster, core, -1);
	if (fdt_getprop(m->f, node, "cpu", NULL)) {
		m->why = "cpu-map core has both cpu and threads";
		return FDT_EINVAL;
	}
	return 0;
}

/* A socket, a cluster, or the map itself; clusters may nest. */
static int map_group(struct map_ctx *m, int node, int32_t socket,
		     int32_t *nclusters, bool is_cluster, int depth)
{
	int32_t my_cluster = -1;
	int c, err;

	if (depth > MAP_MAX_DEPTH) {
		m->why = "cpu-map nested too deep";
		return FDT_EBADBLOB;
	}
	for (c = fdt_first_child(m->f, node); c >= 0;
	     c = fdt_next_sibling(m->f, c)) {
		const char *name = fdt_node_name(m->f, c);
		int32_t idx;

		if (name_index(name, "cluster") >= 0) {
			err = map_group(m, c, socket, nclusters, true,
					depth + 1);
		} else if ((idx = name_index(name, "core")) >= 0) {
			/* Only clusters that hold cores get an id. */
			if (is_cluster && my_cluster < 0)
				my_cluster = (*nclusters)++;
			err = map_core(m, c, socket, my_cluster, idx);
		} else {
			err = 0;
		}
		if (err)
			return err;
	}
	if (c != FDT_ENOTFOUND) {
		m->why = "malformed cpu-map";
		return c;
	}
	return 0;
}

static void clear_placement(struct fdt_cpu *cpus, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		cpus[i].socket = -1;
		cpus[i].cluster = -1;
		cpus[i].core = -1;
		cpus[i].thread = -1;
	}
}

int fdt_cpu_map_parse(const struct fdt *f, struct fdt_cpu *cpus, size_t n,
		      const char **why)
{
	struct map_ctx m = { f, cpus, n, NULL };
	bool sockets = false;
	int map, c, err = 0;
	int32_t nclusters;

	if (!cpus && n) {
		fdt_set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	clear_placement(cpus, n);
	map = fdt_path_offset(f, "/cpus/cpu-map");
	if (map < 0) {
		fdt_set_why(why, "no cpu-map");
		return map;
	}
	for (c = fdt_first_child(f, map); c >= 0; c = fdt_next_sibling(f, c))
		if (name_index(fdt_node_name(f, c), "socket") >= 0)
			sockets = true;
	if (!sockets) {
		nclusters = 0;
		err = map_group(&m, map, 0, &nclusters, false, 0);
	}
	for (c = fdt_first_child(f, map); sockets && c >= 0 && !err;
	     c = fdt_next_sibling(f, c)) {
		int32_t s = name_index(fdt_node_name(f, c), "socket");

		if (s < 0)
			continue;
		nclusters = 0;	/* cluster ids are per socket */
		err = map_group(&m, c, s, &nclusters, false, 1);
	}
	if (!err && c < 0 && c != FDT_ENOTFOUND) {
		m.why = "malformed cpu-map";
		err = c;
	}
	if (err) {
		clear_placement(cpus, n);
		fdt_set_why(why, m.why ? m.why : "malformed cpu-map");
		return err;
	}
	return 0;
}

int fdt_cpus_parse(const struct fdt *f, struct fdt_cpu *cpus, size_t max,
		   size_t *n, const char **why)
{
	struct fdt_cache_hop hops[FDT_MAX_CACHE_HOPS];
	size_t count = 0, i, j;
	uint32_t ac, len, v;
	int parent, c, k, ret = 0;

	if (!f || !n || (!cpus && max)) {
		fdt_set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	*n = 0;
	parent = fdt_path_offset(f, "/cpus");
	if (parent < 0) {
		fdt_set_why(why, "no /cpus node");
		return parent;
	}
	ac = fdt_address_cells(f, parent);
	if (ac < 1 || ac > 2) {
		fdt_set_why(why, "/cpus #address-cells not 1 or 2");
		return FDT_EINVAL;
	}
	for (c = fdt_first_child(f, parent); c >= 0;
	     c = fdt_next_sibling(f, c)) {
		struct fdt_cpu *cpu;
		const void *p;
		int err;

		if (!fdt_node_is_cpu(f, c))
			continue;
		if (count == max) {
			/* Still fill in what fits; the caller decides. */
			fdt_set_why(why, "too many cpus");
			ret = FDT_ENOSPACE;
			break;
		}
		cpu = &cpus[count];
		memset(cpu, 0, sizeof(*cpu));
		cpu->fdt_node = c;
		p = fdt_getprop(f, c, "reg", &len);
		if (!p || fdt_read_cells(p, len, 0, ac, &cpu->reg)) {
			fdt_set_why(why, "cpu node without a valid reg");
			return FDT_EINVAL;
		}
		for (j = 0; j < count; j++) {
			if (cpus[j].reg == cpu->reg) {
				fdt_set_why(why, "duplicate cpu reg");
				return FDT_EINVAL;
			}
		}
		cpu->phandle = fdt_get_phandle(f, c);
		cpu->enabled = fdt_node_is_enabled(f, c);
		cpu->node = -1;
		if (!fdt_getprop_u32(f, c, "numa-node-id", &v) && v <= INT32_MAX)
			cpu->node = (int32_t)v;
		cpu->socket = cpu->cluster = cpu->core = cpu->thread = -1;
		cpu->llc_level = -1;
		cpu->isa = fdt_getprop_str(f, c, "riscv,isa");
		if (!cpu->isa)
			cpu->isa = fdt_getprop_str(f, c, "riscv,isa-base");
		if (cpu->isa)
			cpu->isa_len = (uint32_t)strlen(cpu->isa);
		cpu->supervisor = true;
		if (cpu->isa) {
			const char *mmu = fdt_getprop_str(f, c, "mmu-type");

			cpu->supervisor = mmu && strcmp(mmu, "riscv,none");
		}
		p = fdt_getprop(f, c, "riscv,isa-extensions", &len);
		if (p) {
			cpu->isa_extensions = p;
			cpu->isa_extensions_len = len;
		}
		cpu->has_zabha = fdt_riscv_isa_has(cpu->isa, cpu->isa_len,
						   "zabha") ||
				 fdt_stringlist_contains(p, p ? len : 0,
							 "zabha");
		cpu->enable_method = fdt_getprop_str(f, c, "enable-method");
		cpu->next_cache = fdt_next_level_cache(f, c, &err);
		count++;
	}
	if (!ret && c != FDT_ENOTFOUND) {
		fdt_set_why(why, "malformed /cpus");
		return c;
	}
	*n = count;

	for (i = 0; i < count; i++) {
		k = fdt_cache_chain(f, cpus[i].fdt_node, hops,
				    FDT_MAX_CACHE_HOPS, NULL);
		if (k > 0) {
			cpus[i].llc_phandle = hops[k - 1].phandle;
			cpus[i].llc_level = hops[k - 1].level;
		}
	}
	/* A bad map is not a bad cpu list: placement just stays unknown. */
	fdt_cpu_map_parse(f, cpus, count, NULL);
	return ret;
}
