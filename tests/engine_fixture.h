/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The real engine on this machine's threads, for the tests that run it:
 * a fixture topology with its hwids folded onto the online CPUs, the
 * options parsed, a 1 GHz test counter, and the twin's thread join, so a
 * CPU given up on can never outlive the run's memory.
 */
#ifndef SBM_ENGINE_FIXTURE_H
#define SBM_ENGINE_FIXTURE_H

#include "engine/engine.h"
#include "exp/experiment.h"
#include "options/config.h"

/* @t and @cpus from fixture_topo(nodes, llcs per node, cores per LLC,
 * smt), then fixture_init(); 0, or -1 when any step failed (the caller
 * CHECKs it: check.h counts per test program). */
int engine_fixture(struct engine *b, struct topo *t, struct topo_cpu *cpus,
		   uint32_t nodes, uint32_t llcs, uint32_t cores,
		   uint32_t smt, const char *opts);

/* The run options the fixtures' engines point at (one engine at a
 * time), set to their defaults. */
struct config *fixture_config(void);

/* As boot_main() does: the engine's own options copied out of b->cfg,
 * then experiments_init(); 0, or -1 with the reason in @why. */
int fixture_init(struct engine *b, const char **why);

#endif
