/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine map's rows (runmap.h) as tables: for each record kind a
 * row holds, which record key fills which member.  The key is the CSV
 * column and the JSON key too, so a field is named once, as the record
 * (core/output/record_schema.def) names it; tests/test_runmap holds every
 * table to the schema.
 */
#ifndef SBM_MAP_FIELDS_H
#define SBM_MAP_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "output/record.h"

enum map_type {
	MAP_UINT,	/* unsigned, saturated */
	MAP_U64,
	MAP_DBL,	/* CSV with dec decimals */
	MAP_STR,	/* char[size] */
	MAP_FLAG,	/* bool, 1 when the record lacks it (older logs) */
	MAP_LIST,	/* char[size] of counts; a JSON array */
	MAP_STEP,	/* char[size]: a CPU count or a word; JSON number */
	MAP_NUM,	/* double at full precision (%.10g); not finite: empty */
	MAP_BOOL,	/* bool, 0 when the record lacks it */
};

struct map_field {
	const char *key;
	unsigned char type, dec;
	bool omit_empty;	/* JSON leaves an empty MAP_STR out */
	size_t off, size;
	/* a bool member set when this key is present, and without which the
	 * field is absent (CSV empty, JSON left out); 0 for none */
	size_t have;
};

struct map_table {
	const char *kind;
	const struct map_field *f;
	size_t n;
	bool nulls;	/* JSON: an absent field is null, not left out */
};

/* A field of row type T, filled from record key @key (map_fields.c, run_fields.c). */
#define MAP_F(T, key, type, dec, member, have) \
	{ key, type, dec, false, offsetof(T, member), \
	  sizeof(((T *)0)->member), have }
#define MAP_HAVE(T, member)	(offsetof(T, member) + 1)	/* 0 is none */
#define MAP_TABLE(name, kind, fields, nulls) \
	const struct map_table name = { kind, fields, \
					sizeof(fields) / sizeof(fields[0]), \
					nulls }

/* A run's own records (run_fields.c): struct run, run_result, ... */
extern const struct map_table run_hello_table, run_topo_table,
	run_config_table, run_result_table, run_group_table, run_cache_table,
	run_end_table, run_qr_table, run_llc_table, run_node_table,
	run_warn_table, run_cpufail_table;
/* Every table, NULL-terminated (tests). */
extern const struct map_table *const map_tables[];

/* Fill @row (zeroed) from record @p. */
void map_fill(const struct map_table *t, void *row,
	      const struct rec_parsed *p);
/* The table's keys, comma-separated, then a newline. */
void map_csv_head(FILE *f, const struct map_table *t);
/* @row's fields as CSV (csv_field() for text), then a newline. */
void map_csv_row(FILE *f, const struct map_table *t, const void *row);
/* The same without the newline, and the keys without it: a table's
 * columns within a longer row. */
void map_csv_cols(FILE *f, const struct map_table *t, const void *row);
void map_csv_keys(FILE *f, const struct map_table *t);
/* @row's fields as JSON members "key":value, between commas, no braces. */
void map_json_row(FILE *f, const struct map_table *t, const void *row);

#endif
