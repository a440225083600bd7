/* SPDX-License-Identifier: BSD-2-Clause */
/* Runs side by side: one column per run, rows per layout (and per CPU
 * for noise). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "inert.h"
#include "logreport.h"
#include "runmap.h"

#define COL_MIN	12
#define COL_MAX	28
#define MAX_LAYOUTS 32

enum cmp_row { ROW_NS, ROW_PCT, ROW_VAR, ROW_OP };

static int col_width(const struct runset *rs)
{
	int w = COL_MIN;

	for (size_t i = 0; i < rs->nruns; i++) {
		char label[96];
		int n;

		run_label(&rs->runs[i], label, sizeof(label));
		n = (int)strlen(label);
		if (n > w)
			w = n;
		n = (int)strlen(run_file_base(rs, &rs->runs[i]));
		if (n > w)
			w = n;
	}
	return w > COL_MAX ? COL_MAX : w;
}

/* Does any run name this part of its machine? */
static bool any_ident(const struct runset *rs, int k)
{
	for (size_t i = 0; i < rs->nruns; i++)
		if (rs->runs[i].ident[k][0])
			return true;
	return false;
}

static void header(FILE *f, const struct runset *rs, int w, const char *name,
		   int what)
{
	fprintf(f, "%-10s", name);
	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];
		char s[96];

		switch (what) {
		case 0:
			run_label(r, s, sizeof(s));
			break;
		case 1:
			snprintf(s, sizeof(s), "%08x%s", r->id,
				 run_complete(r) ? "" : "*");
			break;
		case 2:
			snprintf(s, sizeof(s), "%u", r->run_cpus);
			break;
		case 3:
			snprintf(s, sizeof(s), "%s", r->cpu_model);
			break;
		case 5:
			snprintf(s, sizeof(s), "%s", r->ident[RUN_ID_product]);
			break;
		case 6:
			snprintf(s, sizeof(s), "%s", r->ident[RUN_ID_bios_version]);
			break;
		default:
			snprintf(s, sizeof(s), "%s", run_file_base(rs, r));
		}
		/* keep columns aligned: long names lose their start */
		if ((int)strlen(s) > w)
			memmove(s, s + strlen(s) - (size_t)w, (size_t)w + 1);
		fprintf(f, "  %*s", w, s);
	}
	fputc('\n', f);
}

static void cell(FILE *f, int w, const struct run *r, const char *layout,
		 enum cmp_row row)
{
	const struct run_result *x = run_find(r, layout);
	char s[40] = "-";
	double v;

	if (x) {
		switch (row) {
		case ROW_NS:
			if (run_ns(r, x, &v))
				snprintf(s, sizeof(s), "%.2f", v);
			break;
		case ROW_PCT:
			if (run_pct(r, x, &v))
				snprintf(s, sizeof(s), "%.2f%%", v);
			break;
		case ROW_VAR:
			snprintf(s, sizeof(s), "%.2f%%", x->rep_cv);
			break;
		case ROW_OP:
			snprintf(s, sizeof(s), "%s", x->op);
			break;
		}
	}
	fprintf(f, "  %*s", w, s);
}

static void block(FILE *f, const struct runset *rs, int w, const char *title,
		  const char **layouts, size_t nl, enum cmp_row row)
{
	fprintf(f, "\n%s\n", title);
	for (size_t l = 0; l < nl; l++) {
		fprintf(f, "%-10s", layouts[l]);
		for (size_t i = 0; i < rs->nruns; i++)
			cell(f, w, &rs->runs[i], layouts[l], row);
		fputc('\n', f);
	}
}

static void compare_all(FILE *f, const void *arg)
{
	const struct runset *rs = arg;
	const char *layouts[MAX_LAYOUTS];
	size_t nl = runset_layouts(rs, layouts, MAX_LAYOUTS);
	int w = col_width(rs);
	bool virt = false, partial = false;

	if (!rs->nruns) {
		fprintf(f, "no runs found\n");
		report_problems(f, rs);
		return;
	}
	header(f, rs, w, "machine", 0);
	header(f, rs, w, "cpu", 3);
	if (any_ident(rs, RUN_ID_product))
		header(f, rs, w, "product", 5);
	if (any_ident(rs, RUN_ID_bios_version))
		header(f, rs, w, "firmware", 6);
	header(f, rs, w, "run", 1);
	header(f, rs, w, "cpus used", 2);
	header(f, rs, w, "file", 4);
	if (nl) {	/* runs of the machine map alone have no layouts */
		block(f, rs, w, "ns/iter (median)", layouts, nl, ROW_NS);
		block(f, rs, w, "% of global (medians)", layouts, nl, ROW_PCT);
		block(f, rs, w, "variance (CV of repetitions)", layouts, nl,
		      ROW_VAR);
		block(f, rs, w, "op", layouts, nl, ROW_OP);
	}
	runmap_compare_noise(f, rs, w);
	for (size_t i = 0; i < rs->nruns; i++) {
		virt |= rs->runs[i].hello && strcmp(rs->runs[i].virt, "none");
		partial |= !run_complete(&rs->runs[i]);
	}
	if (virt)
		fprintf(f, "\nNOTE: runs whose virt is not \"none\" describe a "
			"virtual machine, not the hardware\n");
	if (partial)
		fprintf(f, "\n* incomplete run (truncated or damaged): see "
			"below\n");
	if (rs->nrejects || partial)
		report_problems(f, rs);
}

/* The log's text reaches a terminal: escaped where it is no plain text. */
void report_compare(FILE *f, const struct runset *rs)
{
	text_inert(f, compare_all, rs);
}
