/* SPDX-License-Identifier: BSD-2-Clause */
/* Gathering the machine-map records of a run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map_fields.h"
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
		m = map_of(mp);
		map_fill(&map_c2c_table, PUSH(m->pairs, m->npairs), p);
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

		m = map_of(mp);
		x = PUSH(m->scale, m->nscale);
		map_fill(&map_scale_table, x, p);
		/* older records: no upd_ns, no layout (one shared line in
		 * topology order) */
		if (!rec_get_dbl(p, "upd_ns", &x->upd_ns))
			x->upd_ns = x->ns / 2;
		if (!*x->layout)
			snprintf(x->layout, sizeof(x->layout), "line");
		if (!*x->order)
			snprintf(x->order, sizeof(x->order), "topo");
	} else if (!strcmp(k, "scale-summary")) {
		m = map_of(mp);
		map_fill(&map_scale_sum_table,
			 PUSH(m->scale_sum, m->nscale_sum), p);
	} else if (!strcmp(k, "rw-plan")) {
		m = map_of(mp);
		m->rw_plan = true;
		rec_field_s(m->rw_place, sizeof(m->rw_place), p, "place");
		rec_field_s(m->rw_reader, sizeof(m->rw_reader), p, "reader");
		m->rw_idle_ns = rec_field_u(p, "idle_ns");
		m->rw_run_ns = rec_field_u(p, "run_ns");
		m->rw_scan_ns = rec_field_u(p, "scan_ns");
	} else if (!strcmp(k, "rw")) {
		m = map_of(mp);
		map_fill(&map_rw_table, PUSH(m->rw, m->nrw), p);
	} else if (!strcmp(k, "noise")) {
		m = map_of(mp);
		map_fill(&map_noise_table, PUSH(m->noise, m->nnoise), p);
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
