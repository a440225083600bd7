/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * experiment=scale's options, declared in exp_scale.c: its own struct,
 * not the shared struct config (scale also reads sbm's: exp_sbm_opts.h).
 * Options only (no engine, no arch header), so the option fuzzer and the
 * option tests include it.
 */
#ifndef SBM_EXP_SCALE_OPTS_H
#define SBM_EXP_SCALE_OPTS_H

#include <stdint.h>

/* the orders experiment=scale adds CPUs in; AUTO: both where the chosen
 * CPUs span two LLCs or more, else topo (rr would be the same order) */
enum scale_order { SCALE_ORDER_AUTO, SCALE_ORDER_TOPO, SCALE_ORDER_RR,
		   SCALE_ORDER_BOTH };

struct scale_opts {
	enum scale_order order;	/* scale_order */
	uint32_t steps;		/* most CPU counts per curve; 0: automatic */
};

/* The last config parsed or defaulted (options/option.h: .own). */
extern struct scale_opts scale_opts;

#endif
