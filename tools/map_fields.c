/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "inert.h"
#include "map_fields.h"
#include "rec_fields.h"

const struct map_table *const map_tables[] = {
	&run_hello_table,
	&run_topo_table, &run_config_table, &run_result_table,
	&run_group_table, &run_cache_table, &run_end_table, &run_qr_table,
	&run_llc_table, &run_node_table, &run_warn_table,
	&run_cpufail_table, NULL,
};

static bool present(const struct map_field *f, const void *row)
{
	return !f->have || *(const bool *)((const char *)row + f->have - 1);
}

void map_fill(const struct map_table *t, void *row, const struct rec_parsed *p)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct map_field *f = &t->f[i];
		char *m = (char *)row + f->off;
		uint64_t v = 1;
		bool have = rec_get(p, f->key) != NULL;
		double d = 0;

		/* a number's field is there when its value reads as one */
		if (f->type == MAP_DBL || f->type == MAP_NUM)
			have = rec_get_dbl(p, f->key, &d);
		if (f->have && have)
			*(bool *)((char *)row + f->have - 1) = true;
		switch (f->type) {
		case MAP_UINT:
			*(unsigned *)m = rec_field_u(p, f->key);
			break;
		case MAP_U64:
			*(uint64_t *)m = rec_field_u64(p, f->key);
			break;
		case MAP_DBL:
		case MAP_NUM:
			*(double *)m = have ? d : 0;
			break;
		case MAP_FLAG:
			rec_get_u64(p, f->key, &v);
			*(bool *)m = v != 0;
			break;
		case MAP_BOOL:
			*(bool *)m = rec_field_u64(p, f->key) != 0;
			break;
		default:
			rec_field_s(m, f->size, p, f->key);
			break;
		}
	}
}

void map_csv_keys(FILE *f, const struct map_table *t)
{
	for (size_t i = 0; i < t->n; i++)
		fprintf(f, "%s%s", i ? "," : "", t->f[i].key);
}

void map_csv_head(FILE *f, const struct map_table *t)
{
	map_csv_keys(f, t);
	fputc('\n', f);
}

void map_csv_row(FILE *f, const struct map_table *t, const void *row)
{
	map_csv_cols(f, t, row);
	fputc('\n', f);
}

void map_csv_cols(FILE *f, const struct map_table *t, const void *row)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct map_field *x = &t->f[i];
		const char *m = (const char *)row + x->off;

		if (i)
			fputc(',', f);
		if (!present(x, row))
			continue;
		switch (x->type) {
		case MAP_UINT:
			fprintf(f, "%u", *(const unsigned *)m);
			break;
		case MAP_U64:
			fprintf(f, "%llu",
				(unsigned long long)*(const uint64_t *)m);
			break;
		case MAP_DBL:
			fprintf(f, "%.*f", x->dec, *(const double *)m);
			break;
		case MAP_NUM:
			if (isfinite(*(const double *)m))
				fprintf(f, "%.10g", *(const double *)m);
			break;
		case MAP_FLAG:
		case MAP_BOOL:
			fputc(*(const bool *)m ? '1' : '0', f);
			break;
		default:
			csv_field(f, m);
			break;
		}
	}
}

/* "3,0,12": numbers between single commas (the log is not trusted). */
static bool is_list(const char *s)
{
	bool digit = false;

	for (; *s; s++) {
		if (*s >= '0' && *s <= '9')
			digit = true;
		else if (*s == ',' && digit)
			digit = false;
		else
			return false;
	}
	return digit;
}

/* "12" as a number, "never" as a string, absent as null */
static void json_step(FILE *f, const char *key, const char *v)
{
	unsigned k;
	char end;

	if (!*v)
		json_knum(f, key, false, 0);
	else if (sscanf(v, "%u%c", &k, &end) == 1)
		json_kuint(f, key, k);
	else
		json_kstr(f, key, v);
}

void map_json_row(FILE *f, const struct map_table *t, const void *row)
{
	bool first = true;

	for (size_t i = 0; i < t->n; i++) {
		const struct map_field *x = &t->f[i];
		const char *m = (const char *)row + x->off;

		if (x->omit_empty && !*m)
			continue;
		if (!present(x, row) && !t->nulls)
			continue;
		if (!first)
			fputc(',', f);
		first = false;
		if (!present(x, row)) {
			json_knum(f, x->key, false, 0);	/* null */
			continue;
		}
		switch (x->type) {
		case MAP_UINT:
			json_kuint(f, x->key, *(const unsigned *)m);
			break;
		case MAP_U64:
			json_kuint(f, x->key, *(const uint64_t *)m);
			break;
		case MAP_DBL:
		case MAP_NUM:
			json_knum(f, x->key, true, *(const double *)m);
			break;
		case MAP_FLAG:
		case MAP_BOOL:
			json_kbool(f, x->key, *(const bool *)m);
			break;
		case MAP_LIST:
			/* counts, or empty when the log's is not a list */
			json_str(f, x->key);
			fprintf(f, ":[%s]", is_list(m) ? m : "");
			break;
		case MAP_STEP:
			json_step(f, x->key, m);
			break;
		default:
			json_kstr(f, x->key, m);
			break;
		}
	}
}
