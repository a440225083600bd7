/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * experiment=rw's options, declared in exp_rw.c: its own struct, not
 * the shared struct config.  Options only (no engine, no arch header),
 * so the option fuzzer and the option tests include it.
 */
#ifndef SBM_EXP_RW_OPTS_H
#define SBM_EXP_RW_OPTS_H

#include <stdbool.h>
#include <stdint.h>

/* where experiment=rw puts its readers; AUTO: another LLC if any */
enum rw_place { RW_AUTO, RW_OTHER_LLC, RW_SAME_LLC, RW_OTHER_NODE };

struct rw_opts {
	uint32_t reader;	/* reader: enum sbm_read_op */
	enum rw_place place;	/* rw_readers */
	uint32_t nreaders;	/* rw_nreaders */
	uint32_t writers;	/* rw_writers; 0: every CPU the placement
				 * leaves */
	uint32_t idle_ns, run_ns;	/* a writer's idle and busy spell */
	uint32_t scan_ns;	/* a reader's time between two scans */
	uint32_t ms;		/* rw_ms: each phase of each layout */
	bool test_stale;	/* test only: the check must see a stale bit */
};

/* The last config parsed or defaulted (options/option.h: .own). */
extern struct rw_opts rw_opts;

#endif
