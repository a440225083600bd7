/* SPDX-License-Identifier: BSD-2-Clause */
/* The registry: one line per experiment. */
#include <stddef.h>

#include "exp_sbm.h"
#include "experiment.h"

const struct experiment *const experiments[] = {
	&exp_sbm,
	NULL
};
