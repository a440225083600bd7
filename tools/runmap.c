/* SPDX-License-Identifier: BSD-2-Clause */
/* Gathering the machine-map records of a run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runmap.h"

static void *grow(void *p, size_t n, size_t size)
{
	p = realloc(p, (n + 1) * size);
	if (!p) {
		fprintf(stderr, "sbmlog: out of memory\n");
		exit(2);
	}
	memset((char *)p + n * size, 0, size);
	return p;
}

#define PUSH(arr, n) (arr = grow(arr, n, sizeof(*(arr))), &(arr)[(n)++])

static unsigned get_u(const struct rec_parsed *p, const char *key)
{
	uint64_t v = 0;

	rec_get_u64(p, key, &v);
	return v > 0xffffffffu ? 0xffffffffu : (unsigned)v;
}

static double get_d(const struct rec_parsed *p, const char *key)
{
	double v = 0;

	rec_get_dbl(p, key, &v);
	return v;
}

static void get_s(char *dst, size_t n, const struct rec_parsed *p,
		  const char *key)
{
	const char *v = rec_get(p, key);

	snprintf(dst, n, "%s", v ? v : "");
}

static struct run_map *map_of(struct run_map **m)
{
	if (!*m) {
		*m = calloc(1, sizeof(**m));
		if (!*m) {
			fprintf(stderr, "sbmlog: out of memory\n");
			exit(2);
		}
	}
	return *m;
}

void runmap_take(struct run_map **mp, const struct rec_parsed *p)
{
	const char *k = p->kind;
	struct run_map *m;

	if (!strcmp(k, "cpu")) {
		struct map_cpu *c;

		m = map_of(mp);
		c = PUSH(m->cpus, m->ncpus);
		c->id = get_u(p, "id");
		c->package = get_u(p, "package");
		c->node = get_u(p, "node");
		c->llc = get_u(p, "llc");
		c->core = get_u(p, "core");
		c->smt = get_u(p, "smt");
	} else if (!strcmp(k, "c2c-plan")) {
		m = map_of(mp);
		m->c2c_plan = true;
		m->plan_cpus = get_u(p, "cpus");
		m->plan_pairs = get_u(p, "pairs");
		m->rounds = get_u(p, "rounds");
		get_s(m->select, sizeof(m->select), p, "select");
		get_s(m->home, sizeof(m->home), p, "home");
	} else if (!strcmp(k, "c2c")) {
		struct map_pair *x;

		m = map_of(mp);
		x = PUSH(m->pairs, m->npairs);
		x->a = get_u(p, "a");
		x->b = get_u(p, "b");
		x->home = get_u(p, "home");
		x->batch = get_u(p, "batch");
		x->cas_batch = get_u(p, "cas_batch");
		get_s(x->cls, sizeof(x->cls), p, "class");
		x->median = get_d(p, "median");
		x->min = get_d(p, "min");
		x->cas_median = get_d(p, "cas_median");
		x->cas_min = get_d(p, "cas_min");
	} else if (!strcmp(k, "noise-plan")) {
		m = map_of(mp);
		m->noise_plan = true;
		m->noise_s = get_d(p, "seconds");
		m->threshold = get_u(p, "threshold");
	} else if (!strcmp(k, "scale-plan")) {
		m = map_of(mp);
		m->scale_plan = true;
		m->scale_steps = get_u(p, "steps");
		get_s(m->scale_op, sizeof(m->scale_op), p, "op");
	} else if (!strcmp(k, "scale")) {
		struct map_scale *x;

		m = map_of(mp);
		x = PUSH(m->scale, m->nscale);
		x->cpus = get_u(p, "cpus");
		x->median = get_d(p, "median");
		x->min = get_d(p, "min");
		x->max = get_d(p, "max");
		x->ns = get_d(p, "ns");
	} else if (!strcmp(k, "rw-plan")) {
		m = map_of(mp);
		m->rw_plan = true;
		get_s(m->rw_place, sizeof(m->rw_place), p, "place");
		get_s(m->rw_reader, sizeof(m->rw_reader), p, "reader");
		m->rw_idle_ns = get_u(p, "idle_ns");
		m->rw_run_ns = get_u(p, "run_ns");
		m->rw_scan_ns = get_u(p, "scan_ns");
	} else if (!strcmp(k, "rw")) {
		struct map_rw *x;

		m = map_of(mp);
		x = PUSH(m->rw, m->nrw);
		get_s(x->layout, sizeof(x->layout), p, "layout");
		get_s(x->reader, sizeof(x->reader), p, "reader");
		get_s(x->check, sizeof(x->check), p, "check");
		x->writers = get_u(p, "writers");
		x->readers = get_u(p, "readers");
		x->writer_ns = get_d(p, "writer_ns");
		x->writer_alone_ns = get_d(p, "writer_alone_ns");
		x->have_floor = rec_get_dbl(p, "floor_ns", &x->floor_ns);
		x->above_ns = get_d(p, "above_ns");
		x->reader_ns = get_d(p, "reader_ns");
		x->reader_alone_ns = get_d(p, "reader_alone_ns");
		x->visited = get_d(p, "visited");
		x->visited_alone = get_d(p, "visited_alone");
		x->lines = get_d(p, "lines");
		x->per_cpu_ns = get_d(p, "per_cpu_ns");
		x->writer_med = get_d(p, "writer_median_ns");
		x->writer_alone_med = get_d(p, "writer_alone_median_ns");
		x->reader_med = get_d(p, "reader_median_ns");
		x->reader_alone_med = get_d(p, "reader_alone_median_ns");
		x->dropped = get_u(p, "dropped");
	} else if (!strcmp(k, "noise")) {
		struct map_noise *x;
		uint64_t v = 0;

		m = map_of(mp);
		x = PUSH(m->noise, m->nnoise);
		x->cpu = get_u(p, "cpu");
		x->hist_lo = get_u(p, "hist_lo");
		rec_get_u64(p, "count", &v);
		x->count = v;
		x->polled_ms = get_d(p, "polled_ms");
		x->total = get_d(p, "total");
		x->max = get_d(p, "max");
		get_s(x->hist, sizeof(x->hist), p, "hist");
	}
}

void runmap_free(struct run_map *m)
{
	if (!m)
		return;
	free(m->cpus);
	free(m->pairs);
	free(m->noise);
	free(m->scale);
	free(m->rw);
	free(m);
}
