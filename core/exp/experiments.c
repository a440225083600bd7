/* SPDX-License-Identifier: BSD-2-Clause */
/* Every experiment of this build, from the registry (experiments.h). */
#include <stddef.h>

#include "exp/experiment.h"
#include "exp/experiments.h"

#define DECLARE(n) extern const struct experiment exp_##n;
SBM_EXPERIMENTS(DECLARE)

#define ENTRY(n) &exp_##n,
const struct experiment *const experiments[] = {
	SBM_EXPERIMENTS(ENTRY)
	NULL
};
