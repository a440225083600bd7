/* SPDX-License-Identifier: BSD-2-Clause */
/* Every experiment of this build, from the registry (experiments.h). */
#include <stddef.h>

#include "options/option.h"
#include "exp/experiment.h"
#include "exp/experiments.h"

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
