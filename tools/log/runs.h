/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Gathering console records into runs.  A run is every record that
 * carries one run id, from its "hello" to its "end"; one log may hold
 * several runs and several logs may be read into one set.  What could not
 * be read is kept too (file, line, reason), so reports can name it.
 */
#ifndef SBM_RUNS_H
#define SBM_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "output/record.h"
#include "log/run_records.h"

struct run_map;		/* runmap.h */
struct run_result;
struct run_group;

struct run;
/* "product, board, firmware version (date), microcode/midr": what names
 * the machine in one line (empty when hello said nothing of it). */
void run_ident_line(const struct run *r, char *buf, size_t len);

/*
 * The run's one record of each engine kind that has one: a copy of its
 * row in records (the values stay where the store keeps them), read
 * through run_records.h's getters; .val is NULL where the run has none.
 */
struct run_one {
	struct run_rec hello, topo, config, end, qr;
};

struct run {
	unsigned file;		/* index into runset.files */
	uint32_t id;
	size_t first_line, last_line;
	size_t nrecords;	/* valid records before "end" */
	bool hello, end;
	struct run_one one;

	size_t ncpu_recs;
	/* the sbm experiment's tables (exp/sbm/sbm_results.h) */
	struct run_result *results;
	size_t nresults;
	struct run_group *groups;
	size_t ngroups;
	struct run_map *map;	/* c2c and noise (runmap.c), NULL if none */
	struct run_records records;	/* every record, as the schema names it */
};

struct run_reject {
	unsigned file;
	size_t line;
	char why[64], text[100];
	bool have_run;		/* a run id was readable in the damaged text */
	uint32_t run;
};

struct run_file {
	char *path;
	size_t lines, records, rejected, repaired;
};

struct runset {
	struct run *runs;
	size_t nruns, cap_runs;
	struct run_reject *rejects;
	size_t nrejects, cap_rejects;
	struct run_file *files;
	size_t nfiles, cap_files;
};

/* Read one log file ("-" is stdin); returns -1 when it cannot be read. */
int runset_add_log(struct runset *rs, const char *path);

/* @p (n elements of @size, grown only by this from NULL) grown by one
 * zeroed element, its room doubled when full; exits on no memory, as
 * sbmlog does everywhere. */
void *run_array_grow(void *p, size_t n, size_t size);
/* A new zeroed element at the end of @arr (@n elements), its address. */
#define RUN_PUSH(arr, n) \
	(arr = run_array_grow(arr, n, sizeof(*(arr))), &(arr)[(n)++])
/* Half a unit of the last digit record @x printed of @key: its
 * rounding bound. */
double run_round_err(const struct run_rec *x, const char *key);
/* Gather the records of a log already in memory, named @name. */
void runset_add_buffer(struct runset *rs, const char *name, const char *buf,
		       size_t len);
void runset_free(struct runset *rs);

/* hello's counter_hz, 0 where the run has none. */
uint64_t run_hz(const struct run *r);
/* The end record's status: "" without one. */
const char *run_status(const struct run *r);
/* Is records.rec[@i] of kind @kind? */
bool run_rec_is(const struct run *r, size_t i, const char *kind);
/* Is records.rec[@i] an llc or node record that starts a domain (not a
 * later part of an earlier one's CPU list)?  Its CPUs, its later parts'
 * appended, cut with "..." to fit @n bytes, in @buf. */
bool run_domain_first(const struct run *r, size_t i);
void run_domain_cpus(const struct run *r, size_t i, char *buf, size_t n);

/* Records the end record counts that never arrived intact. */
size_t run_missing(const struct run *r);
/* The run came from the screen's QR codes: exactly the records they hold
 * (the qr record says how many), a part of what the console had. */
bool run_from_qr(const struct run *r);
bool run_complete(const struct run *r);
/* The run said status=fail or a layout lost updates. */
bool run_failed(const struct run *r);
/* Damaged records, incomplete or failed runs: non-zero means exit 1. */
size_t runset_problems(const struct runset *rs);

#endif
