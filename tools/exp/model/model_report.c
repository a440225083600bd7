// SPDX-License-Identifier: BSD-2-Clause
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/model/model_map.h"
#include "exp/model/model_report.h"
#include "measure/coh_scan.h"
#include "exp/model/model_rows.h"
#include "log/run_records.h"
#include "log/runmap.h"
#include "log/runs.h"
#include "output/crc32.h"
#include "output/record.h"
#include "output/report.h"

#define HOW_TO_MAP "boot with experiment=c2c (with sbm: experiment=sbm,c2c), " \
	"or give a published matrix: tools/sbmbench predict --from-c2c CSV"

static void map_line(FILE *f, const struct model_map *mm)
{
	fprintf(f, "map: %s, %u CPUs, hand-off per class:", mm->source,
		mm->t.ncpus);
	for (int c = 0; c < PAIR_NCLASSES; c++)
		if (mm->cls_pairs[c])
			fprintf(f, " %s %.1f ns (%u pairs)", pair_class_name(c),
				mm->cls[c], mm->cls_pairs[c]);
	fputc('\n', f);
	if (mm->note[0])
		fprintf(f, "map: %s\n", mm->note);
}

static void fmt(char *b, size_t n, bool have, double v, int dec)
{
	if (have)
		snprintf(b, n, "%.*f", dec, v);
	else
		snprintf(b, n, "-");
}

/* Under an sbm row: the prediction with one hand-off per measured run,
 * its band from overlapped (the low edge) to serial. */
static void run_line(FILE *f, const struct model_row *x)
{
	double lo, hi;
	char ra[16];

	cm_runs_band(x->p_run, x->p_ovl, &lo, &hi);
	fmt(ra, sizeof(ra), x->have_meas && lo > 0, lo > 0 ? x->meas / lo : 0,
	    3);
	fprintf(f, "%-10s %-8s %6s %4s %5s %4s %8.1f %8.1f %9.2f %9.2f %7s "
		"%7s %9s %15s %7s %6s %-7s %s (runs of %.1f updates per "
		"owner, %s; overlapped %.2f/%.2f)\n", "", "", "", "",
		"", "", x->p_run[CM_FAIR].handoff_ns,
		x->p_run[CM_NEAREST].handoff_ns, x->p_run[CM_FAIR].cost_ns,
		x->p_run[CM_NEAREST].cost_ns, "", "", "", "", "", ra, "",
		x->have_meas ? cm_verdict_name(cm_judge(x->bound ? 0 : lo, hi,
		x->meas_lo, x->meas_hi, true)) : "-", x->run,
		x->run_from ? x->run_from : "measured",
		x->p_ovl[CM_FAIR].cost_ns, x->p_ovl[CM_NEAREST].cost_ns);
}

static void sbm_table(FILE *f, const struct model_rows *rows)
{
	bool any = false;

	for (size_t i = 0; i < rows->n; i++) {
		const struct model_row *x = &rows->row[i];
		char pf[16], pn[16], m[16], mci[24], mp[16], ra[16];

		if (strcmp(x->what, "sbm"))
			continue;
		if (!any)
			fprintf(f, "%-10s %-8s %6s %4s %5s %4s %8s %8s %9s "
				"%9s %7s %7s %9s %15s %7s %6s %-7s %s\n",
				"layout", "op", "gap_ns", "cpus", "lines",
				"most", "hand_f", "hand_n", "cost_f", "cost_n",
				"%g_f", "%g_n", "measured", "interval",
				"%g_meas", "ratio", "closer", "verdict");
		any = true;
		fmt(pf, sizeof(pf), x->have_pct, x->pct[CM_FAIR], 2);
		fmt(pn, sizeof(pn), x->have_pct, x->pct[CM_NEAREST], 2);
		fmt(m, sizeof(m), x->have_meas, x->meas, 2);
		if (x->have_meas)
			snprintf(mci, sizeof(mci), "%.2f..%.2f", x->meas_lo,
				 x->meas_hi);
		else
			snprintf(mci, sizeof(mci), "-");
		fmt(mp, sizeof(mp), x->have_meas_pct, x->meas_pct, 2);
		fmt(ra, sizeof(ra), x->have_meas && x->ratio > 0, x->ratio, 3);
		fprintf(f, "%-10s %-8s %6u %4u %5u %4u %8.1f %8.1f %9.2f "
			"%9.2f %7s %7s %9s %15s %7s %6s %-7s %s%s\n", x->layout,
			x->op, x->gap, x->cpus, x->lines, x->most,
			x->p[CM_FAIR].handoff_ns, x->p[CM_NEAREST].handoff_ns,
			x->p[CM_FAIR].cost_ns, x->p[CM_NEAREST].cost_ns, pf, pn,
			m, mci, mp, ra, x->have_meas ?
			model_row_band_name(x, x->closer) : "-",
			cm_verdict_name(x->verdict),
			x->bound ? " (bound)" : "");
		if (x->run > 0)
			run_line(f, x);
	}
}

static void scale_table(FILE *f, const struct model_rows *rows)
{
	bool any = false;

	for (size_t i = 0; i < rows->n; i++) {
		const struct model_row *x = &rows->row[i];
		char m[16], mci[32], ra[16];

		if (strcmp(x->what, "scale"))
			continue;
		if (!any)
			fprintf(f, "\nscale curves, ns per update (k CPUs of "
				"the order; op = the curve's one-CPU point)\n"
				"%-10s %-5s %-8s %5s %5s %4s %9s %9s %9s %19s "
				"%6s %s\n", "layout", "order", "op", "cpus",
				"lines", "most", "upd_f", "upd_n", "measured",
				"min..max", "ratio", "verdict");
		any = true;
		fmt(m, sizeof(m), x->have_meas, x->meas, 2);
		if (x->have_meas)
			snprintf(mci, sizeof(mci), "%.2f..%.2f", x->meas_lo,
				 x->meas_hi);
		else
			snprintf(mci, sizeof(mci), "-");
		fmt(ra, sizeof(ra), x->have_meas && x->ratio > 0, x->ratio, 3);
		fprintf(f, "%-10s %-5s %-8s %5u %5u %4u %9.2f %9.2f %9s %19s "
			"%6s %s\n", x->layout, x->order, x->op, x->cpus,
			x->lines, x->most, x->p[CM_FAIR].upd_ns,
			x->p[CM_NEAREST].upd_ns, m, mci, ra,
			cm_verdict_name(x->verdict));
	}
}

static void rw_table(FILE *f, const struct model_rows *rows)
{
	bool any = false;

	for (size_t i = 0; i < rows->n; i++) {
		const struct model_row *x = &rows->row[i];
		char mci[32], ra[16];

		if (!model_row_is_rw(x))
			continue;
		if (!any)
			fprintf(f, "\nrw, ns above the same work alone (scan: "
				"after every writer wrote, scan+w: while they "
				"write, both above the scan of cached lines; "
				"write+r: a writer's update while readers "
				"scan, above its update without them); band: "
				"serial misses .. %d in flight\n"
				"%-10s %-7s %-8s %7s %5s %4s %8s %9s %9s %9s "
				"%9s %19s %6s %s\n", CS_MLP, "layout", "what",
				"reader", "writers", "lines", "most",
				"hand", "base", "serial", "overlap",
				"measured", "interval", "ratio", "verdict");
		any = true;
		snprintf(mci, sizeof(mci), "%.2f..%.2f", x->meas_lo,
			 x->meas_hi);
		fmt(ra, sizeof(ra), x->ratio > 0, x->ratio, 3);
		fprintf(f, "%-10s %-7s %-8s %7u %5u %4u %8.1f %9.2f %9.2f "
			"%9.2f %9.2f %19s %6s %s\n", x->layout, x->what,
			x->op[0] ? x->op : "-", x->cpus, x->lines, x->most,
			x->p[CM_FAIR].handoff_ns, x->op_ns,
			x->p[CM_FAIR].cost_ns, x->p[CM_NEAREST].cost_ns,
			x->meas, mci, ra, cm_verdict_name(x->verdict));
	}
}

/* The warning of a row outside the band, naming it and the way it
 * departs; "" for a row inside. */
static void warning(const struct model_row *x, char *b, size_t n)
{
	double f = model_row_pred(x, CM_FAIR), ne = model_row_pred(x, CM_NEAREST);
	double lo = f < ne ? f : ne, hi = f < ne ? ne : f;
	const char *fig = strcmp(x->what, "scale") ? "above the floor" :
			  "per update";
	char at[48];

	b[0] = 0;
	if (x->verdict != CM_V_BELOW && x->verdict != CM_V_ABOVE)
		return;
	if (!strcmp(x->what, "scale"))
		snprintf(at, sizeof(at), "scale %s k=%u", x->order, x->cpus);
	else if (model_row_is_rw(x))
		snprintf(at, sizeof(at), "rw %s", x->what);
	else
		snprintf(at, sizeof(at), "gap %u", x->gap);
	if (model_row_is_rw(x)) {
		snprintf(b, n, "%s %s %s: measured %.2f ns above the work "
			 "alone, %s the model's %.2f..%.2f ns (%s)", x->layout,
			 x->op, at, x->meas, x->verdict == CM_V_BELOW ?
			 "below" : "above", lo, hi, x->verdict == CM_V_BELOW ?
			 "fewer lines fetched: a reader that stops early, or "
			 "more misses in flight" :
			 "more hand-offs than the map's: a line taken back "
			 "mid-scan, a far home node, a vCPU not run");
		return;
	}
	if (x->verdict == CM_V_BELOW)
		snprintf(b, n, "%s %s %s: measured %.2f ns %s, below the "
			 "model's %.2f..%.2f ns: about %.1f updates per "
			 "hand-off (a line kept for several updates, or a "
			 "hand-off cheaper than c2c's)", x->layout, x->op, at,
			 x->meas, fig, x->bound ? 0 : lo, hi,
			 x->meas > 0 ? lo / x->meas : 0);
	else
		snprintf(b, n, "%s %s %s: measured %.2f ns %s, above the "
			 "model's %.2f..%.2f ns: about %.1f hand-offs per "
			 "update (a dearer path than c2c's pairs: a far home "
			 "node, retried ops, a vCPU not run)", x->layout, x->op,
			 at, x->meas, fig, x->bound ? 0 : lo, hi,
			 hi > 0 ? x->meas / hi : 0);
	if (x->verdict == CM_V_BELOW && x->run > 0) {
		size_t l = strlen(b);

		snprintf(b + l, n - l, "; measured runs: %.1f updates per "
			 "change of owner", x->run);
	}
}

static void warnings(FILE *f, const struct model_rows *rows)
{
	char b[320];

	for (size_t i = 0; i < rows->n; i++) {
		warning(&rows->row[i], b, sizeof(b));
		if (b[0])
			fprintf(f, "WARNING model: %s\n", b);
	}
}

static void print_rows(FILE *f, const struct model_map *mm,
		       const struct model_rows *rows, const char *what)
{
	fprintf(f, "\nmodel (docs/model.md): %s; a contended update costs "
		"one hand-off of its line; _f a fair arbiter, _n "
		"nearest-first, the band between them (+- 5 %%); cost = ns per update "
		"above the floor, %%g = %%global (gap 0: of the update; at a "
		"gap: of the cost above the floor); (bound): a plain store, "
		"whose cost the model bounds from above only\n", what);
	map_line(f, mm);
	if (rows->note[0])
		fprintf(f, "model: %s\n", rows->note);
	sbm_table(f, rows);
	scale_table(f, rows);
	rw_table(f, rows);
	warnings(f, rows);
}

/* A run that holds model records (sbmlog predict's log): them, as the
 * schema names them. */
static bool text_records(FILE *f, const struct run *r)
{
	const struct rec_schema *k = rec_schema_kind("model");
	bool any = false;

	for (size_t i = 0; k && i < r->records.n; i++)
		if (r->records.rec[i].kind == k) {
			if (!any)
				fprintf(f, "\nmodel records (sbmlog predict)\n");
			any = true;
			fputs("model:", f);
			run_rec_text(f, &r->records.rec[i]);
			fputc('\n', f);
		}
	return any;
}

void model_text(FILE *f, const struct run *r)
{
	struct model_map mm;
	struct model_rows rows;
	char why[160];

	if (text_records(f, r))
		return;
	if (!model_run_has_rows(r))
		return;
	if (model_map_of_run(&mm, r, why, sizeof(why))) {
		fprintf(f, "\nmodel: no map to predict from (%s): %s\n", why,
			HOW_TO_MAP);
		model_map_free(&mm);
		return;
	}
	if (model_rows_of_run(&rows, r, &mm, why, sizeof(why)))
		fprintf(f, "\nmodel: nothing to model (%s)\n", why);
	else
		print_rows(f, &mm, &rows, "predicted beside measured");
	model_rows_free(&rows);
	model_map_free(&mm);
}

/* --- sbmlog predict --------------------------------------------------- */

struct out {
	uint32_t run;
	unsigned records, warnings;
};

static void put(struct out *o, struct rec *x)
{
	rec_finish(x);
	fputs(x->buf, stdout);
	o->records++;
}

static void put_hello(struct out *o, const char *platform, const char *model)
{
	struct rec x;

	rec_start(&x, "hello", o->run);
	rec_str(&x, "version", SBM_VERSION);
	rec_str(&x, "arch", "model");
	rec_str(&x, "platform", platform);
	rec_str(&x, "cpu_model", model);
	put(o, &x);
}

static void put_topo(struct out *o, const struct topo *t)
{
	struct rec x;

	rec_start(&x, "topo", o->run);
	rec_u64(&x, "cpus", t->ncpus);
	rec_u64(&x, "packages", t->npackages);
	rec_u64(&x, "nodes", t->nnodes);
	rec_u64(&x, "llcs", t->nllcs);
	rec_u64(&x, "line", t->line_size);
	put(o, &x);
}

static void put_rows(struct out *o, const struct model_rows *rows,
		     const char *map, uint32_t of_run)
{
	char b[320];

	for (size_t i = 0; i < rows->n; i++) {
		const struct model_row *y = &rows->row[i];

		for (int a = 0; a < CM_NARBITERS; a++) {
			struct rec x;

			rec_start(&x, "model", o->run);
			rec_str(&x, "what", y->what);
			if (of_run) {
				snprintf(b, sizeof(b), "%08x", of_run);
				rec_str(&x, "of_run", b);
			}
			rec_str(&x, "map", map);
			rec_str(&x, "layout", y->layout);
			rec_str(&x, "op", y->op);
			if (y->order[0])
				rec_str(&x, "order", y->order);
			else
				rec_u64(&x, "gap", y->gap);
			rec_u64(&x, "cpus", y->cpus);
			rec_str(&x, "arbiter", model_row_band_name(y, a));
			rec_u64(&x, "bound", y->bound);
			rec_u64(&x, "lines", y->lines);
			rec_u64(&x, "sharers", y->most);
			rec_dbl(&x, "op_ns", y->op_ns, 3);
			rec_dbl(&x, "think_ns", y->think_ns, 3);
			rec_dbl(&x, "handoff_ns", y->p[a].handoff_ns, 3);
			rec_dbl(&x, "upd_ns", y->p[a].upd_ns, 3);
			rec_dbl(&x, "cost_ns", y->p[a].cost_ns, 3);
			if (y->have_pct)
				rec_dbl(&x, "pct", y->pct[a], 4);
			if (y->have_meas) {
				rec_dbl(&x, "measured_ns", y->meas, 3);
				rec_dbl(&x, "measured_lo", y->meas_lo, 3);
				rec_dbl(&x, "measured_hi", y->meas_hi, 3);
				if (y->have_meas_pct)
					rec_dbl(&x, "measured_pct",
						y->meas_pct, 4);
				if (model_row_pred(y, a) > 0)
					rec_dbl(&x, "ratio", y->meas /
						model_row_pred(y, a), 4);
				if (y->verdict != CM_V_NONE)
					rec_str(&x, "verdict",
						cm_verdict_word(y->verdict));
			}
			if (y->run > 0) {
				rec_dbl(&x, "per_owner", y->run, 2);
				rec_dbl(&x, "owner_cost_ns",
					y->p_run[a].cost_ns, 3);
				rec_dbl(&x, "owner_overlap_ns",
					y->p_ovl[a].cost_ns, 3);
				if (y->have_meas && y->p_run[a].cost_ns > 0)
					rec_dbl(&x, "owner_ratio", y->meas /
						y->p_run[a].cost_ns, 4);
			}
			put(o, &x);
		}
		warning(y, b, sizeof(b));
		if (b[0]) {
			struct rec x;

			rec_start(&x, "warn", o->run);
			rec_str(&x, "what", "model");
			rec_u64(&x, "id", i);
			/* record values hold no inner quotes */
			for (char *p = b; *p; p++)
				if (*p == '"')
					*p = '\'';
			rec_str(&x, "msg", b);
			put(o, &x);
			o->warnings++;
		}
	}
}

static void put_end(struct out *o)
{
	struct rec x;

	rec_start(&x, "end", o->run);
	rec_str(&x, "status", "ok");
	rec_u64(&x, "warnings", o->warnings);
	rec_u64(&x, "records", o->records);
	put(o, &x);
}

static int predict_usage(void)
{
	fprintf(stderr,
		"usage: sbmlog predict LOG... [--gap LIST] [--op NS] "
		"[--no-scale]\n"
		"       sbmlog predict --topology sockets=S,nodes=N,llcs=L,"
		"cores=C,threads=T\n"
		"                      --latency smt=NS,llc=NS,node=NS,"
		"package=NS,none=NS[,op=NS][,run=K]\n"
		"                      [--gap LIST] [--no-scale]\n"
		"A run with sbm results or scale points is modelled beside "
		"them; a run with\nonly a map (c2c records), and a machine on "
		"paper, at each gap of LIST (ns,\ndefault 0,1000) with the op "
		"NS (default 0: the floor not counted).\n");
	return 2;
}

static int parse_gaps(const char *s, unsigned *gaps, size_t *n)
{
	*n = 0;
	while (*s) {
		char *end;
		unsigned long v = strtoul(s, &end, 10);

		if (end == s || (*end && *end != ',') || v > 10000000 ||
		    *n == 16) {
			fprintf(stderr, "sbmlog predict: --gap: '%s' is not a "
				"list of up to 16 gaps of 0..10000000 ns\n", s);
			return -1;
		}
		gaps[(*n)++] = (unsigned)v;
		s = *end ? end + 1 : end;
	}
	return *n ? 0 : -1;
}

/* A run id of the model's own, from what it models: the same input
 * gives the same log. */
static uint32_t model_run_id(const char *a, const char *b, uint32_t of)
{
	char buf[512];
	int n = snprintf(buf, sizeof(buf), "model:%s:%s:%08x", a, b, of);

	return crc32(buf, n < 0 ? 0 : (size_t)n) | 1;
}

static int predict_paper(const char *shape, const char *lat,
			 const unsigned *gaps, size_t ngaps, bool scale)
{
	struct model_map mm;
	struct model_rows rows;
	struct out o = { model_run_id(shape, lat, 0), 0, 0 };
	char why[200], what[160];
	double op = 0;
	int rc = 0;

	if (model_map_paper(&mm, shape, lat, &op, why, sizeof(why)) ||
	    model_rows_paper(&rows, &mm, op, gaps, ngaps, scale, why,
			     sizeof(why))) {
		fprintf(stderr, "sbmlog predict: %s\n", why);
		model_map_free(&mm);
		return 2;
	}
	snprintf(what, sizeof(what), "a machine on paper, %s, op %.2f ns%s",
		 shape, op, op > 0 ? "" : " (the floor not counted: give "
		 "op=NS in --latency)");
	print_rows(stdout, &mm, &rows, what);
	put_hello(&o, "paper", shape);
	put_topo(&o, &mm.t);
	put_rows(&o, &rows, "paper", 0);
	put_end(&o);
	model_rows_free(&rows);
	model_map_free(&mm);
	return rc;
}

static int predict_log(const struct runset *rs, const unsigned *gaps,
		       size_t ngaps, double op, bool scale)
{
	int rc = 0;

	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];
		const char *plat = run_rec_str(&r->one.hello, "platform");
		struct model_map mm;
		struct model_rows rows = { 0 };
		struct out o = { model_run_id("log", "", r->id), 0, 0 };
		char why[200], what[160];
		int e;

		if (model_map_of_run(&mm, r, why, sizeof(why))) {
			fprintf(stderr, "sbmlog predict: run %08x: no map "
				"(%s): %s\n", r->id, why, HOW_TO_MAP);
			model_map_free(&mm);
			rc = 1;
			continue;
		}
		if (model_run_has_rows(r)) {
			e = model_rows_of_run(&rows, r, &mm, why, sizeof(why));
			snprintf(what, sizeof(what), "run %08x, predicted "
				 "beside measured", r->id);
		} else {
			e = model_rows_paper(&rows, &mm, op, gaps, ngaps, scale,
					     why, sizeof(why));
			snprintf(what, sizeof(what), "run %08x's map, op "
				 "%.2f ns%s", r->id, op, op > 0 ? "" :
				 " (the floor not counted: give --op NS)");
		}
		if (e) {
			fprintf(stderr, "sbmlog predict: run %08x: %s\n",
				r->id, why);
			rc = 1;
		} else {
			const char *map = !strcmp(plat, "published") ?
					  "published" : "run";

			print_rows(stdout, &mm, &rows, what);
			put_hello(&o, "model", run_rec_str(&r->one.hello,
							   "cpu_model"));
			put_topo(&o, &mm.t);
			put_rows(&o, &rows, map, r->id);
			put_end(&o);
		}
		model_rows_free(&rows);
		model_map_free(&mm);
	}
	if (!rs->nruns) {
		fprintf(stderr, "sbmlog predict: no runs in the logs\n");
		rc = 1;
	}
	return rc;
}

int model_predict_main(int argc, char **argv)
{
	const char *shape = NULL, *lat = NULL;
	unsigned gaps[16] = { 0, 1000 };
	size_t ngaps = 2;
	bool scale = true;
	double op = 0;
	struct runset rs = { 0 };
	int rc = 0, nlogs = 0;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		bool more = i + 1 < argc;

		if (!strcmp(a, "--topology") && more) {
			shape = argv[++i];
		} else if (!strcmp(a, "--latency") && more) {
			lat = argv[++i];
		} else if (!strcmp(a, "--gap") && more) {
			if (parse_gaps(argv[++i], gaps, &ngaps))
				return 2;
		} else if (!strcmp(a, "--op") && more) {
			char *end;

			op = strtod(argv[++i], &end);
			if (*end || !(op >= 0) || op > 1e6) {
				fprintf(stderr, "sbmlog predict: --op: '%s' is "
					"not a time of 0..1e6 ns\n", argv[i]);
				return 2;
			}
		} else if (!strcmp(a, "--no-scale")) {
			scale = false;
		} else if (a[0] == '-' && a[1]) {
			return predict_usage();
		} else {
			nlogs++;
		}
	}
	if (!!shape != !!lat || (shape && nlogs) || (!shape && !nlogs))
		return predict_usage();
	if (shape)
		return predict_paper(shape, lat, gaps, ngaps, scale);
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--gap") || !strcmp(a, "--op")) {
			i++;
			continue;
		}
		if (a[0] == '-' && a[1])
			continue;
		if (runset_add_log(&rs, a)) {
			fprintf(stderr, "sbmlog predict: %s: cannot read it\n",
				a);
			rc = 2;
		}
	}
	if (!rc)
		rc = predict_log(&rs, gaps, ngaps, op, scale);
	runset_free(&rs);
	return rc;
}
