/* SPDX-License-Identifier: BSD-2-Clause */
/* The rw table: each layout's writers and readers, alone and together. */
#include <stdio.h>

#include "inert.h"
#include "runmap.h"

/* with / alone as a percentage change; "-" when alone is unknown */
static void change(char *buf, size_t n, double with, double alone)
{
	if (alone > 0)
		snprintf(buf, n, "%+.0f%%", (with / alone - 1) * 100);
	else
		snprintf(buf, n, "-");
}

void runmap_text_rw(FILE *f, const struct run_map *m)
{
	fprintf(f, "\nrw: reader=%s on %s; writers idle %u ns, run %u ns; "
		"a scan every %u ns\n", m->rw_reader, m->rw_place,
		m->rw_idle_ns, m->rw_run_ns, m->rw_scan_ns);
	fprintf(f, "%-11s %9s %9s %7s %9s %9s %9s %7s %8s %8s %6s %7s\n",
		"layout", "writer", "w-alone", "w-chg", "above", "reader",
		"r-alone", "r-chg", "visited", "ns/cpu", "check", "dropped");
	for (size_t i = 0; i < m->nrw; i++) {
		const struct map_rw *x = &m->rw[i];
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
	for (size_t i = 0; i < m->nrw; i++)
		if (m->rw[i].wrong[0])
			fprintf(f, "rw: %s: wrong answers from %s\n",
				m->rw[i].layout, m->rw[i].wrong);
}

void runmap_csv_rw_head(FILE *f)
{
	fprintf(f, "file,run,layout,reader,writers,readers,writer_ns,"
		"writer_alone_ns,floor_ns,above_ns,reader_ns,reader_alone_ns,"
		"visited,visited_alone,lines,per_cpu_ns,check,writer_median_ns,"
		"writer_alone_median_ns,reader_median_ns,"
		"reader_alone_median_ns,dropped,above_alone_ns,updates,scans,"
		"wrong\n");
}

void runmap_csv_rw_row(FILE *f, const struct map_rw *x)
{
	csv_field(f, x->layout);
	fputc(',', f);
	csv_field(f, x->reader);
	fprintf(f, ",%u,%u,%.3f,%.3f,", x->writers, x->readers, x->writer_ns,
		x->writer_alone_ns);
	if (x->have_floor)
		fprintf(f, "%.3f,%.3f,", x->floor_ns, x->above_ns);
	else
		fputs(",,", f);
	fprintf(f, "%.3f,%.3f,%.2f,%.2f,%.2f,%.3f,", x->reader_ns,
		x->reader_alone_ns, x->visited, x->visited_alone, x->lines,
		x->per_cpu_ns);
	csv_field(f, x->check);
	fprintf(f, ",%.3f,%.3f,%.3f,%.3f,%llu,", x->writer_med,
		x->writer_alone_med, x->reader_med, x->reader_alone_med,
		(unsigned long long)x->dropped);
	if (x->have_floor)
		fprintf(f, "%.3f", x->above_alone_ns);
	fprintf(f, ",%llu,%llu,", (unsigned long long)x->updates,
		(unsigned long long)x->scans);
	csv_field(f, x->wrong);
	fputc('\n', f);
}
