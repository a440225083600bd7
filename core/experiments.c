/* SPDX-License-Identifier: BSD-2-Clause */
/* The registry: one line per experiment. */
#include <stddef.h>

#include "exp_sbm.h"
#include "experiment.h"

extern const struct experiment exp_proof;

const struct experiment *const experiments[] = {
	&exp_sbm,
	&exp_proof,
	NULL
};
