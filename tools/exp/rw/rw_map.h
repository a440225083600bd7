/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rw experiment's part of a run's map: its plan and its rows
 * (host_rw.c reads them from the rw-plan and rw records).
 */
#ifndef SBM_HOST_RW_MAP_H
#define SBM_HOST_RW_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "log/runmap.h"

struct run;
struct runset;

/* one "rw" record: a layout's writers and readers, alone and together;
 * ns figures are means below the cut, *_med medians */
struct map_rw {
	char layout[16], reader[16], check[8];
	char wrong[96];		/* the ops a failed check names, commas */
	unsigned writers, readers;
	bool have_floor;
	double writer_ns, writer_alone_ns, floor_ns, above_ns, above_alone_ns;
	double reader_ns, reader_alone_ns, visited, visited_alone, lines;
	double per_cpu_ns;
	double writer_med, writer_alone_med, reader_med, reader_alone_med;
	uint64_t dropped, updates, scans;
};

struct rw_map {
	bool rw_plan;
	char rw_place[16], rw_reader[16];
	unsigned rw_idle_ns, rw_run_ns, rw_scan_ns;
	struct map_rw *rw;
	size_t nrw;
};

extern const struct host_exp host_rw;
/* @m's rw part: an empty one where the run has none. */
const struct rw_map *rw_of(const struct run_map *m);
/* Writer cost against reader cost, one point per layout, of up to four
 * runs with rw records (exp/host_rw.c); 0 on success. */
int report_plot_rw(const struct runset *rs, const char *out, bool keep);

#endif
