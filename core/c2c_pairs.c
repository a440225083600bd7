/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdbool.h>
#include <stdlib.h>

#include "c2c_pairs.h"

static const char *const class_names[PAIR_NCLASSES] = {
	"smt", "llc", "node", "package", "none"
};

const char *pair_class_name(enum pair_class c)
{
	return c < PAIR_NCLASSES ? class_names[c] : "?";
}

enum pair_class pair_class_of(const struct topo *t, uint32_t a, uint32_t b)
{
	const struct topo_cpu *x = &t->cpus[a], *y = &t->cpus[b];

	if (x->core == y->core)
		return PAIR_SMT;
	if (x->llc == y->llc)
		return PAIR_LLC;
	if (x->node == y->node)
		return PAIR_NODE;
	if (x->package == y->package)
		return PAIR_PACKAGE;
	return PAIR_NONE;
}

/* qsort has no context argument: the topology being sorted by. */
static const struct topo *sort_topo;

static int cmp_topo(const void *p, const void *q)
{
	const struct topo_cpu *x = &sort_topo->cpus[*(const uint32_t *)p];
	const struct topo_cpu *y = &sort_topo->cpus[*(const uint32_t *)q];
	const uint32_t kx[] = { x->package, x->node, x->llc, x->core, x->smt,
				*(const uint32_t *)p };
	const uint32_t ky[] = { y->package, y->node, y->llc, y->core, y->smt,
				*(const uint32_t *)q };

	for (size_t i = 0; i < sizeof(kx) / sizeof(kx[0]); i++)
		if (kx[i] != ky[i])
			return kx[i] < ky[i] ? -1 : 1;
	return 0;
}

uint32_t topo_order(const struct topo *t, const uint8_t *take, uint32_t *out)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < t->ncpus; i++)
		if (take[i])
			out[n++] = i;
	sort_topo = t;
	qsort(out, n, sizeof(*out), cmp_topo);
	sort_topo = NULL;
	return n;
}

uint32_t topo_order_rr(const struct topo *t, const uint32_t *order,
		       uint32_t n, uint32_t *out)
{
	uint32_t nllc = 0, got = 0;
	uint32_t *start = malloc(sizeof(*start) * (n + 1));

	if (!start) {
		/* no room to spread: keep topology order */
		for (uint32_t i = 0; i < n; i++)
			out[i] = order[i];
		return n ? 1 : 0;
	}
	/* topology order keeps an LLC's CPUs together: runs of one llc id */
	for (uint32_t i = 0; i < n; i++)
		if (!i || t->cpus[order[i]].llc != t->cpus[order[i - 1]].llc)
			start[nllc++] = i;
	start[nllc] = n;
	for (uint32_t round = 0; got < n; round++)
		for (uint32_t l = 0; l < nllc; l++)
			if (start[l] + round < start[l + 1])
				out[got++] = order[start[l] + round];
	free(start);
	return nllc;
}

enum pairs_kind pairs_resolve(enum pairs_kind kind, uint32_t ncpus)
{
	if (kind != PAIRS_AUTO)
		return kind;
	return ncpus <= PAIRS_AUTO_MAX_CPUS ? PAIRS_ALL : PAIRS_REPS;
}

/* splitmix64: small, and good enough to pick pairs */
static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int cmp_pos(const void *p, const void *q)
{
	const struct cpu_pair *x = p, *y = q;

	if (x->a != y->a)
		return x->a < y->a ? -1 : 1;
	return x->b < y->b ? -1 : x->b > y->b;
}

/* Reservoir sampling of up to @k pairs (positions in order) per class. */
static long sample(const struct topo *t, const uint32_t *order, uint32_t n,
		   uint32_t k, bool first_only, uint64_t seed,
		   struct cpu_pair *res, size_t max)
{
	uint64_t seen[PAIR_NCLASSES] = { 0 };
	size_t got = 0;

	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = i + 1; j < n; j++) {
			enum pair_class c = pair_class_of(t, order[i],
							  order[j]);
			struct cpu_pair *slot = res + (size_t)c * k;
			uint64_t s = seen[c]++;

			if (s < k) {
				slot[s] = (struct cpu_pair){ i, j };
			} else if (!first_only) {
				uint64_t r = next_rand(&seed) % (s + 1);

				if (r < k)
					slot[r] = (struct cpu_pair){ i, j };
			}
		}
	/* pack the classes' pairs together */
	for (int c = 0; c < PAIR_NCLASSES; c++) {
		uint64_t m = seen[c] < k ? seen[c] : k;

		for (uint64_t s = 0; s < m; s++)
			res[got++] = res[(size_t)c * k + s];
	}
	if (got > max)
		return -1;
	qsort(res, got, sizeof(*res), cmp_pos);
	return (long)got;
}

long pairs_select(const struct topo *t, const uint32_t *order, uint32_t n,
		  enum pairs_kind kind, uint32_t k, uint64_t seed, size_t max,
		  struct cpu_pair **out, const char **why)
{
	struct cpu_pair *res;
	size_t cap;
	long got;

	*out = NULL;
	kind = pairs_resolve(kind, n);
	if (kind == PAIRS_REPS)
		k = 1;
	cap = kind == PAIRS_ALL ? (size_t)n * (n ? n - 1 : 0) / 2 :
	      (size_t)k * PAIR_NCLASSES;
	if (kind == PAIRS_ALL && cap > max) {
		*why = "pairs=all asks for more pairs than c2c can hold: "
		       "use pairs=reps or pairs=K";
		return -1;
	}
	res = malloc((cap ? cap : 1) * sizeof(*res));
	if (!res) {
		*why = "out of memory for the pair list";
		return -1;
	}
	if (kind == PAIRS_ALL) {
		got = 0;
		for (uint32_t i = 0; i < n; i++)
			for (uint32_t j = i + 1; j < n; j++)
				res[got++] = (struct cpu_pair){ i, j };
	} else {
		got = sample(t, order, n, k, kind == PAIRS_REPS, seed, res,
			     max);
		if (got < 0) {
			free(res);
			*why = "more pairs than c2c can hold: ask for fewer";
			return -1;
		}
	}
	/* positions to CPU ids */
	for (long i = 0; i < got; i++)
		res[i] = (struct cpu_pair){ order[res[i].a], order[res[i].b] };
	*out = res;
	return got;
}
