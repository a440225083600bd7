/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Runs side by side: one column per run, a header naming each run's
 * machine, then each experiment's blocks of rows from its host file
 * (host_exp.h: compare), in the registry's order.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "exp/host_exp.h"
#include "log/inert.h"
#include "log/logreport.h"

#define COL_MIN	12
#define COL_MAX	28

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

/* Does any run name this part of its machine (hello's @key)? */
static bool any_ident(const struct runset *rs, const char *key)
{
	for (size_t i = 0; i < rs->nruns; i++)
		if (run_rec_str(&rs->runs[i].one.hello, key)[0])
			return true;
	return false;
}

static void header(FILE *f, const struct runset *rs, int lw, int w,
		   const char *name, int what)
{
	fprintf(f, "%-*s", lw, name);
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
			snprintf(s, sizeof(s), "%u",
				 run_rec_uint(&r->one.config, "cpus"));
			break;
		case 3:
			snprintf(s, sizeof(s), "%s",
				 run_rec_str(&r->one.hello, "cpu_model"));
			break;
		case 5:
			snprintf(s, sizeof(s), "%s",
				 run_rec_str(&r->one.hello, "product"));
			break;
		case 6:
			snprintf(s, sizeof(s), "%s",
				 run_rec_str(&r->one.hello, "bios_version"));
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

static void compare_all(FILE *f, const void *arg)
{
	const struct runset *rs = arg;
	int w = col_width(rs), lw = 10;
	bool virt = false, partial = false;

	if (!rs->nruns) {
		fprintf(f, "no runs found\n");
		report_problems(f, rs);
		return;
	}
	/* the label column: as wide as the widest experiment's labels */
	for (size_t i = 0; host_names[i]; i++) {
		const struct host_exp *h = host_experiments[i];
		int n = h && h->compare_width ? h->compare_width(rs) : 0;

		if (n > lw)
			lw = n;
	}
	header(f, rs, lw, w, "machine", 0);
	header(f, rs, lw, w, "cpu", 3);
	if (any_ident(rs, "product"))
		header(f, rs, lw, w, "product", 5);
	if (any_ident(rs, "bios_version"))
		header(f, rs, lw, w, "firmware", 6);
	header(f, rs, lw, w, "run", 1);
	header(f, rs, lw, w, "cpus used", 2);
	header(f, rs, lw, w, "file", 4);
	/* each experiment's blocks, in the registry's order */
	for (size_t i = 0; host_names[i]; i++)
		if (host_experiments[i] && host_experiments[i]->compare)
			host_experiments[i]->compare(f, rs, lw, w);
	for (size_t i = 0; i < rs->nruns; i++) {
		virt |= rs->runs[i].hello &&
			strcmp(run_rec_str(&rs->runs[i].one.hello, "virt"),
			       "none");
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
