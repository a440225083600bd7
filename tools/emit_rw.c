/* SPDX-License-Identifier: BSD-2-Clause */
/* The rw table: each layout's writers and readers, alone and together. */
#include <stdio.h>

#include "inert.h"
#include "map_fields.h"
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
		"r-alone", "r-chg", "visited", "ns/cpu", "check", "trimmed");
	/* trimmed: the ops left out of the means, which every log so far
	 * carries as dropped= (new ones as trimmed= too, the same count) */
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

