/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The coherence model of a reader's scan (experiment=rw; docs/model.md
 * section 6): a scan that finds L of its lines written since its last
 * one pays L hand-offs of those lines from their writers, beside the
 * scan's own work (what the same scan costs with its lines in cache,
 * which rw measures); a writer whose line a reader read since its own
 * last update pays one hand-off back.  How many lines a scan finds
 * written follows from the writers' rhythm (set at idle entry, clear
 * at idle exit: two updates a cycle of idle + run ns) and the scan's
 * period, each writer's phase independent of the scan's: a closed
 * form, no randomness.  Misses a scan issues may overlap: the band runs
 * from every miss served one after another to CS_MLP of them in flight.
 */
#ifndef SBM_COH_SCAN_H
#define SBM_COH_SCAN_H

#include <stdint.h>

#include "measure/coh_model.h"
#include "measure/sbm.h"

/* Misses one core keeps in flight: its line fill buffers (10-12 on x86
 * cores since Nehalem, about as many on Arm Neoverse cores). */
#define CS_MLP 10

/* The share of windows of @win_ns, placed at random in a writer's
 * cycle, that hold at least one of its two updates (one @idle_ns after
 * the other, the next @run_ns later): 0..1. */
double cs_touch_share(double win_ns, double idle_ns, double run_ns);

/* A line of the layout some writer updates, seen from one reader. */
struct cs_line {
	uint32_t writers;
	double to_reader;	/* mean hand-off, a writer to the reader */
	double to_writer;	/* the reader to a writer */
};

struct cs_scan {
	uint32_t nlines, nwriters;
	struct cs_line *line;
};

/* The lines the @nw @writers' slots of @l lie in (@cache_line bytes),
 * with their hand-offs to and from @reader on @m.  0, or -1 with @why. */
int cs_scan_build(struct cs_scan *out, const struct cm_map *m,
		  const struct sbm_layout *l, uint32_t cache_line,
		  const uint32_t *writers, uint32_t nw, uint32_t reader,
		  const char **why);
void cs_scan_free(struct cs_scan *s);

struct cs_pred {
	double lines;		/* lines a scan finds written (expected) */
	double serial_ns;	/* a scan above its cached cost: misses one
				 * after another (the band's top) */
	double overlap_ns;	/* CS_MLP misses in flight (its bottom) */
	double writer_ns;	/* a writer's update above its cost with no
				 * reader: the hand-offs back */
};

/* Every writer wrote since the last scan (rw's readers-alone phase):
 * the scan finds every line written; no writer cost. */
struct cs_pred cs_predict_alone(const struct cs_scan *s);

/* Readers and writers at their own pace (rw's both phase): a scan every
 * @period_ns (its time and its pause), writers' spells @idle_ns and
 * @run_ns, @readers scanning each at that period. */
struct cs_pred cs_predict_both(const struct cs_scan *s, double period_ns,
			       double idle_ns, double run_ns,
			       uint32_t readers);

/* A measured cost @a - @b (means) in *@m, its interval in *@lo..*@hi:
 * spanned by the medians' difference @am - @bm where both are known
 * (rw has no reps to give an interval of its own). */
void cs_measured(double a, double b, double am, double bm, double *m,
		 double *lo, double *hi);

#endif
