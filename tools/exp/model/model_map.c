// SPDX-License-Identifier: BSD-2-Clause
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/model/model_map.h"
#include "exp/c2c/c2c_map.h"
#include "log/run_records.h"
#include "log/runs.h"
#include "output/record_schema.h"

static double handoff(const void *ctx, uint32_t a, uint32_t b)
{
	const struct model_map *mm = ctx;
	size_t n = mm->t.ncpus;

	if (mm->pair && mm->pair[(size_t)a * n + b] > 0)
		return mm->pair[(size_t)a * n + b] * mm->rfo_per_cas;
	return mm->cls[pair_class_of(&mm->t, a, b)] * mm->rfo_per_cas;
}

static int alloc_topo(struct model_map *mm)
{
	memset(mm, 0, sizeof(*mm));
	mm->storage = calloc(TOPO_MAX_CPUS, sizeof(*mm->storage));
	if (!mm->storage)
		return -1;
	topo_init(&mm->t, mm->storage);
	mm->rfo_per_cas = 1;
	mm->m.t = &mm->t;
	mm->m.handoff = handoff;
	mm->m.ctx = mm;
	return 0;
}

void model_map_free(struct model_map *mm)
{
	free(mm->storage);
	free(mm->pair);
	mm->storage = NULL;
	mm->pair = NULL;
}

/* The @k-th smallest of @v[0..@n) (moved about): a selection over a
 * three-way partition, linear on average, where a sort of half a
 * million pairs is not. */
static double nth(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n;

	while (hi - lo > 1) {
		double p = v[lo + (hi - lo) / 2], t;
		size_t lt = lo, i = lo, gt = hi;

		/* [lo, lt) < p, [lt, i) == p, [gt, hi) > p */
		while (i < gt) {
			if (v[i] < p) {
				t = v[i];
				v[i++] = v[lt];
				v[lt++] = t;
			} else if (v[i] > p) {
				t = v[i];
				v[i] = v[--gt];
				v[gt] = t;
			} else {
				i++;
			}
		}
		if (k < lt)
			hi = lt;
		else if (k >= gt)
			lo = gt;
		else
			return p;
	}
	return v[lo];
}

static double median(double *v, size_t n)
{
	double hi = nth(v, n, n / 2);

	return n % 2 ? hi : (nth(v, n, n / 2 - 1) + hi) / 2;
}

/* A class nobody measured takes the nearest measured one farther out
 * (a conservative stand-in: never cheaper than the truth by class
 * order), else the nearest nearer one; the note names each. */
static void fill_classes(struct model_map *mm)
{
	size_t l = strlen(mm->note);
	bool has[PAIR_NCLASSES] = { false };
	unsigned found = 0;

	/* the classes this topology has: only those need a stand-in */
	for (uint32_t a = 0; a < mm->t.ncpus && found < PAIR_NCLASSES; a++)
		for (uint32_t b = a + 1; b < mm->t.ncpus; b++) {
			enum pair_class c = pair_class_of(&mm->t, a, b);

			if (!has[c]) {
				has[c] = true;
				if (++found == PAIR_NCLASSES)
					break;
			}
		}

	for (int c = 0; c < PAIR_NCLASSES; c++) {
		int from = -1;

		mm->cls_from[c] = c;
		if (mm->cls_pairs[c])
			continue;
		for (int d = c + 1; d < PAIR_NCLASSES && from < 0; d++)
			if (mm->cls_pairs[d])
				from = d;
		for (int d = c - 1; d >= 0 && from < 0; d--)
			if (mm->cls_pairs[d])
				from = d;
		if (from < 0)
			continue;
		mm->cls[c] = mm->cls[from];
		mm->cls_from[c] = from;
		if (has[c] && l < sizeof(mm->note))
			l += (size_t)snprintf(mm->note + l, sizeof(mm->note) - l,
				"%s%s not measured: taken as %s",
				l ? "; " : "", pair_class_name(c),
				pair_class_name(from));
	}
}

/* The pair's one-way hand-off: c2c's CAS figure, as the model's premise
 * names it; the plain ping-pong where a record has no CAS figure. */
static double pair_ns(const struct map_pair *p)
{
	return p->cas_median > 0 ? p->cas_median : p->median;
}

static int class_medians(struct model_map *mm, const struct run_map *m,
			 const int *index)
{
	double *v[PAIR_NCLASSES];
	size_t n = mm->t.ncpus;
	int rc = 0;

	for (int c = 0; c < PAIR_NCLASSES; c++)
		if (!(v[c] = calloc(c2c_of(m)->npairs + 1, sizeof(double))))
			rc = -1;
	mm->pair = n <= 2048 ? calloc(n * n, sizeof(float)) : NULL;
	for (size_t i = 0; !rc && i < c2c_of(m)->npairs; i++) {
		const struct map_pair *p = &c2c_of(m)->pairs[i];
		double ns = pair_ns(p);
		int a, b, c;

		if (p->a >= TOPO_MAX_CPUS || p->b >= TOPO_MAX_CPUS ||
		    !(ns > 0) || ns > 1e9)
			continue;
		a = index[p->a];
		b = index[p->b];
		if (a < 0 || b < 0 || a == b)
			continue;
		c = pair_class_of(&mm->t, a, b);
		v[c][mm->cls_pairs[c]++] = ns;
		if (mm->pair)
			mm->pair[(size_t)a * n + b] =
				mm->pair[(size_t)b * n + a] = (float)ns;
	}
	for (int c = 0; c < PAIR_NCLASSES; c++) {
		unsigned k = mm->cls_pairs[c];

		if (!rc && k)
			mm->cls[c] = median(v[c], k);
		free(v[c]);
	}
	return rc;
}

/* The proof (every sbm run's) times one RFO and a CAS ping-pong on
 * the same pair: their ratio turns every pair's ping-pong into hand-offs.
 * A ratio outside 0.2..1.5 is no calibration (a noisy vCPU): ignored. */
static void rfo_calibrate(struct model_map *mm, const struct run *r)
{
	const struct rec_schema *k = rec_schema_kind("proof");
	size_t l = strlen(mm->note);

	for (size_t i = 0; k && i < r->records.n; i++) {
		const struct run_rec *x = &r->records.rec[i];
		double rfo, cas;

		if (x->kind != k || !run_rec_dbl(x, "rfo_ns", &rfo) ||
		    !run_rec_dbl(x, "cas_ns", &cas) || !(rfo > 0) ||
		    !(cas > 0) || rfo / cas < 0.2 || rfo / cas > 1.5)
			continue;
		mm->rfo_per_cas = rfo / cas;
		snprintf(mm->note + l, sizeof(mm->note) - l, "%shand-off = "
			 "c2c's CAS one-way x %.3f: the proof's one RFO %.1f ns "
			 "over its CAS one-way %.1f ns, CPUs %u-%u", l ? "; " :
			 "", mm->rfo_per_cas, rfo, cas,
			 run_rec_uint(x, "a"), run_rec_uint(x, "b"));
		return;
	}
	snprintf(mm->note + l, sizeof(mm->note) - l, "%shand-off = c2c's "
		 "CAS one-way (no proof record to turn it into one RFO)",
		 l ? "; " : "");
}

int model_map_of_run(struct model_map *mm, const struct run *r,
		     char *why, size_t len)
{
	const struct run_map *m = r->map;
	const char *w = NULL;
	int *index = NULL, rc = -1;

	if (alloc_topo(mm)) {
		snprintf(why, len, "out of memory");
		return -1;
	}
	mm->source = !strcmp(run_rec_str(&r->one.hello, "platform"),
			     "published") ? "published" : "run";
	if (!m || !m->ncpus) {
		snprintf(why, len, "the run has no cpu records");
		return -1;
	}
	if (!c2c_of(m)->npairs) {
		snprintf(why, len, "the run has no c2c records");
		return -1;
	}
	index = malloc(TOPO_MAX_CPUS * sizeof(*index));
	if (!index) {
		snprintf(why, len, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < TOPO_MAX_CPUS; i++)
		index[i] = -1;
	for (size_t i = 0; i < m->ncpus; i++) {
		const struct map_cpu *c = &m->cpus[i];
		int k;

		if (c->disabled)
			continue;
		if (c->id >= TOPO_MAX_CPUS || index[c->id] >= 0) {
			snprintf(why, len, "cpu record id=%u is %s", c->id,
				 c->id >= TOPO_MAX_CPUS ? "out of range" :
				 "there twice");
			goto out;
		}
		k = topo_add_cpu(&mm->t, c->id, 0);
		if (k < 0) {
			snprintf(why, len, "more than %u CPUs", TOPO_MAX_CPUS);
			goto out;
		}
		index[c->id] = k;
		mm->storage[k].raw_package = c->package;
		mm->storage[k].raw_node = c->node;
		mm->storage[k].raw_llc = c->llc;
		mm->storage[k].raw_core = c->core;
	}
	if (topo_finalize(&mm->t, &w)) {
		snprintf(why, len, "the cpu records are no topology: %s", w);
		goto out;
	}
	if (class_medians(mm, m, index)) {
		snprintf(why, len, "out of memory");
		goto out;
	}
	fill_classes(mm);
	rfo_calibrate(mm, r);
	rc = 0;
out:
	free(index);
	return rc;
}

/* "key=N" words of @s, comma separated, into @v by @keys; every key
 * at most once, every value a number in (0, @max]. */
static int parse_words(const char *s, const char *const *keys, int nkeys,
		       double *v, bool *have, double max, const char *what,
		       char *why, size_t len)
{
	const char *p = s;

	for (int k = 0; k < nkeys; k++)
		have[k] = false;
	while (*p) {
		size_t wl = strcspn(p, ",");
		char word[64], *eq, *end;
		double x;
		int k;

		if (!wl || wl >= sizeof(word)) {
			snprintf(why, len, "%s: '%.40s' is not key=value", what,
				 p);
			return -1;
		}
		memcpy(word, p, wl);
		word[wl] = 0;
		eq = strchr(word, '=');
		for (k = 0; eq && k < nkeys; k++)
			if (strlen(keys[k]) == (size_t)(eq - word) &&
			    !memcmp(keys[k], word, (size_t)(eq - word)))
				break;
		if (!eq || k == nkeys) {
			char valid[96] = "";

			for (int j = 0; j < nkeys; j++)
				snprintf(valid + strlen(valid),
					 sizeof(valid) - strlen(valid), "%s%s",
					 j ? ", " : "", keys[j]);
			snprintf(why, len, "%s: unknown word '%s' (valid: %s)",
				 what, word, valid);
			return -1;
		}
		x = strtod(eq + 1, &end);
		if (end == eq + 1 || *end || !(x >= 0) || x > max || have[k]) {
			snprintf(why, len, "%s: %s: '%s' is %s", what, keys[k],
				 eq + 1, have[k] ? "given twice" :
				 "not a number from 0 to the limit");
			return -1;
		}
		v[k] = x;
		have[k] = true;
		p += wl;
		if (*p == ',')
			p++;
	}
	return 0;
}

int model_map_paper(struct model_map *mm, const char *shape,
		    const char *lat, double *op_ns, char *why, size_t len)
{
	static const char *const skeys[] = { "sockets", "nodes", "llcs",
					     "cores", "threads" };
	static const char *const lkeys[] = { "smt", "llc", "node", "package",
					     "none", "op", "run" };
	double s[5], l[7];
	bool hs[5], hl[7];
	const char *w = NULL;
	unsigned id = 0;

	if (alloc_topo(mm)) {
		snprintf(why, len, "out of memory");
		return -1;
	}
	mm->source = "paper";
	if (parse_words(shape, skeys, 5, s, hs, TOPO_MAX_CPUS, "--topology",
			why, len) ||
	    parse_words(lat, lkeys, 7, l, hl, 1e6, "--latency", why, len))
		return -1;
	if (hl[6] && !(l[6] >= 1)) {
		snprintf(why, len, "--latency: run=%g: updates per owner are "
			 "1 or more", l[6]);
		return -1;
	}
	mm->paper_run = hl[6] ? l[6] : 0;
	for (int k = 0; k < 5; k++) {
		if (!hs[k])
			s[k] = 1;
		if (s[k] < 1 || s[k] != (unsigned)s[k]) {
			snprintf(why, len, "--topology: %s must be a whole "
				 "number of 1 or more", skeys[k]);
			return -1;
		}
	}
	if ((unsigned)s[2] % (unsigned)s[1]) {
		snprintf(why, len, "--topology: llcs=%u per socket cannot be "
			 "split over nodes=%u", (unsigned)s[2], (unsigned)s[1]);
		return -1;
	}
	if (s[0] * s[2] * s[3] * s[4] > TOPO_MAX_CPUS) {
		snprintf(why, len, "--topology: more than %u CPUs",
			 TOPO_MAX_CPUS);
		return -1;
	}
	*op_ns = hl[5] ? l[5] : 0;
	for (unsigned p = 0; p < s[0]; p++)
		for (unsigned c = 0; c < s[2] * s[3]; c++)
			for (unsigned h = 0; h < s[4]; h++) {
				unsigned llc = c / (unsigned)s[3];
				int k = topo_add_cpu(&mm->t, id,
						     id ? 0 : TOPO_CPU_BSP);
				struct topo_cpu *x = &mm->storage[k];

				x->raw_package = p;
				x->raw_llc = p * (unsigned)s[2] + llc;
				x->raw_node = p * (unsigned)s[1] +
					llc / ((unsigned)s[2] / (unsigned)s[1]);
				x->raw_core = p * (unsigned)(s[2] * s[3]) + c;
				id++;
			}
	mm->t.line_size = 64;
	if (topo_finalize(&mm->t, &w)) {
		snprintf(why, len, "--topology: %s", w);
		return -1;
	}
	/* every class this shape has needs its latency */
	{
		const bool has[PAIR_NCLASSES] = {
			[PAIR_SMT] = s[4] > 1,
			[PAIR_LLC] = s[3] > 1,
			[PAIR_NODE] = s[2] > s[1],
			[PAIR_PACKAGE] = s[1] > 1,
			[PAIR_NONE] = s[0] > 1,
		};

		for (int c = 0; c < PAIR_NCLASSES; c++) {
			if (has[c] && (!hl[c] || !(l[c] > 0))) {
				snprintf(why, len, "--latency: this topology "
					 "has %s pairs: give %s=NS (> 0)",
					 pair_class_name(c), lkeys[c]);
				return -1;
			}
			mm->cls[c] = hl[c] ? l[c] : 0;
			mm->cls_pairs[c] = has[c];
			mm->cls_from[c] = c;
		}
	}
	return 0;
}
