/* SPDX-License-Identifier: BSD-2-Clause */
/* Figures derived from the records, shared by every output format. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "log/logreport.h"

bool fmt_fix(char *buf, size_t n, double v, double err, int dec)
{
	char lo[48], hi[48];
	bool open;

	snprintf(lo, sizeof(lo), "%.*f", dec, v - err);
	snprintf(hi, sizeof(hi), "%.*f", dec, v + err);
	open = strcmp(lo, hi) != 0;
	snprintf(buf, n, "%.*f", dec + open, v);
	return open;
}

void run_label(const struct run *r, char *buf, size_t n)
{
	const char *v[3] = {
		run_rec_str(&r->one.hello, "arch"),
		run_rec_str(&r->one.hello, "platform"),
		run_rec_str(&r->one.hello, "virt"),
	};

	snprintf(buf, n, "%s/%s/%s", v[0][0] ? v[0] : "?",
		 v[1][0] ? v[1] : "?", v[2][0] ? v[2] : "?");
}

const char *run_file_base(const struct runset *rs, const struct run *r)
{
	const char *p = rs->files[r->file].path, *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

void report_problems(FILE *f, const struct runset *rs)
{
	for (size_t i = 0; i < rs->nrejects; i++) {
		const struct run_reject *x = &rs->rejects[i];

		fprintf(f, "%s:%zu: rejected record: %s\n",
			rs->files[x->file].path, x->line, x->why);
	}
	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];
		const char *path = rs->files[r->file].path;

		if (!r->hello)
			fprintf(f, "%s:%zu: run %08x: no hello record "
				"(damaged or cut off at the start)\n", path,
				r->first_line, r->id);
		if (!r->end)
			fprintf(f, "%s:%zu-%zu: run %08x: incomplete "
				"(truncated?): no end record\n", path,
				r->first_line, r->last_line, r->id);
		else if (run_missing(r))
			fprintf(f, "%s:%zu: run %08x: end counts %llu records, "
				"%zu arrived intact (%zu lost or damaged)\n",
				path, r->last_line, r->id,
				(unsigned long long)run_rec_u64(&r->one.end,
								"records"),
				r->nrecords, run_missing(r));
	}
}
