/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * experiment=: which experiments run, by the registry's names
 * (config_exp.c).  Their own options are declared beside them
 * (core/exp/NAME/exp_NAME.c, options/option.h).
 */
#ifndef SBM_CONFIG_EXP_H
#define SBM_CONFIG_EXP_H

#include <stdbool.h>
#include <stddef.h>

#include "options/config.h"

struct option_decl;

/* experiment='s .set and .format (config_engine.c declares it). */
int config_exp_set(const struct option_decl *d, struct config *c,
		   const char *val, char *err, size_t errlen);
void config_exp_format(const struct option_decl *d, const struct config *c,
		       char *buf, size_t len);

#endif
