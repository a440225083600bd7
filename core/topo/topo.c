/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <string.h>

#include "topo/topo.h"

void topo_init(struct topo *t, struct topo_cpu *storage)
{
	memset(t, 0, sizeof(*t));
	t->cpus = storage;
	t->line_size = 64;
	t->llc_source = "unknown";
	t->node_source = "unknown";
}

int topo_add_cpu(struct topo *t, uint64_t hwid, uint32_t flags)
{
	struct topo_cpu *c;

	if (t->ncpus >= TOPO_MAX_CPUS)
		return -1;
	c = &t->cpus[t->ncpus];
	memset(c, 0, sizeof(*c));
	c->hwid = hwid;
	c->flags = flags;
	c->raw_node = c->raw_package = c->raw_llc = c->raw_core = TOPO_NONE;
	c->node = c->package = c->llc = c->core = c->smt = TOPO_NONE;
	return (int)t->ncpus++;
}

int topo_find_hwid(const struct topo *t, uint64_t hwid)
{
	for (uint32_t i = 0; i < t->ncpus + t->ndisabled; i++)
		if (t->cpus[i].hwid == hwid)
			return (int)i;
	return -1;
}

int topo_add_cache(struct topo *t, const struct topo_cache *c)
{
	if (t->ncaches >= TOPO_MAX_CACHES)
		return -1;
	t->caches[t->ncaches++] = *c;
	return 0;
}

bool topo_cpu_usable(const struct topo_cpu *c)
{
	return !(c->flags & (TOPO_CPU_DISABLED | TOPO_CPU_FAILED));
}

uint32_t topo_usable_count(const struct topo *t)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < t->ncpus; i++)
		n += topo_cpu_usable(&t->cpus[i]);
	return n;
}

/*
 * Dense renumbering in order of first appearance, keyed by (scope, raw):
 * a core id is only unique within its package, an LLC within its package.
 * Quadratic, but once per boot and at most 4096 CPUs.
 */
static uint32_t key_node(const struct topo_cpu *c, uint64_t *scope)
{
	*scope = 0;
	return c->raw_node;
}

static uint32_t key_package(const struct topo_cpu *c, uint64_t *scope)
{
	*scope = 0;
	return c->raw_package;
}

/*
 * An LLC is also keyed by node: with sub-NUMA clustering one L3 serves
 * several nodes, and each node's part is its own leaf, as in Linux.
 */
static uint32_t key_llc(const struct topo_cpu *c, uint64_t *scope)
{
	*scope = (uint64_t)c->raw_package << 32 | c->raw_node;
	return c->raw_llc;
}

static uint32_t key_core(const struct topo_cpu *c, uint64_t *scope)
{
	*scope = c->raw_package;
	return c->raw_core;
}

/* Numbers every listed CPU; returns how many ids the usable ones have
 * (they come first, so theirs are 0 .. count - 1). */
static uint32_t renumber(struct topo *t,
			 uint32_t (*key)(const struct topo_cpu *, uint64_t *),
			 size_t off)
{
	uint32_t count = 0, usable = 0;

	for (uint32_t i = 0; i < t->ncpus + t->ndisabled; i++) {
		uint64_t scope;
		uint32_t raw = key(&t->cpus[i], &scope);
		uint32_t id = count;

		for (uint32_t j = 0; j < i; j++) {
			uint64_t s2;
			uint32_t r2 = key(&t->cpus[j], &s2);

			if (r2 == raw && s2 == scope) {
				memcpy(&id, (char *)&t->cpus[j] + off,
				       sizeof(id));
				break;
			}
		}
		if (id == count)
			count++;
		memcpy((char *)&t->cpus[i] + off, &id, sizeof(id));
		if (i + 1 == t->ncpus)
			usable = count;
	}
	return usable;
}

/* Disabled CPUs behind the usable ones, each side in its order. */
static void move_disabled_last(struct topo *t)
{
	uint32_t n = t->ncpus + t->ndisabled, k = 0;

	for (uint32_t i = 0; i < n; i++) {
		struct topo_cpu c = t->cpus[i];

		if (c.flags & TOPO_CPU_DISABLED)
			continue;
		memmove(&t->cpus[k + 1], &t->cpus[k], (i - k) * sizeof(c));
		t->cpus[k++] = c;
	}
	t->ncpus = k;
	t->ndisabled = n - k;
}

/* Whether every listed CPU, none, or only some have the raw field at @off. */
static int coverage(const struct topo *t, size_t off)
{
	uint32_t have = 0, n = t->ncpus + t->ndisabled;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t v;

		memcpy(&v, (const char *)&t->cpus[i] + off, sizeof(v));
		have += v != TOPO_NONE;
	}
	return have == 0 ? 0 : have == n ? 2 : 1;
}

#define RAW(f) offsetof(struct topo_cpu, f)

int topo_finalize(struct topo *t, const char **why)
{
	const char *dummy;
	uint32_t all;

	if (!why)
		why = &dummy;
	move_disabled_last(t);
	all = t->ncpus + t->ndisabled;
	if (!t->ncpus) {
		*why = "no CPUs";
		return -1;
	}
	/* A hot-plug slot the SRAT leaves out takes the first stated node. */
	for (uint32_t i = 0; i < all; i++)
		if (t->cpus[i].raw_node != TOPO_NONE) {
			for (uint32_t j = 0; j < all; j++)
				if ((t->cpus[j].flags & TOPO_CPU_DISABLED) &&
				    t->cpus[j].raw_node == TOPO_NONE)
					t->cpus[j].raw_node = t->cpus[i].raw_node;
			break;
		}
	if (coverage(t, RAW(raw_node)) == 1) {
		*why = "some CPUs have a NUMA node and some do not";
		return -1;
	}
	if (coverage(t, RAW(raw_llc)) == 1) {
		*why = "some CPUs have an LLC and some do not";
		return -1;
	}
	if (coverage(t, RAW(raw_package)) == 1) {
		*why = "some CPUs have a package and some do not";
		return -1;
	}
	if (coverage(t, RAW(raw_core)) == 1) {
		*why = "some CPUs have a core id and some do not";
		return -1;
	}
	for (uint32_t i = 0; i < all; i++) {
		struct topo_cpu *c = &t->cpus[i];

		if (c->raw_node == TOPO_NONE)
			c->raw_node = 0;
		if (c->raw_package == TOPO_NONE)
			c->raw_package = 0;
		if (c->raw_core == TOPO_NONE)
			c->raw_core = i;
	}
	if (coverage(t, RAW(raw_llc)) == 0) {
		for (uint32_t i = 0; i < all; i++)
			t->cpus[i].raw_llc = t->cpus[i].raw_package;
		if (!strcmp(t->llc_source, "unknown"))
			t->llc_source = "package";
	}

	t->nnodes = renumber(t, key_node, offsetof(struct topo_cpu, node));
	if (t->nnodes > TOPO_MAX_NODES) {
		*why = "more NUMA nodes than supported (64)";
		return -1;
	}
	for (uint32_t i = 0; i < t->ncpus; i++)
		t->node_raw[t->cpus[i].node] = t->cpus[i].raw_node;
	t->npackages = renumber(t, key_package,
				offsetof(struct topo_cpu, package));
	t->nllcs = renumber(t, key_llc, offsetof(struct topo_cpu, llc));
	t->ncores = renumber(t, key_core, offsetof(struct topo_cpu, core));

	/* SMT index: rank among the CPUs of the same core. */
	t->max_smt = 1;
	for (uint32_t i = 0; i < all; i++) {
		uint32_t rank = 0;

		for (uint32_t j = 0; j < i; j++)
			rank += t->cpus[j].core == t->cpus[i].core;
		t->cpus[i].smt = rank;
		if (i < t->ncpus && rank + 1 > t->max_smt)
			t->max_smt = rank + 1;
	}
	/* Say when a firmware LLC was split by node (the report warns). */
	t->llc_split_by_node = false;
	for (uint32_t i = 0; i < t->ncpus && !t->llc_split_by_node; i++)
		for (uint32_t j = 0; j < i; j++)
			if (t->cpus[i].raw_llc == t->cpus[j].raw_llc &&
			    t->cpus[i].raw_package == t->cpus[j].raw_package &&
			    t->cpus[i].node != t->cpus[j].node) {
				t->llc_split_by_node = true;
				break;
			}
	if (t->line_size < 8 || (t->line_size & (t->line_size - 1))) {
		*why = "cache line size is not a power of two >= 8";
		return -1;
	}
	return 0;
}

void topo_set_distance(struct topo *t, uint32_t raw_from, uint32_t raw_to,
		       uint8_t dist)
{
	for (uint32_t a = 0; a < t->nnodes; a++)
		for (uint32_t b = 0; b < t->nnodes; b++)
			if (t->node_raw[a] == raw_from &&
			    t->node_raw[b] == raw_to) {
				t->distance[a * TOPO_MAX_NODES + b] = dist;
				t->have_distance = true;
			}
}

uint8_t topo_distance(const struct topo *t, uint32_t a, uint32_t b)
{
	if (a >= TOPO_MAX_NODES || b >= TOPO_MAX_NODES)
		return 0;
	return t->distance[a * TOPO_MAX_NODES + b];
}

/* A decimal id below TOPO_MAX_CPUS at *@s, moving past it; -1 if none. */
static long list_id(const char **s)
{
	long v = 0;

	if (**s < '0' || **s > '9')
		return -1;
	while (**s >= '0' && **s <= '9') {
		v = v * 10 + (**s - '0');
		if (v >= TOPO_MAX_CPUS)
			return -1;
		(*s)++;
	}
	return v;
}

int topo_parse_list(const char *s, void (*each)(uint32_t id, void *ctx),
		    void *ctx)
{
	int count = 0;

	while (s && *s) {
		long a = list_id(&s), b = a;

		if (a < 0)
			return -1;
		if (*s == '-') {
			s++;
			b = list_id(&s);
			if (b < a)
				return -1;
		}
		for (long c = a; c <= b; c++, count++)
			each((uint32_t)c, ctx);
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return count;
}

size_t topo_format_list(char *buf, size_t len, const uint32_t *ids, size_t n)
{
	size_t used = 0, i = 0;

	if (!len)
		return 0;
	buf[0] = 0;
	while (i < n) {
		char item[32];
		size_t j = i, w;

		while (j + 1 < n && ids[j + 1] == ids[j] + 1)
			j++;
		if (j > i)
			snprintf(item, sizeof(item), "%s%u-%u", used ? "," : "",
				 ids[i], ids[j]);
		else
			snprintf(item, sizeof(item), "%s%u", used ? "," : "",
				 ids[i]);
		w = strlen(item);
		if (used + w >= len)
			break;	/* whole items only: never a cut number */
		memcpy(buf + used, item, w + 1);
		used += w;
		i = j + 1;
	}
	return i;
}
