/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The registry, as C sees it: SBM_EXPERIMENTS(X) calls X(NAME) for each
 * experiment in the order they run.  The list is Makefile.am's
 * EXPERIMENT_CSRCS, one line per experiment file core/exp/NAME/exp_NAME.c;
 * make writes it into registry.h (in the build tree), so adding an
 * experiment is its file and that one line.  X(NAME) stands for what
 * the file defines: exp_NAME (struct experiment), exp_NAME_options and
 * exp_NAME_records[] (experiments.c, experiment_options.c and
 * experiment_records.c list them).
 */
#ifndef SBM_EXPERIMENTS_H
#define SBM_EXPERIMENTS_H

#include "exp/registry.h"

#define SBM_EXPERIMENTS(X) SBM_REGISTRY(X)

#endif
