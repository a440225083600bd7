/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include "engine/sbm_read.h"

static const char *const read_names[SBM_NREADS] = {
	[SBM_READ_FIRST] = "first",
	[SBM_READ_WRAP] = "wrap",
	[SBM_READ_WRAP_LLC] = "wrap-llc",
	[SBM_READ_AND] = "and",
	[SBM_READ_WEIGHT] = "weight",
	[SBM_READ_GATHER] = "gather",
	[SBM_READ_IDLE_CORE] = "idle-core",
};

const char *sbm_read_name(enum sbm_read_op op)
{
	return (unsigned)op < SBM_NREADS ? read_names[op] : "?";
}

int sbm_read_parse(const char *name)
{
	for (int k = 0; k < SBM_NREADS; k++)
		if (!strcmp(read_names[k], name))
			return k;
	return -1;
}

const char *sbm_read_names(void)
{
	return "first, wrap, wrap-llc, and, weight, gather, idle-core";
}

void sbm_reader_free(struct sbm_reader *r)
{
	free(r->pos_of);
	free(r->leaf_start);
	free(r->leaf_end);
	free(r->run_lo);
	free(r->run_hi);
	free(r->llc_runs);
	free(r->core_cpus);
	free(r->core_first);
	free(r->dense);
	memset(r, 0, sizeof(*r));
}

int sbm_reader_init(struct sbm_reader *r, const struct sbm_layout *l,
		    const struct topo *t)
{
	uint32_t n = l->ncpus, *fill;

	memset(r, 0, sizeof(*r));
	r->l = l;
	r->t = t;
	r->pos_of = calloc(n, sizeof(uint32_t));
	r->leaf_start = calloc(l->nleaves, sizeof(uint32_t));
	r->leaf_end = calloc(l->nleaves, sizeof(uint32_t));
	r->run_lo = calloc(n, sizeof(uint32_t));
	r->run_hi = calloc(n, sizeof(uint32_t));
	r->llc_runs = calloc(t->nllcs + 1, sizeof(uint32_t));
	r->core_cpus = calloc(n, sizeof(uint32_t));
	r->core_first = calloc(t->ncores + 1, sizeof(uint32_t));
	r->dense = calloc((n + 63) / 64, sizeof(uint64_t));
	fill = calloc(t->nllcs + t->ncores + 1, sizeof(uint32_t));
	if (!r->pos_of || !r->leaf_start || !r->leaf_end || !r->run_lo ||
	    !r->run_hi || !r->llc_runs || !r->core_cpus || !r->core_first ||
	    !r->dense || !fill || n != t->ncpus)
		goto fail;
	for (uint32_t p = 0; p < n; p++) {
		uint32_t cpu = l->order[p], g = l->leaf[cpu];
		uint32_t llc = t->cpus[cpu].llc;

		if (llc >= t->nllcs || t->cpus[cpu].core >= t->ncores)
			goto fail;
		r->pos_of[cpu] = p;
		if (!r->leaf_end[g])
			r->leaf_start[g] = p;
		r->leaf_end[g] = p + 1;
		/* a run: neighbouring places of one LLC */
		if (!p || t->cpus[l->order[p - 1]].llc != llc) {
			r->llc_runs[llc + 1]++;
		}
		r->core_first[t->cpus[cpu].core + 1]++;
	}
	for (uint32_t k = 0; k < t->nllcs; k++)
		r->llc_runs[k + 1] += r->llc_runs[k];
	for (uint32_t k = 0; k < t->ncores; k++)
		r->core_first[k + 1] += r->core_first[k];
	/* runs by LLC, each LLC's in place order */
	for (uint32_t p = 0; p < n; p++) {
		uint32_t llc = t->cpus[l->order[p]].llc, i;

		if (!p || t->cpus[l->order[p - 1]].llc != llc) {
			i = r->llc_runs[llc] + fill[llc]++;
			r->run_lo[i] = p;
			r->run_hi[i] = p;
		}
		r->run_hi[r->llc_runs[llc] + fill[llc] - 1] = p + 1;
	}
	for (uint32_t cpu = 0; cpu < n; cpu++) {
		uint32_t c = t->cpus[cpu].core;

		r->core_cpus[r->core_first[c] + fill[t->nllcs + c]++] = cpu;
	}
	free(fill);
	return 0;
fail:
	free(fill);
	sbm_reader_free(r);
	return -1;
}

struct scan {
	struct sbm_read_res *res;
	uint64_t line;		/* the last line read */
};

static void touch(const struct sbm_layout *l, uint32_t cpu, struct scan *s)
{
	uint64_t key = (uint64_t)l->slot[cpu].region << 32 |
		       l->slot[cpu].offset / l->line;

	if (key != s->line) {
		s->line = key;
		s->res->lines++;
	}
}

/* First place in [pos, hi) whose CPU is set, or hi; a bit layout reads a
 * word at a time (find_next_bit), a byte layout a byte at a time. */
static uint32_t scan(const struct sbm_reader *r, const struct sbm_arena *a,
		     uint32_t pos, uint32_t hi, struct scan *s)
{
	const struct sbm_layout *l = r->l;

	while (pos < hi) {
		uint32_t cpu = l->order[pos], bit, end;
		const void *p = sbm_slot_ptr(l, a, cpu);
		uint64_t w;

		touch(l, cpu, s);
		if (l->bytewise) {
			s->res->visited++;
			if (__atomic_load_n((const uint8_t *)p, __ATOMIC_RELAXED))
				return pos;
			pos++;
			continue;
		}
		bit = l->slot[cpu].bit;
		w = __atomic_load_n((const uint64_t *)p, __ATOMIC_RELAXED) >> bit;
		end = pos + 64 - bit;
		if (end > r->leaf_end[l->leaf[cpu]])
			end = r->leaf_end[l->leaf[cpu]];
		if (end > hi)
			end = hi;
		if (w && pos + (uint32_t)__builtin_ctzll(w) < end) {
			s->res->visited += (uint32_t)__builtin_ctzll(w) + 1;
			return pos + (uint32_t)__builtin_ctzll(w);
		}
		s->res->visited += end - pos;
		pos = end;
	}
	return hi;
}

static bool test(const struct sbm_reader *r, const struct sbm_arena *a,
		 uint32_t cpu, struct scan *s)
{
	touch(r->l, cpu, s);
	s->res->visited++;
	return sbm_test(r->l, a, cpu);
}

static int32_t wrap_llc(const struct sbm_reader *r, const struct sbm_arena *a,
			uint32_t me, struct scan *s)
{
	uint32_t llc = r->t->cpus[me].llc, pm = r->pos_of[me], p;

	/* my LLC: the places after mine, then those up to mine */
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = r->llc_runs[llc]; i < r->llc_runs[llc + 1]; i++) {
			uint32_t lo = r->run_lo[i], hi = r->run_hi[i];

			if (!pass && lo <= pm)
				lo = pm + 1;
			if (pass && hi > pm + 1)
				hi = pm + 1;
			if (lo < hi && (p = scan(r, a, lo, hi, s)) < hi)
				return (int32_t)r->l->order[p];
		}
	for (uint32_t d = 1; d < r->t->nllcs; d++) {
		uint32_t k = (llc + d) % r->t->nllcs;

		for (uint32_t i = r->llc_runs[k]; i < r->llc_runs[k + 1]; i++)
			if ((p = scan(r, a, r->run_lo[i], r->run_hi[i], s)) <
			    r->run_hi[i])
				return (int32_t)r->l->order[p];
	}
	return -1;
}

static bool core_all_set(const struct sbm_reader *r,
			 const struct sbm_arena *a, uint32_t cpu,
			 struct scan *s)
{
	uint32_t c = r->t->cpus[cpu].core;

	for (uint32_t i = r->core_first[c]; i < r->core_first[c + 1]; i++)
		if (r->core_cpus[i] != cpu && !test(r, a, r->core_cpus[i], s))
			return false;
	return true;
}

void sbm_read(const struct sbm_reader *r, const struct sbm_arena *a,
	      enum sbm_read_op op, uint32_t me, struct sbm_read_res *res)
{
	const uint32_t n = r->l->ncpus, *order = r->l->order;
	struct scan s = { .res = res, .line = UINT64_MAX };
	uint32_t p, pm = r->pos_of[me];

	memset(res, 0, sizeof(*res));
	res->cpu = -1;
	switch (op) {
	case SBM_READ_FIRST:
		if ((p = scan(r, a, 0, n, &s)) < n)
			res->cpu = (int32_t)order[p];
		break;
	case SBM_READ_WRAP:
		if ((p = scan(r, a, pm + 1, n, &s)) < n ||
		    (p = scan(r, a, 0, pm + 1, &s)) < pm + 1)
			res->cpu = (int32_t)order[p];
		break;
	case SBM_READ_WRAP_LLC:
		res->cpu = wrap_llc(r, a, me, &s);
		break;
	case SBM_READ_GATHER:
		memset(r->dense, 0, (n + 63) / 64 * sizeof(uint64_t));
		/* fall through */
	default:
		for (p = 0; (p = scan(r, a, p, n, &s)) < n; p++) {
			uint32_t cpu = order[p];

			if (op == SBM_READ_AND &&
			    !(r->other[cpu / 64] >> (cpu % 64) & 1))
				continue;
			if (op == SBM_READ_IDLE_CORE &&
			    !core_all_set(r, a, cpu, &s))
				continue;
			res->count++;
			if (op == SBM_READ_GATHER)
				r->dense[cpu / 64] |= 1ull << (cpu % 64);
			if (op == SBM_READ_AND || op == SBM_READ_IDLE_CORE) {
				res->cpu = (int32_t)cpu;
				break;
			}
		}
	}
}

static bool ref_core(const struct topo *t, const bool *set, uint32_t cpu)
{
	for (uint32_t i = 0; i < t->ncpus; i++)
		if (t->cpus[i].core == t->cpus[cpu].core && !set[i])
			return false;
	return true;
}

/* Plain loops over places and CPUs: slow, and obviously right. */
void sbm_read_ref(const struct sbm_reader *r, const bool *set,
		  enum sbm_read_op op, uint32_t me, uint64_t *dense,
		  struct sbm_read_res *res)
{
	const struct topo *t = r->t;
	const uint32_t n = r->l->ncpus, *order = r->l->order;
	uint32_t pm = r->pos_of[me], llc = t->cpus[me].llc;

	memset(res, 0, sizeof(*res));
	res->cpu = -1;
	if (op == SBM_READ_GATHER)
		memset(dense, 0, (n + 63) / 64 * sizeof(uint64_t));
	for (uint32_t k = 0; k < n && res->cpu < 0; k++) {
		uint32_t p = op == SBM_READ_WRAP || op == SBM_READ_WRAP_LLC ?
			     (pm + 1 + k) % n : k, cpu = order[p];

		if (!set[cpu])
			continue;
		switch (op) {
		case SBM_READ_WRAP_LLC:
			if (t->cpus[cpu].llc == llc)
				res->cpu = (int32_t)cpu;
			break;
		case SBM_READ_AND:
			if (r->other[cpu / 64] >> (cpu % 64) & 1)
				res->cpu = (int32_t)cpu;
			break;
		case SBM_READ_IDLE_CORE:
			if (ref_core(t, set, cpu))
				res->cpu = (int32_t)cpu;
			break;
		case SBM_READ_WEIGHT:
		case SBM_READ_GATHER:
			res->count++;
			if (dense)
				dense[cpu / 64] |= 1ull << (cpu % 64);
			break;
		default:
			res->cpu = (int32_t)cpu;
		}
	}
	if (op == SBM_READ_AND || op == SBM_READ_IDLE_CORE)
		res->count = res->cpu >= 0;
	if (op != SBM_READ_WRAP_LLC || res->cpu >= 0)
		return;
	/* none in my LLC: the other LLCs, in topology order from mine */
	for (uint32_t d = 1; d < t->nllcs && res->cpu < 0; d++)
		for (uint32_t p = 0; p < n; p++) {
			uint32_t cpu = order[p];

			if (set[cpu] && t->cpus[cpu].llc == (llc + d) % t->nllcs) {
				res->cpu = (int32_t)cpu;
				break;
			}
		}
}

bool sbm_read_agree(enum sbm_read_op op, const struct sbm_read_res *got,
		    const struct sbm_read_res *want, const uint64_t *got_dense,
		    const uint64_t *want_dense, uint32_t ncpus)
{
	if (got->cpu != want->cpu || got->count != want->count)
		return false;
	return op != SBM_READ_GATHER ||
	       !memcmp(got_dense, want_dense, (ncpus + 63) / 64 * 8);
}
