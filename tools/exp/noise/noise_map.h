/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The noise experiment's part of a run's map: its plan and a row per
 * CPU (host_noise.c reads them from the noise-plan and noise records).
 */
#ifndef SBM_HOST_NOISE_MAP_H
#define SBM_HOST_NOISE_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "log/runmap.h"

struct run;
struct runset;

struct map_noise {
	unsigned cpu, hist_lo;
	uint64_t count;
	double polled_ms, total, max;	/* ns, but polled */
	char hist[400];		/* counts from bucket hist_lo up, commas */
};

struct noise_map {
	bool noise_plan;
	double noise_s;
	unsigned threshold;
	struct map_noise *noise;
	size_t nnoise;
};

extern const struct host_exp host_noise;
/* @m's noise part: an empty one where the run has none. */
const struct noise_map *noise_of(const struct run_map *m);
/* The noise histogram, a panel per run (noise_plot.c); 0 on success. */
int report_plot_noise(const struct runset *rs, const char *out, bool keep);

#endif
