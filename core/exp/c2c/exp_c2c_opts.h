/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * experiment=c2c's options, declared in exp_c2c.c: its own struct, not
 * the shared struct config.  Options only (no engine, no arch header),
 * so the option fuzzer and the option tests include it.
 */
#ifndef SBM_EXP_C2C_OPTS_H
#define SBM_EXP_C2C_OPTS_H

#include <stdint.h>

#include "measure/c2c_pairs.h"	/* enum pairs_kind */

/* c2c_home=: the node the line lives on */
enum c2c_home_kind { HOME_A, HOME_B, HOME_NODE };

struct c2c_opts {
	enum pairs_kind pairs;
	uint32_t pairs_k;	/* PAIRS_RANDOM: pairs per class */
	uint32_t rounds;	/* c2c_rounds */
	enum c2c_home_kind home;	/* c2c_home */
	uint32_t home_node;	/* HOME_NODE */
};

/* The last config parsed or defaulted (options/option.h: .own). */
extern struct c2c_opts c2c_opts;

#endif
