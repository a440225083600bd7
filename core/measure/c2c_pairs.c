/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdbool.h>
#include <stdlib.h>

#include "measure/c2c_pairs.h"

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

/* Topology order keeps an LLC's CPUs together: where each run of one
 * llc id starts in @order, into @start (room for n + 1; start[count] is
 * n); returns how many runs. */
static uint32_t llc_runs(const struct topo *t, const uint32_t *order,
			 uint32_t n, uint32_t *start)
{
	uint32_t nllc = 0;

	for (uint32_t i = 0; i < n; i++)
		if (!i || t->cpus[order[i]].llc != t->cpus[order[i - 1]].llc)
			start[nllc++] = i;
	start[nllc] = n;
	return nllc;
}

uint32_t topo_order_rr(const struct topo *t, const uint32_t *order,
		       uint32_t n, uint32_t *out)
{
	uint32_t nllc, got = 0;
	uint32_t *start = malloc(sizeof(*start) * (n + 1));

	if (!start) {
		/* no room to spread: keep topology order */
		for (uint32_t i = 0; i < n; i++)
			out[i] = order[i];
		return n ? 1 : 0;
	}
	nllc = llc_runs(t, order, n, start);
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
		   uint32_t k, uint64_t seed, struct cpu_pair *res, size_t max)
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
			} else {
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

/*
 * pairs=reps: the first CPU of each LLC stands for it against every
 * other LLC's, and within each LLC its first SMT sibling and the first
 * CPU of another core give the smt and llc classes.  Positions in @order
 * into *@res (to be freed); returns how many, or -1.
 */
static long llc_reps(const struct topo *t, const uint32_t *order, uint32_t n,
		     size_t max, struct cpu_pair **res)
{
	uint32_t *start = malloc(sizeof(*start) * (n + 1)), nllc;
	size_t cap, got = 0;

	*res = NULL;
	if (!start)
		return -1;
	nllc = llc_runs(t, order, n, start);
	cap = (size_t)nllc * (nllc ? nllc - 1 : 0) / 2 + 2 * (size_t)nllc;
	if (cap > max || !(*res = malloc((cap ? cap : 1) * sizeof(**res)))) {
		free(start);
		return -1;
	}
	for (uint32_t l = 0; l < nllc; l++) {
		uint32_t a = start[l], core = t->cpus[order[a]].core;
		bool smt = false, other = false;

		for (uint32_t p = a + 1; p < start[l + 1]; p++) {
			bool same = t->cpus[order[p]].core == core;

			if (same ? smt : other)
				continue;
			(*res)[got++] = (struct cpu_pair){ a, p };
			smt |= same;
			other |= !same;
		}
		for (uint32_t m = l + 1; m < nllc; m++)
			(*res)[got++] = (struct cpu_pair){ a, start[m] };
	}
	free(start);
	qsort(*res, got, sizeof(**res), cmp_pos);
	return (long)got;
}

/* pairs=all and pairs=K: positions into *@res, or -1 with @why. */
static long all_or_sample(const struct topo *t, const uint32_t *order,
			  uint32_t n, enum pairs_kind kind, uint32_t k,
			  uint64_t seed, size_t max, struct cpu_pair **res,
			  const char **why)
{
	size_t cap = kind == PAIRS_ALL ? (size_t)n * (n ? n - 1 : 0) / 2 :
		     (size_t)k * PAIR_NCLASSES;
	long got = 0;

	*res = NULL;
	if (kind == PAIRS_ALL && cap > max) {
		*why = "pairs=all asks for more pairs than c2c can hold: "
		       "use pairs=reps or pairs=K";
		return -1;
	}
	*res = malloc((cap ? cap : 1) * sizeof(**res));
	if (!*res) {
		*why = "out of memory for the pair list";
		return -1;
	}
	if (kind != PAIRS_ALL) {
		got = sample(t, order, n, k, seed, *res, max);
		if (got < 0)
			*why = "more pairs than c2c can hold: ask for fewer";
		return got;
	}
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = i + 1; j < n; j++)
			(*res)[got++] = (struct cpu_pair){ i, j };
	return got;
}

long pairs_select(const struct topo *t, const uint32_t *order, uint32_t n,
		  enum pairs_kind kind, uint32_t k, uint64_t seed, size_t max,
		  struct cpu_pair **out, const char **why)
{
	struct cpu_pair *res;
	long got;

	*out = NULL;
	kind = pairs_resolve(kind, n);
	if (kind == PAIRS_REPS) {
		got = llc_reps(t, order, n, max, &res);
		if (got < 0)
			*why = "pairs=reps: more LLC pairs than c2c can hold "
			       "(or out of memory): use pairs=K";
	} else {
		got = all_or_sample(t, order, n, kind, k, seed, max, &res, why);
	}
	if (got < 0) {
		free(res);
		return -1;
	}
	/* positions to CPU ids */
	for (long i = 0; i < got; i++)
		res[i] = (struct cpu_pair){ order[res[i].a], order[res[i].b] };
	*out = res;
	return got;
}
