/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include "measure/sbm_read.h"

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
	free(r->leaf_off);
	free(r->run_lo);
	free(r->run_hi);
	free(r->llc_runs);
	free(r->core_cpus);
	free(r->core_first);
	free(r->dense);
	free(r->other_shape);
	free(r->other_base);
	memset(r, 0, sizeof(*r));
}

/* The second mask's copy: one buffer, each region where its size says. */
static int shape_alloc(struct sbm_reader *r)
{
	const struct sbm_layout *l = r->l;
	size_t total = 0;

	r->other_base = calloc(l->nregions, sizeof(size_t));
	if (!r->other_base)
		return -1;
	for (uint32_t g = 0; g < l->nregions; g++) {
		r->other_base[g] = total;
		total += sbm_region_size(l, g);
	}
	/* calloc's alignment holds a uint64_t; regions are whole lines */
	r->other_shape = calloc(total ? total : 1, 1);
	return r->other_shape ? 0 : -1;
}

void sbm_reader_set_other(struct sbm_reader *r, const uint64_t *dense)
{
	const struct sbm_layout *l = r->l;

	r->other = dense;
	for (uint32_t g = 0; g < l->nregions; g++)
		memset(r->other_shape + r->other_base[g], 0,
		       sbm_region_size(l, g));
	for (uint32_t cpu = 0; dense && cpu < l->ncpus; cpu++) {
		const struct sbm_slot *sl = &l->slot[cpu];
		uint8_t *p = r->other_shape + r->other_base[sl->region] +
			     sl->offset;

		if (!(dense[cpu / 64] >> (cpu % 64) & 1))
			continue;
		if (l->bytewise)
			*p = 0xff;	/* a word AND keeps the byte whole */
		else
			*(uint64_t *)p |= 1ull << sl->bit;
	}
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
	r->leaf_off = calloc(l->nleaves, sizeof(uint32_t));
	r->run_lo = calloc(n, sizeof(uint32_t));
	r->run_hi = calloc(n, sizeof(uint32_t));
	r->llc_runs = calloc(t->nllcs + 1, sizeof(uint32_t));
	r->core_cpus = calloc(n, sizeof(uint32_t));
	r->core_first = calloc(t->ncores + 1, sizeof(uint32_t));
	r->dense = calloc((n + 63) / 64, sizeof(uint64_t));
	fill = calloc(t->nllcs + t->ncores + 1, sizeof(uint32_t));
	if (!r->pos_of || !r->leaf_start || !r->leaf_end || !r->leaf_off ||
	    !r->run_lo || !r->run_hi || !r->llc_runs || !r->core_cpus ||
	    !r->core_first || !r->dense || !fill || n != t->ncpus ||
	    l->line < 8 || (l->line & (l->line - 1)) || shape_alloc(r))
		goto fail;
	r->line_shift = (uint32_t)__builtin_ctz(l->line);
	for (uint32_t p = 0; p < n; p++) {
		uint32_t cpu = l->order[p], g = l->leaf[cpu];
		uint32_t llc = t->cpus[cpu].llc;

		if (llc >= t->nllcs || t->cpus[cpu].core >= t->ncores)
			goto fail;
		r->pos_of[cpu] = p;
		if (!r->leaf_end[g]) {
			/* a leaf's first place is its first bit or byte */
			r->leaf_start[g] = p;
			r->leaf_off[g] = l->slot[cpu].offset;
		}
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
	sbm_reader_set_other(r, NULL);
	return 0;
fail:
	free(fill);
	sbm_reader_free(r);
	return -1;
}

/* A u8 word is read as 8 places, byte i the i-th: little-endian only. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
	       "u8 layouts are scanned 8 bytes to a little-endian word");

struct scan {
	struct sbm_read_res *res;
	uint64_t line;		/* the last line read */
};

/* Bit 8i set where byte i of @w is not zero: a u8 word's set places. */
static inline uint64_t bytes_set(uint64_t w)
{
	w |= w >> 4;
	w |= w >> 2;
	w |= w >> 1;
	return w & 0x0101010101010101ull;
}

/* One leaf's words as a scan reads them. */
struct leaf_words {
	const uint64_t *w;	/* the mask's */
	const uint64_t *o;	/* the second mask's, or NULL */
	uint64_t line0;		/* key of the leaf's first line */
	uint32_t start, end;	/* places: first, past the last */
	uint32_t sh, wsh;	/* log2 of bits a place, of places a word */
};

static void leaf_words(const struct sbm_reader *r, const struct sbm_arena *a,
		       uint32_t g, bool and, struct leaf_words *lw)
{
	const struct sbm_layout *l = r->l;
	uint32_t reg = l->leaf_region[g], off = r->leaf_off[g];

	lw->w = (const uint64_t *)(a->base[reg] + off);
	lw->o = and ? (const uint64_t *)(r->other_shape +
					 r->other_base[reg] + off) : NULL;
	lw->line0 = (uint64_t)reg << 32 | off >> r->line_shift;
	lw->start = r->leaf_start[g];
	lw->end = r->leaf_end[g];
	lw->sh = l->bytewise ? 3 : 0;
	lw->wsh = l->bytewise ? 3 : 6;
}

/* Word @k of a leaf: a bit per set place (a u8 word's at each byte's
 * bit 0), ANDed with the second mask's word; a line counted when new. */
static inline uint64_t word(const struct leaf_words *lw, uint32_t k,
			    uint32_t line_shift, struct scan *s)
{
	uint64_t key = lw->line0 + ((uint64_t)k * 8 >> line_shift);
	uint64_t w = __atomic_load_n(&lw->w[k], __ATOMIC_RELAXED);

	if (key != s->line) {
		s->line = key;
		s->res->lines++;
	}
	if (lw->o)
		w &= lw->o[k];
	return lw->sh ? bytes_set(w) : w;
}

/* Word @k's places below @end (leaf-relative): the rest of the last
 * word is padding, or past the range. */
static inline uint64_t below(const struct leaf_words *lw, uint32_t k,
			     uint32_t end, uint64_t w)
{
	uint32_t left = end - (k << lw->wsh);

	if (left < (1u << lw->wsh))
		w &= (1ull << (left << lw->sh)) - 1;
	return w;
}

/*
 * First place in [lo, hi) set in the mask (and in the second mask with
 * @and), or hi: find_next_bit() over each leaf the range crosses, the
 * first word masked below lo, zero words skipped.
 */
static uint32_t scan(const struct sbm_reader *r, const struct sbm_arena *a,
		     uint32_t lo, uint32_t hi, bool and, struct scan *s)
{
	const struct sbm_layout *l = r->l;
	uint32_t pos = lo;

	while (pos < hi) {
		struct leaf_words lw;
		uint32_t rel, end, k, kend;
		uint64_t first;

		leaf_words(r, a, l->leaf[l->order[pos]], and, &lw);
		rel = pos - lw.start;
		end = (lw.end < hi ? lw.end : hi) - lw.start;
		k = rel >> lw.wsh;
		kend = (end + (1u << lw.wsh) - 1) >> lw.wsh;
		first = ~0ull << ((rel & ((1u << lw.wsh) - 1)) << lw.sh);
		for (; k < kend; k++, first = ~0ull) {
			uint64_t w = word(&lw, k, r->line_shift, s) & first;

			w = below(&lw, k, end, w);
			if (w) {
				uint32_t b = (uint32_t)__builtin_ctzll(w);
				uint32_t p = lw.start + (k << lw.wsh) +
					     (b >> lw.sh);

				s->res->visited += p - lo + 1;
				return p;
			}
		}
		pos = lw.start + end;
	}
	s->res->visited += hi - lo;
	return hi;
}

/* weight (a popcount a word, as bitmap_weight()) or gather (each set
 * bit of each word into the dense mask) over every leaf. */
static void count_all(const struct sbm_reader *r, const struct sbm_arena *a,
		      bool gather, struct scan *s)
{
	const struct sbm_layout *l = r->l;

	for (uint32_t pos = 0; pos < l->ncpus;) {
		struct leaf_words lw;
		uint32_t end, kend;

		leaf_words(r, a, l->leaf[l->order[pos]], false, &lw);
		end = lw.end - lw.start;
		kend = (end + (1u << lw.wsh) - 1) >> lw.wsh;
		for (uint32_t k = 0; k < kend; k++) {
			uint64_t w = below(&lw, k, end,
					   word(&lw, k, r->line_shift, s));

			s->res->count += (uint32_t)__builtin_popcountll(w);
			for (; gather && w; w &= w - 1) {
				uint32_t b = (uint32_t)__builtin_ctzll(w);
				uint32_t cpu = l->order[lw.start +
							(k << lw.wsh) +
							(b >> lw.sh)];

				r->dense[cpu / 64] |= 1ull << (cpu % 64);
			}
		}
		pos = lw.end;
	}
	s->res->visited += l->ncpus;
}

/* cpumask_test_cpu(): one CPU's bit or byte. */
static bool test(const struct sbm_reader *r, const struct sbm_arena *a,
		 uint32_t cpu, struct scan *s)
{
	const struct sbm_layout *l = r->l;
	uint64_t key = (uint64_t)l->slot[cpu].region << 32 |
		       l->slot[cpu].offset >> r->line_shift;

	if (key != s->line) {
		s->line = key;
		s->res->lines++;
	}
	s->res->visited++;
	return sbm_test(l, a, cpu);
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
			if (lo < hi && (p = scan(r, a, lo, hi, false, s)) < hi)
				return (int32_t)r->l->order[p];
		}
	for (uint32_t d = 1; d < r->t->nllcs; d++) {
		uint32_t k = (llc + d) % r->t->nllcs;

		for (uint32_t i = r->llc_runs[k]; i < r->llc_runs[k + 1]; i++)
			if ((p = scan(r, a, r->run_lo[i], r->run_hi[i], false,
				      s)) < r->run_hi[i])
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
	case SBM_READ_AND:
		if ((p = scan(r, a, 0, n, op == SBM_READ_AND, &s)) < n)
			res->cpu = (int32_t)order[p];
		if (op == SBM_READ_AND)
			res->count = res->cpu >= 0;
		break;
	case SBM_READ_WRAP:
		if ((p = scan(r, a, pm + 1, n, false, &s)) < n ||
		    (p = scan(r, a, 0, pm + 1, false, &s)) < pm + 1)
			res->cpu = (int32_t)order[p];
		break;
	case SBM_READ_WRAP_LLC:
		res->cpu = wrap_llc(r, a, me, &s);
		break;
	case SBM_READ_GATHER:
		memset(r->dense, 0, (n + 63) / 64 * sizeof(uint64_t));
		/* fall through */
	case SBM_READ_WEIGHT:
		count_all(r, a, op == SBM_READ_GATHER, &s);
		break;
	case SBM_READ_IDLE_CORE:
		for (p = 0; (p = scan(r, a, p, n, false, &s)) < n; p++)
			if (core_all_set(r, a, order[p], &s)) {
				res->cpu = (int32_t)order[p];
				res->count = 1;
				break;
			}
		break;
	default:
		break;
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
