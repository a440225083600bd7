/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every experiment of this build, from the registry (experiments.h), and
 * the run of those experiment= chose on the engine: checked, prepared,
 * run and reported in registry order (experiment.h says when each hook
 * runs).  The engine below knows nothing of them.
 */
#include <stddef.h>
#include <stdio.h>

#include "exp/experiment.h"
#include "exp/experiments.h"
#include "isa_ops.h"
#include "measure/estimate.h"
#include "measure/ops.h"
#include "options/config.h"
#include "options/option.h"
#include "output/report.h"

#define DECLARE(n) extern const struct experiment exp_##n;
SBM_EXPERIMENTS(DECLARE)

#define ENTRY(n) &exp_##n,
const struct experiment *const experiments[] = {
	SBM_EXPERIMENTS(ENTRY)
	NULL
};

const char *exp_name(const struct experiment *x)
{
	return x->options->name;
}

const char *exp_runs_with(const struct experiment *x)
{
	return x->options->runs_with ? x->options->runs_with :
	       x->options->name;
}

/* experiment= names it (or the experiment it goes with). */
static bool selected(const struct engine *e, const struct experiment *x)
{
	return config_runs(e->cfg, exp_runs_with(x));
}

int experiments_init(struct engine *e, const char **why)
{
	for (size_t k = 0; experiments[k]; k++)
		if (selected(e, experiments[k]) &&
		    experiments[k]->check && experiments[k]->check(e, why))
			return -1;
	if (engine_init(e, why))
		return -1;
	/* nothing runs yet */
	for (size_t k = 0; experiments[k]; k++)
		if (experiments[k]->setup)
			experiments[k]->setup(e);
	return 0;
}

void *engine_state(const struct engine *e, const struct experiment *x)
{
	for (size_t k = 0; experiments[k] && k < ENGINE_MAX_EXPERIMENTS; k++)
		if (experiments[k] == x)
			return e->state[k];
	return NULL;
}

/*
 * Experiment @x was not run, or was cut short, because the runs stopped:
 * said on every console and in a record, so that no run that measured
 * less than it was asked to ends "ok".
 */
static void report_stopped(const struct engine *e,
			   const struct experiment *x, bool ran)
{
	struct rec r;
	char cpu[24] = "";

	if (e->stopped_cpu != UINT32_MAX)
		snprintf(cpu, sizeof(cpu), " (CPU %u)", e->stopped_cpu);
	report_printf("%s: STOPPED %s: %s%s\n", exp_name(x),
		      ran ? "part way, its results incomplete" :
			    "before it ran, no results",
		      e->stop_why ? e->stop_why : "the runs stopped", cpu);
	report_rec_start(&r, "stopped");
	rec_str(&r, "experiment", exp_name(x));
	rec_str(&r, "when", ran ? "during" : "before");
	rec_str(&r, "why", e->stop_why ? e->stop_why : "the runs stopped");
	if (e->stopped_cpu != UINT32_MAX) {
		rec_u64(&r, "cpu", e->stopped_cpu);
		rec_hex(&r, "hwid", e->topo->cpus[e->stopped_cpu].hwid);
	}
	report_record(&r);
}

int experiments_run(struct engine *e)
{
	bool cpufail_done = false;
	int status = 0;

	report_hello(&e->info);
	report_topology(e->topo);
	if (engine_start(e)) {
		report_end(1);
		return 1;
	}
	for (size_t k = 0; experiments[k] && k < ENGINE_MAX_EXPERIMENTS; k++) {
		const struct experiment *x = experiments[k];
		uint64_t t0 = isa_counter(), est_ms = 0;

		if (!selected(e, x))
			continue;
		if (e->aborted) {
			report_stopped(e, x, false);
			continue;
		}
		if (x->prepare(e, &e->state[k])) {
			report_end(1);
			return 1;
		}
		/* after the first config record, where tools expect them */
		if (!cpufail_done)
			report_cpufail(e->topo);
		cpufail_done = true;
		if (x->estimate_ms)
			est_ms = x->estimate_ms(e, e->state[k]);
		if (est_ms) {
			char words[32];

			/* the planning (pilots) is part of the experiment's
			 * time too: said, not hidden between the lines */
			estimate_words(est_ms, words, sizeof(words));
			report_printf("%s: estimated %s, after %.2f s of "
				      "planning\n", exp_name(x), words,
				      (double)(isa_counter() - t0) /
				      (double)e->info.counter_hz);
		}
		if (e->aborted) {	/* a run of its estimate stopped */
			report_stopped(e, x, false);
			continue;
		}
		t0 = isa_counter();
		if (x->run(e, e->state[k]))
			status = 1;
		report_printf("%s: done in %.2f s\n", exp_name(x),
			      (double)(isa_counter() - t0) /
			      (double)e->info.counter_hz);
		if (e->aborted)
			report_stopped(e, x, true);
	}
	if (!cpufail_done)
		report_cpufail(e->topo);
	for (size_t k = 0; experiments[k] && k < ENGINE_MAX_EXPERIMENTS; k++)
		if (e->state[k] && experiments[k]->report)
			experiments[k]->report(e, e->state[k]);
	if (e->aborted) {
		status = 1;
		/* lost: it took part no longer */
		if (e->stopped_cpu != UINT32_MAX)
			report_cpus_stopped(1);
	}
	report_end(status);
	return status;
}

void experiments_release(struct engine *e)
{
	if (!engine_stop_cpus(e))
		return;	/* stuck CPUs: leave everything as it is */
	for (size_t k = 0; experiments[k] && k < ENGINE_MAX_EXPERIMENTS; k++) {
		if (e->state[k] && experiments[k]->release)
			experiments[k]->release(e, e->state[k]);
		e->state[k] = NULL;
	}
	engine_free(e);
}
