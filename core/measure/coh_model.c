// SPDX-License-Identifier: BSD-2-Clause
#include <stdlib.h>
#include <string.h>

#include "measure/coh_model.h"

static const char *const arbiter_names[CM_NARBITERS] = {
	[CM_FAIR] = "fair",
	[CM_NEAREST] = "nearest",
};

const char *cm_arbiter_name(enum cm_arbiter a)
{
	return (unsigned)a < CM_NARBITERS ? arbiter_names[a] : "?";
}

/* Fair: the next owner is any other sharer, equally likely, so one
 * hand-off is the mean over the ordered pairs. */
static double mean_fair(const struct cm_map *m, const uint32_t *cpus,
			uint32_t s)
{
	double sum = 0;

	for (uint32_t i = 0; i < s; i++)
		for (uint32_t j = 0; j < s; j++)
			if (i != j)
				sum += m->handoff(m->ctx, cpus[i], cpus[j]);
	return sum / ((double)s * (s - 1));
}

/* Nearest-first: a round starts at the first sharer and goes each time
 * to the nearest one not yet served (ties: the earlier in @cpus), then
 * back to the start for the next round.  Every sharer is served once a
 * round, so nobody starves; the mean is the tour over its length. */
static double mean_nearest(const struct cm_map *m, const uint32_t *cpus,
			   uint32_t s)
{
	uint8_t *done = calloc(s, 1);
	uint32_t at = 0;
	double sum = 0;

	if (!done)
		return mean_fair(m, cpus, s);	/* the wider edge */
	done[0] = 1;
	for (uint32_t step = 1; step < s; step++) {
		uint32_t best = s;
		double best_ns = 0;

		for (uint32_t j = 0; j < s; j++) {
			double ns;

			if (done[j])
				continue;
			ns = m->handoff(m->ctx, cpus[at], cpus[j]);
			if (best == s || ns < best_ns) {
				best = j;
				best_ns = ns;
			}
		}
		done[best] = 1;
		sum += best_ns;
		at = best;
	}
	sum += m->handoff(m->ctx, cpus[at], cpus[0]);
	free(done);
	return sum / s;
}

double cm_handoff_mean(const struct cm_map *m, const uint32_t *cpus,
		       uint32_t s, enum cm_arbiter a)
{
	if (s < 2)
		return 0;
	return a == CM_NEAREST ? mean_nearest(m, cpus, s) :
				 mean_fair(m, cpus, s);
}

/*
 * Exact mean-value analysis of a closed network: @s customers, a delay
 * station of @think_ns and one queue (the line) of service time
 * @handoff_ns + @op_ns.  R(n) = D (1 + Q(n-1)), X(n) = n / (Z + R(n)),
 * Q(n) = X(n) R(n).  Z = 0 gives R(s) = s D: the saturated round.
 */
double cm_response_ns(uint32_t s, double handoff_ns, double op_ns,
		      double think_ns)
{
	double d = handoff_ns + op_ns, q = 0, r = op_ns;

	if (s < 2)
		return op_ns;
	for (uint32_t n = 1; n <= s; n++) {
		r = d * (1 + q);
		q = n * r / (think_ns + r);
	}
	return r;
}

struct keyed {
	uint64_t key;
	uint32_t cpu;
	double w;
};

static int by_key(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->cpu < y->cpu ? -1 : x->cpu > y->cpu;
}

/* A step's visit per update: then='s steps are undone on the clear (1),
 * unless undo= names the clear's own (then each is half the updates). */
static double step_weight(const struct sbm_layout *l)
{
	return !l->spec->undo ? 1.0 : 0.5;
}

int cm_lines_build(struct cm_lines *out, const struct cm_map *m,
		   const struct sbm_layout *l, uint32_t cache_line,
		   const uint8_t *take, const char **why)
{
	uint32_t per = 1, n = 0;
	struct keyed *k;
	uint32_t *cpus;
	bool multi = false;

	memset(out, 0, sizeof(*out));
	if (cache_line < 8 || (cache_line & (cache_line - 1))) {
		*why = "the cache line is not a power of two of 8 bytes or more";
		return -1;
	}
	for (uint32_t j = 0; j < l->nsteps; j++)
		per += l->spec->step[j].kind < SK_MB;
	k = calloc((size_t)(l->ncpus ? l->ncpus : 1) * per, sizeof(*k));
	cpus = calloc(l->ncpus ? l->ncpus : 1, sizeof(*cpus));
	out->line = calloc((size_t)(l->ncpus ? l->ncpus : 1) * per,
			   sizeof(*out->line));
	if (!k || !cpus || !out->line) {
		free(k);
		free(cpus);
		cm_lines_free(out);
		*why = "out of memory";
		return -1;
	}
	for (uint32_t c = 0; c < l->ncpus; c++) {
		uint32_t first = n;

		if (take && !take[c])
			continue;
		k[n++] = (struct keyed){ sbm_slot_line(&l->slot[c], cache_line), c,
					 1.0 };
		for (uint32_t j = 0; j < l->nsteps; j++) {
			uint64_t key;
			uint32_t i;

			if (l->spec->step[j].kind >= SK_MB)
				continue;
			key = sbm_slot_line(&l->comp[c * l->nsteps + j],
					    cache_line);
			for (i = first; i < n && k[i].key != key; i++)
				;
			if (i == n) {
				k[n++] = (struct keyed){ key, c, 0 };
				multi = true;
			}
			/* a line is visited once per update at most */
			if (k[i].w < 1.0)
				k[i].w += step_weight(l);
			if (k[i].w > 1.0)
				k[i].w = 1.0;
		}
		for (uint32_t i = first; i < n; i++)
			multi |= k[i].w != 1.0;
	}
	qsort(k, n, sizeof(*k), by_key);
	out->ncpus = 0;
	for (uint32_t c = 0; c < l->ncpus; c++)
		out->ncpus += !take || take[c];
	if (multi) {
		out->per = per;
		out->nall = l->ncpus;
		out->visit = calloc((size_t)l->ncpus * per, sizeof(*out->visit));
		out->nvisit = calloc(l->ncpus ? l->ncpus : 1, sizeof(uint32_t));
		if (!out->visit || !out->nvisit) {
			free(k);
			free(cpus);
			cm_lines_free(out);
			*why = "out of memory";
			return -1;
		}
	}
	for (uint32_t i = 0; i < n;) {
		struct cm_line *ln = &out->line[out->nlines];
		uint32_t s = 0;

		while (i + s < n && k[i + s].key == k[i].key) {
			cpus[s] = k[i + s].cpu;
			if (multi)
				out->visit[k[i + s].cpu * per +
					   out->nvisit[k[i + s].cpu]++] =
					(struct cm_visit){ out->nlines,
							   k[i + s].w };
			s++;
		}
		ln->sharers = s;
		for (int a = 0; a < CM_NARBITERS; a++)
			ln->handoff[a] = cm_handoff_mean(m, cpus, s,
							 (enum cm_arbiter)a);
		if (s > out->most)
			out->most = s;
		out->nlines++;
		i += s;
	}
	free(k);
	free(cpus);
	return 0;
}

void cm_lines_free(struct cm_lines *ls)
{
	free(ls->line);
	free(ls->visit);
	free(ls->nvisit);
	ls->line = NULL;
	ls->visit = NULL;
	ls->nvisit = NULL;
	ls->nlines = 0;
}

/*
 * An update on several lines (a spec's companion words): each CPU's
 * update is its visits in turn, so a line's sharers think for the
 * others' response times as well as the gap.  Each line's response
 * comes from the same MVA, its think time the sharers' mean time away
 * from it, iterated to a fixed point (an approximation, where one line
 * is exact); the op's floor is spread over the lines visited.
 */
static struct cm_pred predict_multi(const struct cm_lines *ls,
				    enum cm_arbiter a, double op_ns,
				    double think_ns)
{
	struct cm_pred p = { 0, 0, 0 };
	double *r = calloc(ls->nlines ? ls->nlines : 1, sizeof(double));
	double *z = calloc(ls->nlines ? ls->nlines : 1, sizeof(double));
	double *cnt = calloc(ls->nlines ? ls->nlines : 1, sizeof(double));
	uint32_t ncpu = 0;
	double wsum = 0, rate = 0, hsum = 0, op_line;

	if (!r || !z || !cnt)
		goto out;
	for (uint32_t c = 0; c < ls->nall; c++) {
		if (!ls->nvisit[c])
			continue;
		ncpu++;
		for (uint32_t v = 0; v < ls->nvisit[c]; v++)
			wsum += ls->visit[c * ls->per + v].w;
	}
	if (!ncpu)
		goto out;
	op_line = op_ns / (wsum / ncpu);
	for (int it = 0; it < 40; it++) {
		for (uint32_t j = 0; j < ls->nlines; j++) {
			const struct cm_line *ln = &ls->line[j];

			r[j] = cm_response_ns(ln->sharers, ln->handoff[a],
					      op_line, it ? z[j] : think_ns);
			z[j] = 0;
			cnt[j] = 0;
		}
		for (uint32_t c = 0; c < ls->nall; c++) {
			double u = think_ns;

			if (!ls->nvisit[c])
				continue;
			for (uint32_t v = 0; v < ls->nvisit[c]; v++) {
				const struct cm_visit *x =
					&ls->visit[c * ls->per + v];

				u += x->w * r[x->line];
			}
			for (uint32_t v = 0; v < ls->nvisit[c]; v++) {
				const struct cm_visit *x =
					&ls->visit[c * ls->per + v];

				z[x->line] += (u - x->w * r[x->line]) / x->w;
				cnt[x->line]++;
			}
		}
		for (uint32_t j = 0; j < ls->nlines; j++)
			z[j] = cnt[j] ? z[j] / cnt[j] : think_ns;
	}
	for (uint32_t c = 0; c < ls->nall; c++) {
		double u = think_ns;

		if (!ls->nvisit[c])
			continue;
		for (uint32_t v = 0; v < ls->nvisit[c]; v++) {
			const struct cm_visit *x = &ls->visit[c * ls->per + v];

			u += x->w * r[x->line];
			hsum += x->w * ls->line[x->line].handoff[a];
		}
		rate += 1 / u;
	}
	p.upd_ns = ncpu / rate;
	p.cost_ns = p.upd_ns - think_ns - op_ns;
	if (p.cost_ns < 0)
		p.cost_ns = 0;
	p.handoff_ns = hsum / ncpu;
out:
	free(r);
	free(z);
	free(cnt);
	return p;
}

/* Every CPU runs the same time in a window: the figure is the CPUs' time
 * over their updates, so each line adds its sharers' update rates. */
struct cm_pred cm_predict(const struct cm_lines *ls, enum cm_arbiter a,
			  double op_ns, double think_ns)
{
	struct cm_pred p = { 0, 0, 0 };
	double rate = 0, hsum = 0;

	if (ls->visit)
		return predict_multi(ls, a, op_ns, think_ns);
	for (uint32_t i = 0; i < ls->nlines; i++) {
		const struct cm_line *ln = &ls->line[i];
		double r = cm_response_ns(ln->sharers, ln->handoff[a], op_ns,
					  think_ns);

		rate += ln->sharers / (think_ns + r);
		hsum += ln->sharers * ln->handoff[a];
	}
	if (!ls->ncpus || rate <= 0)
		return p;
	p.upd_ns = ls->ncpus / rate;
	p.cost_ns = p.upd_ns - think_ns - op_ns;
	if (p.cost_ns < 0)	/* rounding only: a wait is never negative */
		p.cost_ns = 0;
	p.handoff_ns = hsum / ls->ncpus;
	return p;
}

int cm_predict_runs(const struct cm_lines *ls, enum cm_arbiter a,
		    double op_ns, double think_ns, double run,
		    struct cm_pred *serial, struct cm_pred *overlap)
{
	struct cm_lines c = *ls;

	if (!(run >= 1))
		run = 1;
	c.line = malloc(sizeof(*c.line) * (ls->nlines ? ls->nlines : 1));
	if (!c.line)
		return -1;
	for (uint32_t i = 0; i < ls->nlines; i++) {
		c.line[i] = ls->line[i];
		c.line[i].handoff[a] = ls->line[i].handoff[a] / run;
	}
	*serial = cm_predict(&c, a, op_ns, think_ns);
	/* a service of max(h / run, op): the hand-off's share above op */
	for (uint32_t i = 0; i < ls->nlines; i++) {
		double h = ls->line[i].handoff[a] / run;

		c.line[i].handoff[a] = h > op_ns ? h - op_ns : 0;
	}
	*overlap = cm_predict(&c, a, op_ns, think_ns);
	free(c.line);
	return 0;
}

void cm_runs_band(const struct cm_pred *s, const struct cm_pred *o,
		  double *lo, double *hi)
{
	*lo = o[0].cost_ns;
	*hi = s[0].cost_ns;
	for (int a = 1; a < CM_NARBITERS; a++) {
		if (o[a].cost_ns < *lo)
			*lo = o[a].cost_ns;
		if (s[a].cost_ns > *hi)
			*hi = s[a].cost_ns;
	}
}

enum cm_verdict cm_judge(double lo, double hi, double meas_lo,
			 double meas_hi, bool cost)
{
	if (cost && !(meas_lo > 0))
		return CM_V_NOISE;
	if (meas_hi < lo * (1 - CM_BAND_SLACK))
		return CM_V_BELOW;
	if (meas_lo > hi * (1 + CM_BAND_SLACK))
		return CM_V_ABOVE;
	return CM_V_IN;
}

static const char *const verdict_names[] = {
	[CM_V_NONE] = "", [CM_V_IN] = "in band", [CM_V_BELOW] = "below band",
	[CM_V_ABOVE] = "above band", [CM_V_NOISE] = "within noise",
};
static const char *const verdict_words[] = {
	[CM_V_NONE] = "", [CM_V_IN] = "in", [CM_V_BELOW] = "below",
	[CM_V_ABOVE] = "above", [CM_V_NOISE] = "noise",
};

const char *cm_verdict_name(enum cm_verdict v)
{
	return (unsigned)v <= CM_V_NOISE ? verdict_names[v] : "";
}

const char *cm_verdict_word(enum cm_verdict v)
{
	return (unsigned)v <= CM_V_NOISE ? verdict_words[v] : "";
}
