/* SPDX-License-Identifier: BSD-2-Clause */
/* The machine map as text grids and tables and JSON members. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "inert.h"
#include "map_fields.h"
#include "runmap.h"
#include "runs.h"

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

size_t runmap_order(const struct run_map *m, unsigned **out)
{
	unsigned *ids = malloc(sizeof(*ids) * (2 * m->npairs + 1));
	size_t n = 0;

	if (!ids) {
		*out = NULL;
		return 0;
	}
	for (size_t i = 0; i < m->npairs; i++) {
		unsigned ab[2] = { m->pairs[i].a, m->pairs[i].b };

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
	for (size_t k = 0; k < m->npairs; k++) {
		const struct map_pair *p = &m->pairs[k];
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
	double *v = malloc(sizeof(double) * (m->npairs + 1));
	double *c = malloc(sizeof(double) * (m->npairs + 1));

	if (!v || !c)
		goto out;
	fprintf(f, "\n%-8s %6s %10s %10s %12s %10s   (one-way ns)\n", "class",
		"pairs", "median", "min", "cas_median", "cas_min");
	for (size_t k = 0; k < sizeof(classes) / sizeof(classes[0]); k++) {
		double min = INFINITY, cmin = INFINITY;
		size_t n = 0;

		for (size_t i = 0; i < m->npairs; i++) {
			const struct map_pair *p = &m->pairs[i];

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

	fprintf(f, "\nc2c: %zu pairs", m->npairs);
	if (m->c2c_plan)
		fprintf(f, " of %u planned (pairs=%s, %u CPUs), %u round trips, "
			"line home=%s", m->plan_pairs, m->select, m->plan_cpus,
			m->rounds, m->home);
	fputc('\n', f);
	if (m->c2c_plan && m->npairs < m->plan_pairs)
		fprintf(f, "c2c: INCOMPLETE: %u pairs missing\n",
			m->plan_pairs - (unsigned)m->npairs);
	n = runmap_order(m, &ids);
	if (n > GRID_MAX_CPUS)
		fprintf(f, "(%zu CPUs: too many for a grid; see --format csv "
			"--table c2c)\n", n);
	else if (n)
		for (int cas = 0; cas < 2; cas++)
			grid(f, m, ids, n, cas);
	free(ids);
	class_summary(f, m);
}

/* "2^10:3 2^11:1" from the record's comma list. */
static void hist_text(FILE *f, const struct map_noise *x)
{
	const char *s = x->hist;
	unsigned b = x->hist_lo;

	while (*s) {
		char *end;
		unsigned long n = strtoul(s, &end, 10);

		if (end == s)
			break;
		if (n)
			fprintf(f, " 2^%u:%lu", b, n);
		b++;
		s = *end == ',' ? end + 1 : end;
	}
}

static void text_noise(FILE *f, const struct run_map *m)
{
	fprintf(f, "\nnoise: gaps above %u ns while polling the counter for "
		"%.3f s\n%5s %10s %8s %12s %10s  %s\n", m->threshold,
		m->noise_s, "cpu", "polled_s", "gaps", "total_us", "max_us",
		"histogram (2^i ns: gaps)");
	for (size_t i = 0; i < m->nnoise; i++) {
		const struct map_noise *x = &m->noise[i];

		fprintf(f, "%5u %10.3f %8llu %12.1f %10.1f ", x->cpu,
			x->polled_ms / 1e3, (unsigned long long)x->count,
			x->total / 1e3, x->max / 1e3);
		hist_text(f, x);
		fputc('\n', f);
	}
}

void runmap_text(FILE *f, const struct run *r)
{
	const struct run_map *m = r->map;

	if (!m)
		return;
	if (m->scale_plan || m->nscale)
		runmap_text_scale(f, m);
	if (m->rw_plan || m->nrw)
		runmap_text_rw(f, m);
	if (m->c2c_plan || m->npairs)
		text_c2c(f, m);
	if (m->noise_plan || m->nnoise)
		text_noise(f, m);
}

void runmap_json(FILE *f, const struct run *r)
{
	const struct run_map *m = r->map;
	size_t np = m ? m->npairs : 0, nn = m ? m->nnoise : 0;

	/* the plan records' keys under "plan", beside the per-pair and
	 * per-CPU lists (c2c-plan's pairs is a count, c2c's a list) */
	fputs("\"c2c\":{", f);
	if (m && m->c2c_plan) {
		fputs("\"plan\":{", f);
		json_kuint(f, "cpus", m->plan_cpus);
		fputc(',', f);
		json_kuint(f, "pairs", m->plan_pairs);
		fputc(',', f);
		json_kuint(f, "rounds", m->rounds);
		fputc(',', f);
		json_kstr(f, "select", m->select);
		fputc(',', f);
		json_kstr(f, "home", m->home);
		fputs("},", f);
	}
	fputs("\"pairs\":[", f);
	for (size_t i = 0; i < np; i++) {
		fputs(i ? ",\n{" : "\n{", f);
		map_json_row(f, &map_c2c_table, &m->pairs[i]);
		fputc('}', f);
	}
	fputs("]},\n\"noise\":{", f);
	if (m && m->noise_plan) {
		fputs("\"plan\":{", f);
		json_knum(f, "seconds", true, m->noise_s);
		fputc(',', f);
		json_kuint(f, "threshold", m->threshold);
		fputs("},", f);
	}
	fputs("\"cpus\":[", f);
	for (size_t i = 0; i < nn; i++) {
		fputs(i ? ",\n{" : "\n{", f);
		map_json_row(f, &map_noise_table, &m->noise[i]);
		fputc('}', f);
	}
	fputs("]},\n", f);
	runmap_json_scale(f, m);
	fputs("\"rw\":[", f);
	for (size_t i = 0; m && i < m->nrw; i++) {
		fputs(i ? ",\n{" : "\n{", f);
		map_json_row(f, &map_rw_table, &m->rw[i]);
		fputc('}', f);
	}
	fputs("],\n", f);
}

