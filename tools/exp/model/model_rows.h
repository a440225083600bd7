/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The model's rows (docs/model.md): for every sbm result and scale point
 * of a run, or every layout, gap and scale point of a machine on paper,
 * what the coherence model (core/measure/coh_model.h) predicts under both
 * arbiters, beside what was measured, and which way they part.
 */
#ifndef SBM_MODEL_ROWS_H
#define SBM_MODEL_ROWS_H

#include <stdbool.h>
#include <stddef.h>

#include "measure/coh_model.h"

struct run;
struct model_map;



struct model_row {
	/* "sbm": a layout at a gap; "scale"; rw's "scan" (after every
	 * writer wrote), "scan+w" (while they write), "write+r" */
	char what[8];
	char layout[16], op[24], order[8];
	unsigned gap, cpus;
	bool bound;		/* a plain store: the model only bounds it */
	unsigned lines, most;	/* lines the CPUs update; most sharers */
	double op_ns, think_ns;
	double op_lo, op_hi;	/* scale: the one-CPU point's min..max */
	struct cm_pred p[CM_NARBITERS];
	/* sbm: %global (gap 0: of the whole update; at a gap: of the cost
	 * above the floor); scale: none */
	bool have_pct;
	double pct[CM_NARBITERS];
	/* the measurement: sbm the cost above the floor, scale the ns per
	 * update; lo..hi its interval */
	bool have_meas, have_meas_pct;
	double meas, meas_lo, meas_hi, meas_pct;
	enum cm_verdict verdict;
	enum cm_arbiter closer;	/* the arbiter nearer the measurement */
	double ratio;		/* measured / the closer arbiter's figure */
	/* sbm global: the image's ownership runs at this gap (a "runs"
	 * record; 0: none) and the prediction with one hand-off per run,
	 * after the run's ops and overlapping them (cm_predict_runs()) */
	double run;
	const char *run_from;	/* "measured" (a runs record), "given" */
	struct cm_pred p_run[CM_NARBITERS], p_ovl[CM_NARBITERS];
};

struct model_rows {
	struct model_row *row;
	size_t n;
	char note[256];		/* what was assumed */
};

/* The rows of run @r on map @mm: 0, or -1 with the reason in @why (no
 * sbm result or scale point to model). */
int model_rows_of_run(struct model_rows *out, const struct run *r,
		      const struct model_map *mm, char *why, size_t len);

/* A machine on paper: every layout at the @ngaps @gaps (think = gap),
 * op @op_ns, and the scale curves of both orders when @scale. */
int model_rows_paper(struct model_rows *out, const struct model_map *mm,
		     double op_ns, const unsigned *gaps, size_t ngaps,
		     bool scale, char *why, size_t len);

void model_rows_free(struct model_rows *rows);

/* The figure a row's verdict compares: cost above the floor (sbm, rw)
 * or ns per update (scale). */
double model_row_pred(const struct model_row *x, enum cm_arbiter a);

/* An rw row: its two figures are the band's edges, not arbiters. */
bool model_row_is_rw(const struct model_row *x);
/* What a row's figure @a is: the arbiter, or for a scan "serial" (every
 * miss after the last) and "overlap" (CS_MLP in flight) */
const char *model_row_band_name(const struct model_row *x,
				enum cm_arbiter a);

/* Whether run @r has anything the model explains: sbm results, scale
 * points or rw results. */
bool model_run_has_rows(const struct run *r);

#endif
