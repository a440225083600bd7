/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every record kind's table from the schema alone: the CSV of a kind
 * over a set of runs and a run's JSON "records" member.  Kept apart from
 * the record store (log/run_records.h), which knows nothing of runs.
 */
#ifndef SBM_KIND_TABLES_H
#define SBM_KIND_TABLES_H

#include <stdio.h>

struct run;
struct runset;

/*
 * CSV of every @kind record of every run: "file,run,arch," then the
 * kind's keys in the schema's order, the values as the records wrote
 * them (empty where absent).  -1 when the schema has no such kind.
 */
int report_kind_csv(FILE *f, const struct runset *rs, const char *kind);

/*
 * The JSON member "records":{KIND:[{key:value,...},...],...} of a run,
 * followed by ',': each value typed by the schema (u64 and dbl numbers,
 * list an array of numbers, u64-or-never a number or "never", the rest
 * strings).
 */
void run_records_json(FILE *f, const struct run *r);

/* The JSON member "NAME":[{key:value,...},...], of every @kind record of
 * @r, typed as above, followed by ','. */
void run_kind_json(FILE *f, const struct run *r, const char *name,
		   const char *kind);

#endif
