/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The c2c experiment's part of a run's map: its plan and its pairs
 * (host_c2c.c reads them from the c2c-plan and c2c records); the model
 * reads the pairs too.
 */
#ifndef SBM_HOST_C2C_MAP_H
#define SBM_HOST_C2C_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "log/runmap.h"

struct run;
struct runset;

struct map_pair {
	unsigned a, b, home, batch, cas_batch, timed, cas_timed;
	char cls[12];
	double median, min, cas_median, cas_min;	/* one-way ns */
};

struct c2c_map {
	bool c2c_plan;
	unsigned plan_cpus, plan_pairs, rounds;
	char select[12], home[16];
	struct map_pair *pairs;
	size_t npairs;
};

extern const struct host_exp host_c2c;
/* @m's c2c part: an empty one where the run has none. */
const struct c2c_map *c2c_of(const struct run_map *m);
/* The CPUs of @m's pairs in topology order, in *@out (to be freed). */
size_t c2c_order(const struct run_map *m, unsigned **out);
/* Heat map of the c2c medians (plain, or @cas) of up to four runs, via
 * gnuplot, to @out (.png or .svg); 0 on success. */
int report_plot_c2c(const struct runset *rs, const char *out, bool cas,
		    bool keep);

#endif
