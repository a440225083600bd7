/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An experiment's host side: what sbmlog does with its records beyond
 * what the schema already gives every kind (the CSV and JSON of
 * run_records.h, the database and the page).  One file per experiment,
 * tools/exp/host_NAME.c, defining host_NAME; found through the same
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
};

/* One entry per registry line, in the registry's order, NULL-terminated;
 * @host_names: the registry's names. */
extern const struct host_exp *const host_experiments[];
extern const char *const host_names[];

/* The take of @kind an experiment's host file has, NULL when none. */
const struct host_take *host_take_of(const char *kind);
/* The table called @name that prints @format, NULL when none. */
const struct host_table *host_table_of(const char *name, const char *format);
/* The plot called @name, NULL when none. */
const struct host_plot *host_plot_of(const char *name);

#endif
