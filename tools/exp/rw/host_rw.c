/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rw experiment's host side: its plan and per-layout records read
 * into the run's map, the table of each layout's writers and readers,
 * alone and together (report's text), and the read side's trade-off
 * through gnuplot: per run with rw records, one point per layout, the
 * writer's cost per update above its floor (with readers) against the
 * reader's cost per scan (with writers); hollow points and arrows from
 * the same two figures measured alone.  A layout cheap for writers and
 * readers alike sits near the origin.  Its CSV and JSON are the
 * schema's (run_records.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log/inert.h"
#include "log/logreport.h"
#include "exp/host_exp.h"
#include "exp/rw/rw_map.h"
#include "log/runs.h"

#define MAX_PANELS	4

/* Every rw row has a floor: above_ns is plotted, else writer_ns. */
static bool all_floors(const struct run_map *m)
{
	for (size_t i = 0; i < rw_of(m)->nrw; i++)
		if (!rw_of(m)->rw[i].have_floor)
			return false;
	return true;
}


/* One line per layout: name, reader ns, writer ns, and both alone. */
static int write_rw(const char *path, const struct run_map *m, bool above)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fprintf(f, "# layout reader_ns %s reader_alone_ns %s\n",
		above ? "above_ns" : "writer_ns",
		above ? "above_alone_ns" : "writer_alone_ns");
	for (size_t i = 0; i < rw_of(m)->nrw; i++) {
		const struct map_rw *x = &rw_of(m)->rw[i];
		char name[40];

		/* a failed check is on the plot, not only in the table */
		snprintf(name, sizeof(name), "%s%s", *x->layout ? x->layout : "?",
			 strcmp(x->check, "ok") ? ":WRONG" : "");
		gp_data_str(f, name);
		fprintf(f, " %.3f %.3f %.3f %.3f\n", x->reader_ns,
			above ? x->above_ns : x->writer_ns, x->reader_alone_ns,
			above ? x->above_alone_ns : x->writer_alone_ns);
	}
	return fclose(f) ? -1 : 0;
}

static void panel(FILE *f, const struct run *r, const char *dat, bool above)
{
	const struct run_map *m = r->map;
	char run[96], title[256];

	run_label(r, run, sizeof(run));
	snprintf(title, sizeof(title), "rw %s %08x: reader=%s on %s, "
		 "%u writer(s), %u reader(s)", run, r->id, rw_of(m)->rw_reader,
		 rw_of(m)->rw_place, rw_of(m)->rw[0].writers, rw_of(m)->rw[0].readers);
	fputs("set title ", f);
	gp_str(f, title);
	fprintf(f, "\nset xlabel 'reader ns per scan (with writers)'\n"
		"set ylabel 'writer ns per update%s (with readers)'\n",
		above ? " above the floor" : "");
	/* the arrow runs from alone to together; colour by layout */
	fputs("plot ", f);
	gp_str(f, dat);
	fprintf(f, " using 4:5:($2-$4):($3-$5):($0+1) with vectors "
		"head filled size screen 0.008,20 lc variable "
		"title 'alone -> together', \\\n"
		"  '' using 4:5:($0+1) with points pt 6 ps 1.6 lc variable "
		"title 'alone (hollow)', \\\n"
		"  '' using 2:3:($0+1) with points pt 7 ps 1.8 lc variable "
		"title 'together', \\\n"
		"  '' using 2:3:1 with labels offset char 1,0.8 left "
		"notitle\n");
}

int report_plot_rw(const struct runset *rs, const char *out, bool keep)
{
	char dir[512], dat[MAX_PANELS][600], gp[600];
	bool above[MAX_PANELS], svg;
	const struct run *runs[MAX_PANELS];
	size_t np = 0;
	FILE *f;
	int rc = -1;

	if (plot_workdir(out, &svg, dir, sizeof(dir)))
		return -1;
	snprintf(gp, sizeof(gp), "%s/rw.gp", dir);
	for (size_t i = 0; i < rs->nruns && np < MAX_PANELS; i++) {
		const struct run_map *m = rs->runs[i].map;

		if (!m || !rw_of(m)->nrw)
			continue;
		snprintf(dat[np], sizeof(dat[np]), "%s/rw%zu.dat", dir, np);
		above[np] = all_floors(m);
		runs[np] = &rs->runs[i];
		/* counted first: a partly written file is removed too */
		np++;
		if (write_rw(dat[np - 1], m, above[np - 1])) {
			fprintf(stderr, "sbmlog: cannot write to %s\n", dir);
			goto out;
		}
	}
	if (!np) {
		fprintf(stderr, "sbmlog: nothing to plot: no rw records\n");
		goto out;
	}
	f = fopen(gp, "w");
	if (!f) {
		fprintf(stderr, "sbmlog: cannot write to %s\n", dir);
		goto out;
	}
	if (svg)
		fprintf(f, "set terminal svg size %zu,600 dynamic\n", 800 * np);
	else
		fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) "
			"{ set terminal pngcairo size %zu,600 font 'sans,9' } "
			"else { set terminal png size %zu,600 }\n",
			800 * np, 800 * np);
	fputs("set termoption noenhanced\nset output ", f);
	gp_str(f, out);
	fprintf(f, "\nset grid\nset key outside right top vertical\n"
		/* room for the labels beside the outermost points */
		"set offsets graph 0.1, graph 0.25, graph 0.1, graph 0.1\n"
		"set multiplot layout 1,%zu\n", np);
	for (size_t i = 0; i < np; i++)
		panel(f, runs[i], dat[i], above[i]);
	fprintf(f, "unset multiplot\n");
	if (fclose(f))
		fprintf(stderr, "sbmlog: cannot write to %s\n", dir);
	else
		rc = run_gnuplot(gp, out);
out:
	plot_workdir_done(dir, keep);
	return rc;
}

/* ---- report's text ------------------------------------------------------ */

/* with / alone as a percentage change; "-" when alone is unknown */
static void change(char *buf, size_t n, double with, double alone)
{
	if (alone > 0)
		snprintf(buf, n, "%+.0f%%", (with / alone - 1) * 100);
	else
		snprintf(buf, n, "-");
}

static void text_rw(FILE *f, const struct run_map *m)
{
	fprintf(f, "\nrw: reader=%s on %s; writers idle %u ns, run %u ns; "
		"a scan every %u ns\n", rw_of(m)->rw_reader, rw_of(m)->rw_place,
		rw_of(m)->rw_idle_ns, rw_of(m)->rw_run_ns, rw_of(m)->rw_scan_ns);
	fprintf(f, "%-11s %9s %9s %7s %9s %9s %9s %7s %8s %8s %6s %7s\n",
		"layout", "writer", "w-alone", "w-chg", "above", "reader",
		"r-alone", "r-chg", "visited", "ns/cpu", "check", "trimmed");
	/* trimmed: the ops left out of the means, which every log so far
	 * carries as dropped= (new ones as trimmed= too, the same count) */
	for (size_t i = 0; i < rw_of(m)->nrw; i++) {
		const struct map_rw *x = &rw_of(m)->rw[i];
		char wc[16], rc[16], above[16] = "-";

		change(wc, sizeof(wc), x->writer_ns, x->writer_alone_ns);
		change(rc, sizeof(rc), x->reader_ns, x->reader_alone_ns);
		if (x->have_floor)
			snprintf(above, sizeof(above), "%.2f", x->above_ns);
		fprintf(f, "%-11s %9.2f %9.2f %7s %9s %9.2f %9.2f %7s %8.2f "
			"%8.3f %6s %7llu\n", x->layout, x->writer_ns,
			x->writer_alone_ns, wc, above, x->reader_ns,
			x->reader_alone_ns, rc, x->visited, x->per_cpu_ns,
			x->check, (unsigned long long)x->dropped);
	}
	for (size_t i = 0; i < rw_of(m)->nrw; i++)
		if (rw_of(m)->rw[i].wrong[0])
			fprintf(f, "rw: %s: wrong answers from %s\n",
				rw_of(m)->rw[i].layout, rw_of(m)->rw[i].wrong);
}


static void text(FILE *f, const struct run *r)
{
	const struct run_map *m = r->map;

	if (m && (rw_of(m)->rw_plan || rw_of(m)->nrw))
		text_rw(f, m);
}

/* ---- the records ------------------------------------------------------- */

static void take_plan(struct run *r, const struct rec_parsed *p)
{
	struct rw_map *m = runmap_part_make(&r->map, &host_rw,
						 sizeof(*m));
	const struct run_rec *x = run_records_last(&r->records);

	(void)p;
	m->rw_plan = true;
	run_rec_copy(m->rw_place, sizeof(m->rw_place), x, "place");
	run_rec_copy(m->rw_reader, sizeof(m->rw_reader), x, "reader");
	m->rw_idle_ns = run_rec_uint(x, "idle_ns");
	m->rw_run_ns = run_rec_uint(x, "run_ns");
	m->rw_scan_ns = run_rec_uint(x, "scan_ns");
}

static void take_layout(struct run *r, const struct rec_parsed *p)
{
	struct rw_map *m = runmap_part_make(&r->map, &host_rw,
						 sizeof(*m));
	const struct run_rec *x = run_records_last(&r->records);
	struct map_rw *y = RUN_PUSH(m->rw, m->nrw);

	(void)p;
	run_rec_copy(y->layout, sizeof(y->layout), x, "layout");
	run_rec_copy(y->reader, sizeof(y->reader), x, "reader");
	run_rec_copy(y->check, sizeof(y->check), x, "check");
	run_rec_copy(y->wrong, sizeof(y->wrong), x, "wrong");
	y->writers = run_rec_uint(x, "writers");
	y->readers = run_rec_uint(x, "readers");
	/* the floor's three figures, where the record has any (each read:
	 * no short circuit) */
	y->have_floor = run_rec_dbl(x, "floor_ns", &y->floor_ns);
	y->have_floor |= run_rec_dbl(x, "above_ns", &y->above_ns);
	y->have_floor |= run_rec_dbl(x, "above_alone_ns", &y->above_alone_ns);
	y->writer_ns = run_rec_num(x, "writer_ns");
	y->writer_alone_ns = run_rec_num(x, "writer_alone_ns");
	y->reader_ns = run_rec_num(x, "reader_ns");
	y->reader_alone_ns = run_rec_num(x, "reader_alone_ns");
	y->visited = run_rec_num(x, "visited");
	y->visited_alone = run_rec_num(x, "visited_alone");
	y->lines = run_rec_num(x, "lines");
	y->per_cpu_ns = run_rec_num(x, "per_cpu_ns");
	y->writer_med = run_rec_num(x, "writer_median_ns");
	y->writer_alone_med = run_rec_num(x, "writer_alone_median_ns");
	y->reader_med = run_rec_num(x, "reader_median_ns");
	y->reader_alone_med = run_rec_num(x, "reader_alone_median_ns");
	y->dropped = run_rec_u64(x, "dropped");
	y->updates = run_rec_u64(x, "updates");
	y->scans = run_rec_u64(x, "scans");
}

const struct rw_map *rw_of(const struct run_map *m)
{
	static const struct rw_map none;
	const struct rw_map *x = runmap_part(m, &host_rw);

	return x ? x : &none;
}

static void release(void *part)
{
	struct rw_map *x = part;

	free(x->rw);
}

const struct host_exp host_rw = {
	.release = release,
	.takes = (const struct host_take[]){
		{ "rw-plan", take_plan },
		{ "rw", take_layout },
		{ NULL, NULL },
	},
	.plots = (const struct host_plot[]){
		{ "rw", "writer cost against reader cost per layout",
		  report_plot_rw },
		{ NULL, NULL, NULL },
	},
	.text = text,
};
