/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the engine takes from the run's options: which CPUs take part, how
 * long a CPU may take to come up, and its one boot-test switch.  The
 * option parser (core/options/) fills a struct config; whoever starts the
 * engine copies these from it (config_engine_opts()), so the engine reads
 * no other option and knows nothing of the experiments' ones.
 */
#ifndef SBM_ENGINE_OPTS_H
#define SBM_ENGINE_OPTS_H

#include <stdbool.h>
#include <stdint.h>

/* cpus=: all, one per core, the boot CPU's LLC, the first N */
enum cpuset_kind { CPUSET_ALL, CPUSET_CORES, CPUSET_LLC, CPUSET_FIRST };

struct engine_opts {
	enum cpuset_kind cpuset;
	uint32_t first;		/* CPUSET_FIRST: how many */
	uint32_t start_timeout_ms; /* how long to wait for a CPU to arrive */
	/* test=stuck-cpu (test hooks only): one CPU never answers its
	 * first job without the boot CPU (engine.c stuck_here()) */
	bool test_stuck_cpu;
};

#endif
