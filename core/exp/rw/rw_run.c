/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rw experiment (exp_rw.c): its runs.  Per layout the writers alone,
 * the readers alone and both together, each phase timed; the check of
 * what the readers saw; the rw records and the human table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/rw/exp_rw.h"
#include "exp/sbm/exp_sbm.h"
#include "exp/sbm/exp_sbm_opts.h"
#include "isa_ops.h"
#include "options/config.h"
#include "output/report.h"

static double ticks_ns(const struct engine *e, double ticks)
{
	return ticks * 1e9 / (double)e->info.counter_hz;
}

double rw_trimmed_mean(const struct hist *h, uint64_t counter_hz,
		       double *median, uint64_t *trimmed)
{
	double m = hist_quantile(h, 0.5);
	double cut = (double)RW_TRIM_NS * (double)counter_hz / 1e9;

	if (cut < m * RW_TRIM_X)
		cut = m * RW_TRIM_X;
	*median = m;
	return hist_mean_below(h, cut, trimmed);
}

/* The @n CPUs @set, their histograms @off past their own: the mean of
 * their ops (the trim aside) and their median, in ns; returns the ops
 * counted. */
static uint64_t summarise_at(const struct engine *e, struct rw_exp *x,
			     const uint32_t *set, uint32_t n, uint32_t off,
			     double *mean, double *med, uint64_t *trimmed)
{
	uint64_t out = 0;
	double m;

	memset(&x->sum, 0, sizeof(x->sum));
	for (uint32_t i = 0; i < n; i++)
		hist_merge(&x->sum, &x->hist[x->hidx[set[i]] + off].h);
	*mean = ticks_ns(e, rw_trimmed_mean(&x->sum, e->info.counter_hz, &m,
					    &out));
	*med = ticks_ns(e, m);
	*trimmed += out;
	return hist_count(&x->sum);
}

static uint64_t summarise(const struct engine *e, struct rw_exp *x,
			  const uint32_t *set, uint32_t n, double *mean,
			  double *med, uint64_t *trimmed)
{
	return summarise_at(e, x, set, n, 0, mean, med, trimmed);
}

/* The readers' figures of phase @ph. */
static void collect(const struct engine *e, struct rw_exp *x,
		    struct rw_result *res, enum rw_phase ph)
{
	uint64_t cnt = 0, visited = 0, lines = 0;

	for (uint32_t i = 0; i < x->nreaders; i++) {
		const struct rw_cpu *c = &x->cpu[x->readers[i]];

		cnt += c->n;
		visited += c->visited;
		lines += c->lines;
	}
	res->n[ph] = summarise(e, x, x->readers, x->nreaders, &res->ns[ph],
			       &res->med[ph], &res->trimmed);
	res->visited[ph] = cnt ? (double)visited / (double)cnt : 0;
	res->lines[ph] = cnt ? (double)lines / (double)cnt : 0;
}

/*
 * Test only (rw_test_stale=1): the first writer's place flipped in the
 * mask the readers scan, not in the known state the reference is
 * computed from: a stale bit, as a lost or reordered update would leave.
 * Every op that covers that CPU must then disagree, and the run fail.
 */
static void stale_bit(struct rw_exp *x)
{
	uint32_t c = x->writers[0];

	if (x->set[c])
		sbm_clear(&x->layout, &x->arena.a, c);
	else
		sbm_set(&x->layout, &x->arena.a, c);
}

/* A warning per op reader @cpu answered wrong in @state; the ops. */
static uint32_t report_wrong(const struct rw_exp *x, uint32_t cpu,
			     const char *state)
{
	uint32_t wrong = x->cpu[cpu].wrong;

	for (int op = 0; op < SBM_NREADS; op++) {
		char msg[128];

		if (!(wrong & (1u << op)))
			continue;
		snprintf(msg, sizeof(msg), "%s: reader op %s answered unlike "
			 "the reference (%s)", sbm_kind_name(x->layout.kind),
			 sbm_read_name((enum sbm_read_op)op), state);
		report_warn("rw", cpu, msg);
	}
	return wrong;
}

/* Known states: every other writer set, all set, none; each reader's
 * answers must be the reference's.  The ops that were not: res->wrong. */
static bool check_layout(struct engine *e, struct rw_exp *x,
			 struct rw_result *res)
{
	static const char *const states[] = {
		"every other writer set", "all writers set", "none set"
	};
	uint64_t deadline_ms = 60000;
	bool ok = true;

	for (int s = 0; s < 3 && ok; s++) {
		sbm_zero(&x->layout, &x->arena.a);
		memset(x->set, 0, sizeof(bool) * x->layout.ncpus);
		for (uint32_t i = 0; i < x->nwriters; i++) {
			uint32_t c = x->writers[i];

			x->set[c] = s == 1 || (s == 0 && i % 2 == 0);
			if (x->set[c])
				sbm_set(&x->layout, &x->arena.a, c);
		}
		if (rw_opts.test_stale)
			stale_bit(x);
		x->checking = true;
		if (engine_run_on(e, x->readers, x->nreaders, rw_body, x,
				  deadline_ms))
			ok = false;
		x->checking = false;
		for (uint32_t i = 0; i < x->nreaders && ok; i++)
			res->wrong |= report_wrong(x, x->readers[i], states[s]);
		if (res->wrong)
			ok = false;
	}
	sbm_zero(&x->layout, &x->arena.a);
	return ok;
}

static int run_layout(struct engine *e, struct rw_exp *x,
		      struct rw_result *res)
{
	uint64_t deadline_ms = 60000 + rw_opts.ms;
	const char *why = "";
	int rc = 0;

	if (sbm_layout_build(&x->layout, res->kind, e->topo, x->spacing,
			     &why)) {
		report_warn("rw", 0, why);
		return 1;
	}
	/* writers update as sbm does; readers scan the element's mask */
	if (sbm_layout_op(&x->layout, &x->arena.a, &x->wop, &why)) {
		report_warn("rw", 0, why);
		sbm_layout_free(&x->layout);
		return 1;
	}
	for (uint32_t i = 0; i < x->nreaders; i++) {
		if (sbm_reader_init(&x->rd[i], &x->layout, e->topo)) {
			report_warn("rw", 0, "out of memory");
			for (uint32_t k = 0; k < i; k++)
				sbm_reader_free(&x->rd[k]);
			sbm_layout_free(&x->layout);
			return 1;
		}
		sbm_reader_set_other(&x->rd[i], x->other);
	}
	sbm_zero(&x->layout, &x->arena.a);
	x->phase = RW_WRITERS;
	if (engine_run_on(e, x->writers, x->nwriters, rw_body, x, deadline_ms))
		goto lost;
	res->n[RW_WRITERS] = summarise(e, x, x->writers, x->nwriters,
				       &res->ns[RW_WRITERS],
				       &res->med[RW_WRITERS], &res->trimmed);
	/* readers alone: the writers take part, writing between scans */
	x->phase = RW_READERS;
	x->sync->req = 1;
	x->sync->ack = 0;
	x->sync->scanned = 0;
	if (engine_run_on(e, x->both, x->nwriters + x->nreaders, rw_body, x,
			  deadline_ms))
		goto lost;
	collect(e, x, res, RW_READERS);
	res->ncached = summarise_at(e, x, x->readers, x->nreaders,
				    x->nreaders, &res->cached_ns,
				    &res->cached_med, &res->trimmed);
	x->phase = RW_BOTH;
	if (engine_run_on(e, x->both, x->nwriters + x->nreaders, rw_body, x,
			  deadline_ms))
		goto lost;
	collect(e, x, res, RW_BOTH);
	res->wboth_n = summarise(e, x, x->writers, x->nwriters, &res->wboth_ns,
				 &res->wboth_med, &res->trimmed);
	res->ok = check_layout(e, x, res);
	res->done = !e->aborted;
	rc = res->ok ? 0 : 1;
	goto out;
lost:
	report_warn("rw", 0, "a phase was not measured; rw stops");
	rc = 1;
out:
	for (uint32_t i = 0; i < x->nreaders; i++)
		sbm_reader_free(&x->rd[i]);
	sbm_layout_free(&x->layout);
	return rc;
}

/* The no-sharing floor of @k's kind of update: private or private-u8. */
static const struct rw_result *floor_of(const struct rw_exp *x,
					enum sbm_kind k)
{
	const struct rw_result *f =
		&x->res[sbm_kind_is_bytewise(k) ? SBM_PRIVATE_U8 : SBM_PRIVATE];

	return f->done ? f : NULL;
}

static void record(struct rw_exp *x, const struct rw_result *res)
{
	const struct rw_result *f = floor_of(x, res->kind);
	struct rec r;

	report_rec_start(&r, "rw");
	rec_str(&r, "layout", sbm_kind_name(res->kind));
	rec_str(&r, "reader", sbm_read_name(rw_opts.reader));
	rec_u64(&r, "writers", x->nwriters);
	rec_u64(&r, "readers", x->nreaders);
	rec_dbl(&r, "writer_ns", res->wboth_ns, 3);
	rec_dbl(&r, "writer_alone_ns", res->ns[RW_WRITERS], 3);
	if (f) {
		rec_dbl(&r, "floor_ns", f->ns[RW_WRITERS], 3);
		rec_dbl(&r, "above_ns", res->wboth_ns - f->ns[RW_WRITERS], 3);
		rec_dbl(&r, "above_alone_ns",
			res->ns[RW_WRITERS] - f->ns[RW_WRITERS], 3);
	}
	rec_dbl(&r, "writer_median_ns", res->wboth_med, 3);
	rec_dbl(&r, "writer_alone_median_ns", res->med[RW_WRITERS], 3);
	rec_dbl(&r, "reader_ns", res->ns[RW_BOTH], 3);
	rec_dbl(&r, "reader_alone_ns", res->ns[RW_READERS], 3);
	rec_dbl(&r, "reader_median_ns", res->med[RW_BOTH], 3);
	rec_dbl(&r, "reader_alone_median_ns", res->med[RW_READERS], 3);
	if (res->ncached) {
		rec_dbl(&r, "reader_cached_ns", res->cached_ns, 3);
		rec_dbl(&r, "reader_cached_median_ns", res->cached_med, 3);
	}
	rec_dbl(&r, "visited", res->visited[RW_BOTH], 2);
	rec_dbl(&r, "visited_alone", res->visited[RW_READERS], 2);
	rec_dbl(&r, "lines", res->lines[RW_BOTH], 2);
	rec_dbl(&r, "per_cpu_ns", res->visited[RW_BOTH] > 0 ?
		res->ns[RW_BOTH] / res->visited[RW_BOTH] : 0, 3);
	rec_u64(&r, "updates", res->wboth_n);
	rec_u64(&r, "scans", res->n[RW_BOTH]);
	/* the ops left out, under the name older readers know, and as what
	 * it now is: a trim far above any line transfer */
	rec_u64(&r, "dropped", res->trimmed);
	rec_str(&r, "check", res->ok ? "ok" : "wrong");
	if (res->wrong) {
		char ops[96] = "";

		for (int op = 0; op < SBM_NREADS; op++)
			if (res->wrong & (1u << op)) {
				size_t l = strlen(ops);

				snprintf(ops + l, sizeof(ops) - l, "%s%s",
					 l ? "," : "",
					 sbm_read_name((enum sbm_read_op)op));
			}
		rec_str(&r, "wrong", ops);
	}
	rec_u64(&r, "trimmed", res->trimmed);
	report_record(&r);
}

int rw_run(struct engine *e, void *state)
{
	struct rw_exp *x = state;
	int rc = 0;

	for (int k = 0; k < SBM_NKINDS && !e->aborted; k++) {
		if (!(sbm_opts.layouts & (1u << k)))
			continue;
		x->res[k].kind = (enum sbm_kind)k;
		rc |= run_layout(e, x, &x->res[k]);
	}
	/* after all: the floors run last in layout order */
	for (int k = 0; k < SBM_NKINDS; k++)
		if (x->res[k].done)
			record(x, &x->res[k]);
	return rc;
}

void rw_report(struct engine *e, void *state)
{
	struct rw_exp *x = state;

	(void)e;
	report_printf("\nrw: reader=%s, %u writer(s), %u reader(s) on %s; "
		      "writer ns per update, reader ns per scan\n",
		      sbm_read_name(rw_opts.reader), x->nwriters, x->nreaders,
		      rw_place_names[x->place]);
	report_printf("%-11s %9s %9s %9s %10s %10s %10s %8s %8s %6s %7s\n",
		      "layout", "writer", "w-alone", "above", "reader",
		      "r-alone", "r-cached", "visited", "ns/cpu", "check",
		      "trimmed");
	for (int k = 0; k < SBM_NKINDS; k++) {
		const struct rw_result *res = &x->res[k];
		const struct rw_result *f = floor_of(x, res->kind);
		char above[16] = "-";

		if (!res->done)
			continue;
		if (f)
			snprintf(above, sizeof(above), "%.2f",
				 res->wboth_ns - f->ns[RW_WRITERS]);
		report_printf("%-11s %9.2f %9.2f %9s %10.2f %10.2f %10.2f "
			      "%8.1f %8.3f %6s %7llu\n",
			      sbm_kind_name(res->kind), res->wboth_ns,
			      res->ns[RW_WRITERS], above, res->ns[RW_BOTH],
			      res->ns[RW_READERS], res->cached_ns,
			      res->visited[RW_BOTH],
			      res->visited[RW_BOTH] > 0 ?
			      res->ns[RW_BOTH] / res->visited[RW_BOTH] : 0,
			      res->ok ? "ok" : "WRONG",
			      (unsigned long long)res->trimmed);
	}
}
