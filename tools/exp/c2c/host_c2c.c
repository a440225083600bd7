/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The c2c experiment's host side: its plan and pair records read into
 * the run's map, the grid of one-way latencies in topology order with a
 * summary per class (report's text), and the matrix as a heat map
 * through gnuplot: one panel per run that has c2c records, one-way
 * median ns (plain or CAS) as colour, the values in the cells up to 16
 * CPUs.  Its CSV and JSON are the schema's (run_records.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log/inert.h"
#include "log/logreport.h"
#include "exp/host_exp.h"
#include "exp/c2c/c2c_map.h"
#include "log/runs.h"

#define MAX_PANELS	4
#define LABEL_MAX_CPUS	16

static int write_matrix(const char *path, const struct run_map *m,
			bool cas, size_t *ncpus)
{
	unsigned *ids;
	size_t n = c2c_order(m, &ids);
	FILE *f = fopen(path, "w");

	*ncpus = n;
	if (!f) {
		free(ids);
		return -1;
	}
	fprintf(f, "cpu");
	for (size_t j = 0; j < n; j++)
		fprintf(f, " %u", ids[j]);
	fputc('\n', f);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "%u", ids[i]);
		for (size_t j = 0; j < n; j++) {
			double v = NAN;

			for (size_t k = 0; k < c2c_of(m)->npairs; k++) {
				const struct map_pair *p = &c2c_of(m)->pairs[k];

				if ((p->a == ids[i] && p->b == ids[j]) ||
				    (p->b == ids[i] && p->a == ids[j]))
					v = cas ? p->cas_median : p->median;
			}
			if (isfinite(v))
				fprintf(f, " %.1f", v);
			else
				fprintf(f, " NaN");
		}
		fputc('\n', f);
	}
	free(ids);
	return fclose(f) ? -1 : 0;
}

int report_plot_c2c(const struct runset *rs, const char *out, bool cas,
		    bool keep)
{
	char dir[512], dat[MAX_PANELS][600], gp[600], label[96], title[128];
	size_t np = 0, n = 0;
	FILE *f = NULL;
	bool svg;
	int rc = -1;

	if (plot_workdir(out, &svg, dir, sizeof(dir)))
		return -1;
	snprintf(gp, sizeof(gp), "%s/c2c.gp", dir);
	for (size_t i = 0; i < rs->nruns && np < MAX_PANELS; i++) {
		const struct run_map *m = rs->runs[i].map;
		size_t k;

		if (!m || !c2c_of(m)->npairs)
			continue;
		snprintf(dat[np], sizeof(dat[np]), "%s/c2c%zu.dat", dir, np);
		if (write_matrix(dat[np], m, cas, &k))
			goto out;
		n = k > n ? k : n;
		np++;
	}
	if (!np) {
		fprintf(stderr, "sbmlog: nothing to plot: no c2c records\n");
		goto out;
	}
	f = fopen(gp, "w");
	if (!f)
		goto out;
	if (svg)
		fprintf(f, "set terminal svg size %zu,%zu dynamic\n",
			700 * np, (size_t)650);
	else
		fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) "
			"{ set terminal pngcairo size %zu,650 font 'sans,9' } "
			"else { set terminal png size %zu,650 }\n",
			700 * np, 700 * np);
	fputs("set termoption noenhanced\nset output ", f);
	gp_str(f, out);
	fprintf(f, "\nset xlabel 'CPU b'\nset ylabel 'CPU a'\n"
		"set cblabel 'one-way ns (median, %s)'\n"
		"set yrange [] reverse\nset size ratio -1\n"
		"set palette rgbformulae 33,13,10\n"
		"set multiplot layout 1,%zu\n", cas ? "CAS" : "plain", np);
	np = 0;
	for (size_t i = 0; i < rs->nruns && np < MAX_PANELS; i++) {
		const struct run *r = &rs->runs[i];

		if (!r->map || !c2c_of(r->map)->npairs)
			continue;
		run_label(r, label, sizeof(label));
		snprintf(title, sizeof(title), "c2c %s %08x", label, r->id);
		fputs("set title ", f);
		gp_str(f, title);
		fputs("\nplot ", f);
		gp_str(f, dat[np]);
		fputs(" matrix rowheaders columnheaders using 2:1:3 notitle "
		      "with image", f);
		if (n <= LABEL_MAX_CPUS)
			fprintf(f, ", '' matrix rowheaders columnheaders using "
				"2:1:($3 == $3 ? sprintf('%%.0f', $3) : '') notitle "
				"with labels");
		fputc('\n', f);
		np++;
	}
	fprintf(f, "unset multiplot\n");
	if (fclose(f)) {
		f = NULL;
		goto out;
	}
	rc = run_gnuplot(gp, out);
out:
	plot_workdir_done(dir, keep);
	return rc;
}

/* ---- report's text: the grid and the class summary ---------------------- */

#define GRID_MAX_CPUS	64

static const char *const classes[] = { "smt", "llc", "node", "package",
				       "none" };

static const struct map_cpu *cpu_of(const struct run_map *m, unsigned id)
{
	for (size_t i = 0; i < m->ncpus; i++)
		if (m->cpus[i].id == id)
			return &m->cpus[i];
	return NULL;
}

/* qsort has no context argument: the map being sorted by. */
static const struct run_map *sort_map;

static int cmp_topo(const void *p, const void *q)
{
	unsigned a = *(const unsigned *)p, b = *(const unsigned *)q;
	const struct map_cpu *x = cpu_of(sort_map, a), *y = cpu_of(sort_map, b);
	unsigned kx[6] = { 0, 0, 0, 0, 0, a }, ky[6] = { 0, 0, 0, 0, 0, b };

	/* without cpu records (a cut log) the id is all there is */
	if (x && y) {
		unsigned ax[5] = { x->package, x->node, x->llc, x->core,
				   x->smt };
		unsigned ay[5] = { y->package, y->node, y->llc, y->core,
				   y->smt };

		memcpy(kx, ax, sizeof(ax));
		memcpy(ky, ay, sizeof(ay));
	}
	for (int i = 0; i < 6; i++)
		if (kx[i] != ky[i])
			return kx[i] < ky[i] ? -1 : 1;
	return 0;
}

size_t c2c_order(const struct run_map *m, unsigned **out)
{
	unsigned *ids = malloc(sizeof(*ids) * (2 * c2c_of(m)->npairs + 1));
	size_t n = 0;

	if (!ids) {
		*out = NULL;
		return 0;
	}
	for (size_t i = 0; i < c2c_of(m)->npairs; i++) {
		unsigned ab[2] = { c2c_of(m)->pairs[i].a, c2c_of(m)->pairs[i].b };

		for (int s = 0; s < 2; s++) {
			size_t k;

			for (k = 0; k < n && ids[k] != ab[s]; k++)
				;
			if (k == n)
				ids[n++] = ab[s];
		}
	}
	sort_map = m;
	qsort(ids, n, sizeof(*ids), cmp_topo);
	sort_map = NULL;
	*out = ids;
	return n;
}

/* 0: same LLC, 1: another LLC of the node, 2: another node or package. */
static int boundary(const struct run_map *m, unsigned a, unsigned b)
{
	const struct map_cpu *x = cpu_of(m, a), *y = cpu_of(m, b);

	if (!x || !y)
		return 0;
	if (x->package != y->package || x->node != y->node)
		return 2;
	return x->llc != y->llc;
}

static const char *const col_sep[] = { "", " |", " ||" };

static void rule(FILE *f, int lw, const unsigned *ids, size_t n, int w,
		 const struct run_map *m, char ch)
{
	int len = lw;

	for (size_t j = 0; j < n; j++)
		len += w + (j ? (int)strlen(col_sep[boundary(m, ids[j - 1],
							     ids[j])]) : 0);
	fputs("  ", f);
	for (int i = 0; i < len; i++)
		fputc(ch, f);
	fputc('\n', f);
}

static void grid(FILE *f, const struct run_map *m, const unsigned *ids,
		 size_t n, bool cas)
{
	double *v = malloc(sizeof(double) * n * n);
	int w = 4, lw = 3;

	if (!v)
		return;
	for (size_t i = 0; i < n * n; i++)
		v[i] = NAN;
	for (size_t k = 0; k < c2c_of(m)->npairs; k++) {
		const struct map_pair *p = &c2c_of(m)->pairs[k];
		size_t i, j;

		for (i = 0; i < n && ids[i] != p->a; i++)
			;
		for (j = 0; j < n && ids[j] != p->b; j++)
			;
		if (i == n || j == n)
			continue;
		v[i * n + j] = v[j * n + i] = cas ? p->cas_median : p->median;
	}
	for (size_t i = 0; i < n; i++) {
		char s[32];
		int len = snprintf(s, sizeof(s), "%u", ids[i]);

		lw = len + 1 > lw ? len + 1 : lw;
		for (size_t j = 0; j < n; j++)
			if (!isnan(v[i * n + j])) {
				len = snprintf(s, sizeof(s), "%.0f",
					       v[i * n + j]);
				w = len + 1 > w ? len + 1 : w;
			}
	}
	fprintf(f, "\none-way latency, median ns, %s (rows a, columns b; | LLC, || node/package):\n",
		cas ? "CAS" : "plain");
	fprintf(f, "  %*s", lw, "");
	for (size_t j = 0; j < n; j++)
		fprintf(f, "%s%*u", j ? col_sep[boundary(m, ids[j - 1], ids[j])] :
			"", w, ids[j]);
	fputc('\n', f);
	for (size_t i = 0; i < n; i++) {
		int b = i ? boundary(m, ids[i - 1], ids[i]) : 0;

		if (b)
			rule(f, lw, ids, n, w, m, b == 2 ? '=' : '-');
		fprintf(f, "  %*u", lw, ids[i]);
		for (size_t j = 0; j < n; j++) {
			const char *sep = j ? col_sep[boundary(m, ids[j - 1],
							       ids[j])] : "";
			double x = v[i * n + j];

			if (i == j)
				fprintf(f, "%s%*s", sep, w, "-");
			else if (isnan(x))
				fprintf(f, "%s%*s", sep, w, ".");
			else
				fprintf(f, "%s%*.0f", sep, w, x);
		}
		fputc('\n', f);
	}
	free(v);
}

static int cmp_dbl(const void *p, const void *q)
{
	double a = *(const double *)p, b = *(const double *)q;

	return a < b ? -1 : a > b;
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_dbl);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void class_summary(FILE *f, const struct run_map *m)
{
	double *v = malloc(sizeof(double) * (c2c_of(m)->npairs + 1));
	double *c = malloc(sizeof(double) * (c2c_of(m)->npairs + 1));

	if (!v || !c)
		goto out;
	fprintf(f, "\n%-8s %6s %10s %10s %12s %10s   (one-way ns)\n", "class",
		"pairs", "median", "min", "cas_median", "cas_min");
	for (size_t k = 0; k < sizeof(classes) / sizeof(classes[0]); k++) {
		double min = INFINITY, cmin = INFINITY;
		size_t n = 0;

		for (size_t i = 0; i < c2c_of(m)->npairs; i++) {
			const struct map_pair *p = &c2c_of(m)->pairs[i];

			if (strcmp(p->cls, classes[k]))
				continue;
			v[n] = p->median;
			c[n++] = p->cas_median;
			min = p->min < min ? p->min : min;
			cmin = p->cas_min < cmin ? p->cas_min : cmin;
		}
		if (n)
			fprintf(f, "%-8s %6zu %10.1f %10.1f %12.1f %10.1f\n",
				classes[k], n, median(v, n), min,
				median(c, n), cmin);
	}
out:
	free(v);
	free(c);
}

static void text_c2c(FILE *f, const struct run_map *m)
{
	unsigned *ids;
	size_t n;

	fprintf(f, "\nc2c: %zu pairs", c2c_of(m)->npairs);
	if (c2c_of(m)->c2c_plan)
		fprintf(f, " of %u planned (pairs=%s, %u CPUs), %u round trips, "
			"line home=%s", c2c_of(m)->plan_pairs, c2c_of(m)->select, c2c_of(m)->plan_cpus,
			c2c_of(m)->rounds, c2c_of(m)->home);
	fputc('\n', f);
	if (c2c_of(m)->c2c_plan && c2c_of(m)->npairs < c2c_of(m)->plan_pairs)
		fprintf(f, "c2c: INCOMPLETE: %u pairs missing\n",
			c2c_of(m)->plan_pairs - (unsigned)c2c_of(m)->npairs);
	n = c2c_order(m, &ids);
	if (n > GRID_MAX_CPUS)
		fprintf(f, "(%zu CPUs: too many for a grid; see --format csv "
			"--table c2c)\n", n);
	else if (n)
		for (int cas = 0; cas < 2; cas++)
			grid(f, m, ids, n, cas);
	free(ids);
	class_summary(f, m);
}

static void text(FILE *f, const struct run *r)
{
	const struct run_map *m = r->map;

	if (m && (c2c_of(m)->c2c_plan || c2c_of(m)->npairs))
		text_c2c(f, m);
}

/* ---- the records ------------------------------------------------------- */

static void take_plan(struct run *r, const struct rec_parsed *p)
{
	struct c2c_map *m = runmap_part_make(&r->map, &host_c2c,
						 sizeof(*m));
	const struct run_rec *x = run_records_last(&r->records);

	(void)p;
	m->c2c_plan = true;
	m->plan_cpus = run_rec_uint(x, "cpus");
	m->plan_pairs = run_rec_uint(x, "pairs");
	m->rounds = run_rec_uint(x, "rounds");
	run_rec_copy(m->select, sizeof(m->select), x, "select");
	run_rec_copy(m->home, sizeof(m->home), x, "home");
}

/* a pair's figures, read by name from the record just kept */
static void take_pair(struct run *r, const struct rec_parsed *p)
{
	struct c2c_map *m = runmap_part_make(&r->map, &host_c2c,
						 sizeof(*m));
	const struct run_rec *x = run_records_last(&r->records);
	struct map_pair *y = RUN_PUSH(m->pairs, m->npairs);

	(void)p;
	y->a = run_rec_uint(x, "a");
	y->b = run_rec_uint(x, "b");
	run_rec_copy(y->cls, sizeof(y->cls), x, "class");
	y->home = run_rec_uint(x, "home");
	y->median = run_rec_num(x, "median");
	y->min = run_rec_num(x, "min");
	y->cas_median = run_rec_num(x, "cas_median");
	y->cas_min = run_rec_num(x, "cas_min");
	y->batch = run_rec_uint(x, "batch");
	y->cas_batch = run_rec_uint(x, "cas_batch");
	y->timed = run_rec_uint(x, "timed");
	y->cas_timed = run_rec_uint(x, "cas_timed");
}

static int plot(const struct runset *rs, const char *out, bool keep)
{
	return report_plot_c2c(rs, out, false, keep);
}

static int plot_cas(const struct runset *rs, const char *out, bool keep)
{
	return report_plot_c2c(rs, out, true, keep);
}

const struct c2c_map *c2c_of(const struct run_map *m)
{
	static const struct c2c_map none;
	const struct c2c_map *x = runmap_part(m, &host_c2c);

	return x ? x : &none;
}

static void release(void *part)
{
	struct c2c_map *x = part;

	free(x->pairs);
}

const struct host_exp host_c2c = {
	.release = release,
	.takes = (const struct host_take[]){
		{ "c2c-plan", take_plan },
		{ "c2c", take_pair },
		{ NULL, NULL },
	},
	.plots = (const struct host_plot[]){
		{ "c2c", "heat map of the c2c medians", plot },
		{ "c2c-cas", "heat map of the c2c CAS medians", plot_cas },
		{ NULL, NULL, NULL },
	},
	.text = text,
};
