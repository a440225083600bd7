/* SPDX-License-Identifier: BSD-2-Clause */
/* The registry: one line per experiment, in the order they run. */
#include <stddef.h>

#include "exp/exp_c2c.h"
#include "exp/exp_noise.h"
#include "exp/exp_rw.h"
#include "exp/exp_sbm.h"
#include "exp/exp_scale.h"
#include "exp/experiment.h"

extern const struct experiment exp_proof;

const struct experiment *const experiments[] = {
	&exp_sbm,
	&exp_proof,
	&exp_scale,
	&exp_c2c,
	&exp_noise,
	&exp_rw,
	NULL
};
