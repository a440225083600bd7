/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The options that choose experiments and shape the machine map (c2c,
 * noise, scale): parsed here so config.c stays the sbm options' own.  config.c
 * hands every key it does not know to config_exp_set().
 */
#ifndef SBM_CONFIG_EXP_H
#define SBM_CONFIG_EXP_H

#include <stdbool.h>
#include <stddef.h>

#include "boot/config.h"

#define CONFIG_EXP_KEYS \
	", experiment, pairs, c2c_rounds, c2c_home, noise_s, noise_ns, " \
	"reader, rw_readers, rw_nreaders, rw_writers, rw_idle_ns, rw_run_ns, " \
	"rw_scan_ns, rw_ms, scale_order, scale_steps"

#define CONFIG_EXP_HELP \
	"experiment=LIST comma list of sbm,scale,c2c,noise,rw or all (default sbm)\n" \
	"pairs=SEL      c2c pairs: all | reps (one CPU per LLC: every LLC pair, plus SMT and core pairs) | K (K random per class)\n" \
	"               (default: all up to 64 CPUs, else reps)\n" \
	"c2c_rounds=N   timed round trips per pair and variant, 10..10^7 (default 1000)\n" \
	"c2c_home=WHERE node holding the c2c line: a | b | node:N (default a)\n" \
	"scale_order=O  scale's CPU orders: topo, rr (round-robin over LLCs), both, auto\n" \
	"               (default auto: both where the CPUs span two LLCs, else topo)\n" \
	"scale_steps=N  most CPU counts per scale curve, 2..64 (default: 1..32, then doubling)\n" \
	"noise_s=S      seconds every CPU polls its counter, 0.001..3600 (default 1)\n" \
	"noise_ns=N     smallest gap counted as noise, 1..10^9 ns (default 1000)\n" \
	"reader=OP      rw readers' op: first, wrap, wrap-llc, and, weight, gather, idle-core (default and)\n" \
	"rw_readers=P   other-llc | same-llc | other-node (default other-llc where there is one)\n" \
	"rw_nreaders=N  reader CPUs (default 1); rw_writers=N writer CPUs (default: the rest)\n" \
	"rw_idle_ns=N, rw_run_ns=N  a writer's idle and busy spell (default 20000, 80000)\n" \
	"rw_scan_ns=N   a reader's pause between scans (default 10000); rw_ms=N each phase (default 200)\n"

void config_exp_defaults(struct config *c);
/* 0 set, -1 bad value (message in @err), 1 not one of these keys. */
int config_exp_set(struct config *c, const char *key, const char *val,
		   char *err, size_t errlen);
/* Append " experiment=... pairs=..." to @buf holding @used bytes. */
size_t config_exp_format(const struct config *c, char *buf, size_t len,
			 size_t used);
/* Whether experiment @name was chosen with experiment=. */
bool config_runs(const struct config *c, const char *name);

#endif
