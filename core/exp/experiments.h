/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The registry: one line per experiment, in the order they run.  X(NAME)
 * stands for exp_NAME, its struct experiment (exp_NAME.c), and
 * exp_NAME_options, its options (exp_NAME_options.c): experiments.c lists
 * the one, experiment_options.c the other, which the option parser and
 * the option tests link without the engine.
 */
#ifndef SBM_EXPERIMENTS_H
#define SBM_EXPERIMENTS_H

#define SBM_EXPERIMENTS(X) \
	X(sbm) \
	X(proof) \
	X(scale) \
	X(c2c) \
	X(noise) \
	X(rw) \
	/* a new experiment: one line above this one */

#endif
