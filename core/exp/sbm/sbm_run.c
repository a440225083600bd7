/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sbm experiment (exp_sbm.c): its runs.  Every chosen layout at
 * every gap, reps interleaved across layouts (rep_order.h), each rep one
 * sbm_body() window on every chosen CPU; reps=auto's pilot; the result
 * and group records.
 */
#include <stdio.h>
#include <stdlib.h>

#include "exp/sbm/exp_sbm.h"
#include "isa_ops.h"
#include "measure/rep_order.h"
#include "measure/steps_op.h"
#include "measure/window_loop.h"
#include "output/report.h"

int sbm_alloc_windows(struct sbm_exp *x, uint32_t ncpus)
{
	x->done = calloc(ncpus, sizeof(*x->done));
	x->win = calloc((size_t)SBM_BLOCK * ncpus, sizeof(*x->win));
	return x->done && x->win ? 0 : -1;
}

/* A window of sbm_opts.iters iterations, after sbm_opts.warmup. */
static bool count_window(struct engine *e, struct sbm_exp *x, void *p,
			 unsigned bit, uint32_t cpu, uint32_t *sense)
{
	struct engine_window w;
	uint64_t gap = x->spins, real = 0;

	if (!engine_barrier(e, sense))
		return false;
	if (sbm_opts.warmup)
		ops_run(x->op, p, bit, sbm_opts.warmup, gap);
	if (!engine_barrier(e, sense))
		return false;
	engine_window_open(e, &w);
	real = ops_run(x->op, p, bit, sbm_opts.iters, gap);
	engine_window_close(e, cpu, &w);
	if (x->gap_real)
		x->gap_real[cpu] = real;
	x->done[cpu] = sbm_opts.iters;
	/* the block's one window, as time_windows() leaves them */
	x->win[cpu] = (struct sbm_window){
		.ticks = e->mbox[cpu].ticks, .cycles = e->mbox[cpu].cycles,
		.iters = sbm_opts.iters, .gap = real,
	};
	return true;
}

/*
 * A block of x->nwin windows bounded by time, back to back: the last CPU
 * at the barrier sets the warm-up's end, and window w ends for every CPU
 * at start + (w + 1) x window.  No barrier between them: the contention
 * runs on unbroken from one window into the next, and a block of reps
 * costs one engine run (waking, barrier, collection), not one each.  The
 * counter read that ends a window's loop also opens the next window: no
 * read more than the loop's own.
 */
static bool time_windows(struct engine *e, struct sbm_exp *x, void *p,
			 unsigned bit, uint32_t cpu, uint32_t *sense)
{
	uint64_t chunk = window_chunk_ticks(x->window_ticks), start, t0, c0, c1;
	/* the warm-up is the run's window 0, window k its k + 1 */
	struct window_loop run = { .chunk = 0, .closed = &e->windows_closed };

	if (!engine_barrier_until(e, sense, x->warm_ticks, &start))
		return false;
	window_loop(x->op, p, bit, x->spins, start, chunk, x->chunk_max, &run);
	c0 = e->info.cycles ? isa_cycles() : 0;
	t0 = run.end;
	for (uint32_t k = 0; k < x->nwin; k++) {
		struct sbm_window *sw = &x->win[(size_t)k * e->topo->ncpus +
						cpu];

		run.index = k + 1;
		window_loop(x->op, p, bit, x->spins,
			    start + (k + 1) * x->window_ticks, chunk,
			    x->chunk_max, &run);
		c1 = e->info.cycles ? isa_cycles() : 0;
		*sw = (struct sbm_window){ .ticks = run.end - t0,
					   .cycles = c1 - c0,
					   .iters = run.iters,
					   .late = run.late,
					   .gap = run.gap_ticks };
		t0 = run.end;
		c0 = c1;
	}
	/* the last window in the mailbox, as engine_window_close() leaves it */
	if (x->nwin) {
		const struct sbm_window *last =
			&x->win[(size_t)(x->nwin - 1) * e->topo->ncpus + cpu];

		e->mbox[cpu].ticks = last->ticks;
		e->mbox[cpu].cycles = last->cycles;
	}
	x->done[cpu] = run.iters;
	return true;
}

void sbm_body(struct engine *e, uint32_t cpu, void *arg)
{
	struct sbm_exp *x = arg;
	const struct sbm_layout *l = &x->layout;
	void *p = l->steps ? (void *)&l->steps[cpu] :
		  sbm_slot_ptr(l, &x->arena.a, cpu);
	unsigned bit = l->slot[cpu].bit;
	struct engine_spin sp = { 0 };
	uint32_t sense = 0;

	if (!(x->window_ticks ? time_windows : count_window)(e, x, p, bit, cpu,
							    &sense))
		return;
	engine_window_done(e);
	/* the line stays as contended until the slowest window closes:
	 * the windows' own loop, gaps and all */
	while (engine_others_timing(e, &sp))
		ops_run_untimed(x->op, p, bit, x->spins);
}

int sbm_use_layout(struct engine *e, struct sbm_exp *x, enum sbm_kind kind,
		   const char **why)
{
	struct sbm_layout *l = &x->layout;

	if (sbm_layout_build(l, kind, e->topo, x->spacing, why))
		return -1;
	for (uint32_t g = 0; g < l->nregions; g++)
		if (sbm_region_size(l, g) > x->arena.size[g]) {
			/* node_arena_for_layouts() sized every chosen one */
			*why = "arena too small";
			sbm_layout_free(l);
			return -1;
		}
	if (l->nsteps && sbm_opts.mode == MODE_PAIR) {
		*why = "mode=pair times the element's op alone: a layout with then= steps runs in windows (mode=loop)";
		sbm_layout_free(l);
		return -1;
	}
	if (sbm_layout_op(l, &x->arena.a, &x->op, why)) {
		sbm_layout_free(l);
		return -1;
	}
	return 0;
}

int sbm_layout_op(struct sbm_layout *l, const struct sbm_arena *a,
		  const struct sbm_op **op, const char **why)
{
	*op = sbm_elem_op(l->kind);
	if (!*op) {
		*why = "the spec's op= is not one of this build's";
		return -1;
	}
	if (!l->nsteps)
		return 0;
	/* the element's op and the spec's steps, per CPU */
	l->steps = sbm_steps_bind(l, a, *op);
	if (!l->steps) {
		*why = "out of memory";
		return -1;
	}
	*op = &sbm_steps_op;
	return 0;
}

const struct sbm_op *sbm_elem_op(enum sbm_kind kind)
{
	const struct sbm_spec *s = sbm_kind_spec(kind);
	bool u8 = s && s->elem == SE_U8;

	if (s && s->op[0])
		return ops_find(s->op, u8);
	return ops_find(u8 ? sbm_opts.op_u8 : sbm_opts.op, u8);
}

/* One layout's repetitions at one gap, filled round by round. */
struct kind_run {
	struct sbm_result *r;
	double *samples, *cyc;	/* [rep][cpu]: ticks, cycles per iteration */
	double *gap;		/* [rep][cpu]: gap ticks per update */
	double *iters;		/* [rep][cpu]: iterations completed */
	bool *late;		/* [rep][cpu]: begun after its close */
	bool failed;
};

/* Ticks the engine's way, every chosen CPU one sbm_body() window. */
int sbm_time_on_engine(struct engine *e, struct sbm_exp *x,
		       uint64_t iters, uint64_t deadline_ms)
{
	uint64_t saved = sbm_opts.iters;
	int rc;

	sbm_zero(&x->layout, &x->arena.a);
	sbm_opts.iters = iters;
	rc = engine_run(e, sbm_body, x, deadline_ms);
	sbm_opts.iters = saved;
	return rc;
}

/* One pilot run: the slowest CPU's window and the whole run's ticks. */
static int pilot_once(struct engine *e, struct sbm_exp *x,
		      const uint32_t *cpus, uint32_t n, uint64_t *most,
		      uint64_t *whole)
{
	uint64_t t0 = isa_counter();
	int rc;

	sbm_zero(&x->layout, &x->arena.a);
	rc = n ? engine_run_on(e, cpus, n, sbm_body, x, 120000) :
		 engine_run(e, sbm_body, x, 120000);
	*whole = isa_counter() - t0;
	*most = 0;
	for (uint32_t i = 0; !rc && i < (n ? n : e->topo->ncpus); i++) {
		uint32_t c = n ? cpus[i] : i;

		if ((n || e->chosen[c]) && e->mbox[c].ticks > *most)
			*most = e->mbox[c].ticks;
	}
	return rc;
}

/* Twice, the faster of the two kept: one window where the host did not
 * run a vCPU (or an SMI hit) must not stretch every window of the run. */
int sbm_pilot(struct engine *e, struct sbm_exp *x, const uint32_t *cpus,
	      uint32_t n, uint64_t iters, double *slow, double *over)
{
	uint64_t saved_w = x->window_ticks, warm = sbm_opts.warmup;
	uint64_t saved_i = sbm_opts.iters, most[2], whole[2];
	int rc;

	x->window_ticks = 0;
	sbm_opts.warmup = 0;
	sbm_opts.iters = iters;
	rc = pilot_once(e, x, cpus, n, &most[0], &whole[0]);
	if (!rc)
		rc = pilot_once(e, x, cpus, n, &most[1], &whole[1]);
	x->window_ticks = saved_w;
	sbm_opts.warmup = warm;
	sbm_opts.iters = saved_i;
	if (rc)
		return -1;
	for (int k = 0; k < 2; k++) {
		double s = (double)most[k] / (double)iters;
		double o = whole[k] > most[k] ? (double)(whole[k] - most[k]) : 0;

		if (!k || s < *slow)
			*slow = s;
		if (!k || o < *over)
			*over = o;
	}
	return 0;
}

int sbm_spread_pilot(struct engine *e, struct sbm_exp *x, enum sbm_kind kind,
		     uint64_t window_ticks, uint64_t warm_ticks, uint32_t n,
		     double *cv, double *over)
{
	const struct topo *t = e->topo;
	double fig[SBM_BLOCK];
	uint64_t t0, whole, planned = warm_ticks + n * window_ticks;
	struct stats st;
	const char *why;
	int rc;

	if (n > SBM_BLOCK || n < 2 || sbm_use_layout(e, x, kind, &why))
		return -1;
	x->window_ticks = window_ticks;
	x->warm_ticks = warm_ticks;
	x->nwin = n;
	t0 = isa_counter();
	rc = sbm_time_on_engine(e, x, 0, sbm_rep_deadline_ms(0));
	whole = isa_counter() - t0;
	*over = whole > planned ? (double)(whole - planned) : 0;
	/* each window's figure as a rep's: the chosen CPUs' ticks over
	 * their iterations (sbm_rep_means()) */
	for (uint32_t w = 0; !rc && w < n; w++) {
		double ticks = 0, iters = 0;

		for (uint32_t i = 0; i < t->ncpus; i++) {
			const struct sbm_window *sw =
				&x->win[(size_t)w * t->ncpus + i];

			if (!e->chosen[i])
				continue;
			ticks += (double)sw->ticks;
			iters += (double)(sw->iters ? sw->iters : 1);
		}
		fig[w] = iters > 0 ? ticks / iters : 0;
	}
	x->window_ticks = 0;
	x->nwin = 1;
	if (!e->aborted)
		sbm_layout_free(&x->layout);
	if (rc)
		return -1;
	stats_compute(fig, n, &st);
	*cv = st.cv;
	return 0;
}

uint64_t sbm_rep_deadline_ms(uint32_t gap_ns)
{
	uint64_t n = sbm_opts.iters + sbm_opts.warmup;

	/* a block of time windows, each at most 10 s: a minute to spare */
	if (!sbm_opts.iters)
		return 60000 + (uint64_t)SBM_BLOCK * 10000;
	/* generous: 2 minutes plus 20 us per iteration, plus 4x the gaps */
	return 120000 + n / 50 + n * gap_ns / 125000;
}

/* @kr's samples of rep @rep from CPU @i's window @sw. */
static void take_window(struct kind_run *kr, size_t at, uint32_t i,
			const struct sbm_window *sw)
{
	double n = sw->iters ? (double)sw->iters : 1;

	/* a CPU's sample: its window over its iterations */
	kr->samples[at + i] = (double)sw->ticks / n;
	kr->cyc[at + i] = (double)sw->cycles / n;
	kr->gap[at + i] = (double)sw->gap / n / 2;
	kr->iters[at + i] = n;
	kr->late[at + i] = sw->late;
}

/* Reps [@rep, @rep + @n) of @kr's layout at gap @gap_ns: with windows
 * bounded by time one engine run of @n windows, else one run (or pair
 * run) each; the samples, the mask check. */
static int run_block(struct engine *e, struct sbm_exp *x, struct kind_run *kr,
		     uint32_t rep, uint32_t n, uint32_t gap_ns)
{
	const struct topo *t = e->topo;
	struct sbm_result *r = kr->r;
	const char *why;
	int rc = 0;

	if (sbm_use_layout(e, x, r->kind, &why)) {
		report_warn("layout", r->kind, why);
		return -1;
	}
	x->spins = ops_gap_ticks(gap_ns, e->info.counter_hz);
	x->nwin = x->window_ticks ? n : 1;
	for (uint32_t k = 0; k < n && !rc; k += x->nwin) {
		size_t at = (size_t)(rep + k) * t->ncpus;

		if (sbm_opts.mode == MODE_PAIR) {
			/* the platform's runner runs sbm_opts.reps reps: one at
			 * a time here, so that layouts interleave */
			uint32_t saved = sbm_opts.reps;

			sbm_opts.reps = 1;
			rc = sbm_pair_runner(e, x, &x->layout, x->op,
					     kr->samples + at, &r->clean);
			sbm_opts.reps = saved;
			for (uint32_t i = 0; i < t->ncpus; i++)
				kr->iters[at + i] =
					(double)sbm_count_iters();
			continue;
		}
		rc = sbm_time_on_engine(e, x, sbm_opts.iters,
					sbm_rep_deadline_ms(gap_ns));
		for (uint32_t w = 0; !rc && w < x->nwin; w++)
			for (uint32_t i = 0; i < t->ncpus; i++)
				if (e->chosen[i])
					take_window(kr, at + (size_t)w *
						    t->ncpus, i,
						    &x->win[(size_t)w *
							    t->ncpus + i]);
		/* Every CPU cleared what it set: a lost update shows here. */
		if (!rc && sbm_weight(&x->layout, &x->arena.a))
			r->clean = false;
	}
	if (!e->aborted)	/* a straggler may still touch the layout */
		sbm_layout_free(&x->layout);
	return rc;
}

/* Reps [@from, @to) of every layout in @runs, interleaved (rep_order.h):
 * by count rep 1 of every layout, then rep 2, ...; by time in blocks of
 * up to SBM_BLOCK back-to-back windows, every layout's block in turn. */
static int run_rounds(struct engine *e, struct sbm_exp *x,
		      struct kind_run *runs, uint32_t nruns, uint32_t from,
		      uint32_t to, uint32_t gap_ns)
{
	uint32_t block = x->window_ticks ? SBM_BLOCK : 1;
	struct rep_step steps[SBM_NKINDS];

	for (uint32_t rep = from; rep < to && !e->aborted; rep += block) {
		uint32_t n = to - rep < block ? to - rep : block;
		size_t ns = rep_order((1u << nruns) - 1, rep, rep + 1, steps,
				      SBM_NKINDS);

		for (size_t s = 0; s < ns && !e->aborted; s++) {
			struct kind_run *kr = &runs[steps[s].kind];

			if (kr->failed)
				continue;
			if (run_block(e, x, kr, rep, n, gap_ns))
				kr->failed = true;
		}
	}
	return 0;
}

/* The figure gap @gap_ns reports of @kr's rep @rep: the mean ticks per
 * iteration at gap 0, the cost above the floor @f at a gap. */
static double rep_figure(const struct engine *e, const struct kind_run *kr,
			 const struct kind_run *f, uint32_t rep)
{
	size_t at = (size_t)rep * e->topo->ncpus;
	double m, fm = 0;

	sbm_rep_means(e, kr->samples + at, kr->iters + at, 1, &m);
	if (f)
		sbm_rep_means(e, f->samples + at, f->iters + at, 1, &fm);
	return m - fm;
}

/*
 * reps=auto: after the pilot, the one count every layout at this gap
 * runs to, from the pilot's spread of the figure the gap reports (mean
 * cost at gap 0; cost above the floor at a gap, within SBM_REPS_AUTO_PCT
 * % of the larger of its own and global's, since %global is their
 * ratio); the most any layout needs.
 */
static uint32_t reps_after_pilot(const struct engine *e,
				 const struct kind_run *runs, uint32_t nruns,
				 const int *run_of, uint32_t pilot,
				 uint32_t gap_ns)
{
	double fig[SBM_REPS_AUTO_MAX], gscale = 0;
	uint32_t need = pilot;
	struct stats s;

	for (int pass = 0; pass < 2; pass++)
		for (uint32_t k = 0; k < nruns; k++) {
			const struct kind_run *kr = &runs[k];
			enum sbm_kind kind = kr->r->kind;
			int fi = run_of[sbm_floor_of(kind)];
			const struct kind_run *f = gap_ns && fi >= 0 &&
						   !runs[fi].failed ?
						   &runs[fi] : NULL;
			double target;
			uint32_t n;

			if (kr->failed || (f == kr) ||
			    (pass == 0) != (kind == SBM_GLOBAL))
				continue;
			for (uint32_t rep = 0; rep < pilot; rep++)
				fig[rep] = rep_figure(e, kr, f, rep);
			stats_compute(fig, pilot, &s);
			if (kind == SBM_GLOBAL && f)
				gscale = s.mean < 0 ? -s.mean : s.mean;
			target = s.mean < 0 ? -s.mean : s.mean;
			if (f && gscale > target)
				target = gscale;
			target *= SBM_REPS_AUTO_PCT / 100.0;
			n = stats_reps_needed(s.stddev, target, pilot, pilot,
					      SBM_REPS_AUTO_MAX);
			if (n > need)
				need = n;
		}
	return need;
}

/* The iterations each CPU completed: their spread, and with windows
 * bounded by time the mean as the result's iters; windows a CPU began
 * late are counted, not spread (at 64 vCPUs under TCG they made every
 * layout's iters_min 1). */
static void iteration_spread(const struct engine *e, struct kind_run *kr,
			     uint32_t reps)
{
	struct sbm_result *r = kr->r;
	double sum = 0, lo = 0, hi = 0;
	size_t n = 0;

	if (sbm_opts.mode == MODE_PAIR) {
		r->iters = sbm_count_iters();
		r->iters_min = r->iters_max = r->iters;
		return;
	}
	r->late = 0;
	for (uint32_t rep = 0; rep < reps; rep++)
		for (uint32_t i = 0; i < e->topo->ncpus; i++) {
			size_t at = (size_t)rep * e->topo->ncpus + i;
			double v = kr->iters[at];

			if (!e->chosen[i])
				continue;
			if (kr->late[at]) {
				r->late++;
				continue;
			}
			if (!n || v < lo)
				lo = v;
			if (!n || v > hi)
				hi = v;
			sum += v;
			n++;
		}
	r->iters_min = (uint64_t)lo;
	r->iters_max = (uint64_t)hi;
	if (r->time_window && n)
		r->iters = (uint64_t)(sum / (double)n + 0.5);
}

static void summarise_run(struct engine *e, struct kind_run *kr,
			  uint32_t reps)
{
	struct sbm_result *r = kr->r;

	iteration_spread(e, kr, reps);
	sbm_summarise(e, r, kr->samples, kr->iters, reps);
	if (e->info.cycles && sbm_opts.mode != MODE_PAIR)
		sbm_effective_clock(e, r, kr->samples, kr->cyc, reps);
	if (!r->gap_ns || sbm_opts.mode == MODE_PAIR)
		return;
	/* the gaps' ticks over the updates, as the figure's mean */
	r->gap_real_ns = sbm_ns(e, sbm_iter_mean(e, kr->gap, kr->iters,
						 reps));
	/* a deadline the CPUs could not keep: the figure is at another gap */
	if (r->gap_real_ns > r->gap_ns * 1.1 ||
	    r->gap_real_ns < r->gap_ns * 0.9) {
		char msg[120];

		snprintf(msg, sizeof(msg), "gap %u ns really %.0f ns (more "
			 "than 10 %% off)", r->gap_ns, r->gap_real_ns);
		report_warn("gap", r->kind, msg);
	}
}

#define REPS_AUTO_MAX_STR "20"

_Static_assert(SBM_REPS_AUTO_MAX == 20, "REPS_AUTO_MAX_STR");

/* Every chosen layout at gap @gap_ns, reps interleaved; 0, or 1. */
static int run_gap(struct engine *e, struct sbm_exp *x, uint32_t gap_ns)
{
	const struct topo *t = e->topo;
	uint32_t repmax = sbm_opts.reps_auto ? SBM_REPS_AUTO_MAX : sbm_opts.reps;
	uint32_t pilot = sbm_opts.reps < repmax ? sbm_opts.reps : repmax;
	size_t nsamples = (size_t)t->ncpus * repmax;
	struct kind_run runs[SBM_NKINDS] = { 0 };
	int run_of[SBM_NKINDS];
	uint32_t nruns = 0, reps = pilot;
	int status = 0;

	for (int k = 0; k < SBM_NKINDS; k++) {
		struct kind_run *kr = &runs[nruns];
		struct sbm_result *r = &x->results[x->nresults + nruns];

		run_of[k] = -1;
		if (!(sbm_opts.layouts & (1u << k)))
			continue;
		memset(r, 0, sizeof(*r));
		r->kind = (enum sbm_kind)k;
		r->op = sbm_elem_op(r->kind) ? sbm_elem_op(r->kind)->name :
			"?";
		r->gap_ns = gap_ns;
		r->iters = sbm_opts.iters;
		r->time_window = x->window_ticks != 0;
		r->window_ns = sbm_ns(e, (double)x->window_ticks);
		r->ncpus = e->nchosen;
		r->clean = true;
		kr->r = r;
		kr->samples = calloc(nsamples, sizeof(double));
		kr->cyc = calloc(nsamples, sizeof(double));
		kr->gap = calloc(nsamples, sizeof(double));
		kr->iters = calloc(nsamples, sizeof(double));
		kr->late = calloc(nsamples, sizeof(bool));
		if (!kr->samples || !kr->cyc || !kr->gap || !kr->iters ||
		    !kr->late) {
			report_warn("layout", k, "out of memory");
			kr->failed = true;
		}
		run_of[k] = (int)nruns++;
	}
	report_printf("running %u layouts x %u%s reps, interleaved, on %u "
		      "CPUs, gap %u ns ...\n", nruns, pilot,
		      sbm_opts.reps_auto ? " (pilot) to " REPS_AUTO_MAX_STR : "",
		      e->nchosen, gap_ns);
	run_rounds(e, x, runs, nruns, 0, pilot, gap_ns);
	if (sbm_opts.reps_auto && !e->aborted) {
		reps = reps_after_pilot(e, runs, nruns, run_of, pilot, gap_ns);
		report_printf("reps=auto: %u reps at gap %u ns\n", reps,
			      gap_ns);
		run_rounds(e, x, runs, nruns, pilot, reps, gap_ns);
	}
	for (uint32_t k = 0; k < nruns; k++) {
		struct kind_run *kr = &runs[k];

		if (kr->failed || e->aborted) {
			status = 1;
		} else {
			/* results stay packed: a failed layout leaves none */
			if (&x->results[x->nresults] != kr->r)
				x->results[x->nresults] = *kr->r;
			kr->r = &x->results[x->nresults++];
			summarise_run(e, kr, reps);
			if (!kr->r->clean)
				report_warn("layout", kr->r->kind,
					    "mask not empty after the run: "
					    "lost update");
		}
		free(kr->samples);
		free(kr->cyc);
		free(kr->gap);
		free(kr->iters);
		free(kr->late);
	}
	return status;
}

static void group_records(const struct sbm_result *r, const char *by,
			  const struct sbm_group_stat *g, uint32_t n)
{
	struct rec rec;

	for (uint32_t i = 0; i < n; i++) {
		report_rec_start(&rec, "group");
		rec_str(&rec, "layout", sbm_kind_name(r->kind));
		rec_str(&rec, "by", by);
		rec_u64(&rec, "id", g[i].id);
		rec_u64(&rec, "cpus", g[i].ncpus);
		rec_dbl(&rec, "median", g[i].st.median, 5);
		rec_dbl(&rec, "mean", g[i].st.mean, 5);
		rec_dbl(&rec, "min", g[i].st.min, 5);
		rec_dbl(&rec, "max", g[i].st.max, 5);
		rec_u64(&rec, "gap", r->gap_ns);
		report_record(&rec);
	}
}

static void result_record(const struct engine *e, const struct sbm_result *r)
{
	struct rec rec;

	report_rec_start(&rec, "result");
	rec_str(&rec, "layout", sbm_kind_name(r->kind));
	rec_str(&rec, "op", r->op);
	rec_str(&rec, "mode", sbm_opts.mode == MODE_PAIR ? "pair" : "loop");
	rec_u64(&rec, "cpus", r->ncpus);
	rec_u64(&rec, "iters", r->iters);
	rec_u64(&rec, "reps", r->reps);
	rec_str(&rec, "unit", "ticks/iter");
	rec_dbl(&rec, "median", r->st.median, 5);
	rec_dbl(&rec, "mean", r->st.mean, 5);
	rec_dbl(&rec, "min", r->st.min, 5);
	rec_dbl(&rec, "max", r->st.max, 5);
	rec_dbl(&rec, "stddev", r->st.stddev, 5);
	rec_dbl(&rec, "cv", r->st.cv, 2);
	rec_dbl(&rec, "rep_cv", r->rep_cv, 2);
	rec_dbl(&rec, "ns", sbm_ns(e, r->st.median), 3);
	if (r->have_pct)
		rec_dbl(&rec, "pct", r->pct, 4);
	if (e->info.cycles)
		rec_dbl(&rec, "cycles", r->cycles_median, 3);
	rec_u64(&rec, "clean", r->clean);
	/* v=1 grows at the end: readers skip keys they do not know */
	rec_u64(&rec, "gap", r->gap_ns);
	rec_dbl(&rec, "ci95", r->ci95, 5);
	/* an iteration is two updates (set, clear) */
	rec_dbl(&rec, "upd_ns", sbm_ns(e, r->st.mean) / 2, 3);
	if (r->have_pct)
		rec_dbl(&rec, "pct_median", r->pct_median, 4);
	if (r->have_floor) {
		rec_dbl(&rec, "floor", r->floor, 5);
		rec_dbl(&rec, "cost_ns", sbm_ns(e, r->above) / 2, 3);
	}
	if (e->info.cycles && r->mhz > 0)
		rec_dbl(&rec, "mhz", r->mhz, 1);
	/* the raw ratio's interval; at a gap, %global above the floors */
	if (r->have_pct)
		rec_dbl(&rec, "pct_ci", r->pct_ci, 4);
	if (r->have_floor)
		rec_dbl(&rec, "cost_ci", sbm_ns(e, r->above_ci) / 2, 3);
	if (r->gap_ns) {
		/* absent without a floor (or with global not above its
		 * own): never a number that is not one */
		if (r->have_pct_abv) {
			rec_dbl(&rec, "pct_abv", r->pct_abv, 4);
			rec_dbl(&rec, "pct_abv_ci", r->pct_abv_ci, 4);
		}
		if (sbm_opts.mode != MODE_PAIR)
			rec_dbl(&rec, "gap_real_ns", r->gap_real_ns, 1);
	}
	/* how the windows were bounded, and how evenly the CPUs got
	 * their updates through (iters is their mean with time) */
	rec_str(&rec, "window", r->time_window ? "time" : "count");
	if (r->time_window)
		rec_dbl(&rec, "window_us", r->window_ns / 1e3, 1);
	rec_u64(&rec, "iters_min", r->iters_min);
	rec_u64(&rec, "iters_max", r->iters_max);
	if (r->time_window)
		rec_u64(&rec, "late", r->late);
	report_record(&rec);
	group_records(r, "llc", r->by_llc, r->nllc);
	group_records(r, "node", r->by_node, r->nnode);
}

int sbm_run(struct engine *e, void *state)
{
	struct sbm_exp *x = state;
	uint32_t ngaps = sbm_opts.mode == MODE_PAIR ? 1 : sbm_opts.ngaps;
	int status = 0;

	for (uint32_t gi = 0; gi < ngaps && !e->aborted; gi++) {
		uint32_t gap = sbm_opts.mode == MODE_PAIR ? 0 : sbm_opts.gap_ns[gi];
		uint32_t first = x->nresults;

		/* the plan's window at this gap; none: by count */
		x->window_ticks = x->plan_ticks[gi];
		x->warm_ticks = x->plan_warm[gi];
		x->chunk_max = x->plan_chunk[gi];
		if (run_gap(e, x, gap))
			status = 1;
		x->window_ticks = 0;
		sbm_derive(x, first);
		for (uint32_t i = first; i < x->nresults; i++) {
			result_record(e, &x->results[i]);
			/* a lost update means the op is broken: not a figure */
			if (!x->results[i].clean)
				status = 1;
		}
	}
	return status;
}
