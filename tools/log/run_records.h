/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every record of a run as the schema names it: the kind's row, and its
 * values in the schema's key order (NULL where the record has none).
 * The CSV of any kind, the JSON "records" member and what the database
 * and page take all come from these and the schema alone, so a kind or
 * key added to the schema reaches every output with no edit here.
 */
#ifndef SBM_RUN_RECORDS_H
#define SBM_RUN_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "output/record.h"
#include "output/record_schema.h"


struct run_rec {
	const struct rec_schema *kind;	/* its row in the schema */
	const char **val;		/* one per key of the kind */
};

struct run_records {
	struct run_rec *rec;
	size_t n;
	/* what the schema does not name: a newer image's kinds and keys,
	 * and values not written as the key's type says */
	size_t unknown_kinds, unknown_keys, bad_values;
};

/* The number of keys of kind row @k. */
size_t rec_kind_nkeys(const struct rec_schema *k);

/* The value of @key in @x, NULL when it has none (or @x->val is NULL:
 * no record of its kind). */
const char *run_rec_get(const struct run_rec *x, const char *key);
/* How many reads named a key the record's kind does not have in the
 * schema: a host file's typo, which tests hold to 0. */
extern size_t run_rec_bad_reads;

/*
 * @key of @x read as a C value, for the human tables: a key the kind's
 * schema lacks reads as absent.  A string absent reads as ""; a u64 as
 * 0 (its leading digits where more follows); a number as false from
 * run_rec_dbl() when it is not one, and as 0 from run_rec_num().
 */
const char *run_rec_str(const struct run_rec *x, const char *key);
uint64_t run_rec_u64(const struct run_rec *x, const char *key);
unsigned run_rec_uint(const struct run_rec *x, const char *key); /* saturated */
bool run_rec_dbl(const struct run_rec *x, const char *key, double *v);
double run_rec_num(const struct run_rec *x, const char *key);
/* The value of @key copied into @dst (@n bytes, cut to fit). */
void run_rec_copy(char *dst, size_t n, const struct run_rec *x,
		  const char *key);

/* The record kept last: the one a host take is handed (host_exp.h). */
const struct run_rec *run_records_last(const struct run_records *rr);

/* @x's keys as JSON members "key":value, typed by the schema as in
 * run_records_json(), between commas, no braces. */
void run_rec_json(FILE *f, const struct run_rec *x);

/* Does @x hold a value for any of its kind's keys? */
bool run_rec_any(const struct run_rec *x);
/* " key=value" for each key @x has, in the schema's order. */
void run_rec_text(FILE *f, const struct run_rec *x);

/* Keep @p in @rr (a kind the schema lacks is only counted). */
void run_records_take(struct run_records *rr, const struct rec_parsed *p);
void run_records_free(struct run_records *rr);

#endif
