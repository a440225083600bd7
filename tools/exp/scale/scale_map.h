/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The scale experiment's part of a run's map: its plan, its points and
 * its curves' summaries (host_scale.c reads them from the scale-plan,
 * scale and scale-summary records); the model reads the points too.
 */
#ifndef SBM_HOST_SCALE_MAP_H
#define SBM_HOST_SCALE_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "log/runmap.h"

struct run;
struct runset;

/* one "scale" point; records before layouts were one shared line:
 * layout "line", order "topo" */
struct map_scale {
	unsigned cpus, llcs;	/* llcs: those CPUs span; 0 unknown */
	char layout[16], order[8], op[24];
	bool clean;
	double median, min, max;	/* ticks per iteration */
	double ns, upd_ns;		/* the median per iteration, update */
};

/* one "scale-summary": a curve's k where the cost doubles over k = 1,
 * and for llc where it beats global and stops; "" when absent */
struct map_scale_sum {
	char layout[16], order[8], op[24];
	unsigned cpus;
	double base_ns, last_ns;
	char doubles_at[12], wins_from[12], stops_at[12];
};

struct scale_map {
	bool scale_plan;
	unsigned scale_steps, scale_points, scale_llcs;	/* llcs: 0 unknown */
	char scale_op[24];
	struct map_scale *scale;
	size_t nscale;
	struct map_scale_sum *scale_sum;
	size_t nscale_sum;
};

extern const struct host_exp host_scale;
/* @m's scale part: an empty one where the run has none. */
const struct scale_map *scale_of(const struct run_map *m);
/* The scale tables (host_scale.c): text per order, JSON members
 * "scale" and "scale_summary" (each followed by ','): the records as
 * the schema types them. */
void runmap_text_scale(FILE *f, const struct run_map *m);
void runmap_json_scale(FILE *f, const struct run *r);
/* sbmlog report --table scale in text (each run's tables) or JSON (an
 * array of {run, scale, scale_summary, file}). */
void runmap_scale_report(FILE *f, const struct runset *rs, bool json);
/* The layouts measured in @order (@order NULL: the orders), in order of
 * first appearance, at most @max into @out; returns how many. */
size_t runmap_scale_names(const struct run_map *m, const char *order,
			  const char **out, size_t max);
/* The smallest CPU count of @order above @last; 0 when none. */
unsigned runmap_scale_next(const struct run_map *m, const char *order,
			   unsigned last);
/* Scaling curves, a panel per run and order, a line per layout
 * (scale_plot.c); 0 on success. */
int report_plot_scale(const struct runset *rs, const char *out, bool keep);

#endif
