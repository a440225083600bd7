/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef SBM_TOPO_FIXTURES_H
#define SBM_TOPO_FIXTURES_H

#include "topo/topo.h"

/*
 * Build a finalized topology of nodes x llcs-per-node x cores-per-llc x
 * threads, packages = nodes; SMT siblings are listed apart (Linux style:
 * all first threads, then all second threads) so ids are not trivially
 * contiguous.  Returns 0 on success.
 */
int fixture_topo(struct topo *t, struct topo_cpu *storage, unsigned nodes,
		 unsigned llcs, unsigned cores, unsigned threads);

#endif
