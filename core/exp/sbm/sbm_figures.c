/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment (exp_sbm.c): what its samples add up to.  Per
 * layout: the statistics over CPUs and reps, per LLC and per node, the
 * effective clock; across layouts at one gap: each one's cost above its
 * no-sharing floor and its %global, paired rep by rep.  Computed once,
 * here, and carried in the records.
 */
#include <stdlib.h>

#include "exp/sbm/exp_sbm.h"

static void group_stats(const struct engine *e, struct sbm_result *r,
			const double *samples, const double *iters,
			uint32_t reps, bool by_llc)
{
	const struct topo *t = e->topo;
	uint32_t ngroups = by_llc ? t->nllcs : t->nnodes;
	struct sbm_group_stat *gs = calloc(ngroups, sizeof(*gs));
	double *v = malloc(sizeof(double) * t->ncpus * reps);
	uint32_t out = 0;

	if (!gs || !v) {
		free(gs);
		free(v);
		return;
	}
	for (uint32_t g = 0; g < ngroups; g++) {
		double sum = 0, w = 0;
		size_t n = 0;

		for (uint32_t i = 0; i < t->ncpus; i++) {
			uint32_t cg = by_llc ? t->cpus[i].llc : t->cpus[i].node;

			if (cg != g || !e->chosen[i])
				continue;
			for (uint32_t rep = 0; rep < reps; rep++) {
				size_t at = (size_t)rep * t->ncpus + i;
				double k = iters ? iters[at] : 1;

				v[n++] = samples[at];
				sum += samples[at] * k;
				w += k;
			}
		}
		if (!n)
			continue;
		gs[out].id = g;
		gs[out].ncpus = (uint32_t)(n / reps);
		stats_compute(v, n, &gs[out].st);
		if (w > 0)
			gs[out].st.mean = sum / w;	/* the group's own sums */
		out++;
	}
	free(v);
	if (by_llc) {
		r->by_llc = gs;
		r->nllc = out;
	} else {
		r->by_node = gs;
		r->nnode = out;
	}
}

double sbm_iter_mean(const struct engine *e, const double *v,
		     const double *iters, uint32_t reps)
{
	const struct topo *t = e->topo;
	double sum = 0, w = 0;

	for (uint32_t rep = 0; rep < reps; rep++)
		for (uint32_t i = 0; i < t->ncpus; i++) {
			size_t at = (size_t)rep * t->ncpus + i;
			double k = iters ? iters[at] : 1;

			if (!e->chosen[i])
				continue;
			sum += v[at] * k;
			w += k;
		}
	return w > 0 ? sum / w : 0;
}

void sbm_rep_means(const struct engine *e, const double *samples,
		   const double *iters, uint32_t reps, double *means)
{
	size_t n = e->topo->ncpus;

	for (uint32_t rep = 0; rep < reps; rep++)
		means[rep] = sbm_iter_mean(e, samples + rep * n,
					   iters ? iters + rep * n : NULL, 1);
}

void sbm_summarise(const struct engine *e, struct sbm_result *r,
		   const double *samples, const double *iters, uint32_t reps)
{
	const struct topo *t = e->topo;
	double *all = malloc(sizeof(double) * t->ncpus * reps);
	double *means = malloc(sizeof(double) * reps);
	struct stats ms;
	size_t n = 0;

	if (!all || !means) {
		free(all);
		free(means);
		return;
	}
	for (uint32_t rep = 0; rep < reps; rep++)
		for (uint32_t i = 0; i < t->ncpus; i++)
			if (e->chosen[i])
				all[n++] = samples[(size_t)rep * t->ncpus + i];
	sbm_rep_means(e, samples, iters, reps, means);
	free(r->rep_mean);
	r->rep_mean = malloc(sizeof(double) * reps);
	if (r->rep_mean)
		memcpy(r->rep_mean, means, sizeof(double) * reps);
	stats_compute(all, n, &r->st);
	/* the mean is the ratio of sums; the rest describes the CPUs' own */
	r->st.mean = sbm_iter_mean(e, samples, iters, reps);
	stats_compute(means, reps, &ms);
	r->rep_cv = ms.cv;
	r->ci95 = stats_ci95(&ms);
	r->reps = reps;
	free(all);
	free(means);
	group_stats(e, r, samples, iters, reps, true);
	group_stats(e, r, samples, iters, reps, false);
}

static double median_of_chosen(const struct engine *e, const double *v,
			       uint32_t reps)
{
	const struct topo *t = e->topo;
	double *c = malloc(sizeof(double) * t->ncpus * reps);
	struct stats s;
	size_t n = 0;

	if (!c)
		return 0;
	for (uint32_t rep = 0; rep < reps; rep++)
		for (uint32_t i = 0; i < t->ncpus; i++)
			if (e->chosen[i])
				c[n++] = v[rep * t->ncpus + i];
	stats_compute(c, n, &s);
	free(c);
	return s.median;
}

/*
 * Cycles per iteration and the clock the CPUs really ran at: a CPU in a
 * window never idles (interrupts off, busy loop), so its core cycles over
 * the window's time are its effective frequency.  A clock the firmware
 * left low shows here, where ticks alone would hide it.
 */
void sbm_effective_clock(const struct engine *e, struct sbm_result *r,
			 const double *samples, const double *cyc,
			 uint32_t reps)
{
	size_t n = (size_t)e->topo->ncpus * reps;
	double *mhz = calloc(n, sizeof(double));

	r->cycles_median = median_of_chosen(e, cyc, reps);
	if (!mhz)
		return;
	for (size_t i = 0; i < n; i++)
		if (samples[i] > 0)
			mhz[i] = cyc[i] / samples[i] *
				 (double)e->info.counter_hz / 1e6;
	r->mhz = median_of_chosen(e, mhz, reps);
	free(mhz);
}

/* The no-sharing floor of a layout: the same update, each CPU's words
 * on lines of its own (layout_table.h). */
enum sbm_kind sbm_floor_of(enum sbm_kind k)
{
	const struct sbm_layout_def *d = sbm_layout_def((int)k);

	if (d && d->floor >= 0)
		return (enum sbm_kind)d->floor;
	return sbm_kind_is_bytewise(k) ? SBM_PRIVATE_U8 : SBM_PRIVATE;
}

/* The results of one gap, by kind (NULL: not run). */
static void by_kind_of(struct sbm_exp *x, uint32_t first,
		       struct sbm_result *by_kind[SBM_NKINDS])
{
	for (int k = 0; k < SBM_NKINDS; k++)
		by_kind[k] = NULL;
	for (uint32_t i = first; i < x->nresults; i++)
		by_kind[x->results[i].kind] = &x->results[i];
}

/* Per rep, @r's cost above its floor @f, in @out (interleaved reps: the
 * floor's rep ran in the same round as @r's). */
static void above_per_rep(const struct sbm_result *r,
			  const struct sbm_result *f, double *out)
{
	for (uint32_t i = 0; i < r->reps; i++)
		out[i] = r->rep_mean[i] - f->rep_mean[i];
}

/* Whether @f is a usable floor for @r: clean, and the same reps. */
static bool floor_usable(const struct sbm_result *r,
			 const struct sbm_result *f)
{
	return f && f->clean && f->reps == r->reps && r->rep_mean &&
	       f->rep_mean;
}

/*
 * Every derived figure, once, where the results of one gap are made:
 * %global as the seed computes it (a ratio of sums: mean ticks per update
 * over all CPUs and repetitions), the ratio of medians beside it, and the
 * cost above the floor measured at the same gap.  At a gap > 0 the
 * private work between updates belongs to neither side, so %global there
 * is a ratio of costs above each one's floor (pct_abv); the raw ratio of
 * whole iterations says little more than "the gap is long".  Intervals
 * by the delta method over the paired (interleaved) reps.
 */
void sbm_derive(struct sbm_exp *x, uint32_t first)
{
	struct sbm_result *by_kind[SBM_NKINDS];
	const struct sbm_result *g, *gf;
	double *a = NULL, *b = NULL;

	by_kind_of(x, first, by_kind);
	g = by_kind[SBM_GLOBAL];
	gf = g ? by_kind[sbm_floor_of(SBM_GLOBAL)] : NULL;
	if (g && floor_usable(g, gf)) {
		a = malloc(sizeof(double) * g->reps);
		b = malloc(sizeof(double) * g->reps);
		if (b)
			above_per_rep(g, gf, b);
	}
	for (uint32_t i = first; i < x->nresults; i++) {
		struct sbm_result *r = &x->results[i];
		const struct sbm_result *f = by_kind[sbm_floor_of(r->kind)];
		double ratio, half;

		if (g && g->st.mean > 0 && g->st.median > 0) {
			r->have_pct = true;
			r->pct = r->st.mean / g->st.mean * 100.0;
			r->pct_median = r->st.median / g->st.median * 100.0;
			/* the same ratio of sums, its interval over reps */
			if (r->reps == g->reps && r->rep_mean && g->rep_mean &&
			    stats_ratio_ci95(r->rep_mean, g->rep_mean, r->reps,
					     &ratio, &half))
				r->pct_ci = half * 100.0;
		}
		if (!floor_usable(r, f))
			continue;
		r->have_floor = true;
		r->floor = f->st.mean;
		stats_diff_ci95(r->rep_mean, f->rep_mean, r->reps, &r->above,
				&r->above_ci);
		if (!r->gap_ns || !a || !b || r->reps != g->reps)
			continue;
		above_per_rep(r, f, a);
		if (stats_ratio_ci95(a, b, r->reps, &r->pct_abv, &half)) {
			r->have_pct_abv = true;
			r->pct_abv *= 100.0;
			r->pct_abv_ci = half * 100.0;
		}
	}
	free(a);
	free(b);
}
