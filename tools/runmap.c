/* SPDX-License-Identifier: BSD-2-Clause */
/* Gathering the machine-map records of a run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rec_fields.h"
#include "runmap.h"
#include "runs.h"

#define PUSH(arr, n) (arr = run_array_grow(arr, n, sizeof(*(arr))), &(arr)[(n)++])

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
		c->id = rec_field_u(p, "id");
		c->package = rec_field_u(p, "package");
		c->node = rec_field_u(p, "node");
		c->llc = rec_field_u(p, "llc");
		c->core = rec_field_u(p, "core");
		c->smt = rec_field_u(p, "smt");
	} else if (!strcmp(k, "c2c-plan")) {
		m = map_of(mp);
		m->c2c_plan = true;
		m->plan_cpus = rec_field_u(p, "cpus");
		m->plan_pairs = rec_field_u(p, "pairs");
		m->rounds = rec_field_u(p, "rounds");
		rec_field_s(m->select, sizeof(m->select), p, "select");
		rec_field_s(m->home, sizeof(m->home), p, "home");
	} else if (!strcmp(k, "c2c")) {
		struct map_pair *x;

		m = map_of(mp);
		x = PUSH(m->pairs, m->npairs);
		x->a = rec_field_u(p, "a");
		x->b = rec_field_u(p, "b");
		x->home = rec_field_u(p, "home");
		x->batch = rec_field_u(p, "batch");
		x->cas_batch = rec_field_u(p, "cas_batch");
		rec_field_s(x->cls, sizeof(x->cls), p, "class");
		x->median = rec_field_d(p, "median");
		x->min = rec_field_d(p, "min");
		x->cas_median = rec_field_d(p, "cas_median");
		x->cas_min = rec_field_d(p, "cas_min");
	} else if (!strcmp(k, "noise-plan")) {
		m = map_of(mp);
		m->noise_plan = true;
		m->noise_s = rec_field_d(p, "seconds");
		m->threshold = rec_field_u(p, "threshold");
	} else if (!strcmp(k, "scale-plan")) {
		m = map_of(mp);
		m->scale_plan = true;
		m->scale_steps = rec_field_u(p, "steps");
		/* before layouts: one curve of steps points */
		m->scale_points = rec_get(p, "points") ?
				  rec_field_u(p, "points") : m->scale_steps;
		rec_field_s(m->scale_op, sizeof(m->scale_op), p, "op");
		m->scale_llcs = rec_field_u(p, "llcs");
	} else if (!strcmp(k, "scale")) {
		struct map_scale *x;
		uint64_t clean = 1;

		m = map_of(mp);
		x = PUSH(m->scale, m->nscale);
		x->cpus = rec_field_u(p, "cpus");
		x->llcs = rec_field_u(p, "llcs");
		x->median = rec_field_d(p, "median");
		x->min = rec_field_d(p, "min");
		x->max = rec_field_d(p, "max");
		x->ns = rec_field_d(p, "ns");
		if (!rec_get_dbl(p, "upd_ns", &x->upd_ns))
			x->upd_ns = x->ns / 2;
		rec_get_u64(p, "clean", &clean);
		x->clean = clean != 0;
		rec_field_s(x->layout, sizeof(x->layout), p, "layout");
		rec_field_s(x->order, sizeof(x->order), p, "order");
		rec_field_s(x->op, sizeof(x->op), p, "op");
		if (!*x->layout)
			snprintf(x->layout, sizeof(x->layout), "line");
		if (!*x->order)
			snprintf(x->order, sizeof(x->order), "topo");
	} else if (!strcmp(k, "scale-summary")) {
		struct map_scale_sum *x;

		m = map_of(mp);
		x = PUSH(m->scale_sum, m->nscale_sum);
		rec_field_s(x->layout, sizeof(x->layout), p, "layout");
		rec_field_s(x->order, sizeof(x->order), p, "order");
		rec_field_s(x->op, sizeof(x->op), p, "op");
		x->cpus = rec_field_u(p, "cpus");
		x->base_ns = rec_field_d(p, "base_ns");
		x->last_ns = rec_field_d(p, "last_ns");
		rec_field_s(x->doubles_at, sizeof(x->doubles_at), p,
			    "doubles_at");
		rec_field_s(x->wins_from, sizeof(x->wins_from), p,
			    "llc_wins_from");
		rec_field_s(x->stops_at, sizeof(x->stops_at), p,
			    "llc_stops_at");
	} else if (!strcmp(k, "rw-plan")) {
		m = map_of(mp);
		m->rw_plan = true;
		rec_field_s(m->rw_place, sizeof(m->rw_place), p, "place");
		rec_field_s(m->rw_reader, sizeof(m->rw_reader), p, "reader");
		m->rw_idle_ns = rec_field_u(p, "idle_ns");
		m->rw_run_ns = rec_field_u(p, "run_ns");
		m->rw_scan_ns = rec_field_u(p, "scan_ns");
	} else if (!strcmp(k, "rw")) {
		struct map_rw *x;

		m = map_of(mp);
		x = PUSH(m->rw, m->nrw);
		rec_field_s(x->layout, sizeof(x->layout), p, "layout");
		rec_field_s(x->reader, sizeof(x->reader), p, "reader");
		rec_field_s(x->check, sizeof(x->check), p, "check");
		rec_field_s(x->wrong, sizeof(x->wrong), p, "wrong");
		x->writers = rec_field_u(p, "writers");
		x->readers = rec_field_u(p, "readers");
		x->writer_ns = rec_field_d(p, "writer_ns");
		x->writer_alone_ns = rec_field_d(p, "writer_alone_ns");
		x->have_floor = rec_get_dbl(p, "floor_ns", &x->floor_ns);
		x->above_ns = rec_field_d(p, "above_ns");
		x->above_alone_ns = rec_field_d(p, "above_alone_ns");
		x->reader_ns = rec_field_d(p, "reader_ns");
		x->reader_alone_ns = rec_field_d(p, "reader_alone_ns");
		x->visited = rec_field_d(p, "visited");
		x->visited_alone = rec_field_d(p, "visited_alone");
		x->lines = rec_field_d(p, "lines");
		x->per_cpu_ns = rec_field_d(p, "per_cpu_ns");
		x->writer_med = rec_field_d(p, "writer_median_ns");
		x->writer_alone_med = rec_field_d(p, "writer_alone_median_ns");
		x->reader_med = rec_field_d(p, "reader_median_ns");
		x->reader_alone_med = rec_field_d(p, "reader_alone_median_ns");
		x->dropped = rec_field_u64(p, "dropped");
		x->updates = rec_field_u64(p, "updates");
		x->scans = rec_field_u64(p, "scans");
	} else if (!strcmp(k, "noise")) {
		struct map_noise *x;
		uint64_t v = 0;

		m = map_of(mp);
		x = PUSH(m->noise, m->nnoise);
		x->cpu = rec_field_u(p, "cpu");
		x->hist_lo = rec_field_u(p, "hist_lo");
		rec_get_u64(p, "count", &v);
		x->count = v;
		x->polled_ms = rec_field_d(p, "polled_ms");
		x->total = rec_field_d(p, "total");
		x->max = rec_field_d(p, "max");
		rec_field_s(x->hist, sizeof(x->hist), p, "hist");
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
	free(m->scale_sum);
	free(m->rw);
	free(m);
}
