/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An experiment on the engine.  Each lives in its own folder,
 * core/exp/NAME/ (its main file exp_NAME.c declares its options and
 * record kinds), and is listed once in Makefile.am's EXPERIMENT_CSRCS
 * (experiments.h).  experiments_init(), _run() and _release()
 * (experiments.c) call, on the boot CPU, for the experiments that
 * experiment= chose, in registry order:
 *
 *   check()    at experiments_init(), before engine_init(): refuse
 *              options it cannot run with
 *   setup()    after engine_init(), for every experiment, chosen or not
 *   prepare()  after bring-up: allocate, lay out, emit its config record
 *   estimate_ms()  optional: how long run() will take, printed first
 *   run()      its steps: post a per-CPU body with engine_run(), read the
 *              mailboxes, summarise, emit result records
 *   report()   the human summary (tables) after every run() finished
 *   release()  hosted platforms: free what prepare() took
 */
#ifndef SBM_EXPERIMENT_H
#define SBM_EXPERIMENT_H

#include "engine/engine.h"

struct option_set;

struct experiment {
	/* the options it declares (in its file, options/option.h), and
	 * with them its name and the experiment it runs with (a companion
	 * such as the line-transfer proof goes with sbm): exp_name() */
	const struct option_set *options;
	int (*check)(const struct engine *e, const char **why);
	/* run-wide settings it owns, made whether it runs or not (other
	 * experiments read them too); after the engine's init; or NULL */
	void (*setup)(const struct engine *e);
	int (*prepare)(struct engine *e, void **state);	/* 0 or -1 */
	uint64_t (*estimate_ms)(struct engine *e, void *state);	/* 0: unknown */
	int (*run)(struct engine *e, void *state);	/* 0, or 1: failed */
	void (*report)(struct engine *e, void *state);
	void (*release)(struct engine *e, void *state);
};

/* Its name, as experiment= and the console call it. */
const char *exp_name(const struct experiment *x);
/* The experiment= name it runs under: its own, or its companion's. */
const char *exp_runs_with(const struct experiment *x);

/* Every experiment of this build, NULL-terminated (experiments.c). */
extern const struct experiment *const experiments[];

/* The state prepare() gave @x in this run, NULL when it did not run. */
void *engine_state(const struct engine *e, const struct experiment *x);

/* After the platform filled @e (topology, options, machine): check the
 * chosen experiments' options, then engine_init().  0, or -1 with the
 * reason in @why. */
int experiments_init(struct engine *e, const char **why);

/* Report the machine, start the CPUs, run every chosen experiment,
 * report them, end the report.  Returns 0 when all went well, 1 when the
 * run finished with errors. */
int experiments_run(struct engine *e);

/* Hosted platforms: the CPUs sent home, every experiment's memory and
 * the engine's freed (nothing, when the runs stopped). */
void experiments_release(struct engine *e);

#endif
