/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The scale experiment's host side: its plan, point and summary records
 * read into the run's map, and the scale tables: per CPU order, a row
 * per CPU count and a column per layout (ns per update), with the
 * summary the image derived (where the cost doubles, where llc beats
 * global and stops), as text or JSON (report --table scale).  Its CSV
 * and the JSON of its records are the schema's (run_records.h); its
 * curves are plot_lines.c's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log/inert.h"
#include "exp/host_exp.h"
#include "exp/scale/scale_map.h"
#include "log/runs.h"

#define MAX_COLS 16

size_t runmap_scale_names(const struct run_map *m, const char *order,
			  const char **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < scale_of(m)->nscale; i++) {
		const struct map_scale *x = &scale_of(m)->scale[i];
		const char *v = order ? x->layout : x->order;
		size_t k;

		if (order && strcmp(x->order, order))
			continue;
		for (k = 0; k < n && strcmp(out[k], v); k++)
			;
		if (k == n && n < max)
			out[n++] = v;
	}
	return n;
}

unsigned runmap_scale_next(const struct run_map *m, const char *order,
			   unsigned last)
{
	unsigned next = 0;

	for (size_t i = 0; i < scale_of(m)->nscale; i++)
		if (!strcmp(scale_of(m)->scale[i].order, order) &&
		    scale_of(m)->scale[i].cpus > last &&
		    (!next || scale_of(m)->scale[i].cpus < next))
			next = scale_of(m)->scale[i].cpus;
	return next;
}

static const struct map_scale *point(const struct run_map *m,
				     const char *order, const char *layout,
				     unsigned cpus)
{
	for (size_t i = 0; i < scale_of(m)->nscale; i++) {
		const struct map_scale *x = &scale_of(m)->scale[i];

		if (x->cpus == cpus && !strcmp(x->order, order) &&
		    !strcmp(x->layout, layout))
			return x;
	}
	return NULL;
}

static const struct map_scale_sum *summary(const struct run_map *m,
					   const char *order,
					   const char *layout)
{
	for (size_t i = 0; i < scale_of(m)->nscale_sum; i++)
		if (!strcmp(scale_of(m)->scale_sum[i].order, order) &&
		    !strcmp(scale_of(m)->scale_sum[i].layout, layout))
			return &scale_of(m)->scale_sum[i];
	return NULL;
}

static void order_table(FILE *f, const struct run_map *m, const char *order)
{
	const struct map_scale_sum *llc = summary(m, order, "llc");
	const char *layouts[MAX_COLS];
	size_t nl = runmap_scale_names(m, order, layouts, MAX_COLS);

	fprintf(f, "\nscale, CPUs in %s order: ns per update (median)\n%5s", !strcmp(order, "rr") ? "round-robin-over-LLCs" :
		!strcmp(order, "topo") ? "topology" : order, "cpus");
	for (size_t l = 0; l < nl; l++)
		fprintf(f, " %10s", layouts[l]);
	fputc('\n', f);
	/* rows: the CPU counts of this order, ascending */
	for (unsigned next = runmap_scale_next(m, order, 0); next;
	     next = runmap_scale_next(m, order, next)) {
		fprintf(f, "%5u", next);
		for (size_t l = 0; l < nl; l++) {
			const struct map_scale *x = point(m, order, layouts[l],
							  next);

			if (x && x->clean)
				fprintf(f, " %10.2f", x->upd_ns);
			else
				fprintf(f, " %10s", x ? "LOST-UPD" : "-");
		}
		fputc('\n', f);
	}
	if (!scale_of(m)->nscale_sum)
		return;
	fprintf(f, "%5s", "x2 at");
	for (size_t l = 0; l < nl; l++) {
		const struct map_scale_sum *s = summary(m, order, layouts[l]);

		fprintf(f, " %10s", s && *s->doubles_at ? s->doubles_at : "-");
	}
	fputc('\n', f);
	if (llc && *llc->wins_from && scale_of(m)->scale_llcs == 1)
		fprintf(f, "llc vs global: one LLC, llc's leaf is global's one "
			"line\n");
	else if (llc && !strcmp(llc->wins_from, "never"))
		fprintf(f, "llc never beats global (by 10 %% or more)\n");
	else if (llc && *llc->wins_from)
		fprintf(f, "llc beats global (by 10 %% or more) from %s CPUs; "
			"stops beating it at: %s\n", llc->wins_from,
			*llc->stops_at ? llc->stops_at : "-");
}

void runmap_text_scale(FILE *f, const struct run_map *m)
{
	const char *orders[4];
	size_t no = runmap_scale_names(m, NULL, orders, 4);

	if (scale_of(m)->scale_plan)
		fprintf(f, "\nscale: set+clear with op %s on each layout's "
			"slots, CPUs added in each order\n", scale_of(m)->scale_op);
	for (size_t o = 0; o < no; o++)
		order_table(f, m, orders[o]);
	if (scale_of(m)->scale_plan && scale_of(m)->nscale < scale_of(m)->scale_points)
		fprintf(f, "scale: INCOMPLETE: %u points missing\n",
			scale_of(m)->scale_points - (unsigned)scale_of(m)->nscale);
}

/* "NAME":[{...},...], of every @kind record of @r, as the schema types
 * them (the objects of the JSON's "records") */
static void json_kind(FILE *f, const struct run *r, const char *name,
		      const char *kind)
{
	const struct rec_schema *k = rec_schema_kind(kind);
	size_t n = 0;

	json_str(f, name);
	fputs(":[", f);
	for (size_t i = 0; k && i < r->records.n; i++) {
		if (r->records.rec[i].kind != k)
			continue;
		fputs(n++ ? ",\n{" : "\n{", f);
		run_rec_json(f, &r->records.rec[i]);
		fputc('}', f);
	}
	fputs("],\n", f);
}

void runmap_json_scale(FILE *f, const struct run *r)
{
	json_kind(f, r, "scale", "scale");
	json_kind(f, r, "scale_summary", "scale-summary");
}

static void scale_report(FILE *f, const struct runset *rs, bool json)
{
	size_t n = 0;

	if (json)
		fputc('[', f);
	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];
		const struct run_map *m = r->map;

		if (!m || (!scale_of(m)->scale_plan && !scale_of(m)->nscale))
			continue;
		if (json) {
			char id[12];

			snprintf(id, sizeof(id), "%08x", r->id);
			fputs(n ? ",\n{" : "\n{", f);
			json_kstr(f, "run", id);
			fputc(',', f);
			runmap_json_scale(f, r);
			json_kstr(f, "file", rs->files[r->file].path);
			fputc('}', f);
		} else {
			fprintf(f, "%srun %08x (%s)\n", n ? "\n" : "", r->id,
				rs->files[r->file].path);
			runmap_text_scale(f, m);
		}
		n++;
	}
	if (json)
		fputs("]\n", f);
	else if (!n)
		fprintf(f, "no scale records\n");
}

static void scale_text(FILE *f, const void *rs)
{
	scale_report(f, rs, false);
}

void runmap_scale_report(FILE *f, const struct runset *rs, bool json)
{
	if (json)
		scale_report(f, rs, true);
	else	/* the log's text reaches a terminal: escaped */
		text_inert(f, scale_text, rs);
}

static void text(FILE *f, const struct run *r)
{
	const struct run_map *m = r->map;

	if (m && (scale_of(m)->scale_plan || scale_of(m)->nscale))
		runmap_text_scale(f, m);
}

/* ---- the records ------------------------------------------------------- */

static void take_plan(struct run *r, const struct rec_parsed *p)
{
	struct scale_map *m = runmap_part_make(&r->map, &host_scale,
						 sizeof(*m));
	const struct run_rec *x = run_records_last(&r->records);

	(void)p;
	m->scale_plan = true;
	m->scale_steps = run_rec_uint(x, "steps");
	/* before layouts: one curve of steps points */
	m->scale_points = run_rec_get(x, "points") ?
			  run_rec_uint(x, "points") : m->scale_steps;
	run_rec_copy(m->scale_op, sizeof(m->scale_op), x, "op");
	m->scale_llcs = run_rec_uint(x, "llcs");
}

static void take_point(struct run *r, const struct rec_parsed *p)
{
	struct scale_map *m = runmap_part_make(&r->map, &host_scale,
						 sizeof(*m));
	const struct run_rec *y = run_records_last(&r->records);
	struct map_scale *x = RUN_PUSH(m->scale, m->nscale);

	(void)p;
	x->cpus = run_rec_uint(y, "cpus");
	x->median = run_rec_num(y, "median");
	x->min = run_rec_num(y, "min");
	x->max = run_rec_num(y, "max");
	x->ns = run_rec_num(y, "ns");
	run_rec_copy(x->layout, sizeof(x->layout), y, "layout");
	run_rec_copy(x->order, sizeof(x->order), y, "order");
	run_rec_copy(x->op, sizeof(x->op), y, "op");
	/* absent in older records: no lost update seen */
	x->clean = !*run_rec_str(y, "clean") || *run_rec_str(y, "clean") ==
		   '-' || run_rec_u64(y, "clean");
	x->llcs = run_rec_uint(y, "llcs");
	/* older records: no upd_ns, no layout (one shared line in topology
	 * order) */
	if (!run_rec_dbl(y, "upd_ns", &x->upd_ns))
		x->upd_ns = x->ns / 2;
	if (!*x->layout)
		snprintf(x->layout, sizeof(x->layout), "line");
	if (!*x->order)
		snprintf(x->order, sizeof(x->order), "topo");
}

static void take_summary(struct run *r, const struct rec_parsed *p)
{
	struct scale_map *m = runmap_part_make(&r->map, &host_scale,
						 sizeof(*m));
	const struct run_rec *y = run_records_last(&r->records);
	struct map_scale_sum *x = RUN_PUSH(m->scale_sum, m->nscale_sum);

	(void)p;
	run_rec_copy(x->layout, sizeof(x->layout), y, "layout");
	run_rec_copy(x->order, sizeof(x->order), y, "order");
	run_rec_copy(x->op, sizeof(x->op), y, "op");
	x->cpus = run_rec_uint(y, "cpus");
	x->base_ns = run_rec_num(y, "base_ns");
	x->last_ns = run_rec_num(y, "last_ns");
	run_rec_copy(x->doubles_at, sizeof(x->doubles_at), y, "doubles_at");
	run_rec_copy(x->wins_from, sizeof(x->wins_from), y, "llc_wins_from");
	run_rec_copy(x->stops_at, sizeof(x->stops_at), y, "llc_stops_at");
}

static void tables(FILE *f, const struct runset *rs, const char *format)
{
	runmap_scale_report(f, rs, !strcmp(format, "json"));
}

const struct scale_map *scale_of(const struct run_map *m)
{
	static const struct scale_map none;
	const struct scale_map *x = runmap_part(m, &host_scale);

	return x ? x : &none;
}

static void release(void *part)
{
	struct scale_map *x = part;

	free(x->scale);
	free(x->scale_sum);
}

const struct host_exp host_scale = {
	.release = release,
	.tables = (const struct host_table[]){
		{ "scale", "text json", "the scale tables and summary alone",
		  tables },
		{ NULL, NULL, NULL, NULL },
	},
	.takes = (const struct host_take[]){
		{ "scale-plan", take_plan },
		{ "scale", take_point },
		{ "scale-summary", take_summary },
		{ NULL, NULL },
	},
	.plots = (const struct host_plot[]){
		{ "scale", "ns per update against CPUs, a line per layout, a "
		  "panel per order", report_plot_scale },
		{ NULL, NULL, NULL },
	},
	.text = text,
};
