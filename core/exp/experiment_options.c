/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every experiment's options, from the registry (experiments.h): each in
 * its exp_NAME.c, which compiled with SBM_EXP_DECLS_ONLY needs no engine,
 * so the option tests and the fuzzer link them all (OPTION_SOURCES).
 */
#include <stddef.h>

#include "options/option.h"
#include "exp/experiments.h"

#define DECLARE(n) extern const struct option_set exp_##n##_options;
SBM_EXPERIMENTS(DECLARE)

#define ENTRY(n) &exp_##n##_options,
const struct option_set *const experiment_options[] = {
	SBM_EXPERIMENTS(ENTRY)
};

const size_t experiment_options_n =
	sizeof(experiment_options) / sizeof(experiment_options[0]);
