/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine map of a run: its CPUs (the engine's "cpu" records) and,
 * beside them, a part per experiment that keeps rows of its own across
 * records for its text tables, comparisons and plots (c2c's pairs,
 * scale's curves, ...).  A part's type is its experiment's, declared in
 * its folder (tools/exp/NAME/); here it is a slot by registry line.
 * Kept beside struct run (runs.h), which holds a pointer to it.
 */
#ifndef SBM_RUNMAP_H
#define SBM_RUNMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exp/host_exp.h"

struct map_cpu {
	unsigned id, package, node, llc, core, smt;
	bool disabled;	/* enabled=0: a hot-plug slot, in no layout */
};

struct run_map {
	struct map_cpu *cpus;
	size_t ncpus;
	void *part[HOST_MAX_EXPERIMENTS];	/* by registry line */
};

/* *@m, made on first use (runs.c and the experiments' host files). */
struct run_map *runmap_of(struct run_map **m);
/* @h's part of @m, NULL when @m or the part is not there yet. */
void *runmap_part(const struct run_map *m, const struct host_exp *h);
/* @h's part of *@m, made (@size bytes, zeroed) on first use. */
void *runmap_part_make(struct run_map **m, const struct host_exp *h,
		       size_t size);
/* Frees the CPUs and every part (its experiment's release first). */
void runmap_free(struct run_map *m);

#endif
