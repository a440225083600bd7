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
#include "runmap.h"

#define M MAP_F
#define HAVE MAP_HAVE

#define PAIR(key, type, dec, member) \
	M(struct map_pair, key, type, dec, member, 0)
static const struct map_field c2c_fields[] = {
	PAIR("a", MAP_UINT, 0, a),
	PAIR("b", MAP_UINT, 0, b),
	PAIR("class", MAP_STR, 0, cls),
	PAIR("home", MAP_UINT, 0, home),
	PAIR("median", MAP_DBL, 2, median),
	PAIR("min", MAP_DBL, 2, min),
	PAIR("cas_median", MAP_DBL, 2, cas_median),
	PAIR("cas_min", MAP_DBL, 2, cas_min),
	PAIR("batch", MAP_UINT, 0, batch),
	PAIR("cas_batch", MAP_UINT, 0, cas_batch),
	PAIR("timed", MAP_UINT, 0, timed),
	PAIR("cas_timed", MAP_UINT, 0, cas_timed),
};

#define NOISE(key, type, dec, member) \
	M(struct map_noise, key, type, dec, member, 0)
static const struct map_field noise_fields[] = {
	NOISE("cpu", MAP_UINT, 0, cpu),
	NOISE("polled_ms", MAP_DBL, 3, polled_ms),
	NOISE("count", MAP_U64, 0, count),
	NOISE("total", MAP_DBL, 0, total),
	NOISE("max", MAP_DBL, 0, max),
	NOISE("hist_lo", MAP_UINT, 0, hist_lo),
	NOISE("hist", MAP_LIST, 0, hist),
};

#define SCALE(key, type, dec, member) \
	M(struct map_scale, key, type, dec, member, 0)
static const struct map_field scale_fields[] = {
	SCALE("cpus", MAP_UINT, 0, cpus),
	SCALE("median", MAP_DBL, 5, median),
	SCALE("min", MAP_DBL, 5, min),
	SCALE("max", MAP_DBL, 5, max),
	SCALE("ns", MAP_DBL, 3, ns),
	SCALE("layout", MAP_STR, 0, layout),
	SCALE("order", MAP_STR, 0, order),
	SCALE("op", MAP_STR, 0, op),
	SCALE("upd_ns", MAP_DBL, 3, upd_ns),
	SCALE("clean", MAP_FLAG, 0, clean),
	SCALE("llcs", MAP_UINT, 0, llcs),
};

#define SUM(key, type, dec, member) \
	M(struct map_scale_sum, key, type, dec, member, 0)
static const struct map_field scale_sum_fields[] = {
	SUM("layout", MAP_STR, 0, layout),
	SUM("order", MAP_STR, 0, order),
	SUM("op", MAP_STR, 0, op),
	SUM("cpus", MAP_UINT, 0, cpus),
	SUM("base_ns", MAP_DBL, 3, base_ns),
	SUM("last_ns", MAP_DBL, 3, last_ns),
	SUM("doubles_at", MAP_STEP, 0, doubles_at),
	SUM("llc_wins_from", MAP_STEP, 0, wins_from),
	SUM("llc_stops_at", MAP_STEP, 0, stops_at),
};

/* the CSV's order of the first release, keys appended since at the end */
#define RW(key, type, dec, member) \
	M(struct map_rw, key, type, dec, member, 0)
#define RW_FLOOR(key, member) \
	M(struct map_rw, key, MAP_DBL, 3, member, \
	  HAVE(struct map_rw, have_floor))
static const struct map_field rw_fields[] = {
	RW("layout", MAP_STR, 0, layout),
	RW("reader", MAP_STR, 0, reader),
	RW("writers", MAP_UINT, 0, writers),
	RW("readers", MAP_UINT, 0, readers),
	RW("writer_ns", MAP_DBL, 3, writer_ns),
	RW("writer_alone_ns", MAP_DBL, 3, writer_alone_ns),
	RW_FLOOR("floor_ns", floor_ns),
	RW_FLOOR("above_ns", above_ns),
	RW("reader_ns", MAP_DBL, 3, reader_ns),
	RW("reader_alone_ns", MAP_DBL, 3, reader_alone_ns),
	RW("visited", MAP_DBL, 2, visited),
	RW("visited_alone", MAP_DBL, 2, visited_alone),
	RW("lines", MAP_DBL, 2, lines),
	RW("per_cpu_ns", MAP_DBL, 3, per_cpu_ns),
	RW("check", MAP_STR, 0, check),
	RW("writer_median_ns", MAP_DBL, 3, writer_med),
	RW("writer_alone_median_ns", MAP_DBL, 3, writer_alone_med),
	RW("reader_median_ns", MAP_DBL, 3, reader_med),
	RW("reader_alone_median_ns", MAP_DBL, 3, reader_alone_med),
	RW("dropped", MAP_U64, 0, dropped),
	RW_FLOOR("above_alone_ns", above_alone_ns),
	RW("updates", MAP_U64, 0, updates),
	RW("scans", MAP_U64, 0, scans),
	{ "wrong", MAP_STR, 0, true, offsetof(struct map_rw, wrong),
	  sizeof(((struct map_rw *)0)->wrong), 0 },
};

MAP_TABLE(map_c2c_table, "c2c", c2c_fields, false);
MAP_TABLE(map_noise_table, "noise", noise_fields, false);
MAP_TABLE(map_scale_table, "scale", scale_fields, false);
MAP_TABLE(map_scale_sum_table, "scale-summary", scale_sum_fields, false);
MAP_TABLE(map_rw_table, "rw", rw_fields, false);

const struct map_table *const map_tables[] = {
	&map_c2c_table, &map_noise_table, &map_scale_table,
	&map_scale_sum_table, &map_rw_table, &run_hello_table,
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
