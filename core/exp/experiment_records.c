/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every experiment's record kinds, from the registry (experiments.h):
 * each in its file as exp_NAME_records[], which needs nothing else, so
 * the host tools compile the experiments' files with
 * SBM_EXP_RECORDS_ONLY and link these alone.
 */
#include <stddef.h>

#include "exp/experiments.h"
#include "output/record_schema.h"

#define DECLARE(n) extern const struct rec_schema exp_##n##_records[];
SBM_EXPERIMENTS(DECLARE)

#define ENTRY(n) exp_##n##_records,
const struct rec_schema *const experiment_records[] = {
	SBM_EXPERIMENTS(ENTRY)
	NULL
};
