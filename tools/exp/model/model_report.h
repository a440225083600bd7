/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The coherence model beside the measurement (docs/model.md): sbmlog
 * report's "model" section of every run, and sbmlog predict, which
 * prints the model's figures as "model" records (a log of its own that
 * report, CSV, JSON and the database read) and as a table.
 */
#ifndef SBM_MODEL_REPORT_H
#define SBM_MODEL_REPORT_H

#include <stdbool.h>
#include <stdio.h>

struct run;

/* report's section: predicted beside measured for every layout, gap
 * and scale point of @r, with a warning for each layout outside the
 * band; without a map, how to get one. */
void model_text(FILE *f, const struct run *r);

/* sbmlog predict ARGS...: 0, 1 (a run could not be modelled), 2 usage */
int model_predict_main(int argc, char **argv);

#endif
