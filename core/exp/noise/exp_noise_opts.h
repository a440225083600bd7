/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * experiment=noise's options, declared in exp_noise.c: its own struct,
 * not the shared struct config.  Options only (no engine, no arch
 * header), so the option fuzzer and the option tests include it.
 */
#ifndef SBM_EXP_NOISE_OPTS_H
#define SBM_EXP_NOISE_OPTS_H

#include <stdint.h>

struct noise_opts {
	uint32_t ms;		/* noise_s: how long every CPU polls, ms */
	uint32_t ns;		/* noise_ns: gaps above this are noise */
};

/* The last config parsed or defaulted (options/option.h: .own). */
extern struct noise_opts noise_opts;

#endif
