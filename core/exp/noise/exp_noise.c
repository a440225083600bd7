/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * noise: every chosen CPU polls its counter and counts the gaps.
 * Options: how long every CPU polls, what counts as noise.
 *
 * One file, in three parts: its records' kinds and keys (all the host
 * tools need: they compile it with SBM_EXP_RECORDS_ONLY), its options
 * (the option fuzzer stops there: SBM_EXP_DECLS_ONLY), the experiment.
 */

/* its records, in the form of core/output/record_schema.def */
#include "output/record_schema.h"

#ifndef SBM_EXP_NO_RECORDS
const struct rec_schema exp_noise_records[] = {
	REC_KIND("noise-plan", REST, 5, ONE)
	REC_KEY("cpus", U64, "CPUs")
	REC_KEY("seconds", DBL, "s")
	REC_KEY("threshold", U64, "ns")
	REC_KEY("steps", U64, "")

	REC_KIND("noise", LIST, 7, GROWS)
	REC_KEY("cpu", U64, "cpu")
	REC_KEY("polled_ms", DBL, "ms")
	REC_KEY("count", U64, "")
	REC_KEY("total", DBL, "ns")
	REC_KEY("max", DBL, "ns")
	REC_KEY("hist_lo", U64, "")
	REC_KEY("hist", LIST, "")
	REC_END
};
#endif /* !SBM_EXP_NO_RECORDS */

#ifndef SBM_EXP_RECORDS_ONLY
#include <stdio.h>
#include <string.h>

#include "exp/noise/exp_noise_opts.h"
#include "options/config.h"
#include "options/config_words.h"
#include "options/option.h"

struct noise_opts noise_opts;

/* Seconds with up to three decimals, as milliseconds. */
static int parse_seconds_ms(const char *s, uint64_t *ms)
{
	char whole[24];
	const char *dot = strchr(s, '.');
	size_t n = dot ? (size_t)(dot - s) : strlen(s);
	uint64_t w, frac = 0, scale = 100;

	if (n >= sizeof(whole) || (!n && !dot))
		return -1;
	memcpy(whole, s, n);
	whole[n] = 0;
	if (n && config_parse_u64(whole, 0, 3600, &w))
		return -1;
	if (!n)
		w = 0;
	if (dot) {
		const char *f = dot + 1;

		if (!*f || strlen(f) > 3)
			return -1;
		for (; *f; f++, scale /= 10) {
			if (*f < '0' || *f > '9')
				return -1;
			frac += (uint64_t)(*f - '0') * scale;
		}
	}
	*ms = w * 1000 + frac;
	return *ms >= 1 && *ms <= 3600000 ? 0 : -1;
}

static int set_seconds(const struct option_decl *d, struct config *c,
		       const char *val, char *err, size_t errlen)
{
	uint64_t v;

	if (parse_seconds_ms(val, &v))
		return config_bad_value(err, errlen, d->key, val,
					"0.001..3600 (at most 3 decimals)");
	(void)c;
	noise_opts.ms = (uint32_t)v;
	return 0;
}

static void format_seconds(const struct option_decl *d,
			   const struct config *c, char *buf, size_t len)
{
	(void)d;
	(void)c;
	snprintf(buf, len, "%u.%03u", noise_opts.ms / 1000,
		 noise_opts.ms % 1000);
}

static const struct option_decl decls[] = {
	{ .key = "noise_s", .kind = OPT_CUSTOM,
	  OPT_OWN_FIELD(struct noise_opts, ms),
	  .set = set_seconds, .format = format_seconds, .def = "1",
	  .meta = "S", .help = "seconds every CPU polls its counter, "
	  "0.001..3600" },
	{ .key = "noise_ns", .kind = OPT_UINT,
	  OPT_OWN_FIELD(struct noise_opts, ns), .lo = 1, .hi = 1000000000,
	  .def = "1000", .meta = "N",
	  .help = "smallest gap counted as noise, ns" },
	{ .key = NULL }
};

const struct option_set exp_noise_options = {
	.name = "noise", .decls = decls, .own = &noise_opts,
	.own_size = sizeof(noise_opts)
};

#ifndef SBM_EXP_DECLS_ONLY
#include <stdlib.h>

#include "exp/noise/exp_noise.h"
#include "exp/sbm/exp_sbm_opts.h"
#include "isa_ops.h"
#include "engine/mem.h"
#include "output/report.h"

/* Progress at most every this long: the polling runs in chunks. */
#define CHUNK_MS	1000
#define MAX_CHUNKS	100

uint32_t noise_bucket(uint64_t ns)
{
	uint32_t b = ns ? 63u - (uint32_t)__builtin_clzll(ns) : 0;

	return b < NOISE_BUCKETS ? b : NOISE_BUCKETS - 1;
}

static int noise_check(const struct engine *e, const char **why)
{
	(void)e;
	if (sbm_opts.mode == MODE_PAIR) {
		*why = "experiment=noise needs CPUs parked on the engine "
		       "(valid with mode=loop; mode=pair is sbm's only)";
		return -1;
	}
	return 0;
}

static int noise_prepare(struct engine *e, void **state)
{
	struct noise_exp *x = calloc(1, sizeof(*x));
	uint64_t hz = e->info.counter_hz, ms = noise_opts.ms, chunk_ms;
	struct rec r;

	*state = x;
	if (x)
		x->cpu = mem_alloc_aligned(sizeof(*x->cpu) * e->topo->ncpus,
					   ENGINE_ALIGN);
	if (!x || !x->cpu) {
		report_warn("noise", 0, "out of memory");
		return -1;
	}
	memset(x->cpu, 0, sizeof(*x->cpu) * e->topo->ncpus);
	/* integer ns in the loop: APs may not have the FPU set up */
	x->ns_mul = (1000000000ull << 20) / hz;
	x->threshold = (uint64_t)((double)noise_opts.ns * (double)hz / 1e9);
	chunk_ms = ms / MAX_CHUNKS > CHUNK_MS ? ms / MAX_CHUNKS : CHUNK_MS;
	x->nchunks = (uint32_t)((ms + chunk_ms - 1) / chunk_ms);
	x->chunk = engine_ms_ticks(e, (ms + x->nchunks - 1) / x->nchunks);
	report_printf("noise: %u CPUs poll the counter for %u.%03u s (%u "
		      "step(s)); gaps above %u ns count\n", e->nchosen,
		      noise_opts.ms / 1000, noise_opts.ms % 1000,
		      x->nchunks, noise_opts.ns);
	if (x->threshold < 1)
		report_printf("noise: the counter ticks slower than noise_ns: "
			      "every tick counts as a gap\n");
	report_rec_start(&r, "noise-plan");
	rec_u64(&r, "cpus", e->nchosen);
	rec_dbl(&r, "seconds", (double)noise_opts.ms / 1000.0, 3);
	rec_u64(&r, "threshold", noise_opts.ns);
	rec_u64(&r, "steps", x->nchunks);
	report_record(&r);
	return 0;
}

static uint64_t noise_estimate_ms(struct engine *e, void *state)
{
	(void)e;
	(void)state;
	return noise_opts.ms;
}

/* Read the counter back to back for one chunk; note every long gap. */
static void noise_body(struct engine *e, uint32_t cpu, void *arg)
{
	struct noise_exp *x = arg;
	struct noise_cpu *c = &x->cpu[cpu];
	uint64_t start, prev, now, thr = x->threshold;
	uint32_t sense = 0;

	if (!engine_barrier(e, &sense))
		return;
	start = prev = isa_counter();
	do {
		uint64_t d;

		now = isa_counter();
		d = now - prev;
		if (d > thr) {
			/* ns fits: gaps of hours would overflow, none come */
			uint64_t gap_ns = d < (UINT64_MAX >> 1) / x->ns_mul ?
					  (d * x->ns_mul) >> 20 : UINT64_MAX;

			c->count++;
			c->total += d;
			if (d > c->max)
				c->max = d;
			c->hist[noise_bucket(gap_ns)]++;
		}
		prev = now;
	} while (now - start < x->chunk);
	c->polled += now - start;
}

static double ns(const struct engine *e, uint64_t ticks)
{
	return (double)ticks * 1e9 / (double)e->info.counter_hz;
}

static void cpu_record(const struct engine *e, const struct noise_exp *x,
		       uint32_t i)
{
	const struct noise_cpu *c = &x->cpu[i];
	uint32_t lo = noise_bucket(noise_opts.ns), hi = lo;
	char hist[NOISE_BUCKETS * 11] = "";
	size_t used = 0;
	struct rec r;

	for (uint32_t b = 0; b < NOISE_BUCKETS; b++)
		if (c->hist[b])
			hi = b;
	for (uint32_t b = lo; b <= hi; b++)
		used += (size_t)snprintf(hist + used, sizeof(hist) - used,
					 "%s%u", b > lo ? "," : "", c->hist[b]);
	report_rec_start(&r, "noise");
	rec_u64(&r, "cpu", i);
	rec_dbl(&r, "polled_ms", ns(e, c->polled) / 1e6, 3);
	rec_u64(&r, "count", c->count);
	rec_dbl(&r, "total", ns(e, c->total), 0);
	rec_dbl(&r, "max", ns(e, c->max), 0);
	rec_u64(&r, "hist_lo", lo);
	rec_str(&r, "hist", hist);
	report_record(&r);
}

static int noise_run(struct engine *e, void *state)
{
	struct noise_exp *x = state;
	uint64_t chunk_ms = x->chunk * 1000 / e->info.counter_hz + 1;
	for (uint32_t k = 0; k < x->nchunks; k++) {
		if (engine_run(e, noise_body, x, 30000 + chunk_ms))
			return 1;
		if (x->nchunks > 1 && k + 1 < x->nchunks)
			report_printf("noise: step %u/%u done\n", k + 1,
				      x->nchunks);
	}
	for (uint32_t i = 0; i < e->topo->ncpus; i++)
		if (e->chosen[i])
			cpu_record(e, x, i);
	return 0;
}

static void noise_report(struct engine *e, void *state)
{
	struct noise_exp *x = state;

	report_printf("\n%-5s %9s %8s %12s %10s   (gaps > %u ns)\n", "noise",
		      "polled_s", "gaps", "total_us", "max_us",
		      noise_opts.ns);
	for (uint32_t i = 0; i < e->topo->ncpus; i++) {
		const struct noise_cpu *c = &x->cpu[i];

		if (!e->chosen[i])
			continue;
		report_printf("cpu%-2u %9.3f %8llu %12.1f %10.1f\n", i,
			      ns(e, c->polled) / 1e9,
			      (unsigned long long)c->count,
			      ns(e, c->total) / 1e3, ns(e, c->max) / 1e3);
	}
}

static void noise_release(struct engine *e, void *state)
{
	struct noise_exp *x = state;

	(void)e;
	mem_free_aligned(x->cpu);
	free(x);
}

const struct experiment exp_noise = {
	.options = &exp_noise_options,
	.check = noise_check,
	.prepare = noise_prepare,
	.estimate_ms = noise_estimate_ms,
	.run = noise_run,
	.report = noise_report,
	.release = noise_release,
};

#endif /* !SBM_EXP_DECLS_ONLY */

#endif /* !SBM_EXP_RECORDS_ONLY */
