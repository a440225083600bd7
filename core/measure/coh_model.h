/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The coherence model: what a layout should cost, from the machine's map.
 *
 * A contended read-modify-write costs one hand-off of its line from the
 * last owner, whose latency is what c2c measures between the two CPUs.
 * A line updated by S CPUs serves one update at a time: each service is
 * the hand-off plus the op itself (the floor, what the op costs on a line
 * nobody else touches).  The sharers form a closed queue: each thinks
 * (its gap) for Z ns, then waits for the line.  Its mean response time
 * R(S) comes from exact mean-value analysis (one queueing station, one
 * delay station), so Z = 0 gives S x (hand-off + op), the saturated round,
 * and a long gap gives one hand-off + op per update.  Who owns the line
 * next sets the mean hand-off: a fair arbiter (every waiting sharer
 * equally likely: the mean over ordered pairs) or a nearest-first one
 * (the next owner the nearest sharer not yet served this round: a greedy
 * tour).  The two bound the prediction as a band.  docs/model.md derives
 * it.  Pure arithmetic over the topology and sbm layouts: no libm, no
 * randomness, used by the image and the host tools alike.
 */
#ifndef SBM_COH_MODEL_H
#define SBM_COH_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "measure/sbm.h"
#include "topo/topo.h"

enum cm_arbiter { CM_FAIR, CM_NEAREST, CM_NARBITERS };

const char *cm_arbiter_name(enum cm_arbiter a);

/* The machine's map: the one-way hand-off in ns from CPU @from to @to
 * (logical ids of @t), as c2c's CAS ping-pong measures it. */
struct cm_map {
	const struct topo *t;
	double (*handoff)(const void *ctx, uint32_t from, uint32_t to);
	const void *ctx;
};

/* The mean hand-off between consecutive owners of a line updated by the
 * @s CPUs @cpus, under arbiter @a; 0 for fewer than two. */
double cm_handoff_mean(const struct cm_map *m, const uint32_t *cpus,
		       uint32_t s, enum cm_arbiter a);

/* One sharer's mean time from asking for the line to having updated it,
 * of @s sharers that each think @think_ns between updates, every service
 * @handoff_ns + @op_ns (@s = 1: @op_ns; no hand-off). */
double cm_response_ns(uint32_t s, double handoff_ns, double op_ns,
		      double think_ns);

/* The lines a layout's CPUs update, and who shares each: built once,
 * evaluated at any gap. */
struct cm_line {
	uint32_t sharers;
	double handoff[CM_NARBITERS];	/* mean hand-off, ns */
};

/* A CPU's visit to a line: a spec's companion words (layout_spec.h) put
 * one update on several lines, each visited in the set, the clear or
 * both (weight 1/2 or 1 per update). */
struct cm_visit {
	uint32_t line;
	double w;
};

struct cm_lines {
	uint32_t ncpus;		/* CPUs taking part */
	uint32_t nlines;
	uint32_t most;		/* the most sharers of one line */
	struct cm_line *line;
	/* layouts with companion words: each CPU's visits (NULL: one line
	 * each, the element's) */
	struct cm_visit *visit;	/* ncpus x per */
	uint32_t *nvisit, per, nall;	/* nvisit: nall CPUs */
};

/*
 * Group the CPUs @take selects (NULL: every CPU of the layout) by the
 * @cache_line-byte line their slot of layout @l lies in, and weigh each
 * line's hand-offs with @m.  0, or -1 with the reason in @why.
 */
int cm_lines_build(struct cm_lines *out, const struct cm_map *m,
		   const struct sbm_layout *l, uint32_t cache_line,
		   const uint8_t *take, const char **why);
void cm_lines_free(struct cm_lines *ls);

/* What the model says a layout costs at one gap, under one arbiter. */
struct cm_pred {
	double upd_ns;		/* per update, think included: the figure's
				 * ratio of sums over CPUs (time windows) */
	double cost_ns;		/* above the floor (upd_ns - think - op) */
	double handoff_ns;	/* the mean hand-off, weighted by CPUs */
};

/* @ls at a gap of @think_ns with an op of @op_ns, arbiter @a. */
struct cm_pred cm_predict(const struct cm_lines *ls, enum cm_arbiter a,
			  double op_ns, double think_ns);

/*
 * @ls with one hand-off per run of @run updates (measure/own_runs.h),
 * two ways: @serial, the run's ops and then the hand-off (h / run + op a
 * update); @overlap, the next owner's request in flight during the run,
 * so a run costs the longer of the two (max(h / run, op)).  They bound
 * the band with runs.  0, or -1 out of memory.
 */
int cm_predict_runs(const struct cm_lines *ls, enum cm_arbiter a,
		    double op_ns, double think_ns, double run,
		    struct cm_pred *serial, struct cm_pred *overlap);

/* The band with runs over both arbiters: @lo the least overlapped
 * cost, @hi the greatest serial one (@s, @o per arbiter). */
void cm_runs_band(const struct cm_pred *s, const struct cm_pred *o,
		  double *lo, double *hi);

/* Where a measurement lies against the model's band. */
enum cm_verdict {
	CM_V_NONE,	/* nothing measured beside it */
	CM_V_IN,	/* the measurement's interval meets the band */
	CM_V_BELOW,	/* cheaper: more than one update per hand-off */
	CM_V_ABOVE,	/* dearer: more than the map's hand-offs */
	CM_V_NOISE,	/* a cost whose interval holds 0: not above the
			 * floor within its noise, nothing to judge */
};

/* The band is widened by this share on both sides: the map's medians
 * (a c2c pair's, a floor's) resolve a few per cent, not better. */
#define CM_BAND_SLACK 0.05

/* @meas_lo..@meas_hi against the band @lo..@hi (widened by the slack);
 * @cost: the figure is a cost above the floor (an interval reaching 0
 * is noise). */
enum cm_verdict cm_judge(double lo, double hi, double meas_lo,
			 double meas_hi, bool cost);
/* "in band", "below band", "above band", "within noise", "" */
const char *cm_verdict_name(enum cm_verdict v);
/* The record's word: "in", "below", "above", "noise", "" */
const char *cm_verdict_word(enum cm_verdict v);

#endif
