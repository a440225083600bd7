/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An experiment's host side: what sbmlog does with its records beyond
 * what the schema already gives every kind (the CSV and JSON of
 * run_records.h, the database and the page).  One file per experiment,
 * tools/exp/NAME/host_NAME.c (and its other files in that folder),
 * defining host_NAME; found through the same
 * one-line registry as the image side (core/exp/registry.h).  Its
 * records reach every CSV, the JSON, the database and the page through
 * the schema alone; host_NAME adds only what the schema cannot say.
 */
#ifndef SBM_HOST_EXP_H
#define SBM_HOST_EXP_H

#include <stdbool.h>
#include <stdio.h>

#include "output/record.h"

struct run;
struct runset;

/* A record kind read into its run's tables (runs.h, runmap.h). */
struct host_take {
	const char *kind;
	void (*take)(struct run *r, const struct rec_parsed *p);
};

/* A picture: sbmlog plot --table NAME. */
struct host_plot {
	const char *name, *what;
	int (*plot)(const struct runset *rs, const char *out, bool keep);
};

/* A table of its own: sbmlog report --table NAME --format FORMAT. */
struct host_table {
	const char *name, *formats, *what;	/* formats: "csv", "text json" */
	void (*print)(FILE *f, const struct runset *rs, const char *format);
};

struct host_exp {
	const struct host_take *takes;	/* ends with a NULL kind */
	const struct host_plot *plots;	/* ends with a NULL name; or NULL */
	const struct host_table *tables; /* ends with a NULL name; or NULL */
	/* its part of report's text per run, NULL: none */
	void (*text)(FILE *f, const struct run *r);
	/* its blocks of compare, one column @w wide per run after a label
	 * column @lw wide, and the label width it needs; NULL: none */
	void (*compare)(FILE *f, const struct runset *rs, int lw, int w);
	int (*compare_width)(const struct runset *rs);
	/* its members of the run's JSON object, each followed by ',';
	 * NULL: none beyond the schema's "records" */
	void (*json)(FILE *f, const struct run *r);
	/* frees what it keeps in a run's map beside its part itself
	 * (runmap_part_make()); NULL: the part holds no pointers */
	void (*release)(void *part);
	/* does it call the run failed beyond the end record's status (a
	 * layout that lost updates); NULL: never */
	bool (*failed)(const struct run *r);
};

/* Room for the registry's lines in a run's map (runmap.h). */
#define HOST_MAX_EXPERIMENTS 16

/* One entry per registry line, in the registry's order, NULL-terminated;
 * @host_names: the registry's names. */
extern const struct host_exp *const host_experiments[];
extern const char *const host_names[];

/* @h's line in the registry (its part's index in a run's map). */
size_t host_index(const struct host_exp *h);
/* The take of @kind an experiment's host file has, NULL when none. */
const struct host_take *host_take_of(const char *kind);
/* The table called @name that prints @format, NULL when none. */
const struct host_table *host_table_of(const char *name, const char *format);
/* The registry's first table (report's default: sbm's CSV) when it
 * prints @format, else NULL. */
const struct host_table *host_table_first(const char *format);
/* The plot called @name, NULL when none. */
const struct host_plot *host_plot_of(const char *name);

#endif
