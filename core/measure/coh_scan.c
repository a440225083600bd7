// SPDX-License-Identifier: BSD-2-Clause
#include <stdlib.h>
#include <string.h>

#include "measure/coh_scan.h"

static double min2(double a, double b)
{
	return a < b ? a : b;
}

double cs_touch_share(double win_ns, double idle_ns, double run_ns)
{
	double cycle = idle_ns + run_ns;

	if (!(cycle > 0))
		return 1;	/* a writer that never rests */
	if (!(win_ns > 0))
		return 0;
	/* a window holds an update when it starts less than win_ns before
	 * it: win_ns before each, each stretch cut at the previous one */
	return min2(1, (min2(win_ns, idle_ns) + min2(win_ns, run_ns)) / cycle);
}

static double pow_u(double x, uint32_t n)
{
	double r = 1;

	while (n--)
		r *= x;
	return r;
}

int cs_scan_build(struct cs_scan *out, const struct cm_map *m,
		  const struct sbm_layout *l, uint32_t cache_line,
		  const uint32_t *writers, uint32_t nw, uint32_t reader,
		  const char **why)
{
	uint64_t *key = calloc(nw ? nw : 1, sizeof(uint64_t));

	memset(out, 0, sizeof(*out));
	out->line = calloc(nw ? nw : 1, sizeof(*out->line));
	if (!key || !out->line) {
		free(key);
		free(out->line);
		*why = "out of memory";
		return -1;
	}
	for (uint32_t i = 0; i < nw; i++) {
		uint32_t w = writers[i], j;
		uint64_t k;

		if (w >= l->ncpus || reader >= l->ncpus) {
			free(key);
			cs_scan_free(out);
			*why = "a writer or reader CPU the layout does not hold";
			return -1;
		}
		k = sbm_slot_line(&l->slot[w], cache_line);
		for (j = 0; j < out->nlines && key[j] != k; j++)
			;
		if (j == out->nlines)
			key[out->nlines++] = k;
		out->line[j].writers++;
		out->line[j].to_reader += m->handoff(m->ctx, w, reader);
		out->line[j].to_writer += m->handoff(m->ctx, reader, w);
	}
	for (uint32_t j = 0; j < out->nlines; j++) {
		out->line[j].to_reader /= out->line[j].writers;
		out->line[j].to_writer /= out->line[j].writers;
	}
	out->nwriters = nw;
	free(key);
	return 0;
}

void cs_scan_free(struct cs_scan *s)
{
	free(s->line);
	memset(s, 0, sizeof(*s));
}

void cs_measured(double a, double b, double am, double bm, double *m,
		 double *lo, double *hi)
{
	double d2 = am > 0 && bm > 0 ? am - bm : a - b;

	*m = a - b;
	*lo = min2(*m, d2);
	*hi = *m < d2 ? d2 : *m;
}

/* misses in flight: up to CS_MLP of a scan's, at least one */
static double overlap(double serial, double lines)
{
	double in_flight = lines < 1 ? 1 : min2(lines, CS_MLP);

	return serial / in_flight;
}

struct cs_pred cs_predict_alone(const struct cs_scan *s)
{
	struct cs_pred p = { 0 };

	for (uint32_t j = 0; j < s->nlines; j++)
		p.serial_ns += s->line[j].to_reader;
	p.lines = s->nlines;
	p.overlap_ns = overlap(p.serial_ns, p.lines);
	return p;
}

struct cs_pred cs_predict_both(const struct cs_scan *s, double period_ns,
			       double idle_ns, double run_ns,
			       uint32_t readers)
{
	struct cs_pred p = { 0 };
	double touch = cs_touch_share(period_ns, idle_ns, run_ns);
	double gaps[2] = { idle_ns, run_ns }, wsum = 0;

	for (uint32_t j = 0; j < s->nlines; j++) {
		const struct cs_line *ln = &s->line[j];
		double written = 1 - pow_u(1 - touch, ln->writers), back = 0;

		p.lines += written;
		p.serial_ns += written * ln->to_reader;
		/* a writer's update after each of its two spells pays the
		 * line back when a reader read it since, and no other
		 * writer took it first (that hand-off it pays alone too) */
		for (int g = 0; g < 2; g++) {
			double seen = period_ns > 0 ?
				      min2(1, gaps[g] / period_ns) : 1;
			double read = 1 - pow_u(1 - seen, readers);
			double mine = pow_u(1 - cs_touch_share(gaps[g], idle_ns,
							       run_ns),
					    ln->writers - 1);

			back += 0.5 * read * mine * ln->to_writer;
		}
		p.writer_ns += back * ln->writers;
		wsum += ln->writers;
	}
	p.overlap_ns = overlap(p.serial_ns, p.lines);
	if (wsum > 0)
		p.writer_ns /= wsum;
	return p;
}
